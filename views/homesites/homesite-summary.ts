import type { HomesiteStatus } from '../../src/shared/homesite-rules.js';

/** One homesite as public pages show it (view props, mapped from the stored row by the handler). */
export interface HomesiteSummary {
  lot: number;
  status: HomesiteStatus;
  statusLabel: string;
  plan: { name: string; href: string | undefined } | null;
  price: number | null;
  priceText: string | null;
  sqft: number | null;
  sqftText: string | null;
  address: string;
  ready: string | null;
  readyText: string | null;
  fits: Array<{ name: string; href: string | undefined }>;
  href: string;
}
