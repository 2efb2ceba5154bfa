import { expect } from 'chai';
import { setStaffPassword } from '../../src/services/staff-accounts.js';
import { createRestartableServer, type RestartableServer } from '../support/restartable-server.js';
// This file's sign-ins need only the session cookie.
import {
  csrfTokenOf,
  postSignIn as postLogin,
  signInCookie as signIn,
  STAFF_ENV as STAFF,
  STAFF_PASSWORD as PASSWORD,
} from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const WRONG_CREDENTIALS = 'Incorrect username or password.';

/** The `sid=…` pair a response sets, if any. */
function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('sid=') && pair.length > 'sid='.length);
}

/** The session id inside a signed `sid=s:<id>.<signature>` cookie, as stored in sessions.sid. */
function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice('sid='.length));
  expect(value).to.match(/^s:[^.]+\..+$/);
  return value.slice(2, value.lastIndexOf('.'));
}

function get(url: string, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}

/** React separates adjacent text with `<!-- -->`; tests read the text as a reader would. */
async function pageText(response: Response): Promise<string> {
  return (await response.text()).replaceAll('<!-- -->', '');
}

function errorTextOf(html: string): string | undefined {
  return /<p class="alert alert-error" role="alert">([^<]*)<\/p>/.exec(html)?.[1];
}

async function sessionRow(server: { db: TestServer['db'] }, sid: string) {
  return server.db('sessions').where({ sid }).first<{ sid: string; sess: string; expires_at: number } | undefined>();
}

