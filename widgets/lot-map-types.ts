import type { HomesiteStatus } from '../src/shared/homesite-rules.js';
import type { ResponsiveImage } from '../src/shared/responsive-image.js';

/** One homesite as the lot map shows it (JSON props: no rows, no functions). */
export interface LotMapLot {
  lot: number;
  status: HomesiteStatus;
  plan: string | null;
  price: number | null;
  sqft: number | null;
  ready: string | null;
  /** Plans that fit the lot, by display name. */
  fits: string[];
}

/** A lot's outline as exported from the drawing: element kind and geometry attributes only. */
export interface LotMapShape {
  lot: number;
  kind: 'polygon' | 'path' | 'rect' | 'polyline';
  attributes: Record<string, string>;
  label: { x: number; y: number };
}

export interface LotMapFilter {
  status: HomesiteStatus | '';
  plan: string;
}

export interface LotMapProps {
  lots: LotMapLot[];
  shapes: LotMapShape[];
  viewBox: string;
  image: ResponsiveImage;
  plans: string[];
  /** The filter the page was asked for (no-JS form submission); the widget changes it in place. */
  filter: LotMapFilter;
  /** Where a buyer asks about a lot: `${contactPath}?homesite=N`. */
  contactPath: string;
}

export function lotMatches(lot: LotMapLot, filter: LotMapFilter): boolean {
  return (
    (filter.status === '' || lot.status === filter.status) &&
    (filter.plan === '' || lot.plan === filter.plan || (lot.plan === null && lot.fits.includes(filter.plan)))
  );
}
