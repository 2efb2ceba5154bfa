import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { dateInZone } from '../../src/shared/tour-slots.js';
import { registerAgentLead, seedMessage } from '../support/leads.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Issue 30: "staff see which agent registered a buyer and when it expires", on the agent registration's lead. */

const zone = loadContent().community.timeZone;

interface AgentJson {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  brokerage: string;
  license: string;
  protectedSince: string | null;
  protectedUntil: string | null;
  protectionEnds: string | null;
  expired: boolean;
}

describe('GET /admin/leads/agent-registration/<id>: the registering agent', function () {
  this.timeout(60_000);
  let server: TestServer;
  let staff: Staff;
  let id: number;

  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' });
    staff = await signIn(server.url);
    id = await registerAgentLead(server.url, server.db);
  });
  after(() => server.close());

  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { Cookie: staff.cookie } });

  it("gives the agent's name, e-mail, phone, brokerage, license and the protection's end in the JSON", async () => {
    const body = (await (await get(`/admin/leads/agent-registration/${id}.json`)).json()) as {
      lead: { email: string; agent: AgentJson };
    };
    expect(body.lead.email).to.equal('cleo@example.com');
    const { agent } = body.lead;
    expect(agent).to.include({
      firstname: 'Alma',
      lastname: 'Agent',
      email: 'alma@frontrange-realty.example',
      phone: '(970) 555-0120',
      brokerage: 'Front Range Realty',
      license: 'FA100200300',
      expired: false,
    });
    const until = Date.parse(agent.protectedUntil!);
    expect(until - Date.parse(agent.protectedSince!)).to.equal(loadContent().agents.protectionDays * 86_400_000);
    expect(agent.protectionEnds).to.equal(dateInZone(until, zone));
  });

  it('shows the agent as fields on the page, with the end of the protection', async () => {
    const html = await (await get(`/admin/leads/agent-registration/${id}`)).text();
    expect(html).to.include('Registered by an agent');
    for (const text of ['Alma Agent', 'alma@frontrange-realty.example', 'Front Range Realty', 'FA100200300'])
      expect(html).to.include(text);
    expect(html).to.match(/<dt>Protected until<\/dt><dd><time dateTime="[^"]+">[^<]+<\/time><\/dd>/i);
    expect(html).to.not.include('(expired)');
  });

  it('says expired once the protection has ended', async () => {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await server.db('agent_registrations').where({ id }).update({ protected_until: past });
    const body = (await (await get(`/admin/leads/agent-registration/${id}.json`)).json()) as {
      lead: { agent: AgentJson };
    };
    expect(body.lead.agent).to.include({ expired: true, protectedUntil: past });
    expect(await (await get(`/admin/leads/agent-registration/${id}`)).text()).to.include('(expired)');
  });

  it('gives other kinds of lead no agent', async () => {
    const message = await seedMessage(server.db, new Date().toISOString());
    const body = (await (await get(`/admin/leads/message/${message}.json`)).json()) as { lead: object };
    expect(body.lead).to.not.have.property('agent');
  });
});
