import { expect } from 'chai';
import ICAL from 'ical.js';
import { loadContent } from '../../src/content/index.js';
import { startMailedSite, type OutboxSiteHome, type RunningSite } from '../support/outbox-site.js';
import { calendarOf, header, textOf } from '../support/mail-parts.js';
import { POSTGRES_COMMANDS, startPostgres, type RunningPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';
import { SmtpSink, waitFor } from '../support/smtp-sink.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { openTourSlots } from '../support/tour-slots.js';

/** Contract, wave 3 → "The sales desk" (tours) and "Reach beyond the site" (the team's calendar feed). */
const content = loadContent();
const WALK_IN = {
  firstname: 'Wendy',
  lastname: 'Walker',
  email: 'wendy@example.com',
  phone: '(970) 555-0142',
  source: 'walk-in',
};
const BUYER = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '(970) 555-0199' };

/** The one VEVENT of a calendar file (or the one with `uid`), read with ical.js. */
function eventsOf(ics: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}
function statusOf(event: ICAL.Event): string {
  return String(event.component.getFirstPropertyValue('status'));
}

function staffCall(url: string, staff: Staff, path: string, body?: unknown) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token, Origin: url },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function buyerBooking(url: string, start: string, index: number) {
  return fetch(`${url}/tours`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...BUYER, email: `racer${index}@example.com`, start }),
  }).then((response) => response.status);
}

/** A staff booking and 20 buyers' bookings at once for one slot of two places: exactly two hold. */
async function raceForOneSlot(server: TestServer, staff: Staff, start: string) {
  const [staffStatus, ...buyers] = await Promise.all([
    staffCall(server.url, staff, '/admin/tours', { ...WALK_IN, start }).then((response) => response.status),
    ...Array.from({ length: 20 }, (_, index) => buyerBooking(server.url, start, index)),
  ]);
  const booked = buyers.filter((status) => status === 200).length + (staffStatus === 201 ? 1 : 0);
  expect(booked).to.equal(content.tours.partiesPerSlot);
  expect([201, 409]).to.include(staffStatus);
  expect(buyers.filter((status) => status !== 200 && status !== 409)).to.deep.equal([]);
  const stored = await server
    .db('tours')
    .where({ start_at: new Date(start).toISOString(), is_spam: false })
    .count({ count: '*' });
  expect(Number(stored[0]!.count)).to.equal(content.tours.partiesPerSlot);
  const slot = await server
    .db('tour_slots')
    .where({ start_at: new Date(start).toISOString() })
    .first();
  expect(Number(slot.booked)).to.equal(content.tours.partiesPerSlot);
}

