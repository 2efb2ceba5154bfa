/** Each state's time zone where one covers (nearly) all of it. */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  IL: 'America/Chicago',
  IA: 'America/Chicago',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
};

/**
 * States split between two zones: the zone west of a line of longitude, and east of it (the lines follow the
 * county boundaries roughly; the form shows the guess, which staff can change).
 */
const SPLIT_STATES: Record<string, { westOf: number; west: string; east: string }> = {
  TX: { westOf: -104.9, west: 'America/Denver', east: 'America/Chicago' },
  FL: { westOf: -85.0, west: 'America/Chicago', east: 'America/New_York' },
  TN: { westOf: -85.6, west: 'America/Chicago', east: 'America/New_York' },
  KY: { westOf: -86.0, west: 'America/Chicago', east: 'America/New_York' },
  IN: { westOf: -87.0, west: 'America/Chicago', east: 'America/Indiana/Indianapolis' },
  MI: { westOf: -87.6, west: 'America/Menominee', east: 'America/Detroit' },
  ND: { westOf: -101.0, west: 'America/Denver', east: 'America/Chicago' },
  SD: { westOf: -100.5, west: 'America/Denver', east: 'America/Chicago' },
  NE: { westOf: -101.5, west: 'America/Denver', east: 'America/Chicago' },
  KS: { westOf: -101.5, west: 'America/Denver', east: 'America/Chicago' },
  OR: { westOf: -118.2, west: 'America/Los_Angeles', east: 'America/Boise' },
};

/**
 * The time zone a community's sales office most likely keeps, from its state (two letters) and its map pin; Idaho's
 * panhandle (north of 45.5°) keeps Pacific time. Undefined for a state it does not know.
 */
export function guessTimeZone(state: string, lat: number | undefined, lng: number | undefined): string | undefined {
  const code = state.trim().toUpperCase();
  if (code === 'ID') return lat !== undefined && lat > 45.5 ? 'America/Los_Angeles' : 'America/Boise';
  const split = SPLIT_STATES[code];
  if (split) return lng !== undefined && lng < split.westOf ? split.west : split.east;
  return STATE_ZONES[code];
}
