import { escapeHtml } from '../../src/shared/lot-markup.js';
import type { HomesiteSummary } from './homesite-summary.js';

/**
 * One table row per homesite (lot, status, plan, price, size), written as text: see src/shared/lot-markup.ts. Each
 * fact cell names its column in data-label, which a phone shows next to it once the rows stack (site.css).
 */
export function homesiteTableRows(homesites: readonly HomesiteSummary[]): string {
  const rows: string[] = [];
  for (const homesite of homesites) {
    const lot = escapeHtml(homesite.lot);
    rows.push(
      `<tr data-lot="${lot}" data-status="${escapeHtml(homesite.status)}"><th scope="row">` +
        `<a href="${escapeHtml(homesite.href)}" aria-label="Homesite ${lot}">${lot}</a></th>` +
        `<td>${escapeHtml(homesite.statusLabel)}</td><td data-label="Plan">${escapeHtml(homesite.plan?.name ?? '—')}</td>` +
        `<td data-label="Price">${escapeHtml(homesite.priceText ?? '—')}</td>` +
        `<td data-label="Lot size">${escapeHtml(homesite.sqftText ?? '—')}</td></tr>`,
    );
  }
  // One flat string: built with += it would be a chain of 1,000 pieces that every later copy walks.
  return rows.join('');
}