describe('Staff tours: book, cancel, move, mark; the team calendar', function () {
  this.timeout(60_000);
  const sink = new SmtpSink();
  let home: OutboxSiteHome;
  let site: RunningSite;
  let staff: Staff;
  let slots: string[];
  let next = 0;
  const fresh = () => slots[next++]!;
  const leftIn = async (start: string) => {
    const response = await fetch(`${site.url}/api/tour-slots?from=${start.slice(0, 10)}&days=1`);
    const body = (await response.json()) as { slots: { start: string; left: number }[] };
    return body.slots.find((slot) => slot.start === start)?.left;
  };
  const call = (path: string, body?: unknown) => staffCall(site.url, staff, path, body);
  const mailsTo = (email: string) => sink.mails.filter((mail) => mail.to.includes(email));

  before(async () => {
    ({ home, site, staff } = await startMailedSite(sink, {
      MAIL_FROM: 'website@maplehollow.example',
      SITE_URL: 'https://maplehollow.example',
    }));
    slots = await openTourSlots(site.url);
  });
  after(async () => {
    await home.dispose();
    await sink.stop();
  });

  describe('POST /admin/tours', () => {
    it('books a walk-in (201 {id}) with the same capacity as buyers, its source kept', async () => {
      const start = fresh();
      const response = await call('/admin/tours', { ...WALK_IN, start });
      expect(response.status).to.equal(201);
      const { id } = (await response.json()) as { id: number };
      expect(id).to.be.a('number');
      const row = await site.site.db('tours').where({ id }).first();
      expect(row).to.include({ firstname: 'Wendy', status: 'booked', utm_source: 'walk-in' });
      expect(await leftIn(start)).to.equal(content.tours.partiesPerSlot - 1);
      const lead = (await (
        await fetch(`${site.url}/admin/leads/tour/${id}.json`, { headers: { Cookie: staff.cookie } })
      ).json()) as { timeline: { type: string; actor: string; source?: string }[] };
      expect(lead.timeline[0]).to.include({ type: 'tour-booked', actor: 'staff', source: 'walk-in' });
    });

    it('answers 409 once the slot is full', async () => {
      const start = fresh();
      for (let party = 0; party < content.tours.partiesPerSlot; party++) {
        expect((await call('/admin/tours', { ...WALK_IN, source: 'phone', start })).status).to.equal(201);
      }
      expect((await call('/admin/tours', { ...WALK_IN, start })).status).to.equal(409);
      expect(await leftIn(start)).to.equal(0);
    });

    it('answers 400 naming every bad field, and books nothing', async () => {
      const start = fresh();
      const response = await call('/admin/tours', {
        firstname: '',
        lastname: 'W',
        email: 'no',
        phone: '1',
        start,
        source: 'fax',
      });
      expect(response.status).to.equal(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(Object.keys(body.errors).sort()).to.deep.equal(['email', 'firstname', 'phone', 'source']);
      for (const bad of ['2024-01-08T10:00:00-07:00', 'soon', start.replace(/T\d{2}:\d{2}/, 'T07:30')]) {
        expect((await call('/admin/tours', { ...WALK_IN, start: bad })).status, bad).to.equal(400);
      }
      expect(await leftIn(start)).to.equal(content.tours.partiesPerSlot);
    });

    it('books a caller who gives a phone and no e-mail: the lead keeps the phone, staff hear of it, no e-mail to the buyer', async () => {
      const start = fresh();
      const staffBefore = mailsTo('sales@maplehollow.example').length;
      const response = await call('/admin/tours', {
        ...WALK_IN,
        firstname: 'Phoebe',
        email: '',
        phone: '(970) 555-0111',
        source: 'phone',
        start,
      });
      expect(response.status).to.equal(201);
      const { id } = (await response.json()) as { id: number };
      const row = await site.site.db('tours').where({ id }).first();
      expect(row).to.include({ firstname: 'Phoebe', email: '', phone: '(970) 555-0111', utm_source: 'phone' });
      await waitFor(() => mailsTo('sales@maplehollow.example').length > staffBefore);
      // No other buyer is this buyer for want of an address: only the same phone finds leads of the same person.
      const lead = (await (
        await fetch(`${site.url}/admin/leads/tour/${id}.json`, { headers: { Cookie: staff.cookie } })
      ).json()) as { buyer: { leads: { id: number }[] } };
      expect(lead.buyer.leads.map((each) => each.id)).to.deep.equal([id]);
      const moved = await call(`/admin/tours/${id}/move`, { start: fresh() });
      expect(moved.status).to.equal(200);
      const reply = await call(`/admin/leads/tour/${id}/reply`, { subject: 'Hello', text: 'See you soon.' });
      expect(reply.status).to.equal(400);
      await site.site.outbox!.deliverDue();
      const deliveries = await site.site.db('lead_deliveries').where({ lead_kind: 'tour', lead_id: id });
      expect(deliveries.map((delivery) => delivery.channel).sort()).to.deep.equal(['staff-email']);
    });

    it('still asks a phone of a staff booking, and a valid e-mail when one is given', async () => {
      const response = await call('/admin/tours', { ...WALK_IN, email: 'not-an-address', phone: '', start: fresh() });
      expect(response.status).to.equal(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(Object.keys(body.errors).sort()).to.deep.equal(['email', 'phone']);
    });

    it('never overbooks: a staff booking against 20 buyer bookings for a slot of two places (SQLite)', async () => {
      const start = fresh();
      await raceForOneSlot({ url: site.url, db: site.site.db } as TestServer, staff, start);
    });
  });

  describe('POST /admin/tours/<id>/cancel', () => {
    it("frees the place, the buyer's page says cancelled, the buyer is e-mailed a cancelled event (200)", async () => {
      const start = fresh();
      const booking = await fetch(`${site.url}/tours`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams({ ...BUYER, email: 'cancel-me@example.com', start }),
      });
      const { id, manage, ics } = (await booking.json()) as { id: number; manage: string; ics: string };
      const original = eventsOf(await (await fetch(`${site.url}${ics}`)).text())[0]!;
      const response = await call(`/admin/tours/${id}/cancel`);
      expect(response.status).to.equal(200);
      expect(await leftIn(start)).to.equal(content.tours.partiesPerSlot);
      const page = await (await fetch(`${site.url}${manage}`)).text();
      expect(page).to.match(/cancelled/i);
      await waitFor(() =>
        mailsTo('cancel-me@example.com').some((mail) => /cancelled/i.test(header(mail, 'Subject') ?? '')),
      );
      const mail = mailsTo('cancel-me@example.com').find((item) => /cancelled/i.test(header(item, 'Subject') ?? ''))!;
      expect(textOf(mail)).to.include('is cancelled');
      const event = eventsOf(calendarOf(mail)!)[0]!;
      expect(event.uid).to.equal(original.uid);
      expect(event.sequence).to.be.greaterThan(original.sequence);
      expect(statusOf(event)).to.equal('CANCELLED');
    });

    it('answers 409 to a tour that is not booked, 404 to an unknown one', async () => {
      const start = fresh();
      const { id } = (await (await call('/admin/tours', { ...WALK_IN, start })).json()) as { id: number };
      expect((await call(`/admin/tours/${id}/cancel`)).status).to.equal(200);
      expect((await call(`/admin/tours/${id}/cancel`)).status).to.equal(409);
      expect((await call('/admin/tours/999999/cancel')).status).to.equal(404);
    });
  });

  describe("POST /tours/<token>/cancel (the buyer's own cancel)", () => {
    it('tells the sales team and confirms to the buyer with the cancelled calendar event, both through the outbox', async () => {
      const start = fresh();
      const email = 'self-cancel@example.com';
      const booking = await fetch(`${site.url}/tours`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams({ ...BUYER, email, phone: '(970) 555-0166', start }),
      });
      const { id, manage, ics } = (await booking.json()) as { id: number; manage: string; ics: string };
      const original = eventsOf(await (await fetch(`${site.url}${ics}`)).text())[0]!;
      const cancel = await fetch(`${site.url}${manage}/cancel`, {
        method: 'POST',
        headers: { Origin: site.url },
        redirect: 'manual',
      });
      expect(cancel.status).to.equal(303);
      const toStaff = () =>
        mailsTo('sales@maplehollow.example').filter((mail) =>
          /^Tour cancelled by the buyer/.test(header(mail, 'Subject') ?? ''),
        );
      await waitFor(() => toStaff().some((mail) => textOf(mail).includes(`Tour #${id};`)));
      const notice = toStaff().find((mail) => textOf(mail).includes(`Tour #${id};`))!;
      expect(textOf(notice)).to.include(email);
      expect(header(notice, 'Reply-To')).to.include(email);
      await waitFor(() => mailsTo(email).some((mail) => /cancelled/i.test(header(mail, 'Subject') ?? '')));
      const confirmation = mailsTo(email).find((mail) => /cancelled/i.test(header(mail, 'Subject') ?? ''))!;
      expect(textOf(confirmation)).to.include('is cancelled');
      expect(textOf(confirmation)).to.match(/M[SD]T/);
      const event = eventsOf(calendarOf(confirmation)!)[0]!;
      expect(event.uid).to.equal(original.uid);
      expect(event.sequence).to.be.greaterThan(original.sequence);
      expect(statusOf(event)).to.equal('CANCELLED');
      // Stored before they were sent: both are deliveries of the cancel's timeline entry.
      const entry = await site.site
        .db('lead_events')
        .where({ lead_kind: 'tour', lead_id: id, type: 'tour-cancelled' })
        .first();
      const channels = await site.site.db('lead_deliveries').where({ lead_event_id: entry.id }).pluck('channel');
      expect(channels.sort()).to.deep.equal(['buyer-email', 'staff-notice']);
    });
  });

  describe('POST /admin/tours/<id>/move', () => {
    it('moves the tour (200): places follow, the buyer is e-mailed, the .ics keeps its UID with a higher SEQUENCE', async () => {
      const [from, to] = [fresh(), fresh()];
      const booking = await fetch(`${site.url}/tours`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams({ ...BUYER, email: 'move-me@example.com', start: from }),
      });
      const { id, ics } = (await booking.json()) as { id: number; ics: string };
      const before = eventsOf(await (await fetch(`${site.url}${ics}`)).text())[0]!;
      const response = await call(`/admin/tours/${id}/move`, { start: to });
      expect(response.status).to.equal(200);
      expect(await leftIn(from)).to.equal(content.tours.partiesPerSlot);
      expect(await leftIn(to)).to.equal(content.tours.partiesPerSlot - 1);
      const after = eventsOf(await (await fetch(`${site.url}${ics}`)).text())[0]!;
      expect(after.uid).to.equal(before.uid);
      expect(after.sequence).to.be.greaterThan(before.sequence);
      expect(after.startDate.toJSDate().getTime()).to.equal(Date.parse(to));
      expect(statusOf(after)).to.equal('CONFIRMED');
      await waitFor(() => mailsTo('move-me@example.com').some((mail) => /now on/.test(header(mail, 'Subject') ?? '')));
      const mail = mailsTo('move-me@example.com').find((item) => /now on/.test(header(item, 'Subject') ?? ''))!;
      const mailed = eventsOf(calendarOf(mail)!)[0]!;
      expect(mailed.uid).to.equal(before.uid);
      expect(mailed.sequence).to.equal(after.sequence);
      expect(mailed.startDate.toJSDate().getTime()).to.equal(Date.parse(to));
    });

    it('answers 409 to a full slot, 400 to an unknown or past one, and leaves the tour where it was', async () => {
      const [from, full] = [fresh(), fresh()];
      const { id } = (await (await call('/admin/tours', { ...WALK_IN, start: from })).json()) as { id: number };
      for (let party = 0; party < content.tours.partiesPerSlot; party++)
        await call('/admin/tours', { ...WALK_IN, start: full });
      expect((await call(`/admin/tours/${id}/move`, { start: full })).status).to.equal(409);
      for (const start of ['2024-01-08T10:00:00-07:00', from.replace(/T\d{2}:\d{2}/, 'T07:30'), 'later', '']) {
        expect((await call(`/admin/tours/${id}/move`, { start })).status, start).to.equal(400);
      }
      const row = await site.site.db('tours').where({ id }).first();
      expect(row.start_at).to.equal(new Date(from).toISOString());
      expect(Number(row.sequence)).to.equal(0);
      expect(await leftIn(from)).to.equal(content.tours.partiesPerSlot - 1);
    });
  });

  describe('POST /admin/tours/<id>/status', () => {
    it('marks a tour that has started toured, then no-show, each a timeline entry', async () => {
      const startAt = new Date(Date.now() - 3600_000).toISOString();
      const [row] = await site.site
        .db('tours')
        .insert({
          token: 'staff-tours-test-token-started-abcdefghijkl',
          start_at: startAt,
          slot_minutes: 60,
          ...BUYER,
          message: '',
          status: 'booked',
          is_spam: false,
          created_at: new Date(Date.now() - 86_400_000).toISOString(),
        })
        .returning<{ id: number }[]>('id');
      const id = row!.id;
      const mark = (status: string) => call(`/admin/tours/${id}/status`, { status });
      expect((await mark('toured')).status).to.equal(200);
      expect((await mark('no-show')).status).to.equal(200);
      expect((await mark('cancelled')).status).to.equal(400);
      const lead = (await (
        await fetch(`${site.url}/admin/leads/tour/${id}.json`, { headers: { Cookie: staff.cookie } })
      ).json()) as { timeline: { type: string }[] };
      expect(lead.timeline.map((entry) => entry.type)).to.include.members(['tour-toured', 'tour-no-show']);
    });

    it("moves the tour's lead with it: toured makes it toured, no-show contacted, each a status entry and an audit row", async () => {
      const startAt = new Date(Date.now() - 7200_000).toISOString();
      const [row] = await site.site
        .db('tours')
        .insert({
          token: 'staff-tours-test-token-lead-status-abcdefgh',
          start_at: startAt,
          slot_minutes: 60,
          ...BUYER,
          email: 'lead-status@example.com',
          phone: '(970) 555-0177',
          message: '',
          status: 'booked',
          is_spam: false,
          created_at: new Date(Date.now() - 86_400_000).toISOString(),
        })
        .returning<{ id: number }[]>('id');
      const id = row!.id;
      const leadStatus = async () =>
        ((await site.site.db('tours').where({ id }).first()) as { lead_status: string }).lead_status;
      expect(await leadStatus()).to.equal('new');
      expect((await call(`/admin/tours/${id}/status`, { status: 'toured' })).status).to.equal(200);
      expect(await leadStatus()).to.equal('toured');
      expect((await call(`/admin/tours/${id}/status`, { status: 'no-show' })).status).to.equal(200);
      expect(await leadStatus()).to.equal('contacted');
      const lead = (await (
        await fetch(`${site.url}/admin/leads/tour/${id}.json`, { headers: { Cookie: staff.cookie } })
      ).json()) as { timeline: { type: string; from?: string; to?: string }[] };
      expect(
        lead.timeline.filter((entry) => entry.type === 'status').map((entry) => [entry.from, entry.to]),
      ).to.deep.equal([
        ['new', 'toured'],
        ['toured', 'contacted'],
      ]);
      const audit = await site.site.db('audit_log').where({ action: 'lead.status', target: `tour/${id}` });
      expect(audit).to.have.length(2);
    });

    it('leaves a lead already under contract as it is', async () => {
      const [row] = await site.site
        .db('tours')
        .insert({
          token: 'staff-tours-test-token-contract-abcdefghijk',
          start_at: new Date(Date.now() - 7200_000).toISOString(),
          slot_minutes: 60,
          ...BUYER,
          message: '',
          status: 'booked',
          lead_status: 'contract',
          is_spam: false,
          created_at: new Date(Date.now() - 86_400_000).toISOString(),
        })
        .returning<{ id: number }[]>('id');
      expect((await call(`/admin/tours/${row!.id}/status`, { status: 'toured' })).status).to.equal(200);
      expect((await site.site.db('tours').where({ id: row!.id }).first()).lead_status).to.equal('contract');
    });
  });

  describe('GET /admin/tours.ics?token=<secret>', () => {
    const feedUrl = async () => {
      const html = await (await fetch(`${site.url}/admin/tours`, { headers: { Cookie: staff.cookie } })).text();
      const url = /value="(https:\/\/maplehollow\.example\/admin\/tours\.ics\?token=[A-Za-z0-9_-]+)"/.exec(html)?.[1];
      expect(url, 'the calendar address on /admin/tours').to.be.a('string');
      return new URL(url!);
    };
    const feed = (token: string) => fetch(`${site.url}/admin/tours.ics?token=${token}`);

    it("lists every tour from 30 days back on, cancelled ones CANCELLED, each with the buyer's UID and SEQUENCE", async () => {
      const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
      const recent = new Date(Date.now() - 20 * 86_400_000).toISOString();
      await site.site.db('tours').insert([
        {
          token: 'feed-test-token-old-abcdefghijklmnopqrstuvw',
          start_at: old,
          slot_minutes: 60,
          ...BUYER,
          firstname: 'Oldie',
          message: '',
          status: 'toured',
          is_spam: false,
          created_at: old,
        },
        {
          token: 'feed-test-token-recent-abcdefghijklmnopqrst',
          start_at: recent,
          slot_minutes: 60,
          ...BUYER,
          firstname: 'Recent',
          message: '',
          status: 'toured',
          is_spam: false,
          created_at: recent,
        },
        {
          token: 'feed-test-token-spam-abcdefghijklmnopqrstuv',
          start_at: recent,
          slot_minutes: 60,
          ...BUYER,
          firstname: 'Spammy',
          message: '',
          status: 'booked',
          is_spam: true,
          created_at: recent,
        },
      ]);
      const token = (await feedUrl()).searchParams.get('token')!;
      const response = await feed(token);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/calendar/);
      const events = eventsOf(await response.text());
      const summaries = events.map((event) => event.summary);
      expect(summaries.some((summary) => summary.includes('Recent'))).to.equal(true);
      expect(summaries.some((summary) => summary.includes('Oldie'))).to.equal(false);
      expect(summaries.some((summary) => summary.includes('Spammy'))).to.equal(false);
      expect(summaries.some((summary) => summary.includes('Wendy Walker (walk-in)'))).to.equal(true);
      const cancelled = events.filter((event) => statusOf(event) === 'CANCELLED');
      expect(cancelled.length).to.be.greaterThan(0);
      const tours = await site.site.db('tours').where({ is_spam: false }).andWhere('start_at', '>=', recent);
      expect(events).to.have.length(tours.length);
      for (const tour of tours as { id: number; token: string; sequence: number; status: string }[]) {
        const own = eventsOf(await (await fetch(`${site.url}/tours/${tour.token}.ics`)).text())[0]!;
        const listed = events.find((event) => event.uid === own.uid);
        expect(listed, `tour ${tour.id}`).to.not.equal(undefined);
        expect(listed!.sequence).to.equal(Number(tour.sequence));
        expect(statusOf(listed!)).to.equal(tour.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED');
      }
      const moved = tours.find(
        (tour: { sequence: number; status: string }) => tour.sequence > 0 && tour.status === 'booked',
      );
      expect(moved, 'a moved tour in the feed').to.not.equal(undefined);
    });

    it('answers 404 to a missing or wrong token, without a session', async () => {
      expect((await fetch(`${site.url}/admin/tours.ics`)).status).to.equal(404);
      expect((await feed('not-a-token-anyone-was-given-0123456789abc')).status).to.equal(404);
    });

    it('replaces the token: the old address stops working, the new one works', async () => {
      const old = (await feedUrl()).searchParams.get('token')!;
      expect((await feed(old)).status).to.equal(200);
      // Replaced on /admin/account (decision 042: no password asked, a leaked address is stopped at once).
      const response = await call('/admin/account/calendar-token', {});
      expect(response.status).to.equal(201);
      const { url } = (await response.json()) as { url: string };
      const fresh = new URL(url).searchParams.get('token')!;
      expect(fresh).to.not.equal(old);
      expect((await feed(old)).status).to.equal(404);
      expect((await feed(fresh)).status).to.equal(200);
      expect((await feedUrl()).searchParams.get('token')).to.equal(fresh);
    });
  });
});