async function sessionCount(server: { db: TestServer['db'] }): Promise<number> {
  const row = await server.db('sessions').count<{ count: number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/** Reorders the homepage carousel by reversing it: a state change that needs a live session and its token. */
async function reverseCarousel(url: string, cookie: string, token: string): Promise<Response> {
  const listing = (await (await get(`${url}/api/homepageimages?sort=order,asc`)).json()) as {
    _embedded: { homepageimages: { url: string }[] };
  };
  const reversed = listing._embedded.homepageimages.map((image, index, all) => ({
    url: image.url,
    order: all.length - 1 - index,
  }));
  return fetch(`${url}/admin/reorder/homepageimages`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json', 'X-CSRF-Token': token },
    body: JSON.stringify(reversed),
  });
}

describe('POST /login', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ...STAFF, LOGIN_RATE_LIMIT: '50' });
  });
  after(() => server.close());

  it('signs staff in with the right password: 303 to /admin, a stored session, and the dashboard opens', async () => {
    const response = await postLogin(server.url, 'staff', PASSWORD);
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/admin');
    const cookie = sessionCookieOf(response) as string;
    expect(response.headers.getSetCookie().join(';'))
      .to.match(/HttpOnly/i)
      .and.match(/SameSite=Lax/i);
    const row = await sessionRow(server, sessionIdOf(cookie));
    expect(row, 'session row').to.not.equal(undefined);
    expect(JSON.parse(row?.sess ?? '{}'))
      .to.have.nested.property('passport.user')
      .that.is.a('number');
    const dashboard = await get(`${server.url}/admin`, cookie);
    expect(dashboard.status).to.equal(200);
    expect(await pageText(dashboard)).to.include('Signed in as staff');
  });

  it('accepts the username in another case or with spaces around it', async () => {
    const response = await postLogin(server.url, '  STAFF ', PASSWORD);
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/admin');
  });

  it('returns to the admin path given in next', async () => {
    const response = await postLogin(server.url, 'staff', PASSWORD, { next: '/admin/messages' });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/admin/messages');
  });

  it('ignores a next that leads outside the admin area', async () => {
    for (const next of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/contact',
      '/administrator',
      '/admin\\..\\x',
      'javascript:alert(1)',
    ]) {
      const response = await postLogin(server.url, 'staff', PASSWORD, { next });
      expect(response.status, next).to.equal(303);
      expect(response.headers.get('location'), next).to.equal('/admin');
    }
  });

  it('sends a page without a session to /login with next set, and back there after signing in', async () => {
    const page = await get(`${server.url}/admin/messages`);
    expect(page.status).to.equal(303);
    const location = page.headers.get('location') as string;
    expect(location).to.equal(`/login?next=${encodeURIComponent('/admin/messages')}`);
    const form = await (await get(`${server.url}${location}`)).text();
    expect(form).to.include(`action="/login?next=${encodeURIComponent('/admin/messages')}"`);
    const response = await postLogin(server.url, 'staff', PASSWORD, { next: '/admin/messages' });
    expect(response.headers.get('location')).to.equal('/admin/messages');
  });

  it('refuses a wrong password with 401, no session, and the same message as an unknown user', async () => {
    const before = await sessionCount(server);
    const wrong = await postLogin(server.url, 'staff', 'not the password');
    const unknown = await postLogin(server.url, 'nobody-here', 'not the password');
    expect(wrong.status).to.equal(401);
    expect(unknown.status).to.equal(401);
    expect(sessionCookieOf(wrong)).to.equal(undefined);
    expect(sessionCookieOf(unknown)).to.equal(undefined);
    const wrongText = errorTextOf(await wrong.text());
    const unknownText = errorTextOf(await unknown.text());
    expect(wrongText).to.equal(WRONG_CREDENTIALS);
    expect(unknownText).to.equal(WRONG_CREDENTIALS);
    expect(await sessionCount(server)).to.equal(before);
  });

  it('refuses an empty username or password with 400 and no session', async () => {
    for (const [username, password] of [
      ['', PASSWORD],
      ['staff', ''],
      ['', ''],
    ] as const) {
      const response = await postLogin(server.url, username, password);
      expect(response.status, `${username}/${password}`).to.equal(400);
      expect(sessionCookieOf(response)).to.equal(undefined);
    }
  });

  it('refuses a cross-site login post with 403 (login CSRF)', async () => {
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null' },
    ];
    for (const headers of crossSite) {
      const response = await postLogin(server.url, 'staff', PASSWORD, { headers });
      expect(response.status, JSON.stringify(headers)).to.equal(403);
      expect(sessionCookieOf(response)).to.equal(undefined);
    }
  });

  it('accepts a same-origin login post from the browser form', async () => {
    const response = await postLogin(server.url, 'staff', PASSWORD, {
      headers: { Origin: server.url, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(response.status).to.equal(303);
  });

  it('sends a signed-in visitor of /login on to the admin', async () => {
    const cookie = await signIn(server.url);
    const response = await get(`${server.url}/login?next=/admin/messages`, cookie);
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/admin/messages');
  });

  it('renders the sign-in form with username and password fields', async () => {
    const response = await get(`${server.url}/login`);
    expect(response.status).to.equal(200);
    const html = await response.text();
    expect(html).to.match(/<form class="login-form" action="\/login" method="post">/);
    expect(html).to.include('name="username"').and.include('name="password"').and.include('type="password"');
    expect(html).to.include('<meta name="robots" content="noindex"/>');
  });
});

describe('Login rate limit', () => {
  it('locks one username after LOGIN_RATE_LIMIT failures, whatever its case, spacing or claimed address', async () => {
    // TRUST_PROXY=1 makes every X-Forwarded-For a different client address, so only the username limit can trip.
    const server = await startTestServer({ ...STAFF, LOGIN_RATE_LIMIT: '3', TRUST_PROXY: '1' });
    try {
      const attempts = [
        ['staff', '10.0.0.1'],
        [' STAFF ', '10.0.0.2'],
        ['Ｓｔａｆｆ', '10.0.0.3'],
      ];
      for (const [username, address] of attempts) {
        const response = await postLogin(server.url, username as string, 'wrong password', {
          headers: { 'X-Forwarded-For': address as string },
        });
        expect(response.status, username).to.equal(401);
      }
      const locked = await postLogin(server.url, 'StAfF', PASSWORD, { headers: { 'X-Forwarded-For': '10.0.0.4' } });
      expect(locked.status).to.equal(429);
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).to.be.within(1, 15 * 60);
      expect(sessionCookieOf(locked)).to.equal(undefined);
      expect(errorTextOf(await locked.text())).to.match(/^Too many failed sign-ins/);
      expect(await sessionCount(server)).to.equal(0);
      // Another username from another address is not locked: the limit is per username.
      const other = await postLogin(server.url, 'someone-else', 'wrong password', {
        headers: { 'X-Forwarded-For': '10.0.0.5' },
      });
      expect(other.status).to.equal(401);
    } finally {
      await server.close();
    }
  });

  it('locks one address after LOGIN_RATE_LIMIT failures across usernames, even with rotating fake X-Forwarded-For', async () => {
    const server = await startTestServer({ ...STAFF, LOGIN_RATE_LIMIT: '3' });
    try {
      for (const [index, username] of ['alice', 'bob', 'carol'].entries()) {
        const response = await postLogin(server.url, username, 'wrong password', {
          headers: { 'X-Forwarded-For': `203.0.113.${index + 1}` },
        });
        expect(response.status, username).to.equal(401);
      }
      const locked = await postLogin(server.url, 'staff', PASSWORD, { headers: { 'X-Forwarded-For': '198.51.100.9' } });
      expect(locked.status).to.equal(429);
      expect(Number(locked.headers.get('retry-after'))).to.be.within(1, 15 * 60);
      expect(await sessionCount(server)).to.equal(0);
    } finally {
      await server.close();
    }
  });

  it('does not count successful logins toward the limit', async () => {
    const server = await startTestServer({ ...STAFF, LOGIN_RATE_LIMIT: '2' });
    try {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await postLogin(server.url, 'staff', PASSWORD);
        expect(response.status, `attempt ${attempt}`).to.equal(303);
      }
    } finally {
      await server.close();
    }
  });
});

