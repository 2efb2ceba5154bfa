import { expect } from 'chai';
import { nuErrors, type NuDocument, skipWithoutJava } from '../support/nu-checker.js';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { staffCall } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The W3C Nu Html Checker on every page "Reach beyond the site" adds, in each of its states: 0 errors. A real SMTP
 * server, so the staff page's update preview offers to send, as it does with mail.
 */
const NAVIGATION = { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' };

describe('W3C Nu Html Checker: the reach pages', function () {
  this.timeout(120_000);
  let server: TestServer;
  const sink = new SmtpSink();
  before(async function () {
    skipWithoutJava(this);
    await sink.start();
    server = await startTestServer({
      ...STAFF_ENV,
      CONTACT_RATE_LIMIT: '0',
      SMTP_URL: sink.url,
      CONTACT_TO: 'sales@example.com',
    });
  });
  after(async () => {
    await server?.close();
    await sink.stop();
  });

  it('reports no error on /agents, /interest, the forms on / and /site-plan, the link pages and the staff list', async () => {
    const post = (url: string, form: Record<string, string>) =>
      fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: NAVIGATION,
        body: new URLSearchParams(form),
        redirect: 'manual',
      });
    expect((await post('/interest', { email: 'v@example.com' })).status).to.equal(303);
    const entry = (await server.db('interest_entries').where({ email: 'v@example.com' }).first()) as {
      confirm_token: string;
      unsubscribe_token: string;
    };
    const staff = await signIn(server.url);
    // A confirmed entry, for an update to go to; the update's preview, then the same update sent.
    expect((await post('/interest', { email: 'w@example.com', plan: 'canyon' })).status).to.equal(303);
    const listed = (await server.db('interest_entries').where({ email: 'w@example.com' }).first()) as {
      confirm_token: string;
    };
    expect((await fetch(`${server.url}/interest/confirm/${listed.confirm_token}`)).status).to.equal(200);
    const drafted = await staffCall(server.url, '/admin/interest/updates', staff, {
      subject: 'Open house on Saturday',
      text: 'Come and see the Canyon model.\n\nSaturday, 10 to 4.',
      plan: 'canyon',
    });
    expect(drafted.status).to.equal(201);
    const update = `/admin/interest/updates/${((await drafted.json()) as { id: number }).id}`;
    const asStaff = (path: string) => fetch(`${server.url}${path}`, { headers: { Cookie: staff.cookie } });
    /** The page as answered, once it is the state meant (its status and a line it shows). */
    const inState = async (answer: Promise<Response>, status: number, shows: string) => {
      const response = await answer;
      const html = await response.clone().text();
      expect(response.status, shows).to.equal(status);
      expect(html, shows).to.include(shows);
      return response;
    };
    const pages: [string, () => Promise<Response>][] = [
      ['/', () => fetch(`${server.url}/`)],
      ['/site-plan', () => fetch(`${server.url}/site-plan`)],
      ['/agents', () => fetch(`${server.url}/agents`)],
      ['/agents?sent=1', () => fetch(`${server.url}/agents?sent=1`)],
      ['/agents, problems', () => post('/agents/register', { agent_firstname: 'A', client_email: 'x' })],
      ['/interest', () => fetch(`${server.url}/interest`)],
      ['/interest?sent=1', () => fetch(`${server.url}/interest?sent=1`)],
      ['/interest, problems', () => post('/interest', { email: 'nope' })],
      ['unsubscribe, ask', () => fetch(`${server.url}/interest/unsubscribe/${entry.unsubscribe_token}`)],
      ['confirm', () => fetch(`${server.url}/interest/confirm/${entry.confirm_token}`)],
      ['unsubscribe, done', () => post(`/interest/unsubscribe/${entry.unsubscribe_token}`, {})],
      ['confirm, after unsubscribing', () => fetch(`${server.url}/interest/confirm/${entry.confirm_token}`)],
      ['/admin/interest', () => fetch(`${server.url}/admin/interest`, { headers: { Cookie: staff.cookie } })],
      [
        '/admin/interest, update problems',
        () =>
          inState(
            fetch(`${server.url}/admin/interest/updates`, {
              method: 'POST',
              headers: { ...NAVIGATION, Cookie: staff.cookie, Origin: server.url },
              body: new URLSearchParams({ _csrf: staff.token, subject: '', text: 'x'.repeat(5001), plan: 'nope' }),
            }),
            400,
            'Plan must be one of',
          ),
      ],
      ['/admin/interest/updates/N, preview', () => inState(asStaff(update), 200, 'Send to 1 person')],
      [
        '/admin/interest/updates/N, sent',
        async () => {
          expect((await staffCall(server.url, `${update}/send`, staff, {})).status).to.equal(200);
          return inState(asStaff(update), 200, 'Sent update');
        },
      ],
      ['/admin/interest, with a sent update', () => inState(asStaff('/admin/interest'), 200, 'Open house on Saturday')],
      [
        '/admin/messages?kind=interest',
        () => fetch(`${server.url}/admin/messages?kind=interest`, { headers: { Cookie: staff.cookie } }),
      ],
    ];
    const documents: NuDocument[] = [];
    for (const [label, load] of pages) documents.push({ label, html: await (await load()).text() });
    expect(await nuErrors(documents)).to.deep.equal([]);
  });
});
