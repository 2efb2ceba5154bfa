import http from 'node:http';
import { expect } from 'chai';
import { setStaffPassword } from '../../src/services/staff-accounts.js';
import { RESERVED_USERNAMES } from '../../src/shared/staff-credentials.js';
import { appRoutes } from '../support/admin-routes.js';
import { SmtpSink, waitFor } from '../support/smtp-sink.js';
import { postSignIn, signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { acceptInvitation, inviteLink, staffCall, teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const SITE_URL = 'https://homes.maplehollow.example';
const RUTH_PASSWORD = 'crimson ladder eight';

/** The one link to `path` in a plain-text letter (quoted-printable soft breaks joined). */
function linkIn(raw: string, path: string): string {
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https?://[^\\s]+${path}/[A-Za-z0-9_-]+`).exec(body);
  expect(match, `a ${path} link in the letter`).to.not.equal(null);
  return match![0];
}

/** A request with a Host header of the client's choosing (fetch does not let a script set Host). */
function requestWithHost(
  url: string,
  host: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: { ...options.headers, Host: host } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('Sign-in links', () => {
  const sink = new SmtpSink();
  let server: TestServer;
  let owner: Staff;

  before(async () => {
    await sink.start();
    // Test mode (not production), SITE_URL set: the README's `npm start` with a site address.
    server = await startTestServer({ ...STAFF_ENV, SMTP_URL: sink.url, SITE_URL, LOGIN_RATE_LIMIT: '50' });
    owner = await signIn(server.url);
    await teamMember(server.url, owner, 'marketing', 'ruth', RUTH_PASSWORD);
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  /** Asks for a reset link for ruth and returns its path (the letter's link is at SITE_URL). */
  async function resetPath(): Promise<string> {
    const before = sink.mails.length;
    const response = await fetch(`${server.url}/login/forgot`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams({ who: 'ruth' }),
    });
    expect(response.status).to.equal(200);
    const isReset = (raw: string) => raw.replace(/=\r?\n/g, '').includes('/login/reset/');
    await waitFor(() => sink.mails.slice(before).some((mail) => isReset(mail.raw)));
    const letter = sink.mails.slice(before).find((mail) => isReset(mail.raw))!;
    return new URL(linkIn(letter.raw, '/login/reset')).pathname;
  }

  function postReset(path: string, password: string): Promise<Response> {
    return fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams({ password }),
    });
  }

  describe('links in e-mails', () => {
    it('point at SITE_URL, whatever Host the request that made them names, outside production too', async () => {
      const before = sink.mails.length;
      const forgot = await requestWithHost(`${server.url}/login/forgot`, 'attacker.example', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://attacker.example' },
        body: new URLSearchParams({ who: 'ruth' }).toString(),
      });
      expect(forgot.status).to.equal(200);
      const isReset = (raw: string) => raw.replace(/=\r?\n/g, '').includes('/login/reset/');
      await waitFor(() => sink.mails.slice(before).some((mail) => isReset(mail.raw)));
      const resetLetter = sink.mails.slice(before).find((mail) => isReset(mail.raw))!;
      expect(linkIn(resetLetter.raw, '/login/reset').startsWith(`${SITE_URL}/login/reset/`)).to.equal(true);

      const invited = await requestWithHost(`${server.url}/admin/team/invitations`, 'attacker.example', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Origin: 'http://attacker.example',
          Cookie: owner.cookie,
          'X-CSRF-Token': owner.token,
        },
        body: JSON.stringify({ email: 'nell@example.com', role: 'sales' }),
      });
      expect(invited.status).to.equal(201);
      expect((JSON.parse(invited.body) as { link: string }).link.startsWith(`${SITE_URL}/join/`)).to.equal(true);
      await waitFor(() => sink.mails.some((mail) => mail.to.includes('nell@example.com')));
      const letter = sink.mails.find((mail) => mail.to.includes('nell@example.com'))!;
      expect(linkIn(letter.raw, '/join').startsWith(`${SITE_URL}/join/`)).to.equal(true);
    });
  });

  describe('a reset link works only while it is the newest and the password is the one it was issued for', () => {
    it('stops working when a newer link is issued', async () => {
      const older = await resetPath();
      const newer = await resetPath();
      expect((await fetch(`${server.url}${older}`)).status).to.equal(410);
      expect((await postReset(older, 'amber meadow ninety')).status).to.equal(410);
      expect((await fetch(`${server.url}${newer}`)).status).to.equal(200);
      expect((await postSignIn(server.url, 'ruth', RUTH_PASSWORD)).status, 'password unchanged').to.equal(303);
    });

    it('stops working once the password changes on the account page', async () => {
      const link = await resetPath();
      const ruth = await signIn(server.url, 'ruth', RUTH_PASSWORD);
      const changed = await staffCall(server.url, '/admin/account/password', ruth, {
        current: RUTH_PASSWORD,
        password: 'velvet harbor twelve',
      });
      expect(changed.status).to.equal(200);
      expect((await fetch(`${server.url}${link}`)).status).to.equal(410);
      expect((await postReset(link, 'amber meadow ninety')).status).to.equal(410);
      expect((await postSignIn(server.url, 'ruth', 'velvet harbor twelve')).status).to.equal(303);
      await setStaffPassword(server.db, 'ruth', RUTH_PASSWORD, server.config.passwordHashCost);
    });

    it('stops working once the password is set by npm run admin (or ADMIN_PASSWORD at start)', async () => {
      const link = await resetPath();
      await setStaffPassword(server.db, 'ruth', 'granite willow sixty', server.config.passwordHashCost);
      expect((await postReset(link, 'amber meadow ninety')).status).to.equal(410);
      expect((await postSignIn(server.url, 'ruth', 'granite willow sixty')).status).to.equal(303);
      await setStaffPassword(server.db, 'ruth', RUTH_PASSWORD, server.config.passwordHashCost);
    });

    it('works once: the link used, every other link of the account is over', async () => {
      const link = await resetPath();
      expect((await postReset(link, 'amber meadow ninety')).status).to.equal(303);
      expect((await postReset(link, 'another password entirely')).status).to.equal(410);
      const open = await server.db('password_resets').whereNull('used_at').count({ n: '*' }).first();
      expect(Number(open?.n)).to.equal(0);
      expect((await postSignIn(server.url, 'ruth', 'amber meadow ninety')).status).to.equal(303);
      await setStaffPassword(server.db, 'ruth', RUTH_PASSWORD, server.config.passwordHashCost);
    });
  });

  describe('the forms of the links, as a browser posts them', () => {
    it('send a referrer to this site only (the token never leaves for another site)', async () => {
      const link = await resetPath();
      expect((await fetch(`${server.url}${link}`)).headers.get('referrer-policy')).to.equal('same-origin');
      const invitation = await inviteLink(server.url, owner, 'sales', 'ola@example.com');
      const path = new URL(invitation).pathname;
      expect((await fetch(`${server.url}${path}`)).headers.get('referrer-policy')).to.equal('same-origin');
    });

    it('accept the invitation and the reset posted with Origin: null from our own page (Sec-Fetch-Site: same-origin)', async () => {
      const browser = { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' };
      const invitation = new URL(await inviteLink(server.url, owner, 'sales', 'pia@example.com')).pathname;
      const joined = await fetch(`${server.url}${invitation}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...browser },
        body: new URLSearchParams({ username: 'pia', password: 'saffron window eleven' }),
      });
      expect(joined.status).to.equal(303);
      const link = await resetPath();
      const reset = await fetch(`${server.url}${link}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...browser },
        body: new URLSearchParams({ password: 'amber meadow ninety' }),
      });
      expect(reset.status).to.equal(303);
      await setStaffPassword(server.db, 'ruth', RUTH_PASSWORD, server.config.passwordHashCost);
    });

    it('refuse a post from another site with a page a person can read, and a call with the JSON', async () => {
      const link = await resetPath();
      const page = await fetch(`${server.url}${link}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'text/html,application/xhtml+xml',
          'Sec-Fetch-Site': 'cross-site',
          'Sec-Fetch-Mode': 'navigate',
          Origin: 'https://elsewhere.example',
        },
        body: new URLSearchParams({ password: 'amber meadow ninety' }),
      });
      expect(page.status).to.equal(403);
      expect(page.headers.get('content-type')).to.match(/^text\/html/);
      const html = await page.text();
      expect(html).to.include('This form could not be sent');
      expect(html).to.not.include('{"error"');
      const call = await fetch(`${server.url}${link}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'null' },
        body: '{}',
      });
      expect(call.status).to.equal(403);
      expect(await call.json()).to.deep.equal({ error: 'Cross-site requests are not allowed.' });
      expect((await fetch(`${server.url}${link}`)).status, 'the link still works').to.equal(200);
    });
  });

  describe('usernames at invitation', () => {
    it('refuses a username that is a path, a page of the team or not one path segment, saying so in words', async () => {
      for (const username of [
        '..',
        '.',
        'auto-assign',
        'Auto-Assign',
        'new',
        'invitations',
        'a/b',
        'x%2fy',
        '.hidden',
        'two words',
      ]) {
        const link = await inviteLink(server.url, owner, 'sales', `someone@example.com`);
        const response = await acceptInvitation(link, username, 'saffron window eleven');
        expect(response.status, username).to.equal(400);
        const message = /id="new-username-error"[^>]*>([^<]*)</.exec(await response.text())?.[1] ?? '';
        expect(message, username).to.be.oneOf([
          'Use only letters and digits, with a dot, underscore, hyphen or @ between them (for example jane.doe).',
          'This username is the name of a staff page. Choose another.',
        ]);
        expect(await server.db('users').where({ username: username.toLowerCase() }).first(), username).to.equal(
          undefined,
        );
      }
    });

    it('reserves every path the team page has below /admin/team (read from the app, so none can be forgotten)', () => {
      const segments = appRoutes(server)
        .map((route) => /^\/admin\/team\/([^/:]+)/.exec(route.path)?.[1])
        .filter((segment): segment is string => segment !== undefined);
      expect(segments).to.include('auto-assign');
      for (const segment of segments) expect(RESERVED_USERNAMES.has(segment), segment).to.equal(true);
    });

    it('accepts a plain one, and the team page can then act on it', async () => {
      const link = await inviteLink(server.url, owner, 'sales', 'jane@example.com');
      expect((await acceptInvitation(link, 'Jane.Doe', 'saffron window eleven')).status).to.equal(303);
      const changed = await staffCall(server.url, '/admin/team/jane.doe', owner, { active: false });
      expect(changed.status).to.equal(200);
      expect(((await changed.json()) as { active: boolean }).active).to.equal(false);
    });
  });
});
