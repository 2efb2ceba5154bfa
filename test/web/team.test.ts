import { dateInZone } from '../../src/shared/tour-slots.js';
import { expect } from 'chai';
import { areaOf, AREAS, ROLES, roleMay, type Role } from '../../src/shared/permissions.js';
import { appAdminRoutes, concreteRoutePath, type RouteEntry } from '../support/admin-routes.js';
import { signIn, STAFF_ENV, STAFF_PASSWORD, type Staff } from '../support/staff.js';
import {
  acceptInvitation,
  enrollTotp,
  inviteLink,
  passwordStep,
  postCode,
  staffAfterCode,
  staffCall,
  teamMember,
  totpCode,
} from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const MARKETING_PASSWORD = 'lilac window seventeen';
const SALES_PASSWORD = 'copper kettle harbor';

function get(url: string, staff?: Staff, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers: { ...(staff ? { Cookie: staff.cookie } : {}), ...headers } });
}

/** A request each route answers for a signed-in person: real-looking parameters, an empty JSON body, the token. */
function requestOf(server: TestServer, route: RouteEntry, staff: Staff): Promise<Response> {
  const path = concreteRoutePath(route.path, {
    slug: 'canyon',
    lot: '1',
    kind: 'message',
    username: 'nobody-here',
    id: '999999',
  });
  if (route.method === 'GET') return get(`${server.url}${path}`, staff);
  return staffCall(server.url, path, staff, {});
}

