import { expect } from 'chai';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { acceptInvitation, inviteLink, staffCall, teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface InvitationJson {
  id: number;
  email: string;
  role: string;
  invitedBy: string;
  expires: string;
}

/**
 * Invitations do not outlive the owner who sent them (decision 046): deactivating (or demoting) an owner cancels
 * the invitations they sent; owners see every pending invitation on the team page and withdraw any of them; both are
 * audit rows, and a withdrawn link answers 410 like an expired one.
 */
describe('Pending invitations', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
  });
  after(() => server.close());

  async function pending(): Promise<InvitationJson[]> {
    const response = await fetch(`${server.url}/admin/team`, {
      headers: { Cookie: owner.cookie, Accept: 'application/json' },
    });
    return ((await response.json()) as { invitations: InvitationJson[] }).invitations;
  }

  const auditRows = (action: string) =>
    server.db('audit_log').where({ action }).orderBy('id') as Promise<
      { actor: string; target: string; details: string }[]
    >;

  it('cancels the invitations of an owner who is deactivated: the link answers 410 and makes no account', async () => {
    const ada = await teamMember(server.url, owner, 'owner', 'ada', 'violet compass ninety');
    const link = await inviteLink(server.url, ada, 'owner', 'heir@example.com');
    const other = await inviteLink(server.url, owner, 'sales', 'kept@example.com');
    const deactivated = await staffCall(server.url, '/admin/team/ada', owner, { active: false });
    expect(deactivated.status).to.equal(200);

    expect((await fetch(link)).status).to.equal(410);
    const accepted = await acceptInvitation(link, 'heir', 'amber lighthouse seven');
    expect(accepted.status).to.equal(410);
    expect(await server.db('users').where({ username: 'heir' }).first()).to.equal(undefined);
    expect((await fetch(other)).status, 'another owner’s invitation stays').to.equal(200);
    expect((await pending()).map((item) => item.email))
      .to.include('kept@example.com')
      .and.not.include('heir@example.com');
    const [row] = await auditRows('account.invitations-cancelled');
    expect(row).to.include({ actor: 'staff', target: 'ada' });
    expect(JSON.parse(row!.details)).to.deep.equal({ invitations: 1, emails: ['heir@example.com'] });
  });

  it('refuses a link whose owner is no longer an owner, even one made before this version cancelled them', async () => {
    const ben = await teamMember(server.url, owner, 'owner', 'ben', 'saffron harbor thirty');
    const link = await inviteLink(server.url, ben, 'owner', 'late@example.com');
    // As a database from before: the sender demoted without the cancellation.
    await server.db('users').where({ username: 'ben' }).update({ role: 'sales' });
    expect((await acceptInvitation(link, 'late', 'copper meadow twelve')).status).to.equal(410);
    expect(await server.db('users').where({ username: 'late' }).first()).to.equal(undefined);
  });

  it('lists pending invitations to owners and withdraws one (JSON and form): its link answers 410, audited', async () => {
    const first = await inviteLink(server.url, owner, 'marketing', 'first@example.com');
    const second = await inviteLink(server.url, owner, 'sales', 'second@example.com');
    const listed = await pending();
    const firstId = listed.find((item) => item.email === 'first@example.com')!.id;
    const secondId = listed.find((item) => item.email === 'second@example.com')!.id;
    expect(listed.find((item) => item.id === firstId)).to.include({ role: 'marketing', invitedBy: 'staff' });

    const page = await (await fetch(`${server.url}/admin/team`, { headers: { Cookie: owner.cookie } })).text();
    expect(page).to.include(`action="/admin/team/invitations/${firstId}/revoke"`);

    const revoked = await staffCall(server.url, `/admin/team/invitations/${firstId}/revoke`, owner, {});
    expect(revoked.status).to.equal(200);
    expect(await revoked.json()).to.deep.equal({ revoked: { id: firstId, email: 'first@example.com' } });
    expect((await fetch(first)).status).to.equal(410);
    expect((await acceptInvitation(first, 'fay', 'granite willow forty')).status).to.equal(410);

    const form = await fetch(`${server.url}/admin/team/invitations/${secondId}/revoke`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        Cookie: owner.cookie,
        Origin: server.url,
      },
      body: new URLSearchParams({ _csrf: owner.token }),
    });
    expect(form.status).to.equal(200);
    expect(await form.text()).to.include('The invitation of second@example.com is withdrawn');
    expect((await fetch(second)).status).to.equal(410);
    expect((await pending()).map((item) => item.id)).to.not.include.members([firstId, secondId]);

    const again = await staffCall(server.url, `/admin/team/invitations/${firstId}/revoke`, owner, {});
    expect(again.status, 'nothing left to withdraw').to.equal(409);
    expect((await staffCall(server.url, '/admin/team/invitations/999999/revoke', owner, {})).status).to.equal(404);
    const rows = await auditRows('account.invitation-revoked');
    expect(rows.map((row) => [row.actor, row.target])).to.deep.equal([
      ['staff', 'first@example.com'],
      ['staff', 'second@example.com'],
    ]);
  });

  it('lets only owners withdraw an invitation', async () => {
    const link = await inviteLink(server.url, owner, 'sales', 'guarded@example.com');
    const id = (await pending()).find((item) => item.email === 'guarded@example.com')!.id;
    const sales = await teamMember(server.url, owner, 'sales', 'sid', 'pepper lantern sixty');
    expect((await staffCall(server.url, `/admin/team/invitations/${id}/revoke`, sales, {})).status).to.equal(403);
    expect((await fetch(link)).status).to.equal(200);
  });
});