describe('Session fixation', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(STAFF);
    await setStaffPassword(server.db, 'other', 'lighthouse parade');
  });
  after(() => server.close());

  it('gives a new session id at login and deletes the session the visitor came with', async () => {
    const first = await signIn(server.url, 'other', 'lighthouse parade');
    const firstId = sessionIdOf(first);
    expect(await sessionRow(server, firstId)).to.not.equal(undefined);

    const response = await postLogin(server.url, 'staff', PASSWORD, { cookie: first });
    expect(response.status).to.equal(303);
    const second = sessionCookieOf(response);
    expect(second, 'a new session cookie').to.be.a('string');
    const secondId = sessionIdOf(second as string);
    expect(secondId).to.not.equal(firstId);
    expect(await sessionRow(server, firstId), 'old session row').to.equal(undefined);

    const replay = await get(`${server.url}/admin`, first);
    expect(replay.status).to.equal(303);
    const fresh = await get(`${server.url}/admin`, second);
    expect(fresh.status).to.equal(200);
    expect(await pageText(fresh)).to.include('Signed in as staff');
  });

  it('issues a new CSRF token with the new session', async () => {
    const first = await signIn(server.url, 'other', 'lighthouse parade');
    const firstToken = await csrfTokenOf(server.url, first);
    const second = sessionCookieOf(await postLogin(server.url, 'staff', PASSWORD, { cookie: first })) as string;
    const secondToken = await csrfTokenOf(server.url, second);
    expect(secondToken).to.not.equal(firstToken);
    // The old token does not work with the new session.
    expect((await reverseCarousel(server.url, second, firstToken)).status).to.equal(403);
  });

  it('never adopts a session id the visitor made up', async () => {
    const planted = 'sid=s%3Aattacker-chosen-id.invalidsignature';
    const response = await postLogin(server.url, 'staff', PASSWORD, { cookie: planted });
    expect(response.status).to.equal(303);
    const cookie = sessionCookieOf(response) as string;
    expect(sessionIdOf(cookie)).to.not.equal('attacker-chosen-id');
    expect(await sessionRow(server, 'attacker-chosen-id')).to.equal(undefined);
  });
});

