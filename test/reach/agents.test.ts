import { expect } from 'chai';
import { all, one, parseHtml, text } from '../support/html.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Contract, "Reach beyond the site": GET /agents and POST /agents/register, over HTTP. */

const NAVIGATION = { Accept: 'text/html,application/xhtml+xml', 'Sec-Fetch-Mode': 'navigate' };
const DAY_MS = 24 * 60 * 60 * 1000;

const AGENT_A = {
  agent_firstname: 'Rita',
  agent_lastname: 'Alvarez',
  agent_email: 'rita@frontrange-realty.example',
  agent_phone: '(970) 555-0111',
  brokerage: 'Front Range Realty',
  license: 'FA100234567',
};
const AGENT_B = {
  agent_firstname: 'Ben',
  agent_lastname: 'Okafor',
  agent_email: 'ben@peakhomes.example',
  agent_phone: '970-555-0122',
  brokerage: 'Peak Homes Brokerage',
  license: 'FA100999888',
};

function client(email: string) {
  return { client_firstname: 'Jo', client_lastname: 'Buyer', client_email: email };
}

async function register(server: TestServer, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/agents/register`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers,
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('Agents', function () {
  this.timeout(30_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
  });
  after(async () => server?.close());

  describe('GET /agents', () => {
    it('shows the terms from the content (commission, protection days) and the registration form', async () => {
      const response = await fetch(`${server.url}/agents`);
      expect(response.status).to.equal(200);
      const html = await response.text();
      const page = parseHtml(html);
      expect(text(page)).to.include('3% of the base price, paid at closing.');
      expect(text(page)).to.include('90 days');
      const form = one(page, 'form', (el) => el.attrs.action === '/agents/register');
      expect(form.attrs.method).to.equal('post');
      const names = all(form, 'input').map((input) => input.attrs.name);
      for (const field of [...Object.keys(AGENT_A), ...Object.keys(client('x@example.com'))])
        expect(names).to.include(field);
      // No widget: the page ships no script.
      expect(html).not.to.match(/<script[^>]+src=/);
    });
  });

  describe('POST /agents/register', () => {
    it('stores a lead of kind agent-registration whose buyer is the client, and answers success', async () => {
      const answer = await register(server, { ...AGENT_A, ...client('jo.one@example.com') });
      expect(answer.status).to.equal(200);
      expect(answer.text).to.equal('success');
      const row = await server.db('agent_registrations').where({ email: 'jo.one@example.com' }).first();
      expect(row).to.include({
        firstname: 'Jo',
        lastname: 'Buyer',
        agent_email: AGENT_A.agent_email,
        brokerage: 'Front Range Realty',
      });
      expect(Boolean(row.is_spam)).to.equal(false);
    });

    it('answers a plain form post with a 303 to the page that says the client is registered', async () => {
      const answer = await register(server, { ...AGENT_A, ...client('jo.two@example.com') }, NAVIGATION);
      expect(answer.status).to.equal(303);
      expect(answer.headers.get('location')).to.equal('/agents?sent=1');
      const page = await (await fetch(`${server.url}/agents?sent=1`)).text();
      expect(page).to.include('your client is registered with you');
    });

    it('refuses invalid fields with 400, naming each problem, and stores nothing', async () => {
      const before = await server.db('agent_registrations').count({ count: '*' }).first();
      const answer = await register(server, { ...AGENT_A, agent_phone: '555', client_email: 'not-an-address' });
      expect(answer.status).to.equal(400);
      expect(answer.text).not.to.equal('success');
      expect(answer.text).to.include('Invalid phone number');
      expect(answer.text).to.include('valid email address');
      expect(answer.text).to.include('Client’s first name is required');
      const after = await server.db('agent_registrations').count({ count: '*' }).first();
      expect(Number(after?.count)).to.equal(Number(before?.count));
    });

    it('shows every problem next to its field, typed values kept, on a plain post', async () => {
      const answer = await register(server, { ...AGENT_A, agent_email: 'rita@', ...client('') }, NAVIGATION);
      expect(answer.status).to.equal(400);
      const page = parseHtml(answer.text);
      expect(one(page, 'input', (el) => el.attrs.name === 'brokerage').attrs.value).to.equal('Front Range Realty');
      const errors = all(page, 'p', (el) => (el.attrs.class ?? '').includes('field-error')).map(text);
      expect(errors).to.have.length(2);
    });

    it('answers 409 with the date the client was registered, never who, when another agent registered them within the period', async () => {
      expect((await register(server, { ...AGENT_A, ...client('taken@example.com') })).status).to.equal(200);
      const claim = await server.db('agent_client_claims').where({ client_email_key: 'taken@example.com' }).first();
      const answer = await register(server, { ...AGENT_B, ...client('TAKEN@example.com') });
      expect(answer.status).to.equal(409);
      const since = new Date(Date.parse(claim.since)).toLocaleDateString('en-CA', { timeZone: 'America/Denver' });
      expect(answer.text).to.include(since);
      expect(answer.text).not.to.include('Rita');
      expect(answer.text).not.to.include('Alvarez');
      expect(answer.text).not.to.include('Front Range');
      expect(answer.text).not.to.include(AGENT_A.agent_email);
      expect(
        await server.db('agent_registrations').where({ agent_email: AGENT_B.agent_email, email: 'TAKEN@example.com' }),
      ).to.have.length(0);
    });

    it('lets the same agent register the same client again', async () => {
      expect((await register(server, { ...AGENT_A, ...client('again@example.com') })).status).to.equal(200);
      expect(
        (
          await register(server, {
            ...AGENT_A,
            agent_email: 'RITA@frontrange-realty.example',
            ...client('again@example.com'),
          })
        ).status,
      ).to.equal(200);
    });

    it('holds the client for the period counted from the registration: day 89 refused, day 91 accepted', async () => {
      expect((await register(server, { ...AGENT_A, ...client('period@example.com') })).status).to.equal(200);
      const moveBack = async (days: number) => {
        const since = new Date(Date.now() - days * DAY_MS);
        await server
          .db('agent_client_claims')
          .where({ client_email_key: 'period@example.com' })
          .update({
            since: since.toISOString(),
            until: new Date(since.getTime() + 90 * DAY_MS).toISOString(),
          });
        return since;
      };
      const since = await moveBack(89);
      const refused = await register(server, { ...AGENT_B, ...client('period@example.com') });
      expect(refused.status).to.equal(409);
      expect(refused.text).to.include(since.toLocaleDateString('en-CA', { timeZone: 'America/Denver' }));
      await moveBack(91);
      const accepted = await register(server, { ...AGENT_B, ...client('period@example.com') });
      expect(accepted.status).to.equal(200);
      const claim = await server.db('agent_client_claims').where({ client_email_key: 'period@example.com' }).first();
      expect(claim.agent_email_key).to.equal(AGENT_B.agent_email);
      // Now agent A is the other agent.
      expect((await register(server, { ...AGENT_A, ...client('period@example.com') })).status).to.equal(409);
    });

    it('gives one of two agents registering the same client at the same moment the client, the other 409', async () => {
      const answers = await Promise.all([
        register(server, { ...AGENT_A, ...client('race@example.com') }),
        register(server, { ...AGENT_B, ...client('race@example.com') }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 409]);
    });

    it('keeps a post with the honeypot filled as spam and answers success', async () => {
      const answer = await register(server, {
        ...AGENT_A,
        ...client('bot@example.com'),
        website: 'http://spam.example',
      });
      expect(answer.status).to.equal(200);
      expect(answer.text).to.equal('success');
      const row = await server.db('agent_registrations').where({ email: 'bot@example.com' }).first();
      expect(Boolean(row.is_spam)).to.equal(true);
      expect(await server.db('agent_client_claims').where({ client_email_key: 'bot@example.com' })).to.have.length(0);
    });
  });
});

describe('POST /agents/register and CONTACT_RATE_LIMIT', function () {
  this.timeout(30_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '2' });
  });
  after(async () => server?.close());

  it('counts registrations with the other lead forms and answers 429 over the limit', async () => {
    expect((await register(server, { ...AGENT_A, ...client('l1@example.com') })).status).to.equal(200);
    const contact = await fetch(`${server.url}/contact/submit`, {
      method: 'POST',
      body: new URLSearchParams({
        firstname: 'Sam',
        lastname: 'Lee',
        email: 'sam@example.com',
        phone: '(970) 555-0150',
        subject: 'Hi',
        message: 'Hello',
      }),
    });
    expect(contact.status).to.equal(200);
    const third = await register(server, { ...AGENT_A, ...client('l3@example.com') });
    expect(third.status).to.equal(429);
  });
});
