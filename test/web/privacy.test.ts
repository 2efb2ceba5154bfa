import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { LEAD_CONTEXT_FIELDS } from '../../src/shared/lead-context.js';
import { SPAM_RETENTION_DAYS } from '../../src/services/spam-purge.js';
import { all, closest, elements, headings, isInside, links, one, parseHtml, text, type El } from '../support/html.js';
import { fetchPage, PUBLIC_PAGES } from '../support/site-pages.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Trust (contract, "Leads with context"): /privacy shows the privacy notice from the content, a consent sentence
 * linking to it sits under both lead forms, and the Equal Housing Opportunity statement and logo are in the footer.
 */

const content = loadContent();

async function getDoc(server: TestServer, path: string, init?: RequestInit) {
  const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' }, ...init });
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, doc: parseHtml(html) };
}

function footerOf(doc: El): El {
  return one(doc, 'footer');
}

/** The consent sentence inside `form`: one paragraph linking to /privacy, before the submit button. */
function consentIn(form: El): El {
  const privacyLinks = links(form).filter((link) => link.href === '/privacy');
  expect(privacyLinks, 'one link to /privacy inside the form').to.have.length(1);
  const sentence = closest(privacyLinks[0]!.element, 'p');
  expect(sentence, 'the link sits in a sentence').to.not.equal(null);
  expect(text(privacyLinks[0]!.element)).to.equal('privacy notice');
  const all = elements(form);
  const submit = all.find((element) => element.tag === 'button' && element.attrs.type === 'submit');
  expect(submit, 'a submit button').to.not.equal(undefined);
  expect(all.indexOf(sentence!), 'the sentence comes before the button').to.be.lessThan(all.indexOf(submit!));
  return sentence!;
}

describe('GET /privacy', () => {
  let server: TestServer;
  let page: Awaited<ReturnType<typeof getDoc>>;
  before(async () => {
    server = await startTestServer();
    page = await getDoc(server, '/privacy');
  });
  after(() => server.close());

  it('answers 200 HTML with a title, a meta description and the heading "Privacy notice"', () => {
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(text(one(page.doc, 'title'))).to.include('Privacy notice');
    const description = one(page.doc, 'meta', (meta) => meta.attrs.name === 'description');
    expect(description.attrs.content ?? '').to.have.length.greaterThan(20);
    expect(
      headings(one(page.doc, 'main'))
        .filter((heading) => heading.tag === 'h1')
        .map(text),
    ).to.deep.equal(['Privacy notice']);
  });

  it('has the page conventions: the nav with its Home link and nothing marked current, the questions block and the footer', () => {
    expect(page.status, 'the privacy page, not the 404 page').to.equal(200);
    const navs = all(page.doc, 'nav', (nav) => closest(nav, 'footer') === null);
    expect(navs).to.have.length(1);
    const home = links(navs[0]!).filter((link) => link.text === 'Home');
    expect(home.map((link) => link.href)).to.deep.equal(['/']);
    expect(elements(navs[0]!).filter((element) => element.attrs['aria-current'] !== undefined)).to.deep.equal([]);
    expect(headings(page.doc).map(text)).to.include('Have Questions About the community');
    footerOf(page.doc);
  });

  it('shows every section of the notice from the content, and the sample note', () => {
    const main = one(page.doc, 'main');
    const shown = headings(main).map(text);
    for (const section of content.privacy.sections) expect(shown).to.include(section.heading);
    for (const section of content.privacy.sections)
      for (const paragraph of section.paragraphs) expect(text(main)).to.include(paragraph);
    expect(text(main)).to.include(content.privacy.sampleNote);
  });

  it('names every visit-context field stored with a lead, and says there is no tracking cookie or third-party script', () => {
    const said = text(one(page.doc, 'main'));
    for (const field of LEAD_CONTEXT_FIELDS.filter((name) => name.startsWith('utm_'))) expect(said).to.include(field);
    expect(said).to.match(/referrer/);
    expect(said).to.match(/no tracking cookie/i);
    expect(said).to.match(/no third-party script/i);
  });

  it(`says spam is kept ${SPAM_RETENTION_DAYS} days, as long as the purge keeps it`, () => {
    expect(text(one(page.doc, 'main'))).to.include(`kept for ${SPAM_RETENTION_DAYS} days`);
  });

  it('gives the sales office to contact for an erasure request: phone, e-mail and address', () => {
    const main = one(page.doc, 'main');
    const hrefs = links(main).map((link) => link.href);
    expect(hrefs).to.include(`tel:+1${content.builder.phone.replace(/\D/g, '')}`);
    expect(hrefs).to.include(`mailto:${content.builder.email}`);
    expect(text(main)).to.include(content.community.address.street);
    expect(text(main)).to.match(/deleted/);
  });

  it('ships no JavaScript: no script but structured data, no module preload', () => {
    expect(page.status, 'the privacy page, not the 404 page').to.equal(200);
    const scripts = all(page.doc, 'script', (script) => script.attrs.type !== 'application/ld+json');
    expect(scripts.map((script) => script.attrs.src ?? text(script))).to.deep.equal([]);
    expect(all(page.doc, 'link', (link) => link.attrs.rel === 'modulepreload')).to.deep.equal([]);
  });

  it('is listed in the sitemap', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).to.include(`<loc>${server.config.siteUrl}/privacy</loc>`);
  });
});

