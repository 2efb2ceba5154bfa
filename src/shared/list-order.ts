/**
 * How a section editor's list item is renamed when it changes place in the browser (a drag): the same names, ids
 * and button values the server gives it after Move up / Move down, which swap items in the data and render the form
 * again from the paths (`promotions.0.title`, `f-promotions-0-title`, `up:promotions.0`). Pure: no DOM.
 */
import { fieldId } from './content-form.js';

/**
 * The order after moving the item at `from` to `to` (the others close up behind it): the old index of each new
 * position. A drag from 2 to 0 is [2, 0, 1], as pressing Move up twice gives on the server.
 */
export function movedOrder(length: number, from: number, to: number): number[] {
  const order = Array.from({ length }, (_, index) => index);
  const [moved] = order.splice(from, 1);
  if (moved === undefined || to < 0 || to >= length) return Array.from({ length }, (_, index) => index);
  order.splice(to, 0, moved);
  return order;
}

/** One path, or a list button's value (`up:promotions.2`), under `from` renamed to `to`; anything else as it is. */
function renameToken(token: string, from: string, to: string): string {
  const fromId = fieldId(from);
  if (token === fromId || token.startsWith(`${fromId}-`)) return fieldId(to) + token.slice(fromId.length);
  const action = /^[a-z-]+:/.exec(token)?.[0] ?? '';
  const path = token.slice(action.length);
  if (path === from || path.startsWith(`${from}.`)) return action + to + path.slice(from.length);
  return token;
}

/**
 * An attribute's value with every path and field id under the item path `from` renamed to `to`: a name
 * (`promotions.2.image._none`), an id or a list of ids (`f-promotions-2-title-hint f-promotions-2-title-error`), a
 * list button's value (`add:plans.2.levels`). `promotions.20` is not under `promotions.2`.
 */
export function renamePath(value: string, from: string, to: string): string {
  if (from === to) return value;
  return value.replace(/[^\s]+/g, (token) => renameToken(token, from, to));
}

/** An item's label with its number changed: ("Promotion 3: Spring", "Promotion", 0) → "Promotion 1: Spring". */
export function relabel(text: string, noun: string, index: number): string {
  const escaped = noun.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(^|\\s)${escaped} \\d+(?=$|:|\\s)`), `$1${noun} ${index + 1}`);
}

/** What a screen reader hears after a drop: "Promotion 3 moved to position 1 of 4." */
export function moveAnnouncement(noun: string, from: number, to: number, length: number): string {
  return `${noun} ${from + 1} moved to position ${to + 1} of ${length}.`;
}
