import { expect } from 'chai';
import { startMailedSite, type OutboxSiteHome, type RunningSite } from '../support/outbox-site.js';
import { registerAgentLead } from '../support/leads.js';
import { header } from '../support/mail-parts.js';
import { POSTGRES_COMMANDS, startPostgres, type RunningPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';
import { SmtpSink, waitFor } from '../support/smtp-sink.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall, teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { openTourSlots } from '../support/tour-slots.js';

/**
 * Issue 30: "new leads can be assigned in turn among the active sales accounts (a setting, off by default)", and
 * "the staff e-mail for a new lead goes to its owner when there is one".
 */

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const SALES = ['ann', 'ben', 'cal'];

let sequence = 0;
/** A contact message from a new buyer (own e-mail and phone), or the one given. */
function contact(url: string, person: { email?: string; phone?: string } = {}) {
  sequence += 1;
  return fetch(`${url}/contact/submit`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({
      firstname: 'Pat',
      lastname: `Buyer ${sequence}`,
      email: person.email ?? `buyer${sequence}@example.com`,
      phone: person.phone ?? `(970) 555-${String(1000 + sequence).slice(-4)}`,
      subject: 'A question',
      message: 'Is lot 12 still open?',
    }),
  });
}

async function addSalesAccounts(db: TestServer['db']) {
  for (const username of SALES) {
    await db('users').insert({
      username,
      password_hash: 'not a usable hash',
      role: 'sales',
      email: `${username}@maplehollow.example`,
    });
  }
}

