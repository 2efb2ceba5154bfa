/** Where the contact form is, for a homesite's "Ask about" link. */
export const CONTACT_PATH = '/contact';

/**
 * The href of "Ask about homesite N": the contact form with `homesite=N`, which prefills the subject and is stored
 * with the message (contract, "Leads with context"). One builder for the homesite page, the quick move-in list and
 * the lot map.
 */
export function askAboutHomesiteHref(lot: number, contactPath: string = CONTACT_PATH): string {
  return `${contactPath}?${new URLSearchParams({ homesite: String(lot) }).toString()}`;
}