describe('Footer: privacy notice link and the Equal Housing Opportunity statement and logo', () => {
  let server: TestServer;
  const footers = new Map<string, El>();
  const pages = PUBLIC_PAGES.filter((page) => page.method !== 'POST');
  before(async () => {
    server = await startTestServer();
    for (const page of pages) {
      const response = await fetchPage(server.url, page);
      footers.set(page.path, footerOf(parseHtml(await response.text())));
    }
  });
  after(() => server.close());

  it('links "Privacy notice" to /privacy on every public page and the 404 page', () => {
    expect([...footers.keys()]).to.include.members(['/', '/contact', '/tours', '/privacy', '/no-such-page']);
    for (const [path, footer] of footers) {
      const found = links(footer).filter((link) => link.href === '/privacy');
      expect(
        found.map((link) => link.text),
        path,
      ).to.deep.equal(['Privacy notice']);
    }
  });

  it('shows the Equal Housing Opportunity logo with its text alternative and a set size on every public page', () => {
    for (const [path, footer] of footers) {
      const logos = all(footer, 'svg', (svg) => svg.attrs.role === 'img');
      expect(logos, path).to.have.length(1);
      expect(logos[0]!.attrs['aria-label'], path).to.equal('Equal Housing Opportunity');
      // Width and height set: the logo holds its place before the stylesheet arrives (no layout shift).
      expect(logos[0]!.attrs.width, path).to.equal('48');
      expect(logos[0]!.attrs.height, path).to.equal('48');
    }
  });

  it('shows the Equal Housing Opportunity statement from the content next to the logo on every public page', () => {
    for (const [path, footer] of footers) {
      const logo = one(footer, 'svg', (svg) => svg.attrs.role === 'img');
      const statement = all(footer, 'p', (p) => text(p).includes(content.equalHousing));
      expect(statement, path).to.have.length(1);
      expect(text(statement[0]!), path).to.match(/^Equal Housing Opportunity\. /);
      expect(isInside(logo, statement[0]!.parent!), `${path}: logo and statement together`).to.equal(true);
    }
  });
});

describe('The consent sentence under both lead forms', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
  });
  after(() => server.close());

  const expected = (action: string) =>
    `By ${action} you agree that ${content.builder.name} may contact you by phone or e-mail about ${content.community.name}. Our privacy notice says what we keep and how to have it deleted.`;

  it('sits in the contact form as the server renders it (no JavaScript), before the send button', async () => {
    const { doc } = await getDoc(server, '/contact');
    const form = one(doc, 'form', (element) => element.attrs.action === '/contact/submit');
    expect(text(consentIn(form))).to.equal(expected('sending this message'));
  });

  it('stays in the contact form a plain post with problems answers with', async () => {
    const { status, doc } = await getDoc(server, '/contact/submit', {
      method: 'POST',
      headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ firstname: 'Ada', lastname: '', email: 'x', phone: '1', subject: '', message: '' }),
    });
    expect(status).to.equal(400);
    consentIn(one(doc, 'form', (element) => element.attrs.action === '/contact/submit'));
  });

  it('sits in the tour form, before the "Book my tour" button', async () => {
    const { doc } = await getDoc(server, '/tours');
    const form = one(doc, 'form', (element) => element.attrs.action === '/tours');
    expect(text(consentIn(form))).to.equal(expected('booking this tour'));
  });

  it('stays in the tour form a plain post with problems answers with', async () => {
    const { status, doc } = await getDoc(server, '/tours', {
      method: 'POST',
      headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ firstname: 'Ada', lastname: '', email: 'x', phone: '1', start: 'tomorrow' }),
    });
    expect(status).to.equal(400);
    consentIn(one(doc, 'form', (element) => element.attrs.action === '/tours'));
  });
});