describe('POST /logout', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(STAFF);
  });
  after(() => server.close());

  it('destroys the session: the row goes, the cookie is cleared, and the old cookie no longer works', async () => {
    const cookie = await signIn(server.url);
    const token = await csrfTokenOf(server.url, cookie);
    const sid = sessionIdOf(cookie);
    const response = await fetch(`${server.url}/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: token }),
    });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/login');
    expect(response.headers.getSetCookie().join('\n')).to.match(/^sid=;.*Expires=Thu, 01 Jan 1970/m);
    expect(await sessionRow(server, sid)).to.equal(undefined);
    expect(await sessionCount(server)).to.equal(0);

    const page = await get(`${server.url}/admin/homepage-images`, cookie);
    expect(page.status).to.equal(303);
    expect(page.headers.get('location')).to.match(/^\/login/);
    const call = await reverseCarousel(server.url, cookie, token);
    expect(call.status).to.equal(401);
    const json = await get(`${server.url}/admin/images.json`, cookie);
    expect(json.status).to.equal(401);
  });

  it('refuses a logout without the token with 403 and keeps the session', async () => {
    const cookie = await signIn(server.url);
    await csrfTokenOf(server.url, cookie);
    for (const body of [new URLSearchParams(), new URLSearchParams({ _csrf: 'not-the-token' })]) {
      const response = await fetch(`${server.url}/logout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(response.status).to.equal(403);
    }
    expect(await sessionRow(server, sessionIdOf(cookie))).to.not.equal(undefined);
    expect((await get(`${server.url}/admin`, cookie)).status).to.equal(200);
  });

  it('refuses a cross-site logout with 403 and keeps the session', async () => {
    const cookie = await signIn(server.url);
    const token = await csrfTokenOf(server.url, cookie);
    const response = await fetch(`${server.url}/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: new URLSearchParams({ _csrf: token }),
    });
    expect(response.status).to.equal(403);
    expect((await get(`${server.url}/admin`, cookie)).status).to.equal(200);
  });
});

describe('Session lifetime', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ...STAFF, SESSION_IDLE_MINUTES: '7', SESSION_MAX_HOURS: '2' });
  });
  after(() => server.close());

  it('expires SESSION_IDLE_MINUTES after the last request, in the cookie and in the database', async () => {
    const response = await postLogin(server.url, 'staff', PASSWORD);
    const cookie = sessionCookieOf(response) as string;
    const sevenMinutes = Date.now() + 7 * 60_000;
    const expires = /Expires=([^;]+)/i.exec(response.headers.getSetCookie().join(';'))?.[1];
    expect(new Date(expires as string).getTime()).to.be.closeTo(sevenMinutes, 5_000);
    const row = await sessionRow(server, sessionIdOf(cookie));
    expect(Number(row?.expires_at)).to.be.closeTo(sevenMinutes, 5_000);
  });

  it('renews the idle deadline on each request', async () => {
    const cookie = await signIn(server.url);
    const sid = sessionIdOf(cookie);
    await server
      .db('sessions')
      .where({ sid })
      .update({ expires_at: Date.now() + 60_000 });
    expect((await get(`${server.url}/admin`, cookie)).status).to.equal(200);
    expect(Number((await sessionRow(server, sid))?.expires_at)).to.be.closeTo(Date.now() + 7 * 60_000, 5_000);
  });

  it('refuses a session idle past its deadline: pages redirect to /login, calls get 401', async () => {
    const cookie = await signIn(server.url);
    const token = await csrfTokenOf(server.url, cookie);
    await server
      .db('sessions')
      .where({ sid: sessionIdOf(cookie) })
      .update({ expires_at: Date.now() - 1000 });
    const page = await get(`${server.url}/admin`, cookie);
    expect(page.status).to.equal(303);
    expect(page.headers.get('location')).to.match(/^\/login/);
    expect((await reverseCarousel(server.url, cookie, token)).status).to.equal(401);
  });

  async function ageLogin(cookie: string, loginAt: number | undefined) {
    const sid = sessionIdOf(cookie);
    const row = await sessionRow(server, sid);
    const sess = JSON.parse(row?.sess ?? '{}') as { loginAt?: number };
    expect(sess.loginAt, 'login time recorded at login').to.be.closeTo(Date.now(), 60_000);
    if (loginAt === undefined) delete sess.loginAt;
    else sess.loginAt = loginAt;
    await server
      .db('sessions')
      .where({ sid })
      .update({ sess: JSON.stringify(sess) });
  }

  it('ends a session older than SESSION_MAX_HOURS even while it is active, and deletes it', async () => {
    const cookie = await signIn(server.url);
    const token = await csrfTokenOf(server.url, cookie);
    await ageLogin(cookie, Date.now() - 2 * 3_600_000 - 60_000);
    const page = await get(`${server.url}/admin`, cookie);
    expect(page.status).to.equal(303);
    expect(page.headers.get('location')).to.match(/^\/login/);
    expect(await sessionRow(server, sessionIdOf(cookie))).to.equal(undefined);
    expect((await reverseCarousel(server.url, cookie, token)).status).to.equal(401);
  });

  it('refuses a JSON call on a session past its absolute lifetime with 401', async () => {
    const cookie = await signIn(server.url);
    const token = await csrfTokenOf(server.url, cookie);
    const before = await server.db('homepage_images').orderBy('id');
    await ageLogin(cookie, Date.now() - 2 * 3_600_000 - 60_000);
    expect((await reverseCarousel(server.url, cookie, token)).status).to.equal(401);
    expect(await server.db('homepage_images').orderBy('id')).to.deep.equal(before);
  });

  it('keeps a session just inside its absolute lifetime', async () => {
    const cookie = await signIn(server.url);
    await ageLogin(cookie, Date.now() - 2 * 3_600_000 + 60_000);
    expect((await get(`${server.url}/admin`, cookie)).status).to.equal(200);
  });

  it('treats a signed-in session without a login time as expired', async () => {
    const cookie = await signIn(server.url);
    await ageLogin(cookie, undefined);
    expect((await get(`${server.url}/admin`, cookie)).status).to.equal(303);
  });

  it('lets staff sign in again straight from a session past its lifetime', async () => {
    const cookie = await signIn(server.url);
    await ageLogin(cookie, Date.now() - 3 * 3_600_000);
    const response = await postLogin(server.url, 'staff', PASSWORD, { cookie });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/admin');
    const fresh = sessionCookieOf(response) as string;
    expect((await get(`${server.url}/admin`, fresh)).status).to.equal(200);
  });
});

describe('Sessions across a restart', () => {
  let site: RestartableServer;
  before(async () => {
    site = await createRestartableServer(STAFF);
  });
  after(() => site.dispose());

  it('keeps a signed-in session and its CSRF token when the app restarts on the same database', async () => {
    const first = await site.start();
    const cookie = await signIn(first.url);
    const token = await csrfTokenOf(first.url, cookie);
    await first.stop();

    const second = await site.start();
    expect(second.url).to.not.equal(first.url);
    const page = await get(`${second.url}/admin`, cookie);
    expect(page.status).to.equal(200);
    expect(await pageText(page)).to.include('Signed in as staff');
    const reorder = await reverseCarousel(second.url, cookie, token);
    expect(reorder.status).to.equal(200);
    await second.stop();
  });
});
