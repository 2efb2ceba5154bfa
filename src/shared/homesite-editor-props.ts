import type { PriceRange } from './homesite-rules.js';
import type { EditorNotice } from './editor-notice.js';
import { pickFields, type HomesiteRecord } from './homesite-record.js';

/** What the staff editor shows and edits of a homesite (JSON props: the stored record's fields, by name). */
export const EDITOR_HOMESITE_FIELDS = ['lot', 'status', 'plan', 'price', 'sqft', 'ready', 'version'] as const;
export type EditorHomesite = Pick<HomesiteRecord, (typeof EDITOR_HOMESITE_FIELDS)[number]>;

export function toEditorHomesite(record: HomesiteRecord): EditorHomesite {
  return pickFields(record, EDITOR_HOMESITE_FIELDS);
}

export interface HomesiteEditorProps {
  homesites: EditorHomesite[];
  plans: string[];
  /** The community's plausible prices: a price outside them is refused before it is posted. */
  priceRange: PriceRange;
  csrfToken: string;
  /** How many homesites there are in all (the list may be filtered). */
  total: number;
  /** The confirmed entries of the interest list: a release e-mails them, so the editor asks first (decision 047). */
  interestPeople: number;
  /** A no-JavaScript form post's outcome, shown on the row it was about. */
  rowNotice?: { lot: number; notice: EditorNotice };
}
