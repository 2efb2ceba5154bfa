import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * `/contact?plan=<slug>` (contract, wave 2): the "Ask about X" link on a floor-plan page opens the form with a
 * subject naming the plan, and the plan travels with the post in the hidden field `plan`.
 */
const NAVIGATION_HEADERS = { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' };

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The attributes of the one `<input>` of the contact form with `name`, or undefined when there is none. */
function input(html: string, name: string): Record<string, string> | undefined {
  const form = /<form\b[^>]*class="contact-form"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
  const tags = form.match(new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`, 'g')) ?? [];
  expect(tags.length, `at most one <input name="${name}">`).to.be.at.most(1);
  if (!tags[0]) return undefined;
  return Object.fromEntries(
    [...tags[0].matchAll(/\s([\w-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key, decode(value ?? '')]),
  );
}

/** The props the ContactForm widget hydrates with. */
function widgetProps(html: string): Record<string, unknown> {
  const json = /data-widget="ContactForm"[^>]*><script type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the ContactForm props').to.be.a('string');
  return JSON.parse(json!) as Record<string, unknown>;
}

describe('GET /contact?plan=<slug>', () => {
  const content = loadContent();
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
  });
  after(() => server.close());

  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, html: await response.text() };
  };

  for (const plan of content.floorPlans) {
    it(`prefills the subject "Question about ${plan.name}" and the hidden field plan=${plan.slug}`, async () => {
      const { status, html } = await page(`/contact?plan=${plan.slug}`);
      expect(status).to.equal(200);
      expect(input(html, 'subject')?.value).to.equal(`Question about ${plan.name}`);
      expect(input(html, 'plan')).to.include({ type: 'hidden', value: plan.slug });
      expect(widgetProps(html)).to.deep.include({ plan: plan.slug });
    });
  }

  for (const slug of ['nope', 'CANYON', '', '../admin']) {
    it(`gives the empty form for the unknown plan "${slug}"`, async () => {
      const { status, html } = await page(`/contact?plan=${encodeURIComponent(slug)}`);
      expect(status).to.equal(200);
      expect(input(html, 'subject')?.value ?? '').to.equal('');
      expect(input(html, 'plan')).to.equal(undefined);
    });
  }

  it('gives the empty form for a repeated plan parameter', async () => {
    const { status, html } = await page('/contact?plan=canyon&plan=overlook');
    expect(status).to.equal(200);
    expect(input(html, 'subject')?.value ?? '').to.equal('');
  });

  it('keeps the plain form and a prefilled one apart in the page cache', async () => {
    const cache = server.site.pageCache;
    cache.clear();
    const plain = await page('/contact');
    expect(input(plain.html, 'subject')?.value ?? '').to.equal('');
    expect(cache.get('/contact'), 'the plain form is cached').to.not.equal(undefined);
    const asked = await page('/contact?plan=canyon');
    expect(input(asked.html, 'subject')?.value).to.equal('Question about The Canyon');
    const again = await page('/contact');
    expect(input(again.html, 'subject')?.value ?? '', 'the plain form after a prefilled one').to.equal('');
    expect(cache.get('/contact')?.html).to.not.include('Question about');
  });

  it('keeps the plan in the form re-shown after a plain post with a problem', async () => {
    const body = new URLSearchParams({ firstname: '', lastname: 'L', email: 'l@example.com', phone: '(970) 555-0199' });
    body.set('subject', 'Question about Overlook');
    body.set('message', 'Basement?');
    body.set('plan', 'overlook');
    const response = await fetch(`${server.url}/contact/submit`, { method: 'POST', body, headers: NAVIGATION_HEADERS });
    expect(response.status).to.equal(400);
    const html = await response.text();
    expect(input(html, 'plan')).to.include({ type: 'hidden', value: 'overlook' });
    expect(input(html, 'subject')?.value).to.equal('Question about Overlook');
  });

  it('stores a post with a plan, and the plan with the lead', async () => {
    const body = new URLSearchParams({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada.plan@example.com',
      phone: '(970) 555-0199',
      subject: 'Question about The Canyon',
      message: 'Is a walkout basement possible?',
      plan: 'canyon',
    });
    const response = await fetch(`${server.url}/contact/submit`, { method: 'POST', body });
    expect(await response.text()).to.equal('success');
    expect(await server.db('contact_messages').where({ email: 'ada.plan@example.com' }).first()).to.include({
      subject: 'Question about The Canyon',
      plan: 'canyon',
    });
  });
});

describe('"Ask about" on the floor-plan pages', () => {
  const content = loadContent();
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  for (const plan of content.floorPlans) {
    // The plan's quick move-in homes have "Ask about homesite N" links of their own (/contact?homesite=N).
    it(`links "Ask about ${plan.name}" to /contact?plan=${plan.slug}`, async () => {
      // React separates adjacent text with <!-- -->: "Ask about <!-- -->The Canyon".
      const html = (await (await fetch(`${server.url}/floor-plans/${plan.slug}`)).text()).replace(/<!-- -->/g, '');
      const links = [...html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].filter(([, , text]) =>
        decode(text ?? '').startsWith(`Ask about ${plan.name}`),
      );
      expect(links.map(([, href]) => decode(href ?? ''))).to.deep.equal([`/contact?plan=${plan.slug}`]);
    });
  }
});
