import { expect } from 'chai';
import { formatInTimeZone } from '../../src/shared/time-zone.js';

describe('formatInTimeZone', () => {
  it('shows a UTC instant in the community zone with the zone named', () => {
    expect(formatInTimeZone('2026-11-22T17:15:00.000Z', 'America/Denver')).to.equal('Nov 22, 2026, 10:15 AM MST');
  });

  it('follows the spring daylight-saving change (2 AM MST becomes 3 AM MDT on 8 March 2026)', () => {
    expect(formatInTimeZone('2026-03-08T08:59:00.000Z', 'America/Denver')).to.equal('Mar 8, 2026, 1:59 AM MST');
    expect(formatInTimeZone('2026-03-08T09:00:00.000Z', 'America/Denver')).to.equal('Mar 8, 2026, 3:00 AM MDT');
  });

  it('follows the autumn change (1 AM comes twice on 1 November 2026, first MDT, then MST)', () => {
    expect(formatInTimeZone('2026-11-01T07:30:00.000Z', 'America/Denver')).to.equal('Nov 1, 2026, 1:30 AM MDT');
    expect(formatInTimeZone('2026-11-01T08:30:00.000Z', 'America/Denver')).to.equal('Nov 1, 2026, 1:30 AM MST');
  });

  it('changes the calendar day when the zone does (late evening UTC is afternoon in Denver)', () => {
    expect(formatInTimeZone('2027-01-01T03:00:00.000Z', 'America/Denver')).to.equal('Dec 31, 2026, 8:00 PM MST');
  });

  it('gives back a value it cannot read unchanged', () => {
    expect(formatInTimeZone('not a time', 'America/Denver')).to.equal('not a time');
  });
});
