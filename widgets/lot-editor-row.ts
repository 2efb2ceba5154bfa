import { formatNumber, HOMESITE_STATUSES, STATUS_LABELS } from '../src/shared/homesite-rules.js';
import type { EditorNotice } from '../src/shared/editor-notice.js';
import type { EditorHomesite } from '../src/shared/homesite-editor-props.js';
import { element, escapeHtml, optionsMarkup, voidElement } from '../src/shared/lot-markup.js';

export const BULK_FORM = 'homesite-bulk';
/** The name of each row's checkbox: the bulk form posts the ticked lots under it. */
export const SELECT_FIELD = 'lots';
export const rowFormId = (lot: number) => `homesite-${lot}`;

const STATUS_CHOICES = HOMESITE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** A row's outcome (saved, refused, conflict); an empty live region until there is one. */
export function noticeMarkup(notice: EditorNotice | undefined): string {
  return element(
    'span',
    { class: `homesite-notice${notice ? ` is-${notice.kind}` : ''}`, role: 'status' },
    notice ? escapeHtml(notice.text) : '',
  );
}

export interface EditorRowContext {
  plans: readonly string[];
  csrfToken: string;
  notice: EditorNotice | undefined;
}

/**
 * The options of a select by the value selected: a table of 1,000 rows has only a few different lists, so each
 * is written once per list of choices (held while that list is).
 */
const optionLists = new WeakMap<object, Map<string, string>>();
function cachedOptions(choices: ReadonlyArray<{ value: string; label: string }>, selected: string, key: object) {
  let bySelected = optionLists.get(key);
  if (!bySelected) optionLists.set(key, (bySelected = new Map()));
  let html = bySelected.get(selected);
  if (html === undefined) bySelected.set(selected, (html = optionsMarkup(choices, selected)));
  return html;
}

function statusOptions(selected: string): string {
  return cachedOptions(STATUS_CHOICES, selected, STATUS_CHOICES);
}

function planOptions(plans: readonly string[], selected: string): string {
  const choices = () => [{ value: '', label: '—' }, ...plans.map((plan) => ({ value: plan, label: plan }))];
  return optionLists.get(plans)?.get(selected) ?? cachedOptions(choices(), selected, plans);
}

/**
 * The cells of one row of the staff editor, written as text (see src/shared/lot-markup.ts): a checkbox for the bulk change,
 * the lot, its status, plan, price and ready date as fields of the row's own form (which saves without
 * JavaScript), its size, then Save, History and the row's notice.
 */
export function editorRowCells(row: EditorHomesite, { plans, csrfToken, notice }: EditorRowContext): string {
  const lot = escapeHtml(row.lot);
  const form = `homesite-${lot}`;
  const price = row.price === null ? '' : escapeHtml(row.price);
  const ready = row.ready === null ? '' : escapeHtml(row.ready);
  const size = escapeHtml(row.sqft === null ? '—' : formatNumber(row.sqft));
  return (
    `<td><input type="checkbox" form="${BULK_FORM}" aria-label="Select homesite ${lot}" name="${SELECT_FIELD}" value="${lot}"/></td>` +
    `<th scope="row"><a href="/homesites/${lot}">${lot}</a></th>` +
    `<td><select name="status" form="${form}" aria-label="Status of homesite ${lot}">${statusOptions(row.status)}</select></td>` +
    `<td><select name="plan" form="${form}" aria-label="Plan of homesite ${lot}">${planOptions(plans, row.plan ?? '')}</select></td>` +
    `<td><input form="${form}" inputMode="numeric" size="9" aria-label="Price of homesite ${lot} in dollars" name="price" value="${price}"/></td>` +
    `<td><input type="date" form="${form}" aria-label="Ready date of homesite ${lot}" name="ready" value="${ready}"/></td>` +
    `<td>${size}</td>` +
    `<td class="homesite-actions-cell"><form id="${form}" action="/admin/homesites/${lot}" method="post">` +
    voidElement('input', { type: 'hidden', name: '_csrf', value: csrfToken }) +
    `<input type="hidden" name="version" value="${escapeHtml(row.version)}"/>` +
    `<button type="submit" class="button button-small" aria-label="Save homesite ${lot}">Save</button> ` +
    `<a href="/admin/homesites/${lot}/history" aria-label="History of homesite ${lot}">History</a></form>` +
    `${noticeMarkup(notice)}</td>`
  );
}
