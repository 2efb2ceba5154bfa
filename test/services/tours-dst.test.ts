import { fixedContentSource } from '../../src/content/content-source.js';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { loadContent } from '../../src/content/index.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { tourCalendar } from '../../src/services/tour-calendar.js';
import { createTourService } from '../../src/services/tours.js';

/** A booking made before a daylight-saving change for a time after it lands at the right instant. */
describe('booking a tour across a daylight-saving change', () => {
  const content = loadContent();
  let db: Knex;
  let clock = 0;
  const BUYER = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '(970) 555-0199' };
  const service = () =>
    createTourService({
      db,
      community: 1,
      content: fixedContentSource({
        ...content,
        tours: { ...content.tours, closedDates: [] },
        community: { ...content.community, timeZone: 'America/Denver' },
      }),
      now: () => clock,
    });

  before(async () => {
    db = connectDatabase({ client: 'sqlite', filename: ':memory:' });
    await migrateToLatest(db);
  });
  after(() => db.destroy());

  it('books 10 AM after fall-back (2026-11-01) from daylight time, at 17:00 UTC', async () => {
    clock = Date.parse('2026-10-30T16:00:00Z'); // Friday 10 AM MDT
    const slots = await service().slots('2026-10-31', 2);
    expect(slots[0]!.start).to.equal('2026-10-31T10:00:00-06:00');
    const sunday = slots.find((slot) => slot.start.startsWith('2026-11-01'))!;
    expect(sunday.start).to.equal('2026-11-01T10:00:00-07:00');
    const outcome = await service().book(
      { ...BUYER, start: sunday.start },
      { sourcePage: null, userAgent: null, community: 1 },
    );
    expect(outcome.kind).to.equal('booked');
    if (outcome.kind !== 'booked') return;
    expect(outcome.tour.start_at).to.equal('2026-11-01T17:00:00.000Z');
    const ics = tourCalendar(
      {
        uid: 'x',
        startMs: Date.parse(outcome.tour.start_at),
        endMs: Date.parse(outcome.tour.start_at) + 3600_000,
        stampMs: clock,
        summary: 's',
        location: 'l',
        description: 'd',
        url: 'u',
        cancelled: false,
        sequence: 0,
      },
      'p',
    );
    expect(ics).to.include('\r\nDTSTART:20261101T170000Z\r\n');
    expect((await service().slots('2026-11-01', 1))[0]!.left).to.equal(content.tours.partiesPerSlot - 1);
  });

  it('books 10 AM after spring-forward (2026-03-08) from standard time, at 16:00 UTC', async () => {
    clock = Date.parse('2026-03-06T17:00:00Z'); // Friday 10 AM MST
    const outcome = await service().book(
      { ...BUYER, start: '2026-03-08T10:00:00-06:00' },
      { sourcePage: null, userAgent: null, community: 1 },
    );
    expect(outcome.kind).to.equal('booked');
    if (outcome.kind === 'booked') expect(outcome.tour.start_at).to.equal('2026-03-08T16:00:00.000Z');
    expect((await service().slots('2026-03-08', 1)).map((slot) => slot.start).slice(0, 2)).to.deep.equal([
      '2026-03-08T10:00:00-06:00',
      '2026-03-08T11:00:00-06:00',
    ]);
  });
});
