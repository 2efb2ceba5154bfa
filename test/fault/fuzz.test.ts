import http from 'node:http';
import { expect } from 'chai';
import fc from 'fast-check';
import { signIn, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface RawRequest {
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

const ROUTES = [
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
  '/uploads/x.jpg',
  '/assets/boot.js',
  '/sample/site-plan.png',
];

const NASTY_STRINGS = [
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
];

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
    .constantFrom(...ROUTES)
    .chain((route) =>
      fc
        .array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })), { maxLength: 30 })
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
    .dictionary(
      fc.constantFrom(
        'firstname',
        'lastname',
        'email',
        'phone',
        'subject',
        'message',
        'website',
        '__proto__',
        'username',
        'password',
        '_csrf',
      ),
      fieldValue,
    )
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

const requestArbitrary = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
  path: pathArbitrary,
  contentType: contentTypeArbitrary,
  body: bodyArbitrary,
  withSession: fc.boolean(),
  origin: fc.constantFrom(undefined, 'https://evil.example', 'null'),
});

describe('Malformed requests (property-based fuzzing)', function () {
  this.timeout(300_000);
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer({
      ADMIN_USERNAME: 'staff',
      ADMIN_PASSWORD: 'fuzzing-password',
      CONTACT_RATE_LIMIT: '0',
      LOGIN_RATE_LIMIT: '100000',
    });
    staff = await signIn(server.url, 'staff', 'fuzzing-password');
  });
  after(() => server.close());

  it('answers 2,500 malformed requests without a 5xx, a crash, or a row written by a rejected one', async () => {
    const base = new URL(server.url);
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (input) => {
        const before = Number((await server.db('contact_messages').count({ count: '*' }).first())?.count ?? 0);
        const headers: Record<string, string> = {};
        if (input.contentType) headers['content-type'] = input.contentType;
        if (input.origin) headers.origin = input.origin;
        if (input.withSession) Object.assign(headers, { cookie: staff.cookie, 'x-csrf-token': staff.token });
        const response = await send(base, { method: input.method, path: input.path, headers, body: input.body });
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        expect(response.status, `${input.method} ${input.path}`).to.be.below(500);
        expect(response.body).to.not.match(/at \w+ \(|node_modules|\/work\/|SQLITE_|knex|Error: /);
        const after = Number((await server.db('contact_messages').count({ count: '*' }).first())?.count ?? 0);
        if (response.status !== 200 || response.body !== 'success')
          expect(after, 'a rejected request wrote a message').to.equal(before);
      }),
      { numRuns: 2500, seed: 20261121 },
    );
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).to.equal(200);
    console.log('    statuses seen:', Object.fromEntries([...seen.entries()].sort((a, b) => a[0] - b[0])));
  });

  it('renders whatever was stored escaped in the inbox and the CSV', async () => {
    staff = await signIn(server.url, 'staff', 'fuzzing-password'); // the fuzzing above may have logged the session out
    for (const text of NASTY_STRINGS.slice(0, 8)) {
      const response = await fetch(`${server.url}/contact/submit`, {
        method: 'POST',
        body: new URLSearchParams({
          firstname: 'Fuzz',
          lastname: 'Test',
          email: 'fuzz@example.com',
          phone: '(970) 555-0100',
          subject: text,
          message: text,
        }),
      });
      expect(await response.text()).to.equal('success');
    }
    const inbox = await (await fetch(`${server.url}/admin/messages`, { headers: { cookie: staff.cookie } })).text();
    expect(inbox).to.not.include('<script>alert(1)</script>');
    expect(inbox).to.not.include('<img src=x onerror');
    expect(inbox).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
    const csv = await (await fetch(`${server.url}/admin/messages.csv`, { headers: { cookie: staff.cookie } })).text();
    for (const line of csv.split('\r\n').slice(1)) {
      for (const cell of line.match(/"(?:[^"]|"")*"/g) ?? []) expect(cell).to.not.match(/^"[=+\-@\t\r]/);
    }
  });
});
