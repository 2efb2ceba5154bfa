import { expect } from 'chai';
import {
  checkSlotStart,
  formatIsoInZone,
  formatSlotTime,
  slotsOfDate,
  upcomingSlots,
  wallTimeToInstant,
  zoneOffsetMinutes,
  type TourHours,
} from '../../src/shared/tour-slots.js';

const DENVER = 'America/Denver';
const open = { opens: '10:00', closes: '12:00' };
const SETTINGS: TourHours = {
  hours: { sunday: open, monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: null },
  slotMinutes: 60,
  partiesPerSlot: 2,
  closedDates: ['2026-11-26'],
  daysAhead: 30,
};
const iso = (instant: number) => formatIsoInZone(instant, DENVER);

describe('tour slots in America/Denver', () => {
  it('reads the offset on both sides of each daylight-saving change', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-03-08T08:59:00Z'), DENVER)).to.equal(-420);
    expect(zoneOffsetMinutes(Date.parse('2026-03-08T09:00:00Z'), DENVER)).to.equal(-360);
    expect(zoneOffsetMinutes(Date.parse('2026-11-01T07:59:00Z'), DENVER)).to.equal(-360);
    expect(zoneOffsetMinutes(Date.parse('2026-11-01T08:00:00Z'), DENVER)).to.equal(-420);
  });

  it('gives the slots of the spring-forward day (2026-03-08) in daylight time', () => {
    const slots = slotsOfDate(SETTINGS, DENVER, '2026-03-08').map((slot) => iso(slot.startMs));
    expect(slots).to.deep.equal(['2026-03-08T10:00:00-06:00', '2026-03-08T11:00:00-06:00']);
    expect(slotsOfDate(SETTINGS, DENVER, '2026-03-07')).to.deep.equal([]); // a Saturday: closed
    expect(iso(slotsOfDate(SETTINGS, DENVER, '2026-03-06')[0]!.startMs)).to.equal('2026-03-06T10:00:00-07:00');
  });

  it('gives the slots of the fall-back day (2026-11-01) in standard time', () => {
    const slots = slotsOfDate(SETTINGS, DENVER, '2026-11-01');
    expect(slots.map((slot) => iso(slot.startMs))).to.deep.equal([
      '2026-11-01T10:00:00-07:00',
      '2026-11-01T11:00:00-07:00',
    ]);
    expect(new Date(slots[0]!.startMs).toISOString()).to.equal('2026-11-01T17:00:00.000Z');
    expect(iso(slotsOfDate(SETTINGS, DENVER, '2026-10-30')[0]!.startMs)).to.equal('2026-10-30T10:00:00-06:00');
  });

  it('lists a week across the fall-back change with each day at 10 AM local time', () => {
    const now = Date.parse('2026-10-28T12:00:00Z');
    const starts = upcomingSlots(SETTINGS, DENVER, '2026-10-29', 5, now)
      .filter((slot, index) => index % 2 === 0)
      .map((slot) => iso(slot.startMs));
    expect(starts).to.deep.equal([
      '2026-10-29T10:00:00-06:00',
      '2026-10-30T10:00:00-06:00',
      '2026-11-01T10:00:00-07:00',
      '2026-11-02T10:00:00-07:00',
    ]);
  });

  it('finds no instant for a wall time skipped by spring forward and the earlier one for a repeated time', () => {
    expect(wallTimeToInstant('2026-03-08', '02:30', DENVER)).to.equal(undefined);
    expect(new Date(wallTimeToInstant('2026-11-01', '01:30', DENVER)!).toISOString()).to.equal(
      '2026-11-01T07:30:00.000Z',
    );
  });

  it('answers the same on a second reading, when the answer comes from what the first one kept', () => {
    for (let round = 0; round < 2; round++) {
      expect(wallTimeToInstant('2026-03-08', '02:30', DENVER), `round ${round}`).to.equal(undefined);
      expect(wallTimeToInstant('2026-03-08', '03:30', DENVER), `round ${round}`).to.equal(
        Date.parse('2026-03-08T09:30:00Z'),
      );
      expect(wallTimeToInstant('2026-11-01', '01:30', DENVER), `round ${round}`).to.equal(
        Date.parse('2026-11-01T07:30:00Z'),
      );
      expect(wallTimeToInstant('2026-11-01', '1:30', DENVER), `round ${round}`).to.equal(undefined);
      expect(wallTimeToInstant('2026-13-01', '10:00', DENVER), `round ${round}`).to.equal(undefined);
      expect(iso(Date.parse('2026-11-01T08:00:00Z')), `round ${round}`).to.equal('2026-11-01T01:00:00-07:00');
      expect(formatSlotTime(Date.parse('2026-03-08T09:00:00Z'), DENVER), `round ${round}`).to.equal('3:00 AM MDT');
      // Between whole minutes (the present moment) the label is read afresh, and is as right.
      expect(formatSlotTime(Date.parse('2026-03-08T09:00:30.500Z'), DENVER), `round ${round}`).to.equal('3:00 AM MDT');
      // The same instant in another zone is another wall clock.
      expect(formatIsoInZone(Date.parse('2026-11-01T08:00:00Z'), 'America/New_York')).to.equal(
        '2026-11-01T03:00:00-05:00',
      );
    }
  });

  it('names the zone with the time', () => {
    expect(formatSlotTime(Date.parse('2026-11-23T17:00:00Z'), DENVER)).to.equal('10:00 AM MST');
    expect(formatSlotTime(Date.parse('2026-07-01T16:00:00Z'), DENVER)).to.equal('10:00 AM MDT');
  });

  it('lists only future slots, no closed date and nothing past the days ahead', () => {
    const now = Date.parse('2026-11-23T17:30:00Z'); // 10:30 AM MST on Monday, November 23
    const dates = upcomingSlots(SETTINGS, DENVER, '2026-11-23', 31, now).map((slot) => iso(slot.startMs));
    expect(dates[0]).to.equal('2026-11-23T11:00:00-07:00');
    expect(dates.some((start) => start.startsWith('2026-11-26'))).to.equal(false);
    expect(dates.at(-1)).to.equal('2026-12-23T11:00:00-07:00');
  });

  it('tells why a start cannot be booked', () => {
    const now = Date.parse('2026-11-23T17:30:00Z');
    const check = (raw: string) => {
      const result = checkSlotStart(SETTINGS, DENVER, raw, now);
      return result.ok ? 'ok' : result.reason;
    };
    expect(check('2026-11-24T10:00:00-07:00')).to.equal('ok');
    expect(check('2026-11-24T17:00:00Z')).to.equal('ok');
    expect(check('2026-11-24T10:30:00-07:00')).to.equal('unknown');
    expect(check('2026-11-23T10:00:00-07:00')).to.equal('past');
    expect(check('2026-11-26T10:00:00-07:00')).to.equal('closed');
    expect(check('2026-11-28T10:00:00-07:00')).to.equal('closed');
    expect(check('2027-01-04T10:00:00-07:00')).to.equal('too-far');
    expect(check('tomorrow at ten')).to.equal('malformed');
    expect(check('2026-11-24')).to.equal('malformed');
  });
});
