import { expect } from 'chai';
import { PUBLIC_PAGES, STAFF_PAGES, fetchPage } from '../support/site-pages.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Anchor {
  attributes: Map<string, string>;
  inner: string;
}

const decode = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** Every <a> element in a piece of markup, with its attributes and inner markup. */
function anchorsIn(html: string): Anchor[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes = '', inner = '']) => ({
    attributes: new Map(
      [...attributes.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, name = '', value = '']) => [
        name.toLowerCase(),
        decode(value),
      ]),
    ),
    inner,
  }));
}

/** The markup the site hands to widgets as props (the map attribution, which Leaflet inserts as HTML). */
function widgetMarkup(html: string): string[] {
  const found: string[] = [];
  for (const [, json = ''] of html.matchAll(/<script type="application\/json">([\s\S]*?)<\/script>/g)) {
    JSON.stringify(JSON.parse(json), (_key, value: unknown) => {
      if (typeof value === 'string' && /<a\b/.test(value)) found.push(value);
      return value;
    });
  }
  return found;
}

/** True for an href that leads to another origin (not a path, fragment, mailto: or tel: on this site). */
function leavesSite(href: string, origin: string): boolean {
  if (!/^(https?:)?\/\//i.test(href)) return false;
  return new URL(href, origin).origin !== origin;
}

function problemsOf(anchor: Anchor): string[] {
  const problems: string[] = [];
  if (anchor.attributes.get('target') !== '_blank') problems.push('does not open in a new tab');
  if (!(anchor.attributes.get('rel') ?? '').split(/\s+/).includes('noopener')) problems.push('has no rel="noopener"');
  if (!/<span class="visually-hidden">\s*\(opens in a new tab\)<\/span>/.test(anchor.inner)) {
    problems.push('does not tell screen readers it opens in a new tab');
  }
  return problems;
}

describe('Links that leave the site', () => {
  let server: TestServer;
  let staff: Staff;
  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  it('open every external link of every page in a new tab, with rel="noopener", and say so to screen readers', async () => {
    const origin = new URL(server.url).origin;
    const problems: string[] = [];
    let external = 0;
    for (const page of [...PUBLIC_PAGES, ...STAFF_PAGES]) {
      const response = await fetchPage(server.url, page, staff);
      expect(response.status, page.label).to.equal(page.status ?? 200);
      const html = await response.text();
      for (const markup of [html, ...widgetMarkup(html)]) {
        for (const anchor of anchorsIn(markup)) {
          const href = anchor.attributes.get('href') ?? '';
          if (!leavesSite(href, origin)) continue;
          external += 1;
          for (const problem of problemsOf(anchor)) problems.push(`${page.label}: ${href} ${problem}`);
        }
      }
    }
    expect(problems).to.deep.equal([]);
    // Lenders (about), partners (every public page's footer) and the map attribution (site plan) were checked.
    expect(external).to.be.greaterThan(PUBLIC_PAGES.length * 2);
  });

  it('finds the lender, partner and map attribution links among them', async () => {
    const origin = new URL(server.url).origin;
    const about = await (await fetch(`${server.url}/about`)).text();
    const sitePlan = await (await fetch(`${server.url}/site-plan`)).text();
    const hrefs = [...anchorsIn(about), ...widgetMarkup(sitePlan).flatMap(anchorsIn)]
      .map((anchor) => anchor.attributes.get('href') ?? '')
      .filter((href) => leavesSite(href, origin));
    const { lenders, partners } = server.site.content.published();
    for (const link of [...lenders, ...partners]) expect(hrefs).to.include(link.href);
    expect(hrefs).to.include('https://www.openstreetmap.org/copyright');
  });
});