describe('New leads given out in turn (POST /admin/team/auto-assign)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;

  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' });
    owner = await signIn(server.url);
    await addSalesAccounts(server.db);
  });
  after(() => server.close());

  /** The owners of the newest `count` messages, oldest first. */
  const newestOwners = async (count: number) => {
    const ids = (await server.db('contact_messages').orderBy('id', 'desc').limit(count).pluck('id')) as number[];
    const owners: (string | null)[] = [];
    for (const id of ids.reverse()) {
      const row = await server.db('lead_desk').where({ lead_kind: 'message', lead_id: id }).first('owner');
      owners.push((row?.owner as string | undefined) ?? null);
    }
    return owners;
  };
  const setAutoAssign = (enabled: boolean) => staffCall(server.url, '/admin/team/auto-assign', owner, { enabled });

  it('is off by default: a new lead arrives without an owner', async () => {
    const team = (await (
      await fetch(`${server.url}/admin/team.json`, { headers: { Cookie: owner.cookie } })
    ).json()) as { autoAssign: boolean };
    expect(team.autoAssign).to.equal(false);
    expect((await contact(server.url)).status).to.equal(200);
    expect(await newestOwners(1)).to.deep.equal([null]);
  });

  it('is turned on by the owner (200), as an audit row', async () => {
    const response = await setAutoAssign(true);
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ enabled: true });
    const row = await server.db('audit_log').where({ action: 'team.auto-assign' }).first();
    expect(row).to.include({ actor: 'staff', target: 'team', ip: '127.0.0.1' });
    expect(JSON.parse(row.details as string)).to.deep.equal({ autoAssign: [false, true] });
  });

  it('gives six new leads to three sales accounts in turn, by username', async () => {
    for (let index = 0; index < 6; index += 1) expect((await contact(server.url)).status).to.equal(200);
    expect(await newestOwners(6)).to.deep.equal(['ann', 'ben', 'cal', 'ann', 'ben', 'cal']);
  });

  it('shows the assignment on the timeline as an owner change by auto-assign, and in the audit trail', async () => {
    const [id] = (await server.db('contact_messages').orderBy('id', 'desc').limit(1).pluck('id')) as number[];
    const body = (await (
      await fetch(`${server.url}/admin/leads/message/${id}.json`, { headers: { Cookie: owner.cookie } })
    ).json()) as { owner: string; timeline: Record<string, unknown>[] };
    expect(body.owner).to.equal('cal');
    const entry = body.timeline.find((item) => item.type === 'owner');
    expect(entry).to.include({ actor: null, by: 'auto-assign', from: null, to: 'cal' });
    const html = await (
      await fetch(`${server.url}/admin/leads/message/${id}`, { headers: { Cookie: owner.cookie } })
    ).text();
    expect(html).to.include('Auto-assign');
    const audit = await server
      .db('audit_log')
      .where({ action: 'lead.owner', target: `message/${id}` })
      .first();
    expect(audit).to.include({ actor: '' });
    expect(JSON.parse(audit.details as string)).to.deep.equal({ owner: [null, 'cal'], by: 'auto-assign' });
  });

  it('skips a deactivated account', async () => {
    expect((await staffCall(server.url, '/admin/team/ben', owner, { active: false })).status).to.equal(200);
    for (let index = 0; index < 3; index += 1) await contact(server.url);
    expect(await newestOwners(3)).to.deep.equal(['ann', 'cal', 'ann']);
    expect((await staffCall(server.url, '/admin/team/ben', owner, { active: true })).status).to.equal(200);
  });

  it("gives a repeat buyer's lead to the buyer's owner (same e-mail in any case, or same phone), out of turn", async () => {
    await contact(server.url, { email: 'repeat@example.com', phone: '(303) 555-0001' });
    const [first] = await newestOwners(1);
    await contact(server.url, { email: 'REPEAT@Example.com', phone: '(303) 555-0002' });
    await contact(server.url, { email: 'other-address@example.com', phone: '(303) 555-0001' });
    expect(await newestOwners(2)).to.deep.equal([first, first]);
    // The turn did not move: the next new buyer gets the account after `first`.
    await contact(server.url);
    const after = SALES[(SALES.indexOf(first!) + 1) % SALES.length];
    expect(await newestOwners(1)).to.deep.equal([after]);
  });

  it("gives a repeat buyer the next in turn when the buyer's owner no longer takes leads", async () => {
    await contact(server.url, { email: 'left@example.com', phone: '(303) 555-0101' });
    const [first] = await newestOwners(1);
    await server.db('users').where({ username: first }).update({ active: false });
    try {
      await contact(server.url, { email: 'left@example.com', phone: '(303) 555-0101' });
      const [second] = await newestOwners(1);
      expect(second).to.be.a('string').and.not.equal(first);
    } finally {
      await server.db('users').where({ username: first }).update({ active: true });
    }
  });

  it('gives a tour booking, an interest-list sign-up and an agent registration an owner too', async () => {
    const [start] = await openTourSlots(server.url);
    const tour = await fetch(`${server.url}/tours`, {
      method: 'POST',
      headers: { ...FORM, Accept: 'application/json' },
      body: new URLSearchParams({
        firstname: 'Tia',
        lastname: 'Tour',
        email: 'tia@example.com',
        phone: '(719) 555-0110',
        start: start!,
      }),
    });
    expect(tour.status).to.equal(200);
    const interest = await fetch(`${server.url}/interest`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ email: 'ivy@example.com', firstname: 'Ivy' }),
    });
    expect(interest.status).to.equal(200);
    await registerAgentLead(server.url, server.db, { agent_firstname: 'Al', agent_email: 'al@realty.example' });
    for (const kind of ['tour', 'interest', 'agent-registration']) {
      const row = await server.db('lead_desk').where({ lead_kind: kind }).first('owner');
      expect(SALES, kind).to.include(row?.owner);
    }
  });

  it('spreads 10 simultaneous contact posts evenly (3 or 4 each), without an error', async () => {
    const statuses = await Promise.all(Array.from({ length: 10 }, () => contact(server.url).then((r) => r.status)));
    expect(statuses).to.deep.equal(Array(10).fill(200));
    const owners = await newestOwners(10);
    const counts = SALES.map((username) => owners.filter((taken) => taken === username).length);
    expect(counts.reduce((sum, count) => sum + count, 0)).to.equal(10);
    for (const count of counts) expect(count).to.be.within(3, 4);
  });

  it('gives no owner when there is no active sales account', async () => {
    await server.db('users').whereIn('username', SALES).update({ active: false });
    try {
      expect((await contact(server.url)).status).to.equal(200);
      expect(await newestOwners(1)).to.deep.equal([null]);
    } finally {
      await server.db('users').whereIn('username', SALES).update({ active: true });
    }
  });

  it('is turned off with the plain form (200 page), and then new leads have no owner', async () => {
    const response = await fetch(`${server.url}/admin/team/auto-assign`, {
      method: 'POST',
      headers: { ...FORM, Accept: 'text/html', Cookie: owner.cookie, Origin: server.url },
      body: new URLSearchParams({ _csrf: owner.token, enabled: 'false' }),
    });
    expect(response.status).to.equal(200);
    expect(await response.text()).to.include('no longer given out');
    await contact(server.url);
    expect(await newestOwners(1)).to.deep.equal([null]);
  });

  it('answers 400 to anything but a boolean, and is for the owner only (403 for sales)', async () => {
    expect((await setAutoAssign('yes' as unknown as boolean)).status).to.equal(400);
    const sales = await teamMember(server.url, owner, 'sales', 'zed', 'a long sales password 1');
    expect((await staffCall(server.url, '/admin/team/auto-assign', sales, { enabled: true })).status).to.equal(403);
    expect((await setAutoAssign(false)).status).to.equal(200);
  });
});

