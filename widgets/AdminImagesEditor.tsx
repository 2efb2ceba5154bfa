import { useCallback, useEffect, useRef, useState } from 'react';
import Sortable from 'sortablejs';
import { MESSAGES } from '../src/shared/constants.js';
import { Picture } from '../src/shared/Picture.js';
import type { AdminImagesEditorProps, EditorImage } from '../src/shared/admin-images-editor-props.js';
import type { EditorNotice } from '../src/shared/editor-notice.js';
import { NoticeAlert } from '../src/shared/NoticeAlert.js';
import { useEnhanced } from './use-enhanced.js';
import { useLeaveWarning } from './use-leave-warning.js';

interface Item extends EditorImage {
  /** The local position, renumbered on every move (seed-spec §4 step 2). */
  position: number;
}

type Notice = EditorNotice | null;

/** A card's button: by url while the card exists, else the card now at `index` (after a delete). */
type FocusTarget = { url: string; index: number; action: 'up' | 'down' | 'delete' };

const renumber = (items: EditorImage[]): Item[] => items.map((item, index) => ({ ...item, position: index }));
const fromServer = (images: EditorImage[]): Item[] => renumber(images);

async function errorText(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  if (response.status === 401) return 'Your session has ended. Sign in again, then retry.';
  if (response.status === 403) return body?.error ?? 'The request was refused. Reload the page and try again.';
  return body?.error ?? `The server answered ${response.status}. Please try again.`;
}

/**
 * The homepage images editor (seed-spec §2, §4): a grid of images (2 per row, 1 under 576 px), reordered by
 * dragging (sortablejs) or with Move up / Move down, saved with Save Changes; Delete removes one image and
 * reloads the list. Every call reports its outcome; leaving with unsaved changes asks first.
 */
