import { memo, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { HomesiteRecord } from '../src/shared/homesite-record.js';
import {
  homesiteFactProblems,
  parsePrice,
  STATUS_LABELS,
  type FactProblem,
  type HomesiteFacts,
  type HomesiteStatus,
} from '../src/shared/homesite-rules.js';
import { isRelease, releaseWarning } from '../src/shared/homesite-release.js';
import { cleanText } from '../src/shared/text-input.js';
import type { EditorNotice } from '../src/shared/editor-notice.js';
import type { EditorHomesite, HomesiteEditorProps } from '../src/shared/homesite-editor-props.js';
import { useInputBeforeHydration } from './input-before-hydration.js';
import { BULK_FORM, editorRowCells, SELECT_FIELD, type EditorRowContext } from './lot-editor-row.js';
import { StatusOptions } from './lot-status-style.js';
import { useEnhanced } from './use-enhanced.js';

/** `lots` with `lot` in it or not. */
function withLot(lots: ReadonlySet<number>, lot: number, on: boolean): Set<number> {
  const next = new Set(lots);
  if (on) next.add(lot);
  else next.delete(lot);
  return next;
}

/**
 * One homesite's row. Its cells are written as text (1,000 rows through React cost the server too much), so the
 * browser owns them: the table listens for their events, and the effects in HomesiteEditor set what changes in
 * place (the selection, the notices); a new version of the row writes it afresh.
 */
const EditorRow = memo(function EditorRow({ row, ...context }: EditorRowContext & { row: EditorHomesite }) {
  return (
    <tr
      data-lot={row.lot}
      data-status={row.status}
      dangerouslySetInnerHTML={{ __html: editorRowCells(row, context) }}
    />
  );
});

/**
 * A form's fields as the call's JSON: empty plan, price and ready are null; the price is read as typed ("$552,900")
 * by the server's own rule, or its problem is returned to show before anything is posted.
 */
function factsFrom(form: HTMLFormElement): { facts: HomesiteFacts & { version: number }; priceProblem?: FactProblem } {
  const data = new FormData(form);
  const text = (name: string) => cleanText(data.get(name));
  const price = parsePrice(text('price'));
  return {
    facts: {
      status: text('status') as HomesiteStatus,
      plan: text('plan') || null,
      price: price.price ?? null,
      ready: text('ready') || null,
      version: Number(text('version')),
    },
    priceProblem: price.problem === undefined ? undefined : { field: 'price', message: price.problem },
  };
}

const notAboutPrice = (problem: FactProblem) => problem.field !== 'price';

async function postJson(url: string, csrfToken: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrfToken },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

function errorText(body: unknown): string {
  const problems = (body as { problems?: unknown }).problems;
  if (Array.isArray(problems) && problems.length > 0) return problems.join('; ');
  const error = (body as { error?: unknown }).error;
  return typeof error === 'string' ? error : 'The change could not be saved.';
}

/**
 * The staff homesite table: every row is a form that saves without JavaScript; in the browser a save is a JSON
 * call that keeps the page, a 409 shows what is stored now (nothing is overwritten), and many rows can be
 * selected and given one status at once.
 */
export default function HomesiteEditor(props: HomesiteEditorProps) {
  const { homesites, plans, priceRange, csrfToken, total, rowNotice } = props;
  const enhanced = useEnhanced();
  const [rows, setRows] = useState<EditorHomesite[]>(homesites);
  const [notices, setNotices] = useState<Record<number, EditorNotice>>(
    rowNotice ? { [rowNotice.lot]: rowNotice.notice } : {},
  );
  // Rows ticked before the editor hydrated stay selected.
  const typed = useInputBeforeHydration();
  const [selected, setSelected] = useState<Set<number>>(() => new Set((typed.checked[SELECT_FIELD] ?? []).map(Number)));
  const [bulkNotice, setBulkNotice] = useState<EditorNotice | null>(null);
  const [busy, setBusy] = useState(false);

  const rowsRef = useRef<HTMLTableSectionElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [confirming, setConfirming] = useState<{ text: string; answer: (yes: boolean) => void } | null>(null);

  /**
   * A release e-mails the interest list: the person reads how many people and confirms in a dialog of the page
   * (not window.confirm, which a browser may suppress and a screen reader reads poorly). True: go ahead.
   */
  const confirmRelease = (lots: number[]): Promise<boolean> => {
    if (lots.length === 0 || props.interestPeople === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      setConfirming({
        text: releaseWarning(lots, props.interestPeople),
        answer: (yes) => {
          setConfirming(null);
          resolve(yes);
        },
      });
    });
  };
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!confirming || !dialog || dialog.open) return;
    dialog.returnValue = '';
    dialog.showModal();
  }, [confirming]);
  const statusOf = (lot: number) => rows.find((row) => row.lot === lot)?.status;

  const replaceRows = (stored: HomesiteRecord[]) => {
    const byLot = new Map(stored.map((row) => [row.lot, row]));
    setRows((current) => current.map((row) => byLot.get(row.lot) ?? row));
  };
  const notify = (lot: number, notice: EditorNotice) => setNotices((current) => ({ ...current, [lot]: notice }));

  // The rows' checkboxes and notices follow the state (the rows' markup is the browser's, see EditorRow).
  useLayoutEffect(() => {
    const body = rowsRef.current;
    if (!enhanced || !body) return;
    for (const box of body.querySelectorAll<HTMLInputElement>(`input[name="${SELECT_FIELD}"]`)) {
      box.checked = selected.has(Number(box.value));
    }
    for (const [lot, notice] of Object.entries(notices)) {
      const shown = body.querySelector(`tr[data-lot="${lot}"] .homesite-notice`);
      if (!shown) continue;
      shown.className = `homesite-notice is-${notice.kind}`;
      shown.textContent = notice.text;
    }
  }, [enhanced, rows, selected, notices]);

  // React sees no change event from markup it did not render, so the table listens for the checkboxes itself.
  useEffect(() => {
    const body = rowsRef.current;
    if (!enhanced || !body) return;
    const onChange = (event: Event) => {
      const box = event.target;
      if (box instanceof HTMLInputElement && box.name === SELECT_FIELD) {
        setSelected((current) => withLot(current, Number(box.value), box.checked));
      }
    };
    body.addEventListener('change', onChange);
    return () => body.removeEventListener('change', onChange);
  }, [enhanced]);

  function onRowSubmit(event: FormEvent<HTMLTableSectionElement>) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    void save(form, Number(form.closest('tr')?.dataset.lot));
  }

  async function save(form: HTMLFormElement, lot: number) {
    const { facts: body, priceProblem } = factsFrom(form);
    const problems = priceProblem
      ? [priceProblem, ...homesiteFactProblems({ ...body, price: null }, plans, priceRange).filter(notAboutPrice)]
      : homesiteFactProblems(body, plans, priceRange);
    if (problems.length > 0) {
      notify(lot, { kind: 'error', text: problems.map((problem) => problem.message).join('; ') });
      return;
    }
    if (isRelease(statusOf(lot), body.status) && !(await confirmRelease([lot]))) {
      notify(lot, { kind: 'error', text: 'Not saved: nobody was e-mailed.' });
      return;
    }
    try {
      const answer = await postJson(`/admin/homesites/${lot}`, csrfToken, body);
      if (answer.status === 200) {
        replaceRows([answer.body as HomesiteRecord]);
        notify(lot, { kind: 'success', text: 'Saved.' });
      } else if (answer.status === 409) {
        const stored = answer.body as HomesiteRecord;
        replaceRows([stored]);
        notify(lot, {
          kind: 'error',
          text: `Not saved: ${stored.updated_by ?? 'someone'} changed homesite ${lot} meanwhile. The row now shows what is stored; make your change again if it still applies.`,
        });
      } else notify(lot, { kind: 'error', text: errorText(answer.body) });
    } catch {
      notify(lot, { kind: 'error', text: 'The network failed; nothing was saved. Try again.' });
    }
  }

  async function saveBulk(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const status = String(new FormData(event.currentTarget).get('status') ?? '');
    if (selected.size === 0) {
      setBulkNotice({ kind: 'error', text: 'Select one or more homesites first.' });
      return;
    }
    const releasing = [...selected].filter((lot) => isRelease(statusOf(lot), status));
    if (!(await confirmRelease(releasing))) {
      setBulkNotice({ kind: 'error', text: 'Nothing changed: nobody was e-mailed.' });
      return;
    }
    setBusy(true);
    try {
      const answer = await postJson('/admin/homesites/bulk', csrfToken, { lots: [...selected], status });
      if (answer.status === 200) {
        replaceRows((answer.body as { homesites: HomesiteRecord[] }).homesites);
        setBulkNotice({
          kind: 'success',
          text: `${selected.size} homesites set to ${STATUS_LABELS[status as HomesiteStatus] ?? status}.`,
        });
        setSelected(new Set());
      } else setBulkNotice({ kind: 'error', text: `Nothing changed: ${errorText(answer.body)}` });
    } catch {
      setBulkNotice({ kind: 'error', text: 'The network failed; nothing was changed. Try again.' });
    } finally {
      setBusy(false);
    }
  }

  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.lot));

  return (
    <div className="homesite-editor">
      <dialog
        ref={dialogRef}
        className="release-dialog"
        aria-labelledby="release-dialog-heading"
        onClose={() => confirming?.answer(dialogRef.current?.returnValue === 'release')}
      >
        <form method="dialog">
          <h2 id="release-dialog-heading">E-mail the interest list?</h2>
          <p>{confirming?.text}</p>
          <div className="release-dialog-buttons">
            <button type="submit" value="release" className="button button-accent">
              Save and e-mail{' '}
              {props.interestPeople === 1 ? '1 person' : `${props.interestPeople.toLocaleString('en-US')} people`}
            </button>
            <button type="submit" value="cancel" className="button">
              Cancel
            </button>
          </div>
        </form>
      </dialog>
      <form
        id={BULK_FORM}
        className="homesite-bulk"
        method="post"
        action="/admin/homesites/bulk"
        onSubmit={enhanced ? saveBulk : undefined}
      >
        <input type="hidden" name="_csrf" value={csrfToken} />
        <div className="staff-filter-field">
          <label htmlFor="bulk-status">Set the selected homesites to</label>
          <select id="bulk-status" name="status" defaultValue="sold">
            <StatusOptions />
          </select>
        </div>
        <button type="submit" className="button" disabled={busy}>
          Apply to selected{enhanced ? ` (${selected.size})` : ''}
        </button>
        <span className={`homesite-notice${bulkNotice ? ` is-${bulkNotice.kind}` : ''}`} role="status">
          {bulkNotice?.text}
        </span>
      </form>
      <div className="homesite-editor-scroll">
        <table className="homesite-editor-table">
          <caption>{rows.length === total ? `All ${total} homesites` : `${rows.length} of ${total} homesites`}</caption>
          <thead>
            <tr>
              <th scope="col">
                {enhanced ? (
                  <input
                    type="checkbox"
                    aria-label="Select all shown homesites"
                    checked={allSelected}
                    onChange={(event) =>
                      setSelected(event.target.checked ? new Set(rows.map((row) => row.lot)) : new Set())
                    }
                  />
                ) : (
                  <span className="visually-hidden">Select</span>
                )}
              </th>
              <th scope="col">Lot</th>
              <th scope="col">Status</th>
              <th scope="col">Plan</th>
              <th scope="col">Price (USD)</th>
              <th scope="col">Ready</th>
              <th scope="col">Lot size</th>
              <th scope="col">Save</th>
            </tr>
          </thead>
          <tbody ref={rowsRef} onSubmit={enhanced ? onRowSubmit : undefined}>
            {rows.map((row) => (
              // Keyed by version: a save or a 409 shows the stored row afresh; other rows keep what is typed.
              <EditorRow
                key={`${row.lot}-${row.version}`}
                row={row}
                plans={plans}
                csrfToken={csrfToken}
                notice={rowNotice?.lot === row.lot ? rowNotice.notice : undefined}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
