import { expect } from 'chai';
import { ESLint } from 'eslint';
import { loadContent } from '../../src/content/index.js';
import { addDays, dateInZone } from '../../src/shared/tour-slots.js';
import { appAdminRoutes } from '../support/admin-routes.js';
import { STAFF_ENV, signInCookie } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Decision 049: every Intl formatter holds ICU data in native memory that the JavaScript heap does not count, so
 * one built per request grew a production instance's RSS by ~1 GB over 3,000 tour-day pages while the heap stayed
 * at 60 MB. RSS is too noisy to assert on a shared machine; what causes it can be counted exactly: once every page
 * has been served once, serving them again builds no formatter at all.
 */
const INTL_CONSTRUCTORS = ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat'] as const;
/** The locale methods that build a fresh formatter on each call when given options (V8 caches only the plain call). */
const LOCALE_METHODS: [object, string][] = [
  [Date.prototype, 'toLocaleDateString'],
  [Date.prototype, 'toLocaleTimeString'],
  [Date.prototype, 'toLocaleString'],
  [Number.prototype, 'toLocaleString'],
];

/** Counts formatters built (and where) while installed; `restore` puts the originals back. */
function countFormatters() {
  const built: string[] = [];
  const note = (what: string) => built.push(`${what}\n${new Error().stack?.split('\n').slice(3, 7).join('\n')}`);
  const intl = Intl as unknown as Record<string, unknown>;
  const originals = INTL_CONSTRUCTORS.map((name) => [name, intl[name]] as const);
  for (const [name, original] of originals) {
    intl[name] = new Proxy(original as new (...args: unknown[]) => object, {
      construct(target, args, newTarget) {
        note(`new Intl.${name}`);
        return Reflect.construct(target, args, newTarget);
      },
      apply(target, self, args) {
        note(`Intl.${name}()`);
        return Reflect.apply(target, self, args);
      },
    });
  }
  const methods = LOCALE_METHODS.map(([prototype, name]) => {
    const target = prototype as Record<string, (...args: unknown[]) => unknown>;
    const original = target[name]!;
    target[name] = function (this: unknown, ...args: unknown[]) {
      if (args.length > 1) note(`${name} with options`);
      return original.apply(this, args);
    };
    return () => (target[name] = original);
  });
  return {
    built,
    restore() {
      for (const [name, original] of originals) intl[name] = original;
      for (const put of methods) put();
    },
  };
}

describe('Formatters per request (decision 049)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let cookie: string;
  let pages: string[];

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    cookie = await signInCookie(server.url);
    const zone = loadContent().community.timeZone;
    const today = dateInZone(Date.now(), zone);
    const tourDays = Array.from({ length: 14 }, (_, index) => `/tours?day=${addDays(today, index + 1)}`);
    const staffPages = appAdminRoutes(server)
      .filter((route) => route.method === 'GET' && !route.path.includes(':') && !route.path.includes('*'))
      .map((route) => route.path);
    expect(staffPages).to.include.members(['/admin', '/admin/tours']);
    pages = [
      ...['/', '/about', '/site-plan', '/floor-plans', '/contact', '/tours', '/quick-move-in', '/homesites/1'],
      ...['/privacy', '/agents', '/feeds/bdx.xml', '/admin/tours.ics'],
      ...tourDays,
      ...staffPages,
    ];
  });

  after(() => server?.close());

  async function serveEvery(): Promise<void> {
    for (const page of pages) {
      // A changing query keeps the page cache from answering: the page is rendered each time.
      const separator = page.includes('?') ? '&' : '?';
      const response = await fetch(`${server.url}${page}${separator}utm_content=${Math.random()}`, {
        headers: { Cookie: cookie },
      });
      await response.arrayBuffer();
      expect(response.status, page).to.be.below(500);
    }
  }

  it('builds no Intl formatter for a page it has served before, public or staff', async () => {
    await serveEvery();
    const counter = countFormatters();
    try {
      await serveEvery();
      await serveEvery();
    } finally {
      counter.restore();
    }
    expect(counter.built, counter.built.slice(0, 3).join('\n\n')).to.deep.equal([]);
  });

  it('refuses, in lint, a formatter built inside a function', async () => {
    const source = [
      "export const a = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).format(d);",
      "export const b = (d: Date) => d.toLocaleDateString('en-US', { timeZone: 'UTC' });",
      "export const c = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' });",
      "export const e = (n: number) => n.toLocaleString('en-US');",
      '',
    ].join('\n');
    const [result] = await new ESLint().lintText(source, { filePath: 'views/Example.tsx' });
    const lines = (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => message.line);
    expect(lines).to.deep.equal([1, 2]);
  });
});