export default function AdminImagesEditor({ label, images, csrfToken, endpoints }: AdminImagesEditorProps) {
  const enhanced = useEnhanced();
  const [items, setItems] = useState<Item[]>(() => fromServer(images));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [announcement, setAnnouncement] = useState('');
  const [broken, setBroken] = useState<Set<string>>(new Set());
  const listRef = useRef<HTMLOListElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  /**
   * Where keyboard focus goes once the list has re-rendered: React moves a reordered card's node, and a delete
   * removes it; either drops focus to <body>, so a keyboard user would start again from the top of the page.
   */
  const focusAfterRender = useRef<FocusTarget | null>(null);

  const move = useCallback((from: number, to: number) => {
    setItems((current) => {
      if (to < 0 || to >= current.length || from === to) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (!moved) return current;
      next.splice(to, 0, moved);
      setAnnouncement(`Moved “${moved.alt || 'image'}” to position ${to + 1} of ${next.length}.`);
      return renumber(next);
    });
    setDirty(true);
    setNotice(null);
  }, []);

  useEffect(() => {
    const wanted = focusAfterRender.current;
    if (!wanted || busy) return;
    focusAfterRender.current = null;
    const cards = [...(listRef.current?.children ?? [])] as HTMLElement[];
    const card =
      cards.find((child) => child.dataset.url === wanted.url) ?? cards[Math.min(wanted.index, cards.length - 1)];
    const same = card?.querySelector<HTMLButtonElement>(`button[data-action="${wanted.action}"]:not(:disabled)`);
    // At the top or bottom the same Move button is now disabled: the first usable button of the card takes focus.
    (same ?? card?.querySelector<HTMLButtonElement>('button:not(:disabled)') ?? saveRef.current)?.focus();
  }, [items, busy]);

  function moveWithButton(index: number, direction: 'up' | 'down') {
    const item = items[index];
    if (!item) return;
    focusAfterRender.current = { url: item.url, index, action: direction };
    move(index, direction === 'up' ? index - 1 : index + 1);
  }

  useEffect(() => {
    if (!enhanced || !listRef.current) return;
    const sortable = Sortable.create(listRef.current, {
      animation: 150,
      handle: '.editor-card',
      filter: 'button',
      preventOnFilter: false,
      onEnd(event) {
        const { item, from, oldIndex, newIndex } = event;
        if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
        // Put the node back where React rendered it; React then re-renders the list in the new order.
        from.removeChild(item);
        from.insertBefore(item, from.children[oldIndex] ?? null);
        move(oldIndex, newIndex);
      },
    });
    return () => sortable.destroy();
  }, [enhanced, move]);

  useLeaveWarning(dirty);

  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened: find those too.
    const failed = [...(listRef.current?.querySelectorAll('img') ?? [])].filter(
      (img) => img.complete && img.naturalWidth === 0,
    );
    if (failed.length > 0)
      setBroken(new Set(failed.map((img) => img.closest<HTMLElement>('[data-url]')?.dataset.url ?? '')));
  }, [enhanced]);

  async function call(url: string, body: unknown): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function reload(): Promise<void> {
    const response = await fetch(endpoints.list, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(await errorText(response));
    const body = (await response.json()) as { images: EditorImage[] };
    setItems(fromServer(body.images));
    setDirty(false);
  }

  async function save() {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const response = await call(
        endpoints.reorder,
        items.map((item) => ({ url: item.url, order: item.position })),
      );
      console.info('reorder answered', response.status);
      if (!response.ok) throw new Error(await errorText(response));
      setDirty(false);
      setItems((current) => current.map((item) => ({ ...item, order: item.position })));
      setNotice({ kind: 'success', text: 'The new order is saved.' });
    } catch (error) {
      setNotice({ kind: 'error', text: error instanceof Error ? error.message : 'The order could not be saved.' });
    } finally {
      setBusy(false);
    }
  }

  async function remove(item: Item, index: number) {
    if (!window.confirm(`Delete “${item.alt || item.url}”? This cannot be undone.`)) return;
    focusAfterRender.current = { url: item.url, index, action: 'delete' };
    setBusy(true);
    setNotice(null);
    try {
      const response = await call(endpoints.remove, { url: item.url, order: item.order });
      if (!response.ok) throw new Error(await errorText(response));
      await reload();
      setNotice({ kind: 'success', text: 'The image was deleted.' });
    } catch (error) {
      setNotice({ kind: 'error', text: error instanceof Error ? error.message : 'The image could not be deleted.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="editor" aria-label={label}>
      <div className="editor-toolbar">
        {/* aria-disabled while a call runs, not disabled: a disabled button drops the keyboard focus it holds. */}
        <button
          ref={saveRef}
          type="button"
          className="button button-accent"
          onClick={() => void save()}
          disabled={!enhanced}
          aria-disabled={busy || undefined}
        >
          Save Changes
        </button>
        <span className="editor-state">{dirty ? 'Unsaved changes' : 'All changes saved'}</span>
      </div>
      <div aria-live="polite" className="editor-messages">
        {notice ? <NoticeAlert notice={notice} /> : null}
        <p className="visually-hidden">{announcement}</p>
      </div>
      {items.length === 0 ? <p>No images yet. Add one below.</p> : null}
      <ol ref={listRef} className="editor-grid">
        {items.map((item, index) => (
          <li key={item.url} className="card editor-card" data-url={item.url}>
            <div className="editor-image">
              {broken.has(item.url) ? (
                <img
                  src={item.preview.src}
                  alt={MESSAGES.brokenAdminImage}
                  width={item.preview.width}
                  height={item.preview.height}
                />
              ) : (
                <Picture
                  image={{ ...item.preview }}
                  sizes="(max-width: 575px) 90vw, 45vw"
                  onError={() => setBroken((current) => new Set(current).add(item.url))}
                />
              )}
            </div>
            <div className="editor-details">
              <p className="editor-position">
                Position <span data-testid="position">{item.position + 1}</span>
              </p>
              <p className="editor-alt">{item.alt || item.url}</p>
              <div className="editor-actions">
                <button
                  type="button"
                  className="button"
                  data-action="up"
                  onClick={() => moveWithButton(index, 'up')}
                  disabled={!enhanced || busy || index === 0}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="button"
                  data-action="down"
                  onClick={() => moveWithButton(index, 'down')}
                  disabled={!enhanced || busy || index === items.length - 1}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  data-action="delete"
                  onClick={() => void remove(item, index)}
                  disabled={!enhanced || busy}
                >
                  Delete
                </button>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
