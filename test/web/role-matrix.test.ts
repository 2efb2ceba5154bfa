import { expect } from 'chai';
import { setCalendarToken } from '../../src/db/lead-desk.js';
import { areaOf, ROLES, roleMay, routedPath, type Role } from '../../src/shared/permissions.js';
import { appStaffRoutes, concreteRoutePath, type StaffRouteEntry } from '../support/admin-routes.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall, teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Each role's calendar token, so the feed is asked as a calendar app would ask it for that person. */
const CALENDAR_TOKENS: Record<Role, string> = {
  owner: 'calendar-token-of-the-owner-0123456789',
  marketing: 'calendar-token-of-marketing-0123456789',
  sales: 'calendar-token-of-the-sales-0123456789',
};

/** A concrete path for a route: real-looking parameters, the preview's mount on a public page. */
function concretePath(route: StaffRouteEntry): string {
  return concreteRoutePath(route.path.replace('/*', '/about'), {
    slug: 'canyon',
    lot: '1',
    kind: 'message',
    username: 'nobody-here',
    version: '1',
    ref: '999999',
    id: '999999',
  });
}

/** Changes that end this person's sessions or second factor: walked in their own tests, not by every role. */
const OWN_SESSION_CHANGES = /sessions\/end-others|two-factor\/(start|disable)/;

function capitalized(segment: string): string {
  return segment.charAt(0).toUpperCase() + segment.slice(1);
}

/** The first letter of a segment percent-encoded (`calendar-token` → `%63alendar-token`). */
function encodedFirstLetter(segment: string): string {
  const at = segment.search(/[a-z]/);
  if (at < 0) return segment;
  return `${segment.slice(0, at)}%${segment.charCodeAt(at).toString(16)}${segment.slice(at + 1)}`;
}

/**
 * The same path as a client may write it: another case, a letter percent-encoded, an encoded or doubled slash, a
 * trailing slash, dot segments. Express routes some of these to the same handler and none of them to another.
 */
function variantsOf(path: string): { label: string; path: string }[] {
  const [bare, query = ''] = path.split('?') as [string, string?];
  const withQuery = (variant: string) => (query ? `${variant}?${query}` : variant);
  const segments = bare.split('/').slice(1);
  const last = segments.length - 1;
  const map = (change: (segment: string, index: number) => string) =>
    `/${segments.map((segment, index) => change(segment, index)).join('/')}`;
  const cut = bare.lastIndexOf('/');
  const variants = [
    { label: 'upper case', path: bare.toUpperCase() },
    { label: 'capitalized segments', path: map(capitalized) },
    {
      label: 'last segment capitalized',
      path: map((segment, index) => (index === last ? capitalized(segment) : segment)),
    },
    { label: 'a letter of the last segment encoded', path: map((s, i) => (i === last ? encodedFirstLetter(s) : s)) },
    { label: 'a letter of the first segment encoded', path: map((s, i) => (i === 0 ? encodedFirstLetter(s) : s)) },
    ...(cut > 0 ? [{ label: 'the last slash encoded', path: `${bare.slice(0, cut)}%2F${bare.slice(cut + 1)}` }] : []),
    ...(cut > 0 ? [{ label: 'the last slash doubled', path: `${bare.slice(0, cut)}//${bare.slice(cut + 1)}` }] : []),
    { label: 'a leading double slash', path: `/${bare}` },
    { label: 'a trailing slash', path: `${bare}/` },
    ...(cut > 0 ? [{ label: 'a dot-dot segment', path: `${bare.slice(0, cut)}/x/..${bare.slice(cut)}` }] : []),
    ...(cut > 0 ? [{ label: 'a dot segment', path: `${bare.slice(0, cut)}/.${bare.slice(cut)}` }] : []),
  ];
  return variants
    .filter((variant) => variant.path !== bare)
    .map((variant) => ({ ...variant, path: withQuery(variant.path) }));
}

function send(server: TestServer, method: string, path: string, staff: Staff): Promise<Response> {
  if (method === 'GET') return fetch(`${server.url}${path}`, { redirect: 'manual', headers: { Cookie: staff.cookie } });
  return staffCall(server.url, path, staff, {}, { method });
}

/**
 * The role matrix (contract, "A team with roles"; docs/decisions/045): every staff route of the app — read from
 * its router, /admin or not — asked by every role, and, for each role the table refuses, in every variant of its
 * path a client may send. The table must judge the path the router matches: a refused role gets 403 or 404 for
 * every variant, never the route.
 */
