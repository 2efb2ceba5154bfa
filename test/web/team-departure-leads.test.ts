import { expect } from 'chai';
import { seedMessage } from '../support/leads.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall, teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * A counselor who leaves does not take their open leads into a deactivated account (decision 046): the
 * deactivation (or a move to marketing, which works no leads) says where the open leads go — another counselor,
 * nobody, or the rotation — and moves them in its own transaction, with one audit row saying how many and to whom.
 */
describe('Open leads of an account that stops taking leads', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;
  let serial = 0;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
    await teamMember(server.url, owner, 'sales', 'max', 'harbor violet seventy');
    await teamMember(server.url, owner, 'sales', 'ned', 'copper willow eighty');
    await teamMember(server.url, owner, 'marketing', 'mia', 'saffron lantern ninety');
  });
  after(() => server.close());

  /** A new sales account owning two open leads (one with a follow-up due), a closed one and a spam one. */
  async function counselor(): Promise<{ username: string; open: number[]; closed: number; spam: number }> {
    serial += 1;
    const username = `lia${serial}`;
    await teamMember(server.url, owner, 'sales', username, `juniper meadow ${serial} forty`);
    const now = new Date().toISOString();
    const open = [await seedMessage(server.db, now), await seedMessage(server.db, now, { lead_status: 'contacted' })];
    const closed = await seedMessage(server.db, now, { lead_status: 'closed' });
    const spam = await seedMessage(server.db, now, { is_spam: true });
    for (const id of [...open, closed, spam]) {
      const given = await staffCall(server.url, `/admin/leads/message/${id}/owner`, owner, { username });
      expect(given.status, `message ${id} given to ${username}`).to.equal(200);
    }
    await staffCall(server.url, `/admin/leads/message/${open[0]}/follow-up`, owner, { date: now.slice(0, 10) });
    return { username, open, closed, spam };
  }

  const ownerOf = async (id: number) =>
    ((await server.db('lead_desk').where({ lead_kind: 'message', lead_id: id }).first()) as { owner: string | null })
      .owner;
  const handovers = (username: string) =>
    server.db('audit_log').where({ action: 'leads.handed-over', target: username }) as Promise<
      { actor: string; details: string }[]
    >;

  it('moves the open leads to the counselor chosen, in the deactivation, audited; closed and spam keep their owner', async () => {
    const { username, open, closed, spam } = await counselor();
    const response = await staffCall(server.url, `/admin/team/${username}`, owner, {
      active: false,
      leadsTo: { account: 'max' },
    });
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.include({ username, active: false, leadsHandedOver: 2 });
    for (const id of open) expect(await ownerOf(id), `open message ${id}`).to.equal('max');
    expect(await ownerOf(closed)).to.equal(username);
    expect(await ownerOf(spam)).to.equal(username);
    const desk = await server.db('lead_desk').where({ lead_kind: 'message', lead_id: open[0] }).first();
    expect(desk.follow_up, 'the follow-up goes with the lead').to.be.a('string');
    const [row] = await handovers(username);
    expect(row?.actor).to.equal('staff');
    expect(JSON.parse(row!.details)).to.deep.equal({ leads: 2, to: 'max', owners: { max: 2 } });
    const event = await server
      .db('lead_events')
      .where({ lead_kind: 'message', lead_id: open[1], type: 'owner' })
      .orderBy('id', 'desc')
      .first();
    expect(JSON.parse(event.details as string)).to.deep.include({ from: username, to: 'max' });
  });

  it('leaves them unassigned for the contract’s {"active": false} while new leads are not given out in turn', async () => {
    const { username, open } = await counselor();
    const response = await staffCall(server.url, `/admin/team/${username}`, owner, { active: false });
    expect(response.status).to.equal(200);
    for (const id of open) expect(await ownerOf(id)).to.equal(null);
    expect(JSON.parse((await handovers(username))[0]!.details)).to.deep.include({ leads: 2, to: 'unassigned' });
  });

  it('gives them out in turn among the active sales accounts with "rotation"', async () => {
    const { username, open } = await counselor();
    const response = await staffCall(server.url, `/admin/team/${username}`, owner, {
      active: false,
      leadsTo: 'rotation',
    });
    expect(response.status).to.equal(200);
    const owners = await Promise.all(open.map(ownerOf));
    for (const name of owners) expect(name).to.be.a('string').and.not.equal(username);
    expect(new Set(owners).size, 'one each, in turn').to.equal(2);
  });

  it('refuses an account that cannot take leads (400) and changes nothing: the person stays active, the leads theirs', async () => {
    const { username, open } = await counselor();
    for (const leadsTo of [{ account: 'mia' }, { account: username }, { account: 'ghost' }, 'somewhere']) {
      const response = await staffCall(server.url, `/admin/team/${username}`, owner, { active: false, leadsTo });
      expect(response.status, JSON.stringify(leadsTo)).to.equal(400);
    }
    expect((await server.db('users').where({ username }).first()).active).to.be.oneOf([true, 1]);
    for (const id of open) expect(await ownerOf(id)).to.equal(username);
    expect(await handovers(username)).to.have.length(0);
  });

  it('hands them over when the account moves to marketing, which works no leads', async () => {
    const { username, open } = await counselor();
    const response = await staffCall(server.url, `/admin/team/${username}`, owner, {
      role: 'marketing',
      leadsTo: { account: 'ned' },
    });
    expect(response.status).to.equal(200);
    for (const id of open) expect(await ownerOf(id)).to.equal('ned');
  });

  it('asks on the team page where the open leads go, saying how many, only for someone who has some', async () => {
    const { username, open } = await counselor();
    const page = await (await fetch(`${server.url}/admin/team`, { headers: { Cookie: owner.cookie } })).text();
    expect(page).to.match(new RegExp(`<label for="leads-to-${username}">2 open leads go to</label>`));
    expect(page).to.include('<option value="account:max">max</option>');
    expect(page).to.not.include('id="leads-to-staff"').and.not.include('id="leads-to-mia"');
    const form = await fetch(`${server.url}/admin/team/${username}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        Cookie: owner.cookie,
        Origin: server.url,
      },
      body: new URLSearchParams({ _csrf: owner.token, active: 'false', leadsTo: 'account:ned' }),
    });
    expect(form.status).to.equal(200);
    expect(await form.text()).to.include('2 open leads moved');
    for (const id of open) expect(await ownerOf(id)).to.equal('ned');
  });
});
