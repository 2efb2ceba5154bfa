// React is on the page already (the editor widget): importing it keeps esbuild's module helpers in React's chunk,
// not in a chunk of their own that every page with a widget would load (about 190 bytes gzip more on each).
import 'react';
// The core build, so that the images editor's copy (the package's main entry) stays its own (see separate-builds.d.ts);
// without the AutoScroll plugin the browser's own drag scrolls the page near its edges.
import Sortable from 'sortablejs/modular/sortable.core.esm.js';
import { moveAnnouncement, relabel, renamePath } from '../src/shared/list-order.js';

/** Attributes that carry a field's path or id: renamed when its item moves (an input's value never is). */
const PATH_ATTRIBUTES = [
  'name',
  'id',
  'for',
  'aria-describedby',
  'aria-labelledby',
  'aria-controls',
  'data-item',
  'data-list',
  'data-point',
];

/** The list's items, in the order the page shows them now. */
function itemsOf(list: HTMLElement): HTMLElement[] {
  return [...list.children].filter(
    (child): child is HTMLElement => child instanceof HTMLElement && 'item' in child.dataset,
  );
}

/** Whether an element belongs to this item itself, not to an item of a list nested in it (a plan's levels). */
function ownedBy(element: Element, item: HTMLElement): boolean {
  return element.closest('[data-item]') === item;
}

/** Renames everything under an item from its old path to its new one, as the server would render it there. */
function renameItem(item: HTMLElement, from: string, to: string): void {
  for (const element of [item, ...item.querySelectorAll('*')]) {
    for (const attribute of PATH_ATTRIBUTES) {
      const value = element.getAttribute(attribute);
      if (value !== null) element.setAttribute(attribute, renamePath(value, from, to));
    }
    // A list button says what it does to which item (`up:promotions.2`); a text field's value is the person's.
    if (element instanceof HTMLButtonElement && element.name === 'action')
      element.value = renamePath(element.value, from, to);
  }
}

/**
 * Renumbers a list after a drop, in place: each moved item's names, ids and buttons as the server names them after
 * Move up / Move down (so Save draft and every form post send the new order), its label's number, and which Move
 * button is disabled at either end.
 */
export function renumberList(list: HTMLElement): void {
  const listPath = list.dataset.list ?? '';
  const noun = list.dataset.noun ?? '';
  const items = itemsOf(list);
  items.forEach((item, index) => {
    const path = `${listPath === '' ? '' : `${listPath}.`}${index}`;
    const from = item.dataset.item ?? path;
    if (from !== path) renameItem(item, from, path);
    for (const label of item.querySelectorAll<HTMLElement>('[data-item-label]')) {
      if (!ownedBy(label, item)) continue;
      const aria = label.getAttribute('aria-label');
      if (aria !== null) label.setAttribute('aria-label', relabel(aria, noun, index));
      else label.textContent = relabel(label.textContent ?? '', noun, index);
    }
    for (const button of item.querySelectorAll<HTMLButtonElement>('button[name="action"]')) {
      if (!ownedBy(button, item)) continue;
      if (button.value.startsWith('up:')) button.disabled = index === 0;
      if (button.value.startsWith('down:')) button.disabled = index === items.length - 1;
    }
  });
}

/**
 * Makes every list of the form draggable by its items' handles (shown only now: without JavaScript there is nothing
 * to drag). After a drop the list is renumbered, the form counts as changed, and `announce` says what moved where.
 * Returns what undoes it.
 */
export function enableListDragging(form: HTMLFormElement, announce: (text: string) => void): () => void {
  const sortables: Sortable[] = [];
  for (const list of form.querySelectorAll<HTMLElement>('ol[data-list]')) {
    for (const handle of list.querySelectorAll<HTMLElement>('.content-drag-handle')) handle.hidden = false;
    sortables.push(
      Sortable.create(list, {
        draggable: '.content-item',
        handle: '.content-drag-handle',
        animation: 150,
        // Items of another list (a plan's levels under another plan) never land here.
        group: { name: `list:${list.dataset.list ?? ''}`, pull: false, put: false },
        ghostClass: 'content-item-ghost',
        onEnd(event) {
          const { oldIndex, newIndex } = event;
          if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
          renumberList(list);
          form.dispatchEvent(new Event('change', { bubbles: true }));
          announce(moveAnnouncement(list.dataset.noun ?? 'Item', oldIndex, newIndex, itemsOf(list).length));
        },
      }),
    );
  }
  return () => {
    for (const sortable of sortables) sortable.destroy();
  };
}
