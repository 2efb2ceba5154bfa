import { expect } from 'chai';
import { seedMessage } from '../support/leads.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { openTourSlots } from '../support/tour-slots.js';

/**
 * Contract, wave 3 → "A team with roles" (the audit list: lead status and notes) and issue 30 ("every action here is
 * an audit row"): each call of the sales desk and of staff tours writes one row, as a JSON call and as a plain form.
 */

interface AuditRow {
  actor: string;
  action: string;
  target: string;
  ip: string;
  details: Record<string, unknown>;
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const WALK_IN = { firstname: 'Wendy', lastname: 'Walker', email: 'wendy@example.com', phone: '(970) 555-0142' };

describe('The audit trail of the sales desk and staff tours', function () {
  this.timeout(60_000);
  let server: TestServer;
  let staff: Staff;
  let lead: number;
  let slots: string[];

  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' });
    staff = await signIn(server.url);
    await server.db('users').insert({ username: 'casey', password_hash: 'not a usable hash', role: 'sales' });
    lead = await seedMessage(server.db, minutesAgo(60), { email: 'audit-buyer@example.com' });
    slots = await openTourSlots(server.url);
  });
  after(() => server.close());

  const json = (path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/json',
        Cookie: staff.cookie,
        'X-CSRF-Token': staff.token,
        Origin: server.url,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...FORM, Cookie: staff.cookie, Origin: server.url },
      body: new URLSearchParams({ _csrf: staff.token, ...fields }),
    });
  /** The rows of one action on one target, oldest first. */
  const rows = async (action: string, target: string): Promise<AuditRow[]> =>
    (
      (await server.db('audit_log').where({ action, target }).orderBy('id')) as (Omit<AuditRow, 'details'> & {
        details: string;
      })[]
    ).map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));
  const target = () => `message/${lead}`;

  describe('a lead', () => {
    it('records an owner change, old → new, from JSON and from the form', async () => {
      expect((await json(`/admin/leads/message/${lead}/owner`, { username: 'casey' })).status).to.equal(200);
      expect((await form(`/admin/leads/message/${lead}/owner`, { username: '' })).status).to.equal(303);
      const found = await rows('lead.owner', target());
      expect(found).to.have.length(2);
      expect(found[0]).to.deep.include({ actor: 'staff', ip: '127.0.0.1', details: { owner: [null, 'casey'] } });
      expect(found[1]!.details).to.deep.equal({ owner: ['casey', null] });
    });

    it('writes no row for a change that changes nothing, or one that is refused', async () => {
      const before = (await rows('lead.owner', target())).length;
      expect((await json(`/admin/leads/message/${lead}/owner`, { username: null })).status).to.equal(200);
      expect((await json(`/admin/leads/message/${lead}/owner`, { username: 'ghost' })).status).to.equal(400);
      expect(await rows('lead.owner', target())).to.have.length(before);
    });

    it('records each note, pointing at its timeline entry without copying its words', async () => {
      expect((await json(`/admin/leads/message/${lead}/notes`, { text: 'Wants a walkout basement.' })).status).to.equal(
        201,
      );
      expect((await form(`/admin/leads/message/${lead}/notes`, { text: 'Bringing parents.' })).status).to.equal(303);
      const found = await rows('lead.note', target());
      expect(found).to.have.length(2);
      const events = await server.db('lead_events').where({ lead_kind: 'message', lead_id: lead, type: 'note' });
      const ids = events.map((event: { id: number }) => Number(event.id));
      for (const row of found) {
        expect(row).to.include({ actor: 'staff', ip: '127.0.0.1' });
        expect(ids).to.include(row.details.event);
        expect(JSON.stringify(row.details)).to.not.include('basement');
      }
      expect(found[0]!.details.characters).to.equal('Wants a walkout basement.'.length);
    });

    it('records the follow-up date, old → new', async () => {
      expect((await json(`/admin/leads/message/${lead}/follow-up`, { date: '2026-12-01' })).status).to.equal(200);
      expect((await form(`/admin/leads/message/${lead}/follow-up`, { date: '' })).status).to.equal(303);
      const found = await rows('lead.follow-up', target());
      expect(found.map((row) => row.details)).to.deep.equal([
        { followUp: [null, '2026-12-01'] },
        { followUp: ['2026-12-01', null] },
      ]);
      expect(found[0]).to.include({ actor: 'staff', ip: '127.0.0.1' });
    });

    it('records a reply with its subject and its timeline entry', async () => {
      expect(
        (await json(`/admin/leads/message/${lead}/reply`, { subject: 'Lot 12', text: 'Still open.' })).status,
      ).to.equal(202);
      expect(
        (await form(`/admin/leads/message/${lead}/reply`, { subject: 'Lot 14', text: 'Also open.' })).status,
      ).to.equal(303);
      const found = await rows('lead.reply', target());
      expect(found.map((row) => row.details.subject)).to.deep.equal(['Lot 12', 'Lot 14']);
      const email = await server.db('lead_events').where({ id: found[0]!.details.event }).first();
      expect(email.type).to.equal('email');
      expect(found[1]).to.include({ actor: 'staff', ip: '127.0.0.1' });
    });

    it('records a status change on the desk and in the inbox, and an inbox notes change', async () => {
      expect((await json(`/admin/leads/message/${lead}/status`, { status: 'contacted' })).status).to.equal(200);
      const inbox = await fetch(`${server.url}/admin/messages/message/${lead}/follow-up`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...FORM, Cookie: staff.cookie },
        body: new URLSearchParams({ _csrf: staff.token, status: 'touring', notes: 'Rewritten memo.' }),
      });
      expect(inbox.status).to.equal(303);
      expect((await rows('lead.status', target())).map((row) => row.details)).to.deep.equal([
        { status: ['new', 'contacted'] },
        { status: ['contacted', 'touring'] },
      ]);
      expect((await rows('lead.notes', target())).map((row) => row.details)).to.deep.equal([{ notes: 'changed' }]);
    });
  });

  describe('staff tours', () => {
    let tour: number;

    it('records a booking with its start and source', async () => {
      const start = slots[0]!;
      const response = await json('/admin/tours', { ...WALK_IN, start, source: 'walk-in' });
      expect(response.status).to.equal(201);
      tour = ((await response.json()) as { id: number }).id;
      const byForm = await form('/admin/tours', { ...WALK_IN, email: 'phone@example.com', start, source: 'phone' });
      expect(byForm.status).to.equal(303);
      const [row] = await rows('tour.booked', `tour/${tour}`);
      expect(row).to.deep.include({
        actor: 'staff',
        ip: '127.0.0.1',
        details: { start: new Date(start).toISOString(), source: 'walk-in' },
      });
      const phone = await server.db('tours').where({ email: 'phone@example.com' }).first('id');
      expect((await rows('tour.booked', `tour/${phone.id}`))[0]!.details.source).to.equal('phone');
    });

    it('records a move, old → new start, and no row for a refused one', async () => {
      const from = new Date(slots[0]!).toISOString();
      const to = new Date(slots[1]!).toISOString();
      expect((await json(`/admin/tours/${tour}/move`, { start: slots[1] })).status).to.equal(200);
      expect((await json(`/admin/tours/${tour}/move`, { start: 'yesterday' })).status).to.equal(400);
      const found = await rows('tour.moved', `tour/${tour}`);
      expect(found).to.have.length(1);
      expect(found[0]).to.deep.include({ actor: 'staff', ip: '127.0.0.1', details: { start: [from, to] } });
      expect((await form(`/admin/tours/${tour}/move`, { start: slots[2]! })).status).to.equal(303);
      expect((await rows('tour.moved', `tour/${tour}`))[1]!.details).to.deep.equal({
        start: [to, new Date(slots[2]!).toISOString()],
      });
    });

    it('records a toured / no-show mark, old → new, in the change itself; none for a mark that changes nothing', async () => {
      const [row] = await server
        .db('tours')
        .insert({
          token: 'desk-audit-started-tour-token-abcdefghijklmnop',
          start_at: minutesAgo(90),
          slot_minutes: 60,
          ...WALK_IN,
          email: 'started@example.com',
          message: '',
          status: 'booked',
          is_spam: false,
          created_at: minutesAgo(3000),
        })
        .returning<{ id: number }[]>('id');
      const started = Number(row!.id);
      expect((await json(`/admin/tours/${started}/status`, { status: 'toured' })).status).to.equal(200);
      expect((await form(`/admin/tours/${started}/status`, { status: 'toured' })).status).to.equal(303);
      expect((await form(`/admin/tours/${started}/status`, { status: 'no-show' })).status).to.equal(303);
      const found = await rows('tour.status', `tour/${started}`);
      expect(found.map((entry) => entry.details)).to.deep.equal([
        { status: ['booked', 'toured'] },
        { status: ['toured', 'no-show'] },
      ]);
      expect(found[0]).to.include({ actor: 'staff', ip: '127.0.0.1' });

      // The row is written inside the change's transaction: when it cannot be written, the mark is not made.
      await server.db.raw(
        "CREATE TRIGGER refuse_tour_status_row BEFORE INSERT ON audit_log WHEN NEW.action = 'tour.status' " +
          "BEGIN SELECT RAISE(ABORT, 'audit row refused'); END",
      );
      try {
        expect((await json(`/admin/tours/${started}/status`, { status: 'toured' })).status).to.equal(500);
      } finally {
        await server.db.raw('DROP TRIGGER refuse_tour_status_row');
      }
      expect((await server.db('tours').where({ id: started }).first()).status).to.equal('no-show');
      const events = await server.db('lead_events').where({ lead_kind: 'tour', lead_id: started, type: 'tour-toured' });
      expect(events).to.have.length(1);
    });

    it('records a cancel with the start it freed, once', async () => {
      expect((await form(`/admin/tours/${tour}/cancel`, {})).status).to.equal(303);
      expect((await json(`/admin/tours/${tour}/cancel`)).status).to.equal(409);
      const found = await rows('tour.cancelled', `tour/${tour}`);
      expect(found).to.have.length(1);
      expect(found[0]).to.deep.include({
        actor: 'staff',
        ip: '127.0.0.1',
        details: { start: new Date(slots[2]!).toISOString() },
      });
    });
  });
});