describe('The staff e-mail of an assigned lead', function () {
  this.timeout(60_000);
  const sink = new SmtpSink();
  let home: OutboxSiteHome;
  let site: RunningSite;
  let owner: Staff;

  before(async () => {
    ({
      home,
      site,
      staff: owner,
    } = await startMailedSite(sink, { MAIL_FROM: 'website@maplehollow.example', CONTACT_RATE_LIMIT: '0' }));
    await addSalesAccounts(site.site.db);
    await site.site.db('users').where({ username: 'ben' }).update({ email: null });
    expect((await staffCall(site.url, '/admin/team/auto-assign', owner, { enabled: true })).status).to.equal(200);
  });
  after(async () => {
    await home.dispose();
    await sink.stop();
  });

  it("goes to the owner's address, with CONTACT_TO in Cc, stored with the delivery before it is sent", async () => {
    expect((await contact(site.url, { email: 'mailed@example.com', phone: '(720) 555-0101' })).status).to.equal(200);
    const [id] = (await site.site.db('contact_messages').orderBy('id', 'desc').limit(1).pluck('id')) as number[];
    const delivery = await site.site
      .db('lead_deliveries')
      .where({ lead_kind: 'message', lead_id: id, channel: 'staff-email' })
      .first();
    expect(delivery.to_address).to.equal('ann@maplehollow.example');
    await waitFor(() => sink.mails.some((mail) => mail.to.includes('ann@maplehollow.example')));
    const mail = sink.mails.find((item) => item.to.includes('ann@maplehollow.example'))!;
    expect(mail.to).to.have.members(['ann@maplehollow.example', 'sales@maplehollow.example']);
    expect(header(mail, 'To')).to.equal('ann@maplehollow.example');
    expect(header(mail, 'Cc')).to.equal('sales@maplehollow.example');
    expect(header(mail, 'Subject')).to.equal('Website message: A question');
  });

  it('goes to CONTACT_TO alone when the owner has no address', async () => {
    expect((await contact(site.url, { email: 'second@example.com', phone: '(720) 555-0102' })).status).to.equal(200);
    const [id] = (await site.site.db('contact_messages').orderBy('id', 'desc').limit(1).pluck('id')) as number[];
    expect((await site.site.db('lead_desk').where({ lead_kind: 'message', lead_id: id }).first()).owner).to.equal(
      'ben',
    );
    const delivery = await site.site
      .db('lead_deliveries')
      .where({ lead_kind: 'message', lead_id: id, channel: 'staff-email' })
      .first();
    expect(delivery.to_address).to.equal(null);
    await waitFor(() => sink.mails.some((mail) => header(mail, 'X-Contact-Message-Id') === String(id)));
    const mail = sink.mails.find((item) => header(item, 'X-Contact-Message-Id') === String(id))!;
    expect(mail.to).to.deep.equal(['sales@maplehollow.example']);
    expect(header(mail, 'Cc')).to.equal(undefined);
  });
});

describeWithCommands(POSTGRES_COMMANDS, 'New leads in turn on PostgreSQL, two instances', function () {
  this.timeout(90_000);
  let postgres: RunningPostgres;
  let first: TestServer;
  let second: TestServer;

  before(async () => {
    postgres = await startPostgres();
    first = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' }, { postgres: postgres.adminUrl });
    second = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' }, { sameStorageAs: first });
    await addSalesAccounts(first.db);
    const owner = await signIn(first.url);
    expect((await staffCall(first.url, '/admin/team/auto-assign', owner, { enabled: true })).status).to.equal(200);
  });
  after(async () => {
    await second?.close();
    await first?.close();
    await postgres?.stop();
  });

  it('takes each turn once when 12 posts reach both instances at the same moment', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => contact(index % 2 === 0 ? first.url : second.url).then((r) => r.status)),
    );
    expect(statuses).to.deep.equal(Array(12).fill(200));
    const owners = (await first.db('lead_desk').where({ lead_kind: 'message' }).pluck('owner')) as string[];
    expect(owners).to.have.length(12);
    expect(SALES.map((username) => owners.filter((taken) => taken === username).length)).to.deep.equal([4, 4, 4]);
  });
});
