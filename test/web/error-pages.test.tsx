import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import { loadContent } from '../../src/content/index.js';
import { withCommunityBase } from '../../src/render/community-path.js';
import { framePath, Layout } from '../../views/Layout.js';
import { saveAndPublish } from '../support/content-api.js';
import { all, closest, one, parseHtml, text, type El } from '../support/html.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const content = loadContent();

/**
 * The frame (nav, footer) of a community's page at `path`, or of the builder's own page on a site of several (the
 * same content in the builder's frame).
 */
function frame(path: string, builder = false): string {
  const render = () =>
    renderToStaticMarkup(
      <Layout content={content} path={path}>
        <p>Page</p>
      </Layout>,
    );
  return builder ? withCommunityBase({ prefix: '', builderRoot: true }, render) : render();
}

/** The links inside the page's <nav> elements. */
function navLinks(root: El): El[] {
  return all(root, 'a', (link) => closest(link, 'nav') !== null);
}

/** The paths of the links in a frame's main nav. */
function navPaths(html: string): string[] {
  const links = navLinks(parseHtml(html)).map((link) => link.attrs.href ?? '');
  return [...new Set(links.filter((href) => href.startsWith('/')).map((href) => href.split(/[?#]/)[0] ?? href))];
}

describe('Error pages: the frame of a path outside the nav', () => {
  for (const builder of [false, true]) {
    const whose = builder ? 'the builder’s pages' : 'a community’s pages';

    it(`keeps the path of every page a nav link of ${whose} marks as current`, () => {
      const paths = navPaths(frame('', builder));
      expect(paths.length).to.be.above(3);
      for (const path of paths) {
        if (!frame(path, builder).includes('aria-current="page"')) continue;
        expect(framePath(path), path).to.equal(path);
      }
    });

    it(`draws the same frame of ${whose} for every other path`, () => {
      const none = frame('', builder);
      expect(none).to.not.include('aria-current');
      for (const path of ['/no-such-page', '/about/x', '/communities/nowhere/about', '/admin/nowhere', '/About']) {
        expect(framePath(path), path).to.equal('');
        expect(frame(path, builder), path).to.equal(none);
      }
    });
  }
});

describe('Error pages over HTTP', function () {
  this.timeout(30_000);
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  async function notFound(path: string, init: RequestInit = {}) {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { Accept: 'text/html', ...(init.headers as Record<string, string> | undefined) },
    });
    expect(response.status, path).to.equal(404);
    const html = await response.text();
    return { html, doc: parseHtml(html) };
  }

  it('answers every unknown path with the same styled page, nothing in its nav current', async () => {
    const first = await notFound('/no-such-page');
    const second = await notFound('/another/missing/page?x=1');
    expect(second.html).to.equal(first.html);
    expect(text(one(first.doc, 'h1'))).to.equal('Page not found');
    expect(first.html).to.not.include('aria-current');
  });

  it('marks the nav link of a page asked with a method it does not answer', async () => {
    const { doc } = await notFound('/about', { method: 'PUT' });
    const current = navLinks(doc).filter((link) => link.attrs['aria-current'] === 'page');
    expect(current.map((link) => text(link))).to.deep.equal(['About']);
  });

  it('names an unknown floor plan’s menu as the current one, each plan address on its own', async () => {
    const { doc } = await notFound('/floor-plans/nowhere-manor');
    one(doc, 'li', (item) => item.attrs.class === 'dropdown is-active');
  });

  it('shows a publish on the next error page: the community’s new name in its nav', async () => {
    const before = await notFound('/no-such-page');
    const brand = (doc: El) => text(one(doc, 'span', (span) => span.attrs.class === 'brand-name'));
    expect(brand(before.doc)).to.equal(content.community.name);
    const renamed = 'Renamed Hollow (sample)';
    const { publish } = await saveAndPublish(server.url, staff, 'community', (data) => ({ ...data, name: renamed }));
    expect(publish?.status).to.equal(200);
    const after = await notFound('/no-such-page');
    expect(brand(after.doc)).to.equal(renamed);
  });
});

describe('Error pages on a site of several communities', function () {
  this.timeout(30_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ SAMPLE_COMMUNITIES: '3' });
  });
  after(() => server.close());

  /** The brand and the nav's first link of the 404 page at `path`. */
  async function frameOf(path: string): Promise<{ brand: string; firstLink: string }> {
    const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
    expect(response.status, path).to.equal(404);
    const doc = parseHtml(await response.text());
    return {
      brand: text(one(doc, 'span', (span) => span.attrs.class === 'brand-name')),
      firstLink: navLinks(doc).find((link) => link.attrs.class !== 'brand')?.attrs.href ?? '',
    };
  }

  it('answers a missing page at a community’s address in that community’s frame, elsewhere in the builder’s', async () => {
    const root = await frameOf('/no-such-page');
    expect(root.firstLink).to.equal('/communities');
    expect(await frameOf('/plans/x/y')).to.deep.equal(root);
    expect(await frameOf('/communities/no-such-community/x')).to.deep.equal(root);
    expect(await frameOf('/communities/maple-hollow/no-such-page')).to.deep.equal({
      brand: 'Maple Hollow',
      firstLink: '/communities/maple-hollow',
    });
    // Each community's own frame, rendered once for its address (decision 058), not another's.
    for (const path of ['/communities/cedar-hollow/nowhere', '/communities/cedar-hollow/else/where'])
      expect(await frameOf(path), path).to.deep.equal({
        brand: 'Cedar Hollow',
        firstLink: '/communities/cedar-hollow',
      });
    expect((await frameOf('/communities/maple-hollow/elsewhere')).brand).to.equal('Maple Hollow');
  });
});
