import type { HomesiteStatus } from '../shared/homesite-rules.js';
import type { HomesiteRow } from './homesites.js';

/**
 * SAMPLE DATA: the 78 homesites of the sample community, as a sales team mid-way through the first release would
 * have them. Lots 1–46 ring the outside of the loop (deeper lots), 47–78 sit inside it backing onto the park;
 * 67–78 are the next release. Staff change all of it from /admin/homesites or by CSV import.
 */
const MODELS: Record<number, string> = { 1: 'Sweetwater II', 2: 'The Canyon', 46: 'Overlook' };
const QUICK_MOVE_IN: Record<number, { plan: string; price: number; ready: string }> = {
  5: { plan: 'Silverwood II', price: 559_900, ready: '2027-01-15' },
  11: { plan: 'The Canyon', price: 574_500, ready: '2026-12-18' },
  19: { plan: 'Sweetwater II', price: 612_000, ready: '2027-02-26' },
  28: { plan: 'Overlook', price: 689_000, ready: '2027-03-31' },
  41: { plan: 'Silverwood II', price: 552_000, ready: '2027-01-29' },
  53: { plan: 'Sweetwater II', price: 598_500, ready: '2027-04-16' },
};
const SOLD = [3, 4, 6, 7, 9, 12, 13, 15, 16, 20, 22, 23, 25, 31, 34, 38, 43, 44, 45, 47, 48, 50, 55, 58];
const UNDER_CONTRACT = [8, 14, 21, 27, 36, 42, 49, 56, 61];
const SOLD_PLANS = ['Sweetwater II', 'Silverwood II', 'The Canyon', 'Overlook'];
const FIRST_FUTURE_LOT = 67;
export const SAMPLE_LOT_COUNT = 78;

function statusOf(lot: number): HomesiteStatus {
  if (MODELS[lot]) return 'model';
  if (QUICK_MOVE_IN[lot]) return 'quick-move-in';
  if (SOLD.includes(lot)) return 'sold';
  if (UNDER_CONTRACT.includes(lot)) return 'under-contract';
  if (lot >= FIRST_FUTURE_LOT) return 'future';
  return 'available';
}

/** Outer lots are deeper than the park-side ones; a fixed spread so no two neighbours look copied. */
function lotSize(lot: number): number {
  const base = lot <= 46 ? 7_400 : 6_100;
  return base + ((lot * 37) % 17) * 140;
}

/** House numbers: even on the outside of the loop, odd on the inside, in lot order. */
function addressOf(lot: number): string {
  const number = lot <= 46 ? 2000 + lot * 10 : 2001 + (lot - 46) * 10;
  return `${number} Hollow Creek Loop, Windsor, CO 80550`;
}

/** Available lots show the base price of the least expensive plan that fits, plus a lot premium on the larger ones. */
function availablePrice(sqft: number): number {
  return 529_900 + Math.max(0, Math.round((sqft - 7_000) / 500)) * 5_000;
}

export function sampleHomesites(at: string): HomesiteRow[] {
  const rows: HomesiteRow[] = [];
  for (let lot = 1; lot <= SAMPLE_LOT_COUNT; lot += 1) {
    const status = statusOf(lot);
    const sqft = lotSize(lot);
    const quick = QUICK_MOVE_IN[lot];
    const plan =
      MODELS[lot] ?? quick?.plan ?? (status === 'sold' || status === 'under-contract' ? SOLD_PLANS[lot % 4] : null);
    rows.push({
      lot,
      status,
      plan: plan ?? null,
      price: quick?.price ?? (status === 'available' ? availablePrice(sqft) : null),
      sqft,
      address: addressOf(lot),
      ready: quick?.ready ?? null,
      version: 1,
      updated_at: at,
      updated_by: null,
    });
  }
  return rows;
}
