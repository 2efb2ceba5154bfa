import { expect } from 'chai';
import { formatIsoInZone, slotsOfDate, type TourHours } from '../../src/shared/tour-slots.js';
import { firstBookableDay, tourDays } from '../../src/web/tour-days.js';

/** The days the tour page's calendar lists, from the hours, the closed dates and the places left. */
const DENVER = 'America/Denver';
const open = { opens: '10:00', closes: '12:00' };
const SETTINGS: TourHours = {
  hours: { sunday: open, monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: null },
  slotMinutes: 60,
  partiesPerSlot: 2,
  closedDates: ['2026-12-02'],
  daysAhead: 6,
};

/** The slots of the dates from `from` to `to` as /api/tour-slots gives them, every place free unless `left` says. */
function slotsBetween(dates: string[], left: Record<string, number> = {}) {
  return dates.flatMap((date) =>
    slotsOfDate(SETTINGS, DENVER, date).map((slot) => {
      const start = formatIsoInZone(slot.startMs, DENVER);
      return { start, end: formatIsoInZone(slot.endMs, DENVER), left: left[start] ?? 2 };
    }),
  );
}

const states = (days: ReturnType<typeof tourDays>) => days.map((day) => `${day.date} ${day.state} ${day.times.length}`);

describe('the tour days a buyer chooses from', () => {
  // Sunday 2026-11-29, 09:00 in Denver.
  const morning = Date.parse('2026-11-29T16:00:00Z');
  const dates = ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-03', '2026-12-04'];

  it('lists every date from today to the last bookable one: a closed weekday and a closed date as closed', () => {
    const days = tourDays(SETTINGS, DENVER, morning, slotsBetween(dates), 31);
    expect(states(days)).to.deep.equal([
      '2026-11-29 open 2',
      '2026-11-30 open 2',
      '2026-12-01 open 2',
      '2026-12-02 closed 0',
      '2026-12-03 open 2',
      '2026-12-04 open 2',
      '2026-12-05 closed 0',
    ]);
    expect(days[0]!.label).to.equal('Sunday, November 29, 2026');
    expect(days[0]!.times.map((time) => time.label)).to.deep.equal(['10:00 AM MST', '11:00 AM MST']);
  });

  it('marks a day whose every time is taken as full, and chooses the first day with a place', () => {
    const left = { '2026-11-29T10:00:00-07:00': 0, '2026-11-29T11:00:00-07:00': 0 };
    const days = tourDays(SETTINGS, DENVER, morning, slotsBetween(dates, left), 31);
    expect(days[0]!.state).to.equal('full');
    expect(firstBookableDay(days)?.date).to.equal('2026-11-30');
  });

  it('leaves today out once its last time has begun, and a closed today in', () => {
    const evening = Date.parse('2026-11-29T18:30:00Z'); // 11:30 in Denver
    const days = tourDays(SETTINGS, DENVER, evening, slotsBetween(dates.slice(1)), 31);
    expect(days[0]!.date).to.equal('2026-11-30');
    const closedToday = Date.parse('2026-12-02T20:00:00Z');
    expect(tourDays(SETTINGS, DENVER, closedToday, [], 31)[0]).to.include({ date: '2026-12-02', state: 'closed' });
  });

  it('lists no more dates than asked for', () => {
    expect(tourDays(SETTINGS, DENVER, morning, slotsBetween(dates), 3)).to.have.length(3);
  });

  it('chooses no day when none has times', () => {
    expect(firstBookableDay(tourDays({ ...SETTINGS, closedDates: [] }, DENVER, morning, [], 31))).to.equal(undefined);
  });
});
