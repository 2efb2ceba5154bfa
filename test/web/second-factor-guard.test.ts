import { expect } from 'chai';
import { ENROLLMENT_ROUTES } from '../../src/web/require-permission.js';
import { appAdminRoutes, concreteRoutePath } from '../support/admin-routes.js';
import { postSignIn, signIn, STAFF_ENV, STAFF_PASSWORD, type Staff } from '../support/staff.js';
import { cookieAfter, enrollTotp, passwordStep, postCode, staffCall, teamMember, totpCode } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The second factor is what stands between a phished password and the buyers' data: replacing it takes the current
 * password (decision 046), and while the owner requires it, an account without it reaches nothing but its enrollment.
 */
describe('The second factor', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;
  let serial = 0;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
    // The owner has two-factor (to require it for everyone, and as owners should).
    await enrollTotp(server.url, owner);
  });
  after(() => server.close());

  /** A fresh sales account (its own re-authentication count), signed in. */
  async function person(): Promise<{ staff: Staff; username: string; password: string; id: number }> {
    serial += 1;
    const username = `gus${serial}`;
    const password = `walnut meadow ${serial} lantern`;
    const staff = await teamMember(server.url, owner, 'sales', username, password);
    const row = await server.db('users').where({ username }).first();
    return { staff, username, password, id: Number(row.id) };
  }

  const secretOf = async (id: number) =>
    ((await server.db('users').where({ id }).first()) as { totp_secret: string }).totp_secret;
  const recoveryHashes = async (id: number) =>
    (await server.db('recovery_codes').where({ user_id: id }).orderBy('code_hash').pluck('code_hash')) as string[];

  describe('POST /admin/account/two-factor/start and /confirm with the app already on', () => {
    it('replace the app and the recovery codes only with the current password, audited as a replacement', async () => {
      const { staff, username, password, id } = await person();
      const { secret } = await enrollTotp(server.url, staff);
      const codesBefore = await recoveryHashes(id);

      const bare = await staffCall(server.url, '/admin/account/two-factor/start', staff, {});
      expect(bare.status, 'start without the password').to.equal(400);
      expect(((await bare.json()) as { fields: Record<string, string> }).fields).to.have.property('password');
      const wrong = await staffCall(server.url, '/admin/account/two-factor/start', staff, {
        password: 'not it at all',
      });
      expect(wrong.status, 'start with a wrong password').to.equal(400);
      expect((await server.db('users').where({ id }).first()).totp_pending_secret).to.equal(null);

      const started = await staffCall(server.url, '/admin/account/two-factor/start', staff, { password });
      expect(started.status).to.equal(200);
      const next = ((await started.json()) as { secret: string }).secret;
      const noPassword = await staffCall(server.url, '/admin/account/two-factor/confirm', staff, {
        code: totpCode(next),
      });
      expect(noPassword.status, 'confirm without the password').to.equal(400);
      expect(await secretOf(id)).to.equal(secret);
      expect(await recoveryHashes(id)).to.deep.equal(codesBefore);

      const confirmed = await staffCall(server.url, '/admin/account/two-factor/confirm', staff, {
        code: totpCode(next),
        password,
      });
      expect(confirmed.status).to.equal(200);
      expect(((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes).to.have.length(10);
      expect(await secretOf(id)).to.equal(next);
      expect(await recoveryHashes(id)).to.not.deep.equal(codesBefore);
      const actions = (await server.db('audit_log').where({ target: username }).pluck('action')) as string[];
      expect(actions.filter((action) => action === 'two-factor.enabled')).to.have.length(1);
      expect(actions.filter((action) => action === 'two-factor.replaced')).to.have.length(1);
      expect(actions.filter((action) => action === 'account.reauth-failed')).to.have.length(1);
    });

    it('count wrong passwords against the account’s limit: 429 after five, even for the right one', async () => {
      const { staff, password, id } = await person();
      const { secret } = await enrollTotp(server.url, staff);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await staffCall(server.url, '/admin/account/two-factor/start', staff, { password: 'nope' });
        expect(response.status).to.equal(400);
      }
      expect((await staffCall(server.url, '/admin/account/two-factor/start', staff, { password })).status).to.equal(
        429,
      );
      expect(await secretOf(id)).to.equal(secret);
    });

    it('shows the password field next to the new phone’s form, and the error there', async () => {
      const { staff } = await person();
      await enrollTotp(server.url, staff);
      const response = await fetch(`${server.url}/admin/account/two-factor/start`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'text/html',
          Cookie: staff.cookie,
          Origin: server.url,
        },
        body: new URLSearchParams({ _csrf: staff.token, password: 'wrong one here' }),
      });
      expect(response.status).to.equal(400);
      expect(await response.text()).to.match(/id="app-replace-password" aria-invalid="true"/);
    });
  });

  describe('while the owner requires two-factor', () => {
    it('lets an account without it reach nothing but its enrollment: no staff route, no preview, no calendar feed', async () => {
      const { staff, username } = await person();
      // The calendar address is made when the account page is first seen, before the requirement.
      expect((await fetch(`${server.url}/admin/account`, { headers: { Cookie: staff.cookie } })).status).to.equal(200);
      const { token } = (await server.db('calendar_tokens').where({ username }).first()) as { token: string };
      expect((await fetch(`${server.url}/admin/tours.ics?token=${token}`)).status, 'the feed before').to.equal(200);

      const required = await staffCall(server.url, '/admin/team/two-factor-requirement', owner, { required: true });
      expect(required.status).to.equal(200);
      try {
        const routes = appAdminRoutes(server).filter(
          (route) => !ENROLLMENT_ROUTES.has(`${route.method} ${route.path}`),
        );
        expect(routes.map((route) => `${route.method} ${route.path}`)).to.include('POST /admin/account/calendar-token');
        for (const route of routes) {
          const path = concreteRoutePath(route.path, { slug: 'canyon', lot: '1', kind: 'message', username, id: '1' });
          const call = await staffCall(server.url, path, staff, route.method === 'GET' ? undefined : {}, {
            method: route.method,
          });
          expect(call.status, `${route.method} ${path} as a call`).to.equal(403);
          if (route.method === 'GET') {
            const page = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: { Cookie: staff.cookie } });
            // A page goes to the enrollment; a path that names JSON is a call whatever the Accept header says.
            expect(page.status, `GET ${path} as a page`).to.equal(path.endsWith('.json') ? 403 : 303);
            if (page.status === 303) expect(page.headers.get('location')).to.equal('/admin/account#two-factor');
          }
        }
        for (const path of ['/preview', '/preview/', '/preview/site-plan', '/preview/manifest.webmanifest']) {
          const page = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: { Cookie: staff.cookie } });
          expect(page.status, path).to.equal(303);
          expect(page.headers.get('location'), path).to.equal('/admin/account#two-factor');
        }
        const feed = await fetch(`${server.url}/admin/tours.ics?token=${token}`);
        expect(feed.status, 'the feed of an account that must enroll').to.equal(404);
        expect(await feed.text()).to.not.include('BEGIN:VEVENT');
        const page = await (await fetch(`${server.url}/admin/account`, { headers: { Cookie: staff.cookie } })).text();
        expect(page).to.include('Set up an authenticator app').and.not.include(token);
        expect(page).to.not.include('/admin/account/calendar-token');
        expect(await server.db('calendar_tokens').where({ username }).pluck('token')).to.deep.equal([token]);

        // Its enrollment works, and then everything its role has is open again, the feed included.
        await enrollTotp(server.url, staff);
        expect((await fetch(`${server.url}/admin/tours.ics?token=${token}`)).status).to.equal(200);
        const messages = await fetch(`${server.url}/admin/messages`, { headers: { Cookie: staff.cookie } });
        expect(messages.status).to.equal(200);
      } finally {
        await staffCall(server.url, '/admin/team/two-factor-requirement', owner, { required: false });
      }
    });
  });
  describe('POST /login/two-factor', () => {
    it('spares the staff member’s known browser the lock that five wrong codes from a stranger put on the account', async () => {
      const { staff, username, password } = await person();
      const { secret } = await enrollTotp(server.url, staff);
      // The staff member's own browser signs in once with both steps: it is a known device from then on.
      const own = await passwordStep(server.url, username, password);
      const passed = await postCode(server.url, own, totpCode(secret));
      expect(passed.status).to.equal(303);
      const device = passed.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0] ?? '')
        .find((pair) => pair.startsWith('login-device='));
      expect(device, 'device cookie').to.be.a('string');

      // A stranger with the password, from another browser: five wrong codes lock strangers out.
      const stranger = await passwordStep(server.url, username, password);
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await postCode(server.url, stranger, '000000')).status).to.equal(401);
      expect((await postCode(server.url, stranger, '000000')).status).to.equal(429);

      // The known browser still gets through, with the next code.
      const again = await postSignIn(server.url, username, password, { cookie: device! });
      expect(again.status).to.equal(303);
      const session = cookieAfter(again, '');
      const known = await postCode(server.url, `${session}; ${device!}`, totpCode(secret, 1));
      expect(known.status, 'the known browser').to.equal(303);
      expect(known.headers.get('location')).to.equal('/admin');
      // The stranger stays locked out.
      const later = await passwordStep(server.url, username, password);
      expect((await postCode(server.url, later, '000000')).status).to.equal(429);
    });
  });

  describe('POST /admin/team/<username>/two-factor/reset', () => {
    async function addPasskeyRow(userId: number): Promise<void> {
      await server.db('passkeys').insert({
        user_id: userId,
        credential_id: `credential-${userId}`,
        public_key: 'AQID',
        name: 'phone',
        created_at: new Date().toISOString(),
      });
    }

    it('lets an owner, with their own password, remove a colleague’s app, passkeys and recovery codes and end their sessions', async () => {
      const { staff, username, password, id } = await person();
      await enrollTotp(server.url, staff);
      await addPasskeyRow(id);
      const path = `/admin/team/${username}/two-factor/reset`;

      const page = await (await fetch(`${server.url}/admin/team`, { headers: { Cookie: owner.cookie } })).text();
      expect(page).to.include(`action="${path}"`).and.not.include('action="/admin/team/staff/two-factor/reset"');
      const missing = await staffCall(server.url, path, owner, {});
      expect(missing.status).to.equal(400);
      const wrong = await staffCall(server.url, path, owner, { password: 'not the owner password' });
      expect(wrong.status).to.equal(400);
      expect(((await wrong.json()) as { fields: Record<string, string> }).fields.password).to.equal(
        'This is not your current password.',
      );
      expect((await server.db('users').where({ id }).first()).totp_secret, 'unchanged').to.be.a('string');
      const failed = await server.db('audit_log').where({ action: 'account.reauth-failed', actor: 'staff' });
      expect(failed).to.have.length(1);
      const sales = await teamMember(server.url, owner, 'sales', `${username}x`, 'oyster compass fifty two');
      expect((await staffCall(server.url, path, sales, { password: 'oyster compass fifty two' })).status).to.equal(403);
      const self = await staffCall(server.url, '/admin/team/staff/two-factor/reset', owner, {
        password: STAFF_PASSWORD,
      });
      expect(self.status, 'one’s own: on the account page').to.equal(409);

      const reset = await staffCall(server.url, path, owner, { password: STAFF_PASSWORD });
      expect(reset.status).to.equal(200);
      expect(await reset.json()).to.deep.include({ username, app: true, passkeys: 1, recoveryCodes: 10 });
      expect((await server.db('users').where({ id }).first()).totp_secret).to.equal(null);
      expect(await server.db('passkeys').where({ user_id: id })).to.have.length(0);
      expect(await server.db('recovery_codes').where({ user_id: id })).to.have.length(0);
      const ended = await fetch(`${server.url}/admin`, { redirect: 'manual', headers: { Cookie: staff.cookie } });
      expect(ended.status, 'their session ended').to.equal(303);
      const [row] = await server.db('audit_log').where({ action: 'two-factor.reset', target: username });
      expect(row).to.include({ actor: 'staff' });

      // With two-factor required, the colleague signs in with the password and must enrol before anything else.
      await staffCall(server.url, '/admin/team/two-factor-requirement', owner, { required: true });
      try {
        const back = await signIn(server.url, username, password);
        const messages = await fetch(`${server.url}/admin/messages`, {
          redirect: 'manual',
          headers: { Cookie: back.cookie },
        });
        expect(messages.status).to.equal(303);
        expect(messages.headers.get('location')).to.equal('/admin/account#two-factor');
      } finally {
        await staffCall(server.url, '/admin/team/two-factor-requirement', owner, { required: false });
      }
    });
  });
});
