import http from 'node:http';
import fc from 'fast-check';
import { HOME_FILTER_PARAMETERS } from '../../src/shared/home-filters.js';
import type { Staff } from './staff.js';

/**
 * The requests of the fuzzing tests (test/fault/fuzz*.test.ts): raw sends, the routes, hostile values and the
 * inherited-name sweep.
 */

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends bytes exactly as given (fetch would normalise paths and refuse bad encodings). */
function send(base: URL, request: RawRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: { ...request.headers, 'content-length': String(request.body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** Sends the request signed in as `staff` when given: its session cookie ahead of any other, and its CSRF token. */
export function sendAs(
  base: URL,
  request: RawRequest,
  staff: Staff | undefined,
): Promise<{ status: number; body: string }> {
  if (!staff) return send(base, request);
  const cookie = [staff.cookie, request.headers.cookie].filter(Boolean).join('; ');
  return send(base, { ...request, headers: { ...request.headers, cookie, 'x-csrf-token': staff.token } });
}

/**
 * Names every plain object inherits from Object.prototype: a lookup keyed by request input in a plain object
 * finds these (`SORTS['constructor']` is a function), so each goes into every place a request can carry a name.
 */
export const INHERITED_NAMES = [
  'constructor',
  '__proto__',
  'prototype',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

export const ROUTES = [
  '/',
  '/about',
  '/site-plan',
  '/floor-plans',
  '/floor-plans/canyon',
  '/contact',
  '/contact/submit',
  '/api/homepageimages',
  '/api/homepageimages?sort=order,asc',
  '/api/floorplanImages/search/findByFloorplan?floorplan=The%20Canyon',
  '/login',
  '/logout',
  '/admin',
  '/admin/homepage-images',
  '/admin/reorder/homepageimages',
  '/admin/delete/homepageimage',
  '/admin/upload/homepageimage',
  '/admin/reorder/floorplanimages?floorplan=Overlook',
  '/admin/messages',
  '/admin/messages.csv',
  '/admin/messages/1/read',
  '/admin/images.json',
  '/admin/images.json?floorplan=Overlook',
  '/admin/floorplan-images/canyon',
  '/admin/delete/floorplanimage?floorplan=Overlook',
  '/admin/upload/floorplanimage?floorplan=Overlook',
  '/admin/team',
  '/admin/team.json',
  '/admin/team/invitations',
  '/admin/team/staff',
  '/admin/team/two-factor-requirement',
  '/admin/account',
  '/admin/account/two-factor/start',
  '/admin/account/two-factor/confirm',
  '/admin/account/two-factor/recovery-codes',
  '/admin/account/passkeys/options',
  '/admin/account/passkeys',
  '/admin/account/passkeys/1/delete',
  '/admin/account/password',
  '/admin/account/email',
  '/admin/audit',
  '/admin/audit?actor=staff&from=2026-01-01&to=2026-13-45',
  '/admin/audit.csv',
  '/login/two-factor',
  '/login/two-factor/passkey/options',
  '/login/two-factor/passkey',
  '/login/forgot',
  '/login/reset/abcdefghijklmnopqrstuvwxyz',
  '/join/abcdefghijklmnopqrstuvwxyz',
  '/admin/leads/message/1',
  '/admin/leads/message/1.json',
  '/admin/leads/tour/1/notes',
  '/admin/leads/message/1/owner',
  '/admin/tours',
  '/admin/tours/1/move',
  '/admin/tours/1/cancel',
  '/admin/tours.ics?token=abcdefghijklmnopqrstuvwxyz',
  '/admin/account/calendar-token',
  '/uploads/x.jpg',
  '/assets/boot.js',
  '/sample/site-plan.png',
  '/robots.txt',
  '/sitemap.xml',
  '/manifest.webmanifest',
  '/healthz',
  '/feeds/bdx.xml',
  '/admin/content',
  '/admin/content/community',
  '/admin/content/floor-plans.json',
  '/admin/content/promotions/draft',
  '/admin/content/legal/publish',
  '/admin/content/legal/schedule',
  '/admin/content/tours/versions.json',
  '/admin/content/tours/versions/1/restore',
  '/admin/content/pages/history',
  '/preview/floor-plans/canyon',
  '/admin/files',
  '/admin/files.json',
  '/admin/files/1',
  '/admin/files/1/replace',
  '/admin/files/1/delete',
  '/interest',
  '/interest/confirm/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  '/interest/unsubscribe/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  '/agents',
  '/agents/register',
  '/homes',
  '/homes?beds=4&maxPrice=600000&community=maple-hollow',
  '/homes.json',
  '/homes.json?moveIn=3m&type=qmi&sort=-price&page=2',
  '/admin/interest',
  '/admin/interest.csv',
  '/admin/interest/updates',
  '/admin/interest/updates/1',
  '/admin/interest/updates/1/send',
  '/admin/messages?kind=agent-registration',
  '/admin/messages/interest/1/follow-up',
  '/admin/messages/agent-registration/1/erase',
];

export const NASTY_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'; DROP TABLE contact_messages; --",
  '=HYPERLINK("http://evil.example","click")',
  '+SUM(1,2)',
  '-2+3',
  '@cmd',
  '\u202Eevil\u202C',
  '\u0000nul',
  '𝕳𝖊𝖑𝖑𝖔 🏡',
  'a\r\nBcc: victim@example.org',
  '../../etc/passwd',
  '%00',
  '\uFEFF',
  'x'.repeat(6000),
  ...INHERITED_NAMES,
];

const queryWord = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom(...INHERITED_NAMES, 'sort', 'floorplan', 'next', 'beds', 'minPrice', 'community', '-1', '1e309'),
);

const pathArbitrary = fc.oneof(
  fc.constantFrom(...ROUTES),
  fc.constantFrom(...ROUTES).map((route) => route.toUpperCase()),
  fc.constantFrom(...ROUTES).map((route) => `${route}/`),
  fc.constantFrom(...ROUTES).map((route) => `/${route}`),
  fc.constantFrom(
    '/..%2f..%2fetc/passwd',
    '/%2e%2e/admin',
    '/sample/..%2f..%2fpackage.json',
    '/assets/%2e%2e%2fserver.js',
    '/%zz',
    '/%c0%af',
    '/floor-plans/%E0%A4%A',
    '/uploads/..%2f..%2fsite.sqlite',
    '/admin/%2e%2e/admin',
  ),
  fc
    .tuple(fc.constantFrom(...ROUTES), fc.constantFrom(...INHERITED_NAMES))
    .map(([route, name]) => `${route.split('?')[0]}/${name}`),
  fc
    .constantFrom(...ROUTES)
    .chain((route) =>
      fc
        .array(fc.tuple(queryWord, queryWord), { maxLength: 30 })
        .map(
          (pairs) =>
            `${route.split('?')[0]}?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`,
        ),
    ),
);

const contentTypeArbitrary = fc.constantFrom(
  undefined,
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'garbage/%%;;=',
);

const fieldValue = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Form and JSON fields the routes read. */
const READ_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'subject',
  'message',
  'website',
  'username',
  'password',
  '_csrf',
  'read',
  'alt',
  'url',
  'order',
  'plan',
  'agent_firstname',
  'agent_lastname',
  'agent_email',
  'agent_phone',
  'brokerage',
  'license',
  'client_firstname',
  'client_lastname',
  'client_email',
  'List-Unsubscribe',
];

const bodyArbitrary: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constant(Buffer.alloc(0)),
  fc
    .constantFrom(
      '{',
      '{"url":',
      '[',
      'null',
      'true',
      '"x"',
      '[{"url":1,"order":"a"}]',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
    )
    .map((text) => Buffer.from(text)),
  fc
    .dictionary(fc.constantFrom(...READ_FIELDS, ...INHERITED_NAMES), fieldValue)
    .map((fields) => Buffer.from(new URLSearchParams(fields).toString())),
  fc
    .array(fieldValue, { maxLength: 4 })
    .map((values) => Buffer.from(values.map((value) => `firstname=${encodeURIComponent(value)}`).join('&'))),
  fc.constant(Buffer.from(Array.from({ length: 1000 }, (_, index) => `p${index}=${index}`).join('&'))),
  fc.nat({ max: 200 }).map((depth) => Buffer.from(`${'['.repeat(depth)}1${']'.repeat(depth)}`)),
  fc.nat({ max: 200 }).map((depth) => Buffer.from(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)),
  fc.constant(Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1])),
  fc.constant(Buffer.from('firstname=%E0%A4%A&email=%zz&phone=%')),
  fc.constant(Buffer.alloc(200 * 1024, 'a')),
  fc.constant(
    Buffer.from(`[${Array.from({ length: 5000 }, (_, order) => `{"url":"/x${order}","order":${order}}`).join(',')}]`),
  ),
);

