import { expect } from 'chai';
import {
  describeMessage,
  nuMessages,
  type NuDocument,
  type VnuMessage,
  skipWithoutJava,
} from '../support/nu-checker.js';
import { PUBLIC_PAGES, STAFF_PAGES, fetchPage, type SitePage } from '../support/site-pages.js';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The lead forms shown again after a post without JavaScript: every problem summarised, or a post too large. */
const REFUSED_FORM_PAGES: SitePage[] = [
  { label: 'schedule a tour, every problem', path: '/tours', method: 'POST', form: { phone: '12' }, status: 400 },
  {
    label: 'contact, too large',
    path: '/contact/submit',
    method: 'POST',
    form: { firstname: 'Ada', message: 'M'.repeat(200_000) },
    status: 413,
  },
];

/**
 * Pages only a limit shows: the server below allows one accepted contact post and one failed sign-in per address;
 * the accepted post is made just before these pages are fetched.
 */
const LIMITED_PAGES: SitePage[] = [
  {
    label: 'contact, too many messages',
    path: '/contact/submit',
    method: 'POST',
    form: {
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      phone: '(970) 555-0100',
      subject: 'Hi',
      message: 'Hello',
    },
    status: 429,
  },
  {
    label: 'schedule a tour, too many requests',
    path: '/tours',
    method: 'POST',
    form: { firstname: 'Ada', lastname: '', email: 'not an address', phone: '555', start: 'tomorrow' },
    status: 429,
  },
  {
    label: 'sign in, too many failures',
    path: '/login',
    method: 'POST',
    form: { username: 'staff', password: 'still not the password' },
    status: 429,
  },
];

/** A buyer's own tour page, for a tour stored in `before` with this token. */
const TOUR_TOKEN = 'validity-test-token-0123456789abcdefghijklm';
const TOUR_PAGE: SitePage = { label: "a buyer's tour", path: `/tours/${TOUR_TOKEN}` };
const TOUR_CANCEL_PAGE: SitePage = { label: "a buyer's tour, cancel step", path: `/tours/${TOUR_TOKEN}/cancel` };

/** A page that needs the database, asked for once the page cache is cleared so the cache does not answer it. */
const SERVER_ERROR_PAGE: SitePage = { label: 'server error', path: '/?from=validity-test', status: 500 };

describe('W3C Nu Html Checker: every page', function () {
  this.timeout(180_000);
  const pages = [
    ...PUBLIC_PAGES,
    TOUR_PAGE,
    TOUR_CANCEL_PAGE,
    ...STAFF_PAGES,
    ...REFUSED_FORM_PAGES,
    ...LIMITED_PAGES,
    SERVER_ERROR_PAGE,
  ];
  const found = new Map<SitePage, VnuMessage[]>();
  let server: TestServer | undefined;

  before(async function () {
    skipWithoutJava(this);
    server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '1', LOGIN_RATE_LIMIT: '1' });
    const staff = await signIn(server.url);
    // An unread lead, a read one and a spam message, so the inbox shows each kind rather than "None yet".
    const lead = {
      firstname: 'Pat',
      lastname: 'Buyer',
      email: 'pat@example.com',
      phone: '(970) 555-0100',
      is_spam: false,
      delivery_status: 'not_configured',
      read_at: null,
    };
    await server.db('contact_messages').insert([
      { ...lead, subject: 'A homesite', message: 'Call me, please.' },
      { ...lead, subject: 'Read already', message: 'Line one.\nLine two.', read_at: '2026-11-20T10:00:00.000Z' },
      { ...lead, subject: 'Cheap pills', message: 'Buy now', is_spam: true, delivery_status: 'skipped' },
    ]);
    // Stored before control characters were refused at the edge (issue "Checked before it is normalized").
    await server.db('contact_messages').insert({
      ...lead,
      firstname: 'Old\u0000',
      subject: 'NUL \u0000, BEL \u0007, ESC \u001b',
      message: 'C1 \u0085\u009b, DEL \u007f, a noncharacter \uffff,\r\nCR LF and a form feed \u000c.',
      utm_source: 'news\u0000letter',
      notes: 'Called \u0000twice.',
    });
    await server.db('tours').insert({
      token: TOUR_TOKEN,
      start_at: new Date(Date.now() + 86_400_000).toISOString(),
      slot_minutes: 60,
      firstname: lead.firstname,
      lastname: lead.lastname,
      email: lead.email,
      phone: lead.phone,
      created_at: new Date().toISOString(),
    });
    const documents: (NuDocument & { page: SitePage })[] = [];
    for (const page of pages) {
      // The 500 page comes last: the database is closed to cause it.
      if (page === SERVER_ERROR_PAGE) {
        await server.db.destroy();
        server.site.pageCache.clear();
      }
      if (page === LIMITED_PAGES[0]) {
        const accepted = await fetch(`${server.url}/contact/submit`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...page.form, subject: 'Counted' }),
        });
        expect(accepted.status, 'the post that reaches the limit').to.equal(200);
      }
      const response = await fetchPage(server.url, page, staff);
      expect(response.status, page.label).to.equal(page.status ?? 200);
      documents.push({ label: page.label, html: await response.text(), page });
      found.set(page, []);
    }
    for (const { document, message } of await nuMessages(documents)) found.get(document.page)!.push(message);
  });

  after(async () => {
    // Warnings are allowed; each kind is listed once with how often and on how many pages it came.
    const warnings = new Map<string, { count: number; pages: Set<string> }>();
    for (const [page, messages] of found) {
      for (const message of messages.filter((item) => item.type === 'info')) {
        const entry = warnings.get(message.message) ?? { count: 0, pages: new Set<string>() };
        entry.count += 1;
        entry.pages.add(page.label);
        warnings.set(message.message, entry);
      }
    }
    for (const [message, { count, pages: on }] of warnings) {
      console.log(`    Nu checker warning (allowed), ${count}× on ${on.size} page(s): ${message}`);
    }
    await server?.close();
  });

  for (const page of pages) {
    it(`finds no error on ${page.label} (${page.method ?? 'GET'} ${page.path})`, () => {
      const errors = (found.get(page) ?? []).filter((message) => message.type !== 'info');
      expect(errors.map(describeMessage)).to.deep.equal([]);
    });
  }
});
