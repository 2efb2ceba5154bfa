import { HOMESITE_STATUSES, STATUS_LABELS, type HomesiteStatus } from '../src/shared/homesite-rules.js';
import { attributes, escapeHtml } from '../src/shared/lot-markup.js';
import { lotMatches, type LotMapFilter, type LotMapLot, type LotMapShape } from '../src/shared/lot-map-props.js';
import { patternId, STATUS_COLOURS } from './lot-status-style.js';

/** Per status: the outline's paint (colour, pattern, dashes for future releases) and the label's words. */
const PAINT = Object.fromEntries(
  HOMESITE_STATUSES.map((status) => [
    status,
    {
      outline: attributes({
        class: 'lot-shape',
        fill: `url(#${patternId(status)})`,
        stroke: STATUS_COLOURS[status],
        'stroke-dasharray': status === 'future' ? '6 4' : undefined,
      }),
      label: escapeHtml(STATUS_LABELS[status]),
    },
  ]),
) as Record<HomesiteStatus, { outline: string; label: string }>;

/**
 * The lot map's overlay, written as text (see src/shared/lot-markup.ts): per homesite a link to its page, carrying
 * `data-lot` and `data-status` (contract "Homesites"), around its outline in the status's colour and pattern
 * and its number. Lots that `filter` leaves out are dimmed; a shape without a homesite is not drawn.
 */
export function lotShapesMarkup(
  shapes: readonly LotMapShape[],
  lots: ReadonlyMap<number, LotMapLot>,
  filter: LotMapFilter,
): string {
  const links: string[] = [];
  for (const shape of shapes) {
    const lot = lots.get(shape.lot);
    if (!lot) continue;
    const number = escapeHtml(shape.lot);
    const status = escapeHtml(lot.status);
    const paint = PAINT[lot.status];
    const dimmed = lotMatches(lot, filter) ? '' : ' is-dimmed';
    links.push(
      `<a href="/homesites/${number}" tabindex="-1" aria-label="Homesite ${number}: ${paint.label}" ` +
        `class="lot-link${dimmed}" data-lot="${number}" data-status="${status}">` +
        `<${shape.kind}${attributes(shape.attributes)}${paint.outline}></${shape.kind}>` +
        `<text class="lot-number" x="${escapeHtml(shape.label.x)}" y="${escapeHtml(shape.label.y)}" aria-hidden="true">${number}</text></a>`,
    );
  }
  // One flat string: built with += it would be a chain of 1,000 pieces that every later copy walks.
  return links.join('');
}