describe('A team with roles', () => {
  let server: TestServer;
  let owner: Staff;
  let marketing: Staff;
  let sales: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
    marketing = await teamMember(server.url, owner, 'marketing', 'mara', MARKETING_PASSWORD);
    sales = await teamMember(server.url, owner, 'sales', 'sam', SALES_PASSWORD);
  });
  after(() => server.close());

  describe('the permission table', () => {
    it('gives every staff route an area of the table (a route without one is refused to everyone)', () => {
      for (const route of appAdminRoutes(server)) {
        expect(areaOf(route.path, route.method), `${route.method} ${route.path}`).to.be.a('string');
      }
    });

    it('answers every staff route and call for every role as the table says', async () => {
      const people: Record<Role, Staff> = { owner, marketing, sales };
      const routes = appAdminRoutes(server).filter(
        // These end this person's sessions or change their password: walked in their own tests below.
        (route) => !/sessions\/end-others|two-factor\/(start|disable)/.test(route.path),
      );
      for (const role of ROLES) {
        for (const route of routes) {
          const response = await requestOf(server, route, people[role]);
          const label = `${role}: ${route.method} ${route.path} → ${response.status}`;
          if (roleMay(role, areaOf(route.path, route.method)))
            expect(response.status, label).to.not.be.oneOf([401, 403]);
          else expect(response.status, label).to.equal(403);
        }
      }
    });

    it('refuses a staff path with no entry to every role, owners too', async () => {
      for (const staff of [owner, marketing, sales]) {
        expect((await get(`${server.url}/admin/not-in-the-table`, staff)).status).to.equal(403);
        expect((await staffCall(server.url, '/admin/not-in-the-table', staff, {})).status).to.equal(403);
      }
    });

    it('matches the contract table', () => {
      expect(AREAS.content).to.deep.equal(['owner', 'marketing']);
      expect(AREAS.homesites).to.deep.equal(['owner', 'marketing', 'sales']);
      expect(AREAS.leads).to.deep.equal(['owner', 'sales']);
      expect(AREAS.tours).to.deep.equal(['owner', 'sales']);
      expect(AREAS.team).to.deep.equal(['owner']);
      expect(AREAS.audit).to.deep.equal(['owner']);
    });

    it('shows each reader only the links their role may use', async () => {
      const nav = async (staff: Staff) => {
        const html = await (await get(`${server.url}/admin`, staff)).text();
        return [...html.matchAll(/<a href="(\/admin[^"]*)"/g)].map((match) => match[1]);
      };
      const marketingLinks = await nav(marketing);
      expect(marketingLinks).to.include('/admin/homepage-images');
      expect(marketingLinks).to.not.include.members(['/admin/messages', '/admin/tours', '/admin/team', '/admin/audit']);
      const salesLinks = await nav(sales);
      expect(salesLinks).to.include.members(['/admin/messages', '/admin/tours', '/admin/homesites']);
      expect(salesLinks).to.not.include.members(['/admin/homepage-images', '/admin/team', '/admin/audit']);
      expect(await nav(owner)).to.include.members(['/admin/team', '/admin/audit', '/admin/messages']);
    });
  });

  describe('GET /admin/team', () => {
    it('lists accounts with role, state, two-factor and last sign-in', async () => {
      const response = await get(`${server.url}/admin/team`, owner, { Accept: 'application/json' });
      expect(response.status).to.equal(200);
      const { accounts } = (await response.json()) as {
        accounts: { username: string; role: string; active: boolean; twoFactor: boolean; lastSignIn: string | null }[];
      };
      const mara = accounts.find((account) => account.username === 'mara');
      expect(mara).to.include({ role: 'marketing', active: true, twoFactor: false });
      expect(mara?.lastSignIn).to.be.a('string');
      expect(accounts.find((account) => account.username === 'staff')).to.include({ role: 'owner' });
      const page = await (await get(`${server.url}/admin/team`, owner)).text();
      expect(page).to.include('mara').and.include('Marketing').and.include('Last sign-in');
    });
  });

  describe('POST /admin/team/invitations', () => {
    it('refuses a bad e-mail or role with 400, storing nothing', async () => {
      const before = await server.db('staff_invitations').count({ n: '*' }).first();
      for (const body of [{ email: 'nope', role: 'sales' }, { email: 'a@example.com', role: 'admin' }, {}]) {
        expect((await staffCall(server.url, '/admin/team/invitations', owner, body)).status).to.equal(400);
      }
      expect(await server.db('staff_invitations').count({ n: '*' }).first()).to.deep.equal(before);
    });

    it('refuses a call without the CSRF token (403) or without a session (401)', async () => {
      const body = { email: 'x@example.com', role: 'sales' };
      expect((await staffCall(server.url, '/admin/team/invitations', owner, body, { token: null })).status).to.equal(
        403,
      );
      expect((await staffCall(server.url, '/admin/team/invitations', undefined, body)).status).to.equal(401);
    });

    it('makes a link that shows the form, works once, and then answers 410', async () => {
      const link = await inviteLink(server.url, owner, 'sales', 'once@example.com');
      const form = await (await fetch(link)).text();
      expect(form)
        .to.match(/name="username"/)
        .and.match(/name="password"/);
      expect((await acceptInvitation(link, 'once', 'nutmeg lantern seven')).status).to.equal(303);
      expect((await fetch(link, { redirect: 'manual' })).status).to.equal(410);
      expect((await acceptInvitation(link, 'twice', 'nutmeg lantern seven')).status).to.equal(410);
      const row = await server.db('users').where({ username: 'once' }).first();
      expect(row.role).to.equal('sales');
    });

    it('answers 410 for a link older than 72 hours', async () => {
      const link = await inviteLink(server.url, owner, 'marketing', 'late@example.com');
      await server
        .db('staff_invitations')
        .where({ email: 'late@example.com' })
        .update({
          expires_at: new Date(Date.now() - 1000).toISOString(),
        });
      expect((await fetch(link)).status).to.equal(410);
    });

    it('refuses a short, a common or a username-containing password, saying why, and keeps the username typed', async () => {
      const link = await inviteLink(server.url, owner, 'sales', 'rules@example.com');
      for (const [password, reason] of [
        ['short pass', 'at least 12 characters'],
        ['password1234', 'common passwords'],
        ['rulesrulesrules-x', 'must not contain the username'],
        ['x'.repeat(129), 'at most 128'],
      ] as const) {
        const response = await acceptInvitation(link, 'rules', password);
        expect(response.status, password).to.equal(400);
        const html = (await response.text()).replaceAll('<!-- -->', '');
        expect(html, password).to.include(reason);
        expect(html).to.include('value="rules"');
      }
      expect(await server.db('users').where({ username: 'rules' }).first()).to.equal(undefined);
    });
  });

  describe('POST /admin/team/<username>', () => {
    it('changes a role, and the account gets the new role on its next request', async () => {
      const person = await teamMember(server.url, owner, 'marketing', 'rolf', 'amber meadow twelve');
      expect((await get(`${server.url}/admin/messages`, person)).status).to.equal(403);
      const changed = await staffCall(server.url, '/admin/team/rolf', owner, { role: 'sales' });
      expect(changed.status).to.equal(200);
      expect(await changed.json()).to.deep.include({ username: 'rolf', role: 'sales', active: true });
      expect((await get(`${server.url}/admin/messages`, person)).status).to.equal(200);
      expect((await get(`${server.url}/admin/homepage-images`, person)).status).to.equal(403);
    });

    it('deactivates an account: its sessions end at once and it cannot sign in; reactivating lets it in again', async () => {
      const person = await teamMember(server.url, owner, 'sales', 'dora', 'velvet compass ninety');
      expect((await get(`${server.url}/admin/messages`, person)).status).to.equal(200);
      expect((await staffCall(server.url, '/admin/team/dora', owner, { active: false })).status).to.equal(200);
      const page = await get(`${server.url}/admin/messages`, person);
      expect(page.status).to.be.oneOf([302, 303]);
      expect(page.headers.get('location')).to.match(/^\/login/);
      expect((await get(`${server.url}/admin/messages.csv`, person, { Accept: 'application/json' })).status).to.equal(
        401,
      );
      const user = await server.db('users').where({ username: 'dora' }).first();
      expect(await server.db('sessions').where({ user_id: user.id })).to.have.length(0);
      const { postSignIn } = await import('../support/staff.js');
      expect((await postSignIn(server.url, 'dora', 'velvet compass ninety')).status).to.equal(401);
      expect((await staffCall(server.url, '/admin/team/dora', owner, { active: true })).status).to.equal(200);
      expect((await postSignIn(server.url, 'dora', 'velvet compass ninety')).status).to.equal(303);
    });

    it('refuses to demote or deactivate the last active owner (409)', async () => {
      for (const body of [{ role: 'sales' }, { active: false }]) {
        const response = await staffCall(server.url, '/admin/team/staff', owner, body);
        expect(response.status, JSON.stringify(body)).to.equal(409);
      }
      expect((await server.db('users').where({ username: 'staff' }).first()).role).to.equal('owner');
    });

    it('demotes an owner while another active owner remains', async () => {
      await teamMember(server.url, owner, 'owner', 'olga', 'basalt trumpet thirty');
      const response = await staffCall(server.url, '/admin/team/olga', owner, { role: 'marketing' });
      expect(response.status).to.equal(200);
      expect((await staffCall(server.url, '/admin/team/staff', owner, { role: 'sales' })).status).to.equal(409);
    });

    it('answers 404 for an unknown account and 400 for a bad change', async () => {
      expect((await staffCall(server.url, '/admin/team/nobody-here', owner, { role: 'sales' })).status).to.equal(404);
      expect((await staffCall(server.url, '/admin/team/mara', owner, { role: 'boss' })).status).to.equal(400);
      expect((await staffCall(server.url, '/admin/team/mara', owner, { active: 'no' })).status).to.equal(400);
    });
  });

  describe('two-factor sign-in', () => {
    let secret: string;
    let recoveryCodes: string[];
    const PASSWORD = 'orchid tunnel forty';

    before(async () => {
      const person = await teamMember(server.url, owner, 'sales', 'tess', PASSWORD);
      ({ secret, recoveryCodes } = await enrollTotp(server.url, person));
    });

    it('gives a base32 secret, an otpauth URL (SHA-1, 6 digits, 30 s) and 10 recovery codes', async () => {
      const person = await teamMember(server.url, owner, 'sales', 'otto', 'quartz ribbon sixty');
      const started = await staffCall(server.url, '/admin/account/two-factor/start', person);
      const body = (await started.json()) as { secret: string; otpauthUrl: string };
      expect(body.secret).to.match(/^[A-Z2-7]+=*$/);
      const url = new URL(body.otpauthUrl);
      expect(url.protocol).to.equal('otpauth:');
      expect(url.host).to.equal('totp');
      expect(url.searchParams.get('secret')).to.equal(body.secret);
      expect(url.searchParams.get('algorithm')).to.equal('SHA1');
      expect(url.searchParams.get('digits')).to.equal('6');
      expect(url.searchParams.get('period')).to.equal('30');
      expect(
        (await staffCall(server.url, '/admin/account/two-factor/confirm', person, { code: '000000' })).status,
      ).to.equal(400);
      expect(recoveryCodes).to.have.length(10);
      expect(new Set(recoveryCodes).size).to.equal(10);
      const stored = await server.db('recovery_codes').select('code_hash');
      for (const code of recoveryCodes) expect(JSON.stringify(stored)).to.not.include(code);
    });

    it('asks for the second step after the password; until then every staff page sends to /login', async () => {
      const cookie = await passwordStep(server.url, 'tess', PASSWORD);
      const page = await fetch(`${server.url}/admin/messages`, { redirect: 'manual', headers: { Cookie: cookie } });
      expect(page.status).to.be.oneOf([302, 303]);
      expect(page.headers.get('location')).to.match(/^\/login/);
      const step = await fetch(`${server.url}/login/two-factor`, { headers: { Cookie: cookie } });
      expect(step.status).to.equal(200);
      expect(await step.text()).to.match(/name="code"/);
    });

    it('signs in with the current code, once: the same code never works twice', async () => {
      const first = await passwordStep(server.url, 'tess', PASSWORD);
      const code = totpCode(secret);
      const passed = await postCode(server.url, first, code);
      expect(passed.status).to.equal(303);
      expect(passed.headers.get('location')).to.equal('/admin');
      const staff = await staffAfterCode(server.url, passed, first);
      expect((await get(`${server.url}/admin/messages`, staff)).status).to.equal(200);
      const second = await passwordStep(server.url, 'tess', PASSWORD);
      expect((await postCode(server.url, second, code)).status).to.equal(401);
    });

    it('signs in with a recovery code, once', async () => {
      const code = recoveryCodes[0]!;
      const first = await passwordStep(server.url, 'tess', PASSWORD);
      expect((await postCode(server.url, first, code)).status).to.equal(303);
      const second = await passwordStep(server.url, 'tess', PASSWORD);
      expect((await postCode(server.url, second, code)).status).to.equal(401);
    });

    it('counts wrong codes against LOGIN_RATE_LIMIT (429 after five)', async () => {
      await teamMember(server.url, owner, 'sales', 'wren', 'saffron bicycle eighty');
      const { enrollTotp: enroll } = await import('../support/team.js');
      const wren = await signIn(server.url, 'wren', 'saffron bicycle eighty');
      const { secret: wrenSecret } = await enroll(server.url, wren);
      const cookie = await passwordStep(server.url, 'wren', 'saffron bicycle eighty');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await postCode(server.url, cookie, '000000')).status).to.equal(401);
      }
      expect((await postCode(server.url, cookie, totpCode(wrenSecret))).status).to.equal(429);
    });
  });

  describe('GET /admin/account', () => {
    it('lists the person’s sessions and signs out everywhere else', async () => {
      const first = await teamMember(server.url, owner, 'marketing', 'ines', 'pebble orchard nine');
      const second = await signIn(server.url, 'ines', 'pebble orchard nine');
      const html = await (await get(`${server.url}/admin/account`, first)).text();
      expect(html).to.include('Sign out everywhere else').and.include('(this one)');
      const ended = await staffCall(server.url, '/admin/account/sessions/end-others', first, {});
      expect(ended.status).to.equal(200);
      expect((await get(`${server.url}/admin`, second)).status).to.be.oneOf([302, 303]);
      expect((await get(`${server.url}/admin`, first)).status).to.equal(200);
    });

    it('changes the password (the current one asked) and ends every other session', async () => {
      const first = await teamMember(server.url, owner, 'marketing', 'hugo', 'granite pelican two');
      const second = await signIn(server.url, 'hugo', 'granite pelican two');
      const wrong = await staffCall(server.url, '/admin/account/password', first, {
        current: 'nope',
        password: 'walnut sailboat three',
      });
      expect(wrong.status).to.equal(400);
      const done = await staffCall(server.url, '/admin/account/password', first, {
        current: 'granite pelican two',
        password: 'walnut sailboat three',
      });
      expect(done.status).to.equal(200);
      expect((await get(`${server.url}/admin`, second)).status).to.be.oneOf([302, 303]);
      expect((await get(`${server.url}/admin`, first)).status).to.equal(200);
      await signIn(server.url, 'hugo', 'walnut sailboat three');
    });
  });

  describe('the owner requires two-factor', () => {
    it('sends an account without it to its enrollment page, and lets it through once enrolled', async () => {
      const person = await teamMember(server.url, owner, 'sales', 'nell', 'cobalt harvest five');
      const boss = await teamMember(server.url, owner, 'owner', 'bea', 'thistle anchor eleven');
      const refused = await staffCall(server.url, '/admin/team/two-factor-requirement', boss, { required: true });
      expect(refused.status, 'an owner without two-factor would lock themselves out').to.equal(409);
      await enrollTotp(server.url, boss);
      expect(
        (await staffCall(server.url, '/admin/team/two-factor-requirement', boss, { required: true })).status,
      ).to.equal(200);
      try {
        const page = await get(`${server.url}/admin/messages`, person);
        expect(page.status).to.equal(303);
        expect(page.headers.get('location')).to.match(/^\/admin\/account/);
        expect((await get(`${server.url}/admin/account`, person)).status).to.equal(200);
        expect((await get(`${server.url}/admin/messages.csv`, person, { Accept: 'application/json' })).status).to.equal(
          403,
        );
        await enrollTotp(server.url, person);
        expect((await get(`${server.url}/admin/messages`, person)).status).to.equal(200);
      } finally {
        await staffCall(server.url, '/admin/team/two-factor-requirement', boss, { required: false });
      }
    });
  });

  describe('the audit trail', () => {
    it('records sign-ins, failures, invitations, accounts and role changes, with actor, ip and details', async () => {
      const { postSignIn } = await import('../support/staff.js');
      await postSignIn(server.url, 'staff', 'not the password at all');
      const rows = await server.db('audit_log').select('*');
      const actions = new Set(rows.map((row: { action: string }) => row.action));
      for (const action of [
        'sign-in',
        'sign-in.failed',
        'account.invited',
        'account.created',
        'account.role',
        'account.deactivated',
        'two-factor.enabled',
      ])
        expect(actions, action).to.include(action);
      const role = rows.find(
        (row: { action: string; target: string }) => row.action === 'account.role' && row.target === 'rolf',
      );
      expect(role).to.include({ actor: 'staff', ip: '127.0.0.1' });
      expect(JSON.parse(role.details)).to.deep.equal({ role: ['marketing', 'sales'] });
    });

    it('records homesite changes and CSV exports', async () => {
      await get(`${server.url}/admin/messages.csv`, sales);
      await get(`${server.url}/admin/interest.csv`, sales);
      await get(`${server.url}/admin/homesites.csv`, marketing);
      const homesite = await server.db('homesites').where({ lot: 10 }).first();
      const saved = await staffCall(server.url, '/admin/homesites/10', sales, {
        status: 'sold',
        plan: 'Overlook',
        price: null,
        ready: null,
        version: homesite.version,
      });
      expect(saved.status).to.equal(200);
      const change = await server.db('audit_log').where({ action: 'homesite.change', target: 'homesite/10' }).first();
      expect(JSON.parse(change.details).status).to.deep.equal([homesite.status, 'sold']);
      const rows = await server
        .db('audit_log')
        .whereIn('action', ['leads.export', 'homesites.export', 'homesite.change']);
      expect(
        rows.map(
          (row: { action: string; actor: string; target: string }) => `${row.action} ${row.actor} ${row.target}`,
        ),
      ).to.include.members([
        'leads.export sam messages.csv',
        'leads.export sam interest.csv',
        'homesites.export mara homesites.csv',
        'homesite.change sam homesite/10',
      ]);
    });

    it('shows the owner the rows filtered by person, action and date, and exports them as CSV', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const page = await get(
        `${server.url}/admin/audit?actor=sam&action=homesite.change&from=2020-01-01&to=2099-12-31`,
        owner,
      );
      expect(page.status).to.equal(200);
      const html = await page.text();
      expect(html).to.include('homesite.change').and.not.include('account.invited</td>');
      const csv = await (await get(`${server.url}/admin/audit.csv?action=sign-in`, owner)).text();
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).to.equal('at,actor,action,target,ip,details');
      expect(lines.slice(1).every((line) => line.includes('"sign-in"'))).to.equal(true);
      expect(lines.length).to.be.greaterThan(1);
      const none = await (await get(`${server.url}/admin/audit.csv?from=2000-01-01&to=2000-01-02`, owner)).text();
      expect(none.trim().split('\r\n')).to.have.length(1);
      // Each export of the trail is itself a row, with the filter it was made with.
      const exports = await server.db('audit_log').where({ action: 'audit.export' }).orderBy('id');
      expect(exports.map((row: { details: string }) => JSON.parse(row.details).filter.action).slice(-2)).to.deep.equal([
        'sign-in',
        '',
      ]);
      const oneDay = async (date: string) =>
        (await (await get(`${server.url}/admin/audit.csv?action=sign-in&date=${date}`, owner)).text())
          .trim()
          .split('\r\n').length;
      const zone = server.site.content.published().community.timeZone;
      const zoneToday = dateInZone(Date.now(), zone);
      const fromTo = await (
        await get(`${server.url}/admin/audit.csv?action=sign-in&from=${zoneToday}&to=${zoneToday}`, owner)
      ).text();
      expect(await oneDay(zoneToday)).to.equal(fromTo.trim().split('\r\n').length);
      expect(await oneDay('2000-01-01')).to.equal(1);
      expect(today).to.match(/^\d{4}/);
    });

    it('is not open to marketing or sales', async () => {
      expect((await get(`${server.url}/admin/audit`, marketing)).status).to.equal(403);
      expect((await get(`${server.url}/admin/audit.csv`, sales)).status).to.equal(403);
    });
  });

  describe('existing accounts', () => {
    it('ADMIN_USERNAME makes an owner', async () => {
      expect((await server.db('users').where({ username: 'staff' }).first()).role).to.equal('owner');
      expect(STAFF_PASSWORD).to.have.length.greaterThan(11);
    });
  });
});
