import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The W3C Nu Html Checker on every page "Reach beyond the site" adds, in each of its states: 0 errors. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));
const NAVIGATION = { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' };

describe('W3C Nu Html Checker: the reach pages', function () {
  this.timeout(120_000);
  let server: TestServer;
  before(async function () {
    if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0) this.skip();
    server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' });
  });
  after(async () => server?.close());

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
        '/admin/messages?kind=interest',
        () => fetch(`${server.url}/admin/messages?kind=interest`, { headers: { Cookie: staff.cookie } }),
      ],
    ];
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'vnu-reach-'));
    const files = new Map<string, string>();
    for (const [index, [label, load]] of pages.entries()) {
      const file = path.join(folder, `page-${index}.html`);
      await fs.writeFile(file, await (await load()).text());
      files.set(file, label);
    }
    const run = spawnSync(
      'java',
      [
        '-XX:TieredStopAtLevel=1',
        '-XX:+UseSerialGC',
        '-Xss16m',
        '-jar',
        VNU_JAR,
        '--format',
        'json',
        '--stdout',
        ...files.keys(),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    await fs.rm(folder, { recursive: true, force: true });
    const { messages } = JSON.parse(run.stdout) as {
      messages: { type: string; url?: string; message: string; extract?: string }[];
    };
    const errors = messages
      .filter((message) => message.type === 'error')
      .map(
        (message) =>
          `${files.get(message.url ? new URL(message.url).pathname : '') ?? '?'}: ${message.message} — ${message.extract ?? ''}`,
      );
    expect(errors).to.deep.equal([]);
  });
});