describeWithCommands(POSTGRES_COMMANDS, 'Staff tours on PostgreSQL', function () {
  this.timeout(90_000);
  let postgres: RunningPostgres;
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    postgres = await startPostgres();
    server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' }, { postgres: postgres.adminUrl });
    staff = await signIn(server.url);
  });
  after(async () => {
    await server?.close();
    await postgres?.stop();
  });

  it('never overbooks: a staff booking against 20 buyer bookings for a slot of two places', async () => {
    const [start] = await openTourSlots(server.url);
    await raceForOneSlot(server, staff, start!);
  });

  it('moves and cancels with the places following', async () => {
    const [, from, to] = await openTourSlots(server.url);
    const booked = await staffCall(server.url, staff, '/admin/tours', { ...WALK_IN, start: from });
    const { id } = (await booked.json()) as { id: number };
    expect((await staffCall(server.url, staff, `/admin/tours/${id}/move`, { start: to })).status).to.equal(200);
    expect((await staffCall(server.url, staff, `/admin/tours/${id}/cancel`)).status).to.equal(200);
    const slotsBooked = await server.db('tour_slots').whereIn(
      'start_at',
      [from, to].map((s) => new Date(s!).toISOString()),
    );
    expect(slotsBooked.map((slot: { booked: number }) => Number(slot.booked))).to.deep.equal([0, 0]);
    const lead = (await (
      await fetch(`${server.url}/admin/leads/tour/${id}.json`, { headers: { Cookie: staff.cookie } })
    ).json()) as { timeline: { type: string; lead: { kind: string; id: number } }[] };
    const own = lead.timeline.filter((entry) => entry.lead.kind === 'tour' && entry.lead.id === id);
    expect(own.map((entry) => entry.type)).to.deep.equal(['tour-booked', 'tour-moved', 'tour-cancelled']);
  });
});
