import { expect } from 'chai';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Contract, "Reach beyond the site": the inbox and /admin/messages.csv hold four kinds of lead, filterable. */

const post = (server: TestServer, path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, { method: 'POST', body: new URLSearchParams(fields) });

describe('Inbox with four kinds of lead', function () {
  this.timeout(30_000);
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' });
    staff = await signIn(server.url);
    const message = await post(server, '/contact/submit', {
      firstname: 'Mia',
      lastname: 'Message',
      email: 'mia@example.com',
      phone: '(970) 555-0101',
      subject: 'Hello',
      message: 'A question.',
    });
    expect(message.status).to.equal(200);
    expect((await post(server, '/interest', { email: 'ivy@example.com', firstname: 'Ivy' })).status).to.equal(200);
    const agent = await post(server, '/agents/register', {
      agent_firstname: 'Ann',
      agent_lastname: 'Agent',
      agent_email: 'ann@realty.example',
      agent_phone: '(970) 555-0102',
      brokerage: 'Realty One',
      license: 'L-1',
      client_firstname: 'Carl',
      client_lastname: 'Client',
      client_email: 'carl@example.com',
    });
    expect(agent.status).to.equal(200);
  });
  after(async () => server?.close());

  const inbox = async (query = '') =>
    (await fetch(`${server.url}/admin/messages${query}`, { headers: { Cookie: staff.cookie } })).text();

  it('lists every kind together, and each kind alone with ?kind=', async () => {
    const everything = await inbox();
    for (const email of ['mia@example.com', 'ivy@example.com', 'carl@example.com'])
      expect(everything).to.include(email);
    const interest = await inbox('?kind=interest');
    expect(interest).to.include('ivy@example.com');
    expect(interest).not.to.include('carl@example.com');
    expect(interest).not.to.include('mia@example.com');
    const agents = await inbox('?kind=agent-registration');
    expect(agents).to.include('carl@example.com');
    expect(agents).to.include('Registered by agent Ann Agent');
    expect(agents).not.to.include('ivy@example.com');
    expect(await inbox('?kind=message')).not.to.include('carl@example.com');
    for (const kind of ['message', 'tour', 'interest', 'agent-registration'])
      expect(everything).to.match(new RegExp(`<option value="${kind}"`));
  });

  it('finds a lead of a new kind by search, and sets its status and notes', async () => {
    expect(await inbox('?q=carl')).to.include('carl@example.com');
    const row = (await server.db('agent_registrations').where({ email: 'carl@example.com' }).first()) as { id: number };
    const response = await fetch(`${server.url}/admin/messages/agent-registration/${row.id}/follow-up`, {
      method: 'POST',
      headers: { Cookie: staff.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: staff.token, status: 'contacted', notes: 'Called the agent.' }),
      redirect: 'manual',
    });
    expect(response.status).to.equal(303);
    expect((await server.db('agent_registrations').where({ id: row.id }).first()).lead_status).to.equal('contacted');
  });

  const exportedKinds = async (query = '') => {
    const response = await fetch(`${server.url}/admin/messages.csv${query}`, { headers: { Cookie: staff.cookie } });
    expect(response.status).to.equal(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = lines[0]!.split(',');
    const kind = columns.indexOf('kind');
    return lines.slice(1).map((line) => line.split(',')[kind]!.replace(/"/g, ''));
  };

  it('exports every kind in /admin/messages.csv with its kind, and one kind with ?kind=', async () => {
    expect(new Set(await exportedKinds())).to.deep.equal(new Set(['message', 'interest', 'agent-registration']));
    expect(await exportedKinds('?kind=interest')).to.deep.equal(['interest']);
    expect(await exportedKinds('?kind=agent-registration')).to.deep.equal(['agent-registration']);
    expect(await exportedKinds('?kind=tour')).to.deep.equal([]);
    // An unknown kind means every kind, as in the inbox.
    expect(await exportedKinds('?kind=nonsense')).to.have.length(3);
    expect(await inbox('?kind=interest')).to.include('href="/admin/messages.csv?kind=interest"');
  });

  it('erases an agent registration at the buyer’s request, and its hold on the client with it', async () => {
    const row = (await server.db('agent_registrations').where({ email: 'carl@example.com' }).first()) as { id: number };
    const response = await fetch(`${server.url}/admin/messages/agent-registration/${row.id}/erase`, {
      method: 'POST',
      headers: { Cookie: staff.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: staff.token }),
      redirect: 'manual',
    });
    expect(response.status).to.equal(303);
    expect(await server.db('agent_registrations').where({ id: row.id })).to.have.length(0);
    expect(await server.db('agent_client_claims').where({ client_email_key: 'carl@example.com' })).to.have.length(0);
    expect(await inbox()).to.include('Agent registration #');
  });
});
