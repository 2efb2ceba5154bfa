import type { HomesiteStatus } from '../src/shared/homesite-rules.js';

/** One homesite as the staff editor shows it (JSON props). */
export interface EditorHomesite {
  lot: number;
  status: HomesiteStatus;
  plan: string | null;
  price: number | null;
  sqft: number | null;
  address: string;
  ready: string | null;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
}

export interface EditorNotice {
  kind: 'success' | 'error';
  text: string;
}

export interface HomesiteEditorProps {
  homesites: EditorHomesite[];
  plans: string[];
  csrfToken: string;
  /** How many homesites there are in all (the list may be filtered). */
  total: number;
  /** A no-JavaScript form post's outcome, shown on the row it was about. */
  rowNotice?: { lot: number; notice: EditorNotice };
}

/** The stored row as the staff calls answer it (snake_case, as in the database and the CSV). */
export interface StoredHomesite {
  lot: number;
  status: HomesiteStatus;
  plan: string | null;
  price: number | null;
  sqft: number | null;
  address: string;
  ready: string | null;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

export function fromStored(row: StoredHomesite): EditorHomesite {
  return {
    lot: row.lot,
    status: row.status,
    plan: row.plan,
    price: row.price,
    sqft: row.sqft,
    address: row.address,
    ready: row.ready,
    version: row.version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}
