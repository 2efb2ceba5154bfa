import type { HomesiteStatus } from './homesite-rules.js';
import { plansThatFit } from './plans-that-fit.js';
import type { ResponsiveImage } from './responsive-image.js';

/** One homesite as the page sends it to the lot map (JSON props: no rows, no functions). */
export interface LotMapHomesite {
  lot: number;
  status: HomesiteStatus;
  plan: string | null;
  price: number | null;
  sqft: number | null;
  ready: string | null;
}

/** One homesite as the lot map shows it. */
export interface LotMapLot extends LotMapHomesite {
  /** Plans that fit the lot, by display name (worked out by the map from the plans' minimum lot sizes). */
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
  lots: LotMapHomesite[];
  /**
   * Given on the server only, never sent as JSON: the browser keeps the overlay the server drew from them (the
   * shapes are in the page once, as markup).
   */
  shapes?: LotMapShape[];
  viewBox: string;
  image: ResponsiveImage;
  plans: string[];
  /** Each plan's smallest lot, in sq ft (content.homesites.minimumLotSqft): which plans fit a lot without one. */
  minimumLotSqft: Record<string, number>;
  /** The filter the page was asked for (no-JS form submission); the widget changes it in place. */
  filter: LotMapFilter;
  /** Where a buyer asks about a lot: `${contactPath}?homesite=N`. */
  contactPath: string;
}

/** The homesites with the plans that fit each (the same rule as the homesite pages, src/shared/plans-that-fit.ts). */
export function withFits(
  homesites: readonly LotMapHomesite[],
  plans: readonly string[],
  minimumLotSqft: Readonly<Record<string, number>>,
): LotMapLot[] {
  // Lots share a few sizes: one list per size.
  const bySize = new Map<number | null, string[]>();
  return homesites.map((homesite) => {
    let fits = bySize.get(homesite.sqft);
    if (!fits) bySize.set(homesite.sqft, (fits = plansThatFit(plans, minimumLotSqft, homesite.sqft)));
    return { ...homesite, fits };
  });
}

export function lotMatches(lot: LotMapLot, filter: LotMapFilter): boolean {
  return (
    (filter.status === '' || lot.status === filter.status) &&
    (filter.plan === '' || lot.plan === filter.plan || (lot.plan === null && lot.fits.includes(filter.plan)))
  );
}