export const requestArbitrary = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
  path: pathArbitrary,
  contentType: contentTypeArbitrary,
  body: bodyArbitrary,
  withSession: fc.boolean(),
  origin: fc.constantFrom(undefined, 'https://evil.example', 'null'),
  cookieName: fc.option(fc.constantFrom(...INHERITED_NAMES), { nil: undefined }),
});

/** Query keys the routes read, each given an inherited name as its value. */
const READ_QUERY_KEYS = [
  'sort',
  'floorplan',
  'next',
  'sent',
  'error',
  'uploaded',
  'homesite',
  'plan',
  // Find your home's filters (/homes, /homes.json), as the search reads them ('sort' is above)
  ...HOME_FILTER_PARAMETERS.filter((name) => name !== 'sort'),
];
/** The cookies the site reads: the staff session and the sign-in device cookie. */
const COOKIE_NAMES = ['sid', '__Host-sid', 'login-device', '__Host-login-device'];

export interface SweepCase {
  method: string;
  path: string;
  contentType?: string;
  body?: string;
  headers?: Record<string, string>;
  placement: string;
}

function formOf(fields: [string, string][]): string {
  return fields.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}

function multipartOf(fields: [string, string][]): string {
  const parts = fields.map(
    ([key, value]) => `--xyz\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join('')}--xyz--\r\n`;
}

/** Names as keys: all of them in one request per place (a key that is read is read whatever keys stand beside it). */
export function namesAsKeys(route: string): SweepCase[] {
  const [pathname = '/', query] = route.split('?');
  const withQuery = (extra: string) => `${pathname}?${[query, extra].filter(Boolean).join('&')}`;
  const keyed = (suffix: string) => INHERITED_NAMES.map((name) => `${encodeURIComponent(name)}${suffix}=1`).join('&');
  const named: [string, string][] = [
    ...INHERITED_NAMES.flatMap((name): [string, string][] => [
      [name, 'x'],
      [`${name}[x]`, 'x'],
    ]),
    ...READ_FIELDS.map((field): [string, string] => [field, 'x']),
  ];
  const jsonKeyed = `{${INHERITED_NAMES.map((name) => `"${name}":{"url":"/x","order":0}`).join(',')},"url":"/x","order":0}`;
  return [
    { method: 'GET', path: withQuery(keyed('')), placement: 'query keys' },
    { method: 'GET', path: withQuery(keyed('[]')), placement: 'query keys with brackets' },
    {
      method: 'GET',
      path: route,
      headers: { cookie: INHERITED_NAMES.map((name) => `${name}=1`).join('; ') },
      placement: 'cookie names',
    },
    {
      method: 'GET',
      path: route,
      headers: Object.fromEntries(INHERITED_NAMES.map((name) => [name, name])),
      placement: 'header names',
    },
    {
      method: 'POST',
      path: route,
      contentType: 'application/x-www-form-urlencoded',
      body: formOf(named),
      placement: 'form field names',
    },
    {
      method: 'POST',
      path: route,
      contentType: 'multipart/form-data; boundary=xyz',
      body: multipartOf(named),
      placement: 'multipart field names',
    },
    { method: 'POST', path: route, contentType: 'application/json', body: jsonKeyed, placement: 'JSON keys' },
    {
      method: 'POST',
      path: route,
      contentType: 'application/json',
      body: `[${jsonKeyed}]`,
      placement: 'JSON keys in a list',
    },
  ];
}

/** Names as values and path segments: one request per name and place. */
export function nameAsValue(route: string, name: string): SweepCase[] {
  const [pathname = '/', query] = route.split('?');
  const withQuery = (extra: string) => `${pathname}?${[query, extra].filter(Boolean).join('&')}`;
  const segment = encodeURIComponent(name);
  // The name appended, in place of the last segment, and in place of an id (/admin/messages/1/read).
  const paths = new Set([
    `${pathname.replace(/\/$/, '')}/${segment}`,
    pathname.replace(/[^/]*$/, segment),
    pathname.replace(/\/\d+\//, `/${segment}/`),
  ]);
  const valued = READ_FIELDS.map((field): [string, string] => [field, name]);
  const json = (value: unknown) => ({ contentType: 'application/json', body: JSON.stringify(value) });
  return [
    {
      method: 'GET',
      path: withQuery(READ_QUERY_KEYS.map((key) => `${key}=${segment}`).join('&')),
      placement: 'query values',
    },
    ...[...paths].flatMap((path) => [
      { method: 'GET', path, placement: 'path segment' },
      { method: 'POST', path, placement: 'path segment' },
    ]),
    {
      method: 'GET',
      path: route,
      headers: { cookie: COOKIE_NAMES.map((cookie) => `${cookie}=${name}`).join('; ') },
      placement: 'cookie values',
    },
    {
      method: 'GET',
      path: route,
      headers: { accept: name, referer: name, 'sec-fetch-mode': name, 'sec-fetch-site': name, 'accept-encoding': name },
      placement: 'header values',
    },
    {
      method: 'POST',
      path: route,
      contentType: 'application/x-www-form-urlencoded',
      body: formOf(valued),
      placement: 'form field values',
    },
    {
      method: 'POST',
      path: route,
      contentType: 'multipart/form-data; boundary=xyz',
      body: multipartOf(valued),
      placement: 'multipart field values',
    },
    { method: 'POST', path: route, ...json({ ...Object.fromEntries(valued), order: 0 }), placement: 'JSON values' },
    { method: 'POST', path: route, ...json([{ url: name, order: 0 }]), placement: 'JSON values in a list' },
  ];
}

interface SweepRequest {
  sweep: SweepCase;
  withSession: boolean;
  /** The first route that made the request. */
  route: string;
}

/**
 * Every inherited-name request of the routes given, each once: routes that share a path (`/admin/audit` and
 * `/admin/audit?actor=…`) make the same path-segment requests, and a name's path variants include the route's own
 * path when it has no id to replace, so about a quarter of the cases repeat a request already made, byte for byte
 * and in the same session.
 */
function inheritedNameRequests(routes: readonly string[]): SweepRequest[] {
  const requests: SweepRequest[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const cases = [...namesAsKeys(route), ...INHERITED_NAMES.flatMap((name) => nameAsValue(route, name))];
    // Staff routes signed out and signed in (with the CSRF token); /logout signed in would end the session.
    const sessions = /^\/(admin|login)/.test(route) ? [false, true] : [false];
    for (const sweep of cases)
      for (const withSession of sessions) {
        const { method, path, headers, contentType, body } = sweep;
        const key = JSON.stringify([method, path, headers ?? {}, contentType ?? '', body ?? '', withSession]);
        if (seen.has(key)) continue;
        seen.add(key);
        requests.push({ sweep, withSession, route });
      }
  }
  return requests;
}

/**
 * Sends every inherited property name (constructor, __proto__, toString …) in every place of every route, signed
 * out and, on staff routes, signed in, each distinct request once; returns each request answered 5xx and how many
 * were sent. A few at a time, as several browsers would send them. The sweep is cut in `shard.count` shards by route
 * (every count-th route), each file its own server, so that the workers share it
 * (test/fault/fuzz-inherited-names-*.test.ts); a request two routes make goes to the shard of the first.
 */
export async function sweepInheritedNames(
  base: URL,
  staff: Staff,
  shard: { index: number; count: number },
): Promise<{ failures: string[]; sent: number }> {
  const failures: string[] = [];
  let sent = 0;
  const own = new Set(ROUTES.filter((_, position) => position % shard.count === shard.index));
  const requests = inheritedNameRequests(ROUTES).filter(({ route }) => own.has(route));
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { sweep, withSession } = requests[next++]!;
      const headers: Record<string, string> = { ...sweep.headers };
      if (sweep.contentType) headers['content-type'] = sweep.contentType;
      const request = { method: sweep.method, path: sweep.path, headers, body: Buffer.from(sweep.body ?? '') };
      const response = await sendAs(base, request, withSession ? staff : undefined);
      sent += 1;
      if (response.status >= 500)
        failures.push(`${response.status} ${sweep.method} ${sweep.path} (${sweep.placement})`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { failures, sent };
}
