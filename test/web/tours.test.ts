import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { formatSlotDate, formatSlotTime } from '../../src/shared/tour-slots.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Contract, wave 2 → Tours: the slot list, booking, the buyer's page, the .ics file and cancelling. */
const content = loadContent();
const JSON_ACCEPT = { Accept: 'application/json' };
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const BUYER = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '(970) 555-0199' };

/** The opening tag of the page's form that posts or goes to `action`. */
const formTo = (html: string, action: string) =>
  [...html.matchAll(/<form\b[^>]*>/g)].map((match) => match[0]).find((tag) => tag.includes(`action="${action}"`)) ?? '';
/** React's markers between adjacent pieces of text, which a reader never sees. */
const withoutTextMarkers = (html: string) => html.replaceAll('<!-- -->', '');

interface Slot {
  start: string;
  end: string;
  left: number;
}

describe('tours', () => {
  let server: TestServer;
  let slots: Slot[];
  let nextSlot = 0;
  /** A fresh slot for each test that books, none in the next two hours (so none passes while the test runs). */
  const freshSlot = () => {
    const slot = slots[nextSlot++];
    if (!slot) throw new Error('ran out of test slots');
    return slot.start;
  };

  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
    const response = await fetch(`${server.url}/api/tour-slots?days=31`);
    slots = ((await response.json()) as { slots: Slot[] }).slots.filter(
      (slot) => Date.parse(slot.start) > Date.now() + 2 * 3600_000,
    );
  });
  after(() => server.close());

  const book = (fields: Record<string, string>, headers: Record<string, string> = JSON_ACCEPT) =>
    fetch(`${server.url}/tours`, {
      method: 'POST',
      headers: { ...FORM, ...headers },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
  const slotsFrom = async (from: string, days = 1) => {
    const response = await fetch(`${server.url}/api/tour-slots?from=${from}&days=${days}`);
    return ((await response.json()) as { slots: Slot[] }).slots;
  };
  const leftIn = async (start: string) => (await slotsFrom(start.slice(0, 10))).find((s) => s.start === start)?.left;

  describe('GET /api/tour-slots', () => {
    it('lists future slots with their end, places left and the zone offset', async () => {
      expect(slots.length).to.be.greaterThan(10);
      for (const slot of slots) {
        expect(slot.start).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[67]:00$/);
        expect(Date.parse(slot.end) - Date.parse(slot.start)).to.equal(content.tours.slotMinutes * 60_000);
        expect(slot.left).to.equal(content.tours.partiesPerSlot);
        expect(Date.parse(slot.start)).to.be.greaterThan(Date.now());
      }
      const closed = new Set(content.tours.closedDates);
      expect(slots.some((slot) => closed.has(slot.start.slice(0, 10)))).to.equal(false);
    });

    it('answers 400 to a bad from or days', async () => {
      for (const query of [
        'from=2026-02-30&days=1',
        'from=tomorrow&days=1',
        'from=2026-11-23&days=32',
        'from=2026-11-23&days=0',
        'from=2026-11-23&days=two',
        'from=2026-11-23&days=1&days=2',
      ]) {
        const response = await fetch(`${server.url}/api/tour-slots?${query}`);
        expect(response.status, query).to.equal(400);
      }
    });

    it('gives no slot in the past', async () => {
      expect(await slotsFrom('2020-01-06', 31)).to.deep.equal([]);
    });
  });

  describe('POST /tours', () => {
    it('books a slot and answers JSON with the manage and .ics addresses', async () => {
      const start = freshSlot();
      const response = await book({ ...BUYER, start, message: 'We have two kids.' });
      expect(response.status).to.equal(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.start).to.equal(start);
      expect(body.id).to.be.a('number');
      expect(body.manage).to.match(/^\/tours\/[A-Za-z0-9_-]{43}$/);
      expect(body.ics).to.equal(`${String(body.manage)}.ics`);
      expect(await leftIn(start)).to.equal(content.tours.partiesPerSlot - 1);
      const row = await server.db('tours').where({ id: body.id }).first();
      expect(row).to.include({ firstname: 'Ada', email: 'ada@example.com', message: 'We have two kids.' });
    });

    it('answers a plain form post with 303 to the manage page', async () => {
      const response = await book({ ...BUYER, start: freshSlot() }, {});
      expect(response.status).to.equal(303);
      expect(response.headers.get('location')).to.match(/^\/tours\/[A-Za-z0-9_-]{43}$/);
    });

    it('answers 400 naming every invalid field, and books nothing', async () => {
      const start = freshSlot();
      const response = await book({ firstname: '', lastname: 'L', email: 'nope', phone: '555', start });
      expect(response.status).to.equal(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(Object.keys(body.errors).sort()).to.deep.equal(['email', 'firstname', 'phone']);
      expect(await leftIn(start)).to.equal(content.tours.partiesPerSlot);
    });

    it('answers 400 to a past, closed, unknown or malformed slot', async () => {
      const later = freshSlot();
      const offHours = later.replace(/T\d{2}:\d{2}/, 'T07:30');
      const closedDate = content.tours.closedDates[0]!;
      for (const start of ['2024-01-08T10:00:00-07:00', `${closedDate}T10:00:00-07:00`, offHours, 'next tuesday', '']) {
        const response = await book({ ...BUYER, start });
        expect(response.status, start).to.equal(400);
        const body = (await response.json()) as { errors: Record<string, string> };
        expect(body.errors.start, start).to.be.a('string');
      }
      expect(await server.db('tours').count({ count: '*' }).first()).to.satisfy(
        (row: { count: number | string }) => Number(row.count) <= nextSlot,
      );
    });

    it('answers 409 once the slot is full', async () => {
      const start = freshSlot();
      for (let party = 0; party < content.tours.partiesPerSlot; party++) {
        expect((await book({ ...BUYER, start })).status).to.equal(200);
      }
      const response = await book({ ...BUYER, start });
      expect(response.status).to.equal(409);
      expect(await leftIn(start)).to.equal(0);
    });

    it('never overbooks a slot when 20 bookings arrive at once', async () => {
      const start = freshSlot();
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => book({ ...BUYER, start }).then((r) => r.status)),
      );
      expect(statuses.filter((status) => status === 200)).to.have.length(content.tours.partiesPerSlot);
      expect(statuses.filter((status) => status === 409)).to.have.length(20 - content.tours.partiesPerSlot);
      const stored = await server
        .db('tours')
        .where({ start_at: new Date(start).toISOString() })
        .count({ count: '*' });
      expect(Number(stored[0]!.count)).to.equal(content.tours.partiesPerSlot);
    });

    it('never overbooks a slot when bookings arrive at once at two instances sharing the database', async () => {
      const second = await startTestServer({ CONTACT_RATE_LIMIT: '0' }, { sameStorageAs: server });
      try {
        const start = freshSlot();
        const statuses = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            fetch(`${index % 2 ? second.url : server.url}/tours`, {
              method: 'POST',
              headers: { ...FORM, ...JSON_ACCEPT },
              body: new URLSearchParams({ ...BUYER, start }),
            }).then((response) => response.status),
          ),
        );
        expect(statuses.filter((status) => status === 200)).to.have.length(content.tours.partiesPerSlot);
        expect(statuses.filter((status) => status === 409)).to.have.length(20 - content.tours.partiesPerSlot);
      } finally {
        await second.close();
      }
    });

    it('answers a filled honeypot with the same success and takes no place', async () => {
      const start = freshSlot();
      const response = await book({ ...BUYER, start, website: 'http://spam.example' }, {});
      expect(response.status).to.equal(303);
      expect(await leftIn(start)).to.equal(content.tours.partiesPerSlot);
      const spam = await server.db('tours').where({ email: BUYER.email, start_at: new Date(start).toISOString() });
      expect(spam).to.have.length(1);
      expect(Boolean(spam[0].is_spam)).to.equal(true);
    });

    it('re-renders the page with the problems for a browser post', async () => {
      const response = await book(
        { ...BUYER, email: 'bad', start: freshSlot() },
        { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' },
      );
      expect(response.status).to.equal(400);
      const html = await response.text();
      expect(html).to.include('Please enter a valid email address');
      expect(html).to.include('value="Lovelace"');
    });
  });

  describe("the buyer's page", () => {
    let manage: string;
    let start: string;
    before(async () => {
      start = freshSlot();
      const body = (await (await book({ ...BUYER, start })).json()) as { manage: string };
      manage = body.manage;
    });

    it('shows the time in the community zone, the address and directions, never cached or indexed', async () => {
      const response = await fetch(`${server.url}${manage}`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('cache-control')).to.equal('no-store');
      expect(response.headers.get('x-robots-tag')).to.equal('noindex');
      const html = await response.text();
      expect(html).to.match(/<meta name="robots" content="noindex/);
      expect(html).to.match(/\d{1,2}:00 [AP]M M[SD]T/);
      expect(html).to.include(content.community.address.street);
      expect(html).to.include('openstreetmap.org/directions');
      expect(html).to.include(`action="${manage}/cancel"`);
    });

    it('serves the .ics with one VEVENT at the instant in UTC, lines folded', async () => {
      const response = await fetch(`${server.url}${manage}.ics`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/calendar/);
      expect(response.headers.get('cache-control')).to.equal('no-store');
      const ics = await response.text();
      const utc = new Date(start).toISOString().replace(/[-:]/g, '').replace('.000', '');
      expect(ics).to.include(`\r\nDTSTART:${utc}\r\n`);
      expect(ics.match(/BEGIN:VEVENT/g)).to.have.length(1);
      expect(ics).to.match(/\r\nUID:tour-\d+@/);
      expect(ics).to.match(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
      for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).to.be.at.most(75);
      expect(ics.endsWith('\r\n')).to.equal(true);
    });

    it('answers 404 to an unknown or tampered token', async () => {
      const tampered = manage.slice(0, -1) + (manage.endsWith('A') ? 'B' : 'A');
      for (const path of [tampered, `${tampered}.ics`, '/tours/abc', '/tours/abc.ics']) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).to.equal(404);
      }
      const cancel = await fetch(`${server.url}${tampered}/cancel`, { method: 'POST' });
      expect(cancel.status).to.equal(404);
    });

    it('refuses a cross-site cancel', async () => {
      const response = await fetch(`${server.url}${manage}/cancel`, {
        method: 'POST',
        headers: { Origin: 'https://evil.example' },
        redirect: 'manual',
      });
      expect(response.status).to.equal(403);
      expect(await leftIn(start)).to.equal(content.tours.partiesPerSlot - 1);
    });

    it('asks "Cancel this tour?" before cancelling, and the question alone cancels nothing', async () => {
      const page = await (await fetch(`${server.url}${manage}`)).text();
      expect(formTo(page, `${manage}/cancel`)).to.include('method="get"');
      const response = await fetch(`${server.url}${manage}/cancel`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('cache-control')).to.equal('no-store');
      expect(response.headers.get('x-robots-tag')).to.equal('noindex');
      const html = await response.text();
      expect(html).to.include('<h1 id="tour-heading">Cancel this tour?</h1>');
      expect(html).to.match(/\d{1,2}:00 [AP]M M[SD]T/);
      expect(formTo(html, `${manage}/cancel`)).to.include('method="post"');
      expect(html).to.include('<button class="button button-accent" type="submit">Yes, cancel my tour</button>');
      expect(html).to.include(`href="${manage}">No, keep my tour</a>`);
      expect(await leftIn(start)).to.equal(content.tours.partiesPerSlot - 1);
      expect(
        (
          await server
            .db('tours')
            .where({ token: manage.slice(7) })
            .first()
        ).status,
      ).to.equal('booked');
    });

    it('cancels, frees the place, and cannot cancel twice', async () => {
      const response = await fetch(`${server.url}${manage}/cancel`, {
        method: 'POST',
        headers: { Origin: server.url },
        redirect: 'manual',
      });
      expect(response.status).to.equal(303);
      expect(response.headers.get('location')).to.equal(manage);
      expect(await leftIn(start)).to.equal(content.tours.partiesPerSlot);
      const page = await (await fetch(`${server.url}${manage}`)).text();
      expect(page).to.include('Cancelled');
      expect(page).not.to.include('/cancel"');
      const again = await fetch(`${server.url}${manage}/cancel`, { method: 'POST', redirect: 'manual' });
      expect(again.status).to.equal(409);
      expect(await again.text()).to.include('This tour was already cancelled.');
      expect(await leftIn(start)).to.equal(content.tours.partiesPerSlot);
      const ics = await (await fetch(`${server.url}${manage}.ics`)).text();
      expect(ics).to.include('STATUS:CANCELLED');
      expect(ics.match(/BEGIN:VEVENT/g)).to.have.length(1);
    });

    it('says a cancelled tour is cancelled, for when, and links to book another time instead of the calendar', async () => {
      const html = withoutTextMarkers(await (await fetch(`${server.url}${manage}`)).text());
      expect(html).to.include('<h1 id="tour-heading">Your tour is cancelled</h1>');
      const when = `${formatSlotDate(start.slice(0, 10))} at ${formatSlotTime(Date.parse(start), content.community.timeZone)}`;
      expect(html).to.include(`The tour you had booked for ${when} is cancelled.`);
      expect(html).to.match(/<a class="button[^"]*" href="\/tours">Book another time<\/a>/);
      expect(html).not.to.include('Add to calendar');
      expect(html).not.to.include('.ics"');
      expect(html).not.to.include('Cancel here');
      expect(html).not.to.include('Cancel my tour');
    });

    it('sends the cancel step of a cancelled tour back to its page, and 404s an unknown token', async () => {
      const cancelled = await fetch(`${server.url}${manage}/cancel`, { redirect: 'manual' });
      expect(cancelled.status).to.equal(303);
      expect(cancelled.headers.get('location')).to.equal(manage);
      const tampered = manage.slice(0, -1) + (manage.endsWith('A') ? 'B' : 'A');
      for (const path of [`${tampered}/cancel`, `${manage}.ics/cancel`, '/tours/abc/cancel']) {
        expect((await fetch(`${server.url}${path}`)).status, path).to.equal(404);
      }
    });
  });

  describe('GET /tours', () => {
    it('shows days and times as radio buttons in fieldsets, times named in the community zone', async () => {
      const response = await fetch(`${server.url}/tours?homesite=12&plan=canyon`);
      expect(response.status).to.equal(200);
      const html = await response.text();
      expect(html).to.include('<h1 id="tours-heading">Schedule a tour</h1>');
      expect(html).to.match(/<fieldset class="tour-day"><legend>\w+day, \w+ \d{1,2}, \d{4}<\/legend>/);
      expect(html).to.match(/<input type="radio" required="" name="start" value="[^"]+"/);
      expect(html).to.match(/<span>\d{1,2}:\d{2} [AP]M M[SD]T<\/span>/);
      expect(html).to.include('<input type="hidden" name="homesite" value="12"/>');
      expect(html).to.include('<input type="hidden" name="plan" value="canyon"/>');
      expect(html).to.include('name="website"');
    });
  });
});

describe('tour posts and CONTACT_RATE_LIMIT', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '2' });
  });
  after(() => server.close());

  it('counts tour posts together with contact posts', async () => {
    const contact = await fetch(`${server.url}/contact/submit`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ ...BUYER, subject: 'Hi', message: 'Hello' }),
    });
    expect(contact.status).to.equal(200);
    const slots = (await (await fetch(`${server.url}/api/tour-slots?days=31`)).json()) as { slots: Slot[] };
    const tour = (start: string) =>
      fetch(`${server.url}/tours`, {
        method: 'POST',
        headers: { ...FORM, ...JSON_ACCEPT },
        body: new URLSearchParams({ ...BUYER, start }),
      });
    expect((await tour(slots.slots.at(-1)!.start)).status).to.equal(200);
    const limited = await tour(slots.slots.at(-2)!.start);
    expect(limited.status).to.equal(429);
    const afterTour = await fetch(`${server.url}/contact/submit`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ ...BUYER, subject: 'Hi', message: 'Hello' }),
    });
    expect(afterTour.status).to.equal(429);
  });
});
