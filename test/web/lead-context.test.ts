import { expect } from 'chai';
import { floorPlanBySlug, loadContent } from '../../src/content/index.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { openTourSlots } from '../support/tour-slots.js';

/**
 * Contract, "Leads with context": both lead forms accept the optional context fields, store them with the lead,
 * and drop a bad one without refusing the lead; the forms' hidden fields start from what the request says;
 * `/contact?homesite=N` asks about homesite N. Rows are read back from the database.
 */
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const TEXT = { Accept: 'text/plain' };
const PAGE = { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' };
const BUYER = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '(970) 555-0199' };
const MESSAGE = { ...BUYER, subject: 'Lot question', message: 'Is lot 12 still open?' };

const CONTEXT = {
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring-open-house',
  utm_term: 'new homes',
  utm_content: 'hero-button',
  referrer: 'https://search.example/results?q=maple+hollow',
  landing_page: '/floor-plans/canyon?utm_source=newsletter',
  homesite: '12',
  plan: 'canyon',
};
const canyon = floorPlanBySlug(loadContent(), 'canyon')!;
const CONTEXT_COLUMNS = Object.keys(CONTEXT);
const STORED_CONTEXT = { ...CONTEXT, homesite: 12 };

/** Values the contract says to drop: too long, control characters, and shapes that are no single string. */
const BAD_VALUES: [string, string][] = [
  ['301 characters', 'x'.repeat(301)],
  ['a newline', 'news\nletter'],
  ['a NUL', 'news\u0000letter'],
  ['only spaces', '   '],
];

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The value of the one `<input name>` inside the form with `formClass`, or undefined when there is none. */
function inputValue(html: string, formClass: string, name: string): string | undefined {
  const form = new RegExp(`<form\\b[^>]*class="${formClass}"[\\s\\S]*?</form>`).exec(html)?.[0] ?? '';
  const tags = form.match(new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`, 'g')) ?? [];
  expect(tags.length, `at most one <input name="${name}">`).to.be.at.most(1);
  if (!tags[0]) return undefined;
  return decode(/\bvalue="([^"]*)"/.exec(tags[0])?.[1] ?? '');
}

/** The visit fields a form page rendered, empty ones left out. */
function visitFields(html: string, formClass: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of [
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'utm_term',
    'utm_content',
    'referrer',
    'landing_page',
  ]) {
    const value = inputValue(html, formClass, name);
    expect(value, `hidden field ${name}`).to.be.a('string');
    if (value) fields[name] = value;
  }
  return fields;
}

describe('Leads with context', () => {
  let server: TestServer;
  let slots: string[];
  const freshSlot = () => {
    const slot = slots.shift();
    if (!slot) throw new Error('ran out of test slots');
    return slot;
  };

  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
    slots = await openTourSlots(server.url);
  });
  after(() => server.close());

  const post = (path: string, fields: Record<string, string> | URLSearchParams, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...FORM, ...headers },
      body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
      redirect: 'manual',
    });
  const lastMessage = () => server.db('contact_messages').orderBy('id', 'desc').first();
  const lastTour = () => server.db('tours').orderBy('id', 'desc').first();
  const contextOf = (row: Record<string, unknown>) =>
    Object.fromEntries(CONTEXT_COLUMNS.map((column) => [column, row[column]]));
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers: { ...PAGE, ...headers } });
    return { status: response.status, html: await response.text(), cookie: response.headers.get('set-cookie') };
  };

  describe('POST /contact/submit', () => {
    it('stores every posted context field with the message (script: 200 success)', async () => {
      const response = await post('/contact/submit', { ...MESSAGE, ...CONTEXT }, TEXT);
      expect(response.status).to.equal(200);
      expect(await response.text()).to.equal('success');
      expect(contextOf(await lastMessage())).to.deep.equal(STORED_CONTEXT);
    });

    it('stores them from a plain form post too (303)', async () => {
      const response = await post('/contact/submit', { ...MESSAGE, ...CONTEXT, utm_source: 'plain' }, PAGE);
      expect(response.status).to.equal(303);
      expect(contextOf(await lastMessage())).to.deep.equal({ ...STORED_CONTEXT, utm_source: 'plain' });
    });

    it('stores a message without context with every context column empty', async () => {
      const response = await post('/contact/submit', MESSAGE, TEXT);
      expect(await response.text()).to.equal('success');
      const row = await lastMessage();
      for (const column of CONTEXT_COLUMNS) expect(row[column], column).to.equal(null);
    });

    for (const [label, bad] of BAD_VALUES) {
      it(`drops context values with ${label} and still stores the message`, async () => {
        const fields = Object.fromEntries(CONTEXT_COLUMNS.map((column) => [column, bad]));
        const response = await post('/contact/submit', { ...MESSAGE, ...fields, utm_term: 'kept' }, TEXT);
        expect(response.status).to.equal(200);
        expect(await response.text()).to.equal('success');
        const row = await lastMessage();
        expect(row.email).to.equal(MESSAGE.email);
        expect(contextOf(row)).to.deep.equal({
          ...Object.fromEntries(CONTEXT_COLUMNS.map((column) => [column, null])),
          utm_term: 'kept',
        });
      });
    }

    it('drops a repeated field, an unknown plan and a homesite that is no whole number', async () => {
      const body = new URLSearchParams({ ...MESSAGE, plan: 'the-castle', homesite: '12.5', utm_campaign: 'fall' });
      body.append('utm_source', 'one');
      body.append('utm_source', 'two');
      const response = await post('/contact/submit', body, PAGE);
      expect(response.status).to.equal(303);
      const row = await lastMessage();
      expect(row).to.include({ utm_source: null, plan: null, homesite: null, utm_campaign: 'fall' });
    });

    it('gives the context back in the form when the message is refused', async () => {
      const response = await post('/contact/submit', { ...MESSAGE, email: 'nope', ...CONTEXT }, PAGE);
      expect(response.status).to.equal(400);
      const html = await response.text();
      expect(visitFields(html, 'contact-form')).to.deep.equal({
        utm_source: CONTEXT.utm_source,
        utm_medium: CONTEXT.utm_medium,
        utm_campaign: CONTEXT.utm_campaign,
        utm_term: CONTEXT.utm_term,
        utm_content: CONTEXT.utm_content,
        referrer: CONTEXT.referrer,
        landing_page: CONTEXT.landing_page,
      });
      expect(inputValue(html, 'contact-form', 'homesite')).to.equal('12');
      expect(inputValue(html, 'contact-form', 'plan')).to.equal('canyon');
    });
  });

  describe('POST /tours', () => {
    it('stores every posted context field with the booking (JSON)', async () => {
      const response = await post(
        '/tours',
        { ...BUYER, start: freshSlot(), ...CONTEXT },
        { Accept: 'application/json' },
      );
      expect(response.status).to.equal(200);
      expect(contextOf(await lastTour())).to.deep.equal(STORED_CONTEXT);
    });

    it('stores them from a plain form post too (303)', async () => {
      const response = await post('/tours', { ...BUYER, start: freshSlot(), ...CONTEXT, utm_medium: 'cpc' }, PAGE);
      expect(response.status).to.equal(303);
      expect(contextOf(await lastTour())).to.deep.equal({ ...STORED_CONTEXT, utm_medium: 'cpc' });
    });

    for (const [label, bad] of BAD_VALUES) {
      it(`drops context values with ${label} and still books the tour`, async () => {
        const fields = Object.fromEntries(CONTEXT_COLUMNS.map((column) => [column, bad]));
        const response = await post(
          '/tours',
          { ...BUYER, start: freshSlot(), ...fields, referrer: 'https://a.example/' },
          PAGE,
        );
        expect(response.status).to.equal(303);
        const row = await lastTour();
        expect(row.email).to.equal(BUYER.email);
        expect(contextOf(row)).to.deep.equal({
          ...Object.fromEntries(CONTEXT_COLUMNS.map((column) => [column, null])),
          referrer: 'https://a.example/',
        });
      });
    }

    it('gives the visit fields back in the form when the booking is refused', async () => {
      const response = await post('/tours', { ...BUYER, email: 'nope', start: freshSlot(), ...CONTEXT }, PAGE);
      expect(response.status).to.equal(400);
      const html = await response.text();
      expect(visitFields(html, 'tour-form')).to.include({
        utm_source: CONTEXT.utm_source,
        referrer: CONTEXT.referrer,
        landing_page: CONTEXT.landing_page,
      });
    });
  });

  describe('GET /contact?homesite=N', () => {
    it('prefills the subject and keeps the homesite in the hidden field homesite', async () => {
      const { status, html } = await page('/contact?homesite=12');
      expect(status).to.equal(200);
      expect(inputValue(html, 'contact-form', 'subject')).to.equal('Question about homesite 12');
      expect(inputValue(html, 'contact-form', 'homesite')).to.equal('12');
    });

    it('names the plan too when the link carries both', async () => {
      const { html } = await page('/contact?homesite=12&plan=canyon');
      expect(inputValue(html, 'contact-form', 'subject')).to.equal(`Question about homesite 12 (${canyon.name})`);
      expect(inputValue(html, 'contact-form', 'plan')).to.equal('canyon');
    });

    for (const lot of ['0', '79', '999999', '12abc', '-3', '1e1', '', '12&homesite=13']) {
      it(`ignores the unknown or malformed homesite "${lot}"`, async () => {
        const { status, html } = await page(`/contact?homesite=${lot}`);
        expect(status).to.equal(200);
        expect(inputValue(html, 'contact-form', 'subject') ?? '').to.equal('');
        expect(inputValue(html, 'contact-form', 'homesite')).to.equal(undefined);
      });
    }

    it('records the homesite with the message the prefilled form sends', async () => {
      const { html } = await page('/contact?homesite=12');
      const fields: Record<string, string> = { ...MESSAGE, subject: inputValue(html, 'contact-form', 'subject')! };
      for (const name of ['homesite', 'landing_page']) fields[name] = inputValue(html, 'contact-form', name)!;
      const response = await post('/contact/submit', fields, PAGE);
      expect(response.status).to.equal(303);
      expect(await lastMessage()).to.include({
        homesite: 12,
        subject: 'Question about homesite 12',
        landing_page: '/contact?homesite=12',
      });
    });
  });

  describe('the forms\u2019 hidden visit fields, from the request', () => {
    for (const [path, formClass] of [
      ['/contact', 'contact-form'],
      ['/tours', 'tour-form'],
    ] as const) {
      it(`${path}: the page's own UTM parameters, and the page itself as landing page`, async () => {
        const query = '?utm_source=mailer&utm_medium=email&utm_campaign=open-house&utm_term=homes&utm_content=cta';
        const { html } = await page(`${path}${query}`);
        expect(visitFields(html, formClass)).to.deep.equal({
          utm_source: 'mailer',
          utm_medium: 'email',
          utm_campaign: 'open-house',
          utm_term: 'homes',
          utm_content: 'cta',
          landing_page: `${path}${query}`,
        });
      });

      it(`${path}: another site's Referer is the referrer`, async () => {
        const { html } = await page(path, { Referer: 'https://search.example/?q=maple' });
        expect(visitFields(html, formClass)).to.deep.equal({
          referrer: 'https://search.example/?q=maple',
          landing_page: path,
        });
      });

      it(`${path}: this site's Referer is the landing page, with its UTM parameters`, async () => {
        const { html } = await page(path, { Referer: `${server.url}/floor-plans/canyon?utm_source=flyer` });
        expect(visitFields(html, formClass)).to.deep.equal({
          utm_source: 'flyer',
          landing_page: '/floor-plans/canyon?utm_source=flyer',
        });
      });

      it(`${path}: sets no cookie`, async () => {
        const plain = await page(`${path}?utm_source=x`, { Referer: 'https://search.example/' });
        expect(plain.cookie).to.equal(null);
      });
    }

    it('never serves /contact from the page cache to a request with a Referer', async () => {
      server.site.pageCache.clear();
      const plain = await page('/contact');
      expect(visitFields(plain.html, 'contact-form')).to.deep.equal({ landing_page: '/contact' });
      const first = await page('/contact', { Referer: `${server.url}/about` });
      const second = await page('/contact', { Referer: `${server.url}/site-plan` });
      expect(visitFields(first.html, 'contact-form').landing_page).to.equal('/about');
      expect(visitFields(second.html, 'contact-form').landing_page).to.equal('/site-plan');
      const again = await page('/contact');
      expect(visitFields(again.html, 'contact-form')).to.deep.equal({ landing_page: '/contact' });
    });

    it('sets no cookie when a lead is sent', async () => {
      const message = await post('/contact/submit', { ...MESSAGE, ...CONTEXT }, PAGE);
      const tour = await post('/tours', { ...BUYER, start: freshSlot(), ...CONTEXT }, PAGE);
      expect(message.headers.get('set-cookie')).to.equal(null);
      expect(tour.headers.get('set-cookie')).to.equal(null);
    });
  });
});
