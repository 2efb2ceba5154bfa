import { element, escapeHtml } from '../../widgets/lot-markup.js';
import type { HomesiteSummary } from './homesite-summary.js';

/** One table row per homesite (lot, status, plan, price, size), written as text: see widgets/lot-markup.ts. */
export function homesiteTableRows(homesites: readonly HomesiteSummary[]): string {
  const rows: string[] = [];
  for (const homesite of homesites) {
    const link = element('a', { href: homesite.href, 'aria-label': `Homesite ${homesite.lot}` }, String(homesite.lot));
    const cells = [
      homesite.statusLabel,
      homesite.plan?.name ?? '—',
      homesite.priceText ?? '—',
      homesite.sqftText ?? '—',
    ];
    rows.push(
      element(
        'tr',
        { 'data-lot': homesite.lot, 'data-status': homesite.status },
        element('th', { scope: 'row' }, link) + cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join(''),
      ),
    );
  }
  // One flat string (see lot-shapes-markup.ts).
  return rows.join('');
}