describe('The role matrix', function () {
  this.timeout(180_000);
  let server: TestServer;
  let people: Record<Role, Staff>;
  let routes: StaffRouteEntry[];

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    const owner = await signIn(server.url);
    people = {
      owner,
      marketing: await teamMember(server.url, owner, 'marketing', 'mara', 'lilac window seventeen'),
      sales: await teamMember(server.url, owner, 'sales', 'sam', 'copper kettle harbor'),
    };
    const at = new Date().toISOString();
    for (const [role, username] of [
      ['owner', 'staff'],
      ['marketing', 'mara'],
      ['sales', 'sam'],
    ] as const)
      await setCalendarToken(server.db, username, CALENDAR_TOKENS[role], at);
    routes = appStaffRoutes(server).filter((route) => !OWN_SESSION_CHANGES.test(route.path));
  });
  after(() => server.close());

  /** The path a role asks: the calendar feed with that person's own token. */
  const pathFor = (route: StaffRouteEntry, role: Role) =>
    route.path === '/admin/tours.ics' ? `${concretePath(route)}?token=${CALENDAR_TOKENS[role]}` : concretePath(route);

  it('walks the preview and the calendar feed as well as the routers mounted on /admin', () => {
    const paths = routes.map((route) => route.path);
    expect(paths).to.include.members(['/preview/*', '/admin/tours.ics', '/admin/account/calendar-token', '/admin']);
  });

  it('gives every staff route an area, judged on the path as declared (lower case, so case folding cannot move it)', () => {
    // The staff gate itself (`/admin/*`) answers only what no route under it takes: it has no area, so 403.
    for (const route of routes.filter((each) => each.path !== '/admin/*')) {
      const path = concretePath(route);
      expect(areaOf(path, route.method), `${route.method} ${route.path}`).to.be.a('string');
      expect(routedPath(path), `${route.path} is written in lower case`).to.equal(path.toLowerCase());
      expect(route.path.replace(/:[a-z]+/gi, ''), 'route literals in lower case').to.equal(
        route.path.replace(/:[a-z]+/gi, '').toLowerCase(),
      );
    }
  });

  it('answers every staff route for every role as the table says', async () => {
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const route of routes) {
        const path = pathFor(route, role);
        const response = await send(server, route.method, path, people[role]);
        await response.arrayBuffer();
        const allowed = roleMay(role, areaOf(path, route.method));
        const ok = allowed
          ? ![401, 403].includes(response.status) && response.status < 500
          : route.path === '/admin/tours.ics'
            ? response.status === 404
            : response.status === 403;
        if (!ok) wrong.push(`${role}: ${route.method} ${path} → ${response.status}`);
      }
    }
    expect(wrong).to.deep.equal([]);
  });

  it('refuses every case and encoding variant of a refused route (403 or 404, never the route)', async () => {
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const route of routes) {
        const path = pathFor(route, role);
        if (roleMay(role, areaOf(path, route.method))) continue;
        for (const variant of variantsOf(path)) {
          const response = await send(server, route.method, variant.path, people[role]);
          await response.arrayBuffer();
          // A GET with a trailing slash is sent to the path without it (trailing-slash.ts), judged above.
          const redirectedHome =
            response.status === 301 && route.method === 'GET' && variant.label === 'a trailing slash';
          if (![403, 404].includes(response.status) && !redirectedHome)
            wrong.push(`${role}: ${route.method} ${variant.path} (${variant.label}) → ${response.status}`);
        }
      }
    }
    expect(wrong).to.deep.equal([]);
  });

  it('keeps sales out of marketing’s drafts: /preview is the content area', async () => {
    const refused = await send(server, 'GET', '/preview/about', people.sales);
    expect(refused.status).to.equal(403);
    expect(await refused.text()).to.not.contain('preview-banner');
    const shown = await send(server, 'GET', '/preview/about', people.marketing);
    expect(shown.status).to.equal(200);
    expect(await shown.text()).to.contain('preview-banner');
  });

  it('does not let marketing replace a calendar token through /admin/account/Calendar-Token', async () => {
    const before = await server.db('calendar_tokens').where({ username: 'mara' }).first();
    for (const path of [
      '/admin/account/Calendar-Token',
      '/admin/ACCOUNT/CALENDAR-TOKEN',
      '/ADMIN/account/calendar-token',
    ]) {
      const response = await staffCall(server.url, path, people.marketing, {});
      expect(response.status, path).to.be.oneOf([403, 404]);
    }
    expect(await server.db('calendar_tokens').where({ username: 'mara' }).first()).to.deep.equal(before);
  });
});
