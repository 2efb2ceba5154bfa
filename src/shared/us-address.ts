/**
 * A US postal address as the BDX listing feed (NHlist 7.7) carries it: a two-letter state (`State`, `length 2`)
 * and a ZIP code (`ZIP`, five digits or ZIP+4). Content is refused at save when it holds an address the feed
 * cannot carry, so the feed never sends one its readers would refuse.
 */

/** The USPS codes of the states, the District of Columbia and the inhabited territories. */
export const US_STATES = (
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK ' +
  'OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI'
).split(' ');

const STATES = new Set(US_STATES);

export function isUsState(code: string): boolean {
  return STATES.has(code);
}

/** A ZIP code: 80550 or 80550-1234. */
export const ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;

export const STATE_MESSAGE = 'must be a two-letter US state such as CO';
export const ZIP_MESSAGE = 'must be a ZIP code such as 80550 or 80550-1234';
