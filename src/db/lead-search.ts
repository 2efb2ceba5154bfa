/**
 * What the staff inbox's search reads: each lead's name, e-mail and phone lower-cased in one text, and the phone's
 * digits, stored with the lead (contact_messages and tours, migrations/20261123000100_speed_up_lead_search.ts) so a
 * trigram index can answer "contains" (docs/decisions/019-lead-search.md). Lower-cased here, in JavaScript, so
 * "ÅNGSTRÖM" finds "Ångström" on SQLite and on PostgreSQL whatever the database's locale.
 */
export interface LeadSearchColumns {
  search_text: string;
  search_digits: string;
}

/**
 * Between the fields, so a search never matches across two of them ("lee ann" is not "Ann Lee" + an e-mail). A
 * control character: staff cannot type it, and searchTerm drops it from what they did type.
 */
const FIELD_SEPARATOR = '\u001f';

export function leadSearchColumns(lead: {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
}): LeadSearchColumns {
  const fields = [`${lead.firstname} ${lead.lastname}`, lead.email, lead.phone];
  return {
    search_text: fields.map((field) => field.toLowerCase()).join(FIELD_SEPARATOR),
    search_digits: lead.phone.replace(/\D/g, ''),
  };
}

/** A search as the columns compare it: lower-cased, control characters (the field separator among them) dropped. */
export function searchTerm(q: string): string {
  // eslint-disable-next-line no-control-regex
  return q.replace(/[\u0000-\u001f]/g, '').toLowerCase();
}

/**
 * The digits a search for a phone number stands for, or undefined when it does not look like one: "3035550100"
 * and "(303) 555-0100" both find "(303) 555-0100", staff type a number the way it was said on the phone.
 */
export function searchDigits(q: string): string | undefined {
  const digits = q.replace(/\D/g, '');
  return digits.length >= 3 && /^[\d\s().+-]+$/.test(q) ? digits : undefined;
}

/**
 * The homesite a search names: "24" (which may also be part of a name, an e-mail or a phone, so those are searched
 * too), or "homesite 24", "lot 24", "#24", "homesite #24" (only that homesite). Staff remember a buyer by the lot
 * they asked about as often as by their name.
 */
export function searchedHomesite(q: string): { lot: number; only: boolean } | undefined {
  const match = /^(?:(homesite|home site|lot|hs)\s*#?\s*|(#)\s*)?0*([1-9]\d{0,5})$/i.exec(q.trim());
  if (!match) return undefined;
  return { lot: Number(match[3]), only: Boolean(match[1] ?? match[2]) };
}
