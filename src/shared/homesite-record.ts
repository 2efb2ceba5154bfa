import type { HomesiteStatus } from './homesite-rules.js';

/**
 * A homesite as stored: one row of `homesites`, as the staff calls answer it and the CSV exports it. The one list
 * of a homesite's fields; what the public call, the lot map and the staff editor show is picked from it by name.
 */
export interface HomesiteRecord {
  lot: number;
  status: HomesiteStatus;
  plan: string | null;
  /** Whole USD. */
  price: number | null;
  /** Lot size. */
  sqft: number | null;
  address: string;
  /** ISO date: when a quick move-in home is finished. */
  ready: string | null;
  /** +1 on every change (the editor's conflict check). */
  version: number;
  updated_at: string;
  updated_by: string | null;
}

/** What staff change on a lot (by edit, bulk or import); the rest is its number and the bookkeeping. */
export const EDITABLE_HOMESITE_FIELDS = ['status', 'plan', 'price', 'sqft', 'address', 'ready'] as const;
export type EditableField = (typeof EDITABLE_HOMESITE_FIELDS)[number];

/** The facts buyers see (`GET /api/homesites`, contract "Homesites"). */
export const PUBLIC_HOMESITE_FIELDS = ['lot', ...EDITABLE_HOMESITE_FIELDS] as const;
export const HOMESITE_FIELDS = [
  ...PUBLIC_HOMESITE_FIELDS,
  'version',
  'updated_at',
  'updated_by',
] as const satisfies readonly (keyof HomesiteRecord)[];

export type PublicHomesite = Pick<HomesiteRecord, (typeof PUBLIC_HOMESITE_FIELDS)[number]>;

/** The named fields of a record, in the order named (JSON keeps that order). */
export function pickFields<T, K extends keyof T>(record: T, fields: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const field of fields) picked[field] = record[field];
  return picked;
}

/** Statuses whose price stays private unless the content says to show it (content.homesites.showPriceWhenTaken). */
export const PRIVATE_PRICE_STATUSES: readonly HomesiteStatus[] = ['under-contract', 'sold'];

/** The price buyers see: none for a homesite under contract or sold, unless the content shows those. */
export function publicPrice(record: Pick<HomesiteRecord, 'status' | 'price'>, showPriceWhenTaken: boolean) {
  return !showPriceWhenTaken && PRIVATE_PRICE_STATUSES.includes(record.status) ? null : record.price;
}

/** A homesite as GET /api/homesites answers it: every public key, the price null where it is private. */
export function toPublicHomesite(record: HomesiteRecord, showPriceWhenTaken: boolean): PublicHomesite {
  return { ...pickFields(record, PUBLIC_HOMESITE_FIELDS), price: publicPrice(record, showPriceWhenTaken) };
}

/** Compiles only while HOMESITE_FIELDS names every field of HomesiteRecord. */
type EveryField<Missing extends never> = Missing;
export type HomesiteFieldsComplete = EveryField<Exclude<keyof HomesiteRecord, (typeof HOMESITE_FIELDS)[number]>>;
