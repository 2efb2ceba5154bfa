import { expect } from 'chai';
import { guessTimeZone } from '../../src/shared/time-zone-guess.js';
import { isKnownTimeZone } from '../../src/shared/time-zone.js';

describe('guessTimeZone: a new community’s time zone from its state and map pin', () => {
  const cases: [string, number, number, string][] = [
    ['CO', 40.42, -104.71, 'America/Denver'],
    ['co', 40.42, -104.71, 'America/Denver'],
    ['AZ', 33.45, -112.07, 'America/Phoenix'],
    ['TX', 30.27, -97.74, 'America/Chicago'],
    ['TX', 31.76, -106.49, 'America/Denver'],
    ['FL', 30.44, -84.28, 'America/New_York'],
    ['FL', 30.42, -87.22, 'America/Chicago'],
    ['ID', 43.62, -116.2, 'America/Boise'],
    ['ID', 47.68, -116.78, 'America/Los_Angeles'],
    ['IN', 39.77, -86.16, 'America/Indiana/Indianapolis'],
    ['IN', 41.59, -87.35, 'America/Chicago'],
    ['HI', 21.31, -157.86, 'Pacific/Honolulu'],
  ];
  for (const [state, lat, lng, zone] of cases) {
    it(`${state} at ${lat}, ${lng} → ${zone}`, () => {
      expect(guessTimeZone(state, lat, lng)).to.equal(zone);
    });
  }

  it('knows no zone for an unknown state; a split state without a pin takes its larger zone', () => {
    expect(guessTimeZone('ZZ', 40, -100)).to.equal(undefined);
    expect(guessTimeZone('TX', undefined, undefined)).to.equal('America/Chicago');
  });

  it('names zones the community section takes', () => {
    for (const [state, lat, lng] of cases) {
      expect(isKnownTimeZone(guessTimeZone(state, lat, lng)!), state).to.equal(true);
    }
  });
});
