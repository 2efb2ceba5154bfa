import type { Content } from '../content/index.js';
import type { HomesiteRow } from '../db/homesites.js';
import { formatNumber, formatPrice, STATUS_LABELS } from '../shared/homesite-rules.js';
import type { HomesiteSummary } from '../../views/homesites/homesite-summary.js';
import { plansThatFit as fittingPlans } from '../shared/plans-that-fit.js';
import type { LotMapHomesite } from '../shared/lot-map-props.js';
import { mapNullable } from '../shared/nullable.js';
import { publicPrice } from '../shared/homesite-record.js';
import { communityPath } from '../render/community-path.js';

/** Plans whose smallest lot (content.homesites.minimumLotSqft) fits this lot; a plan with no minimum fits any lot. */
export function plansThatFit(content: Content, sqft: number | null): string[] {
  return fittingPlans(
    content.floorPlans.map((plan) => plan.name),
    content.homesites.minimumLotSqft,
    sqft,
  );
}

/** One homesite as the public lot map gets it: its price only where buyers may see it. */
export function toLotMapHomesite(content: Content, row: HomesiteRow): LotMapHomesite {
  const price = publicPrice(row, content.homesites.showPriceWhenTaken);
  return { lot: row.lot, status: row.status, plan: row.plan, price, sqft: row.sqft, ready: row.ready };
}

/** Lots share a few sizes, and the site plan lists 1,000 lots: the plans that fit are worked out once per size. */
const linksBySize = new WeakMap<Content, Map<number | null, HomesiteSummary['fits']>>();

function fittingPlanLinks(content: Content, sqft: number | null): HomesiteSummary['fits'] {
  let bySize = linksBySize.get(content);
  if (!bySize) linksBySize.set(content, (bySize = new Map()));
  let links = bySize.get(sqft);
  if (!links) {
    links = plansThatFit(content, sqft).map((name) => {
      const fit = content.floorPlans.find((candidate) => candidate.name === name);
      return { name, href: fit ? communityPath(`/floor-plans/${fit.slug}`) : undefined };
    });
    bySize.set(sqft, links);
  }
  return links;
}

/** The facts of one homesite as public pages print them (a private price is left out). */
export function toHomesiteSummary(content: Content, row: HomesiteRow): HomesiteSummary {
  const plan = row.plan ? content.floorPlans.find((candidate) => candidate.name === row.plan) : undefined;
  const price = publicPrice(row, content.homesites.showPriceWhenTaken);
  return {
    lot: row.lot,
    status: row.status,
    statusLabel: STATUS_LABELS[row.status],
    plan: row.plan ? { name: row.plan, href: plan ? communityPath(`/floor-plans/${plan.slug}`) : undefined } : null,
    price,
    priceText: mapNullable(price, formatPrice),
    sqftText: mapNullable(row.sqft, (sqft) => `${formatNumber(sqft)} sq ft`),
    sqft: row.sqft,
    address: row.address,
    ready: row.ready,
    readyText: row.ready ? formatDate(row.ready) : null,
    fits: fittingPlanLinks(content, row.sqft),
    href: communityPath(`/homesites/${row.lot}`),
  };
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 2027-01-15 → January 15, 2027 (a date, read in UTC so it never moves a day). */
function formatDate(iso: string): string {
  return LONG_DATE.format(new Date(`${iso}T00:00:00Z`));
}
