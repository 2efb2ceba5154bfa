import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { all, closest, elements, headings, isInside, links, one, parseHtml, text, type El } from '../support/html.js';
import { sharedTestServer, startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Acceptance tests of the public pages over HTTP (no browser): shared/spec/seed-spec.md §2 and the
 * "Routes" and "Page conventions" sections of shared/spec/contract.md.
 */

const content = loadContent();

const FLOOR_PLAN_ROUTES = [
  '/floor-plans/sweetwater-ii',
  '/floor-plans/silverwood-ii',
  '/floor-plans/canyon',
  '/floor-plans/overlook',
];
const PUBLIC_ROUTES = ['/', '/about', '/site-plan', '/floor-plans', ...FLOOR_PLAN_ROUTES, '/contact'];

/** The seed's navigation table (seed-spec §2), label → href. Home is handled on its own: it is hidden on /. */
const NAV_LINKS: [label: string, href: string][] = [
  ['About', '/about'],
  ['Site Plan', '/site-plan'],
  ['Sweetwater II', '/floor-plans/sweetwater-ii'],
  ['Silverwood II', '/floor-plans/silverwood-ii'],
  ['The Canyon', '/floor-plans/canyon'],
  ['Overlook', '/floor-plans/overlook'],
  ['Contact', '/contact'],
  ['Get Pre-Approved', '/about#lenders'],
];

const FOOTER_LINKS: [label: string, href: string][] = [
  ['Home', '/'],
  ['About', '/about'],
  ['Site Plan', '/site-plan'],
  ['Floor Plans', '/floor-plans'],
  ['Contact Us', '/contact'],
];

const SLUG_TO_NAME: Record<string, string> = {
  'sweetwater-ii': 'Sweetwater II',
  'silverwood-ii': 'Silverwood II',
  canyon: 'The Canyon',
  overlook: 'Overlook',
};

const QUESTIONS_HEADING = 'Have Questions About the community';

interface Page {
  status: number;
  headers: Headers;
  html: string;
  doc: El;
}

async function getPage(server: TestServer, route: string, init?: RequestInit): Promise<Page> {
  const response = await fetch(`${server.url}${route}`, init);
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, doc: parseHtml(html) };
}

/**
 * The describe blocks below only read pages: they share one server, and each plain GET is made once for them all.
 * The block that adds a gallery image starts a server of its own.
 */
const useReadOnlyServer = sharedTestServer();
const plainGets = new WeakMap<TestServer, Map<string, Promise<Page>>>();

function getPageOnce(server: TestServer, route: string): Promise<Page> {
  const fetched = plainGets.get(server) ?? new Map<string, Promise<Page>>();
  plainGets.set(server, fetched);
  if (!fetched.has(route)) fetched.set(route, getPage(server, route));
  return fetched.get(route)!;
}

async function getPages(server: TestServer, routes: string[]): Promise<Map<string, Page>> {
  const pages = new Map<string, Page>();
  for (const route of routes) pages.set(route, await getPageOnce(server, route));
  return pages;
}

/** For a describe block: the shared server and the pages at `routes`, filled in once the block's `before` ran. */
function usePages(routes: string[]): { server: TestServer; pages: Map<string, Page> } {
  const readOnlyServer = useReadOnlyServer();
  const site = {} as { server: TestServer; pages: Map<string, Page> };
  before(async () => {
    site.server = readOnlyServer();
    site.pages = await getPages(site.server, routes);
  });
  return site;
}

function pageOf(pages: Map<string, Page>, route: string): Page {
  const page = pages.get(route);
  if (!page) throw new Error(`page ${route} was not fetched`);
  return page;
}

/** The main navigation bar: the <nav> that is not inside the footer. */
function mainNav(doc: El): El {
  const navs = all(doc, 'nav', (nav) => closest(nav, 'footer') === null);
  expect(navs, 'one main <nav> outside the footer').to.have.length(1);
  return navs[0]!;
}

function mainOf(doc: El): El {
  return one(doc, 'main');
}

interface AssetManifest {
  boot: { js: string; imports: string[] };
  siteCss: string;
  widgets: Record<string, { js: string; imports: string[]; css: string[] }>;
  lazyCss: Record<string, string>;
}

type ImageManifest = Record<string, { fallbackSrc: string; width: number; height: number; srcSet: string }>;

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')) as T;
}

/** The URL a site image is served under once the build has made its variants (as src/render/images.ts resolves it). */
function renderedSrc(url: string): string {
  return readJson<ImageManifest>('build/image-manifest.json')[url]?.fallbackSrc ?? url;
}

// ---------------------------------------------------------------------------------------------------------------

describe('Public pages', () => {
  const site = usePages(PUBLIC_ROUTES);

  for (const route of PUBLIC_ROUTES) {
    it(`answers GET ${route} with 200 HTML that has a title and a meta description`, () => {
      const page = pageOf(site.pages, route);
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-type')).to.match(/^text\/html/);
      expect(page.html).to.match(/^<!doctype html>/i);
      expect(text(one(page.doc, 'title'))).to.have.length.greaterThan(0);
      const description = one(page.doc, 'meta', (meta) => meta.attrs.name === 'description');
      expect(description.attrs.content ?? '').to.have.length.greaterThan(20);
    });
  }
});

describe('Unknown paths', () => {
  let server: TestServer;
  const readOnlyServer = useReadOnlyServer();
  before(async () => {
    server = readOnlyServer();
  });

  it('answers an unknown path with status 404 and the styled HTML page (nav and footer)', async () => {
    const page = await getPage(server, '/no-such-page', { headers: { Accept: 'text/html' } });
    expect(page.status).to.equal(404);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(text(one(page.doc, 'title'))).to.have.length.greaterThan(0);
    mainNav(page.doc);
    one(page.doc, 'footer');
    expect(page.html).to.include(readJson<AssetManifest>('build/assets.json').siteCss);
  });

  it('answers an unknown floor plan with the styled 404 page', async () => {
    const page = await getPageOnce(server, '/floor-plans/nowhere-manor');
    expect(page.status).to.equal(404);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    mainNav(page.doc);
    one(page.doc, 'footer');
  });
});

describe('Navigation bar', () => {
  const routes = [...PUBLIC_ROUTES, '/no-such-page'];
  const site = usePages(routes);

  it('links every entry of the seed table with its exact label, on every page', () => {
    for (const route of routes) {
      const navLinks = links(mainNav(pageOf(site.pages, route).doc));
      for (const [label, href] of NAV_LINKS) {
        const matching = navLinks.filter((link) => link.text === label);
        expect(matching, `${route}: nav link "${label}"`).to.have.length(1);
        expect(matching[0]!.href, `${route}: nav link "${label}"`).to.equal(href);
      }
    }
  });

  it('links "Get Pre-Approved" to /about#lenders', () => {
    const link = links(mainNav(pageOf(site.pages, '/about').doc)).find(
      (candidate) => candidate.text === 'Get Pre-Approved',
    );
    expect(link?.href).to.equal('/about#lenders');
  });

  it('shows the Home link on every page but the home page', () => {
    for (const route of routes.filter((candidate) => candidate !== '/')) {
      const home = links(mainNav(pageOf(site.pages, route).doc)).filter((link) => link.text === 'Home');
      expect(home, route).to.have.length(1);
      expect(home[0]!.href, route).to.equal('/');
    }
  });

  it('hides the Home link on /', () => {
    const home = links(mainNav(pageOf(site.pages, '/').doc)).filter((link) => link.text === 'Home');
    expect(home).to.deep.equal([]);
  });

  it('marks the current route\'s link, and no other, with aria-current="page"', () => {
    const labels = new Map<string, string>(NAV_LINKS.map(([label, href]) => [href, label]));
    labels.set('/floor-plans', 'Floor Plans');
    for (const route of PUBLIC_ROUTES.filter((candidate) => candidate !== '/')) {
      const { doc } = pageOf(site.pages, route);
      const current = elements(doc).filter((element) => element.attrs['aria-current'] !== undefined);
      expect(current, `${route}: elements with aria-current`).to.have.length(1);
      expect(current[0]!.tag, route).to.equal('a');
      expect(current[0]!.attrs['aria-current'], route).to.equal('page');
      expect(current[0]!.attrs.href, route).to.equal(route);
      expect(text(current[0]!), route).to.equal(labels.get(route));
      expect(isInside(current[0]!, mainNav(doc)), `${route}: the current link is in the nav`).to.equal(true);
    }
  });

  it('marks no link as current on / (its Home link is hidden)', () => {
    const current = elements(pageOf(site.pages, '/').doc).filter(
      (element) => element.attrs['aria-current'] !== undefined,
    );
    expect(current).to.deep.equal([]);
  });

  it("links only to the site's own pages", () => {
    // Wave 2's quick move-in homes are in the Floor Plans menu (contract: "in the nav or footer as fits").
    const allowed = new Set(['/', '/floor-plans', ...PUBLIC_ROUTES, '/about#lenders', '/quick-move-in']);
    for (const route of routes) {
      for (const link of links(mainNav(pageOf(site.pages, route).doc))) {
        expect(allowed.has(link.href), `${route}: nav link to ${link.href}`).to.equal(true);
      }
    }
  });
});

describe('Footer', () => {
  const site = usePages(PUBLIC_ROUTES);

  it('links Home, About, Site Plan, Floor Plans (/floor-plans) and Contact Us on every page', () => {
    for (const route of PUBLIC_ROUTES) {
      const footerLinks = links(one(pageOf(site.pages, route).doc, 'footer'));
      for (const [label, href] of FOOTER_LINKS) {
        const matching = footerLinks.filter((link) => link.text === label);
        expect(matching, `${route}: footer link "${label}"`).to.have.length(1);
        expect(matching[0]!.href, `${route}: footer link "${label}"`).to.equal(href);
      }
    }
  });

  it('shows the builder name', () => {
    for (const route of PUBLIC_ROUTES) {
      expect(text(one(pageOf(site.pages, route).doc, 'footer')), route).to.include('Summit Lane Homes');
    }
  });

  it('shows the two partner logos', () => {
    for (const route of PUBLIC_ROUTES) {
      const footer = one(pageOf(site.pages, route).doc, 'footer');
      const sources = all(footer, 'img').map((img) => img.attrs.src);
      expect(content.partners).to.have.length(2);
      for (const partner of content.partners) {
        const logos = all(footer, 'img', (img) => img.attrs.src === renderedSrc(partner.logo.src));
        expect(logos, `${route}: logo of ${partner.name} among ${sources.join(', ')}`).to.have.length(1);
        expect(logos[0]!.attrs.alt, `${route}: alt of ${partner.name}`).to.equal(partner.logo.alt);
      }
    }
  });

  it('shows the disclaimer that plans, pricing and availability may change without notice', () => {
    for (const route of PUBLIC_ROUTES) {
      expect(text(one(pageOf(site.pages, route).doc, 'footer')), route).to.match(
        /plans, pricing,? (and )?availability.*may change without notice/i,
      );
    }
  });
});

describe('Questions block', () => {
  const site = usePages(PUBLIC_ROUTES);

  /** The smallest element around the heading that holds the contact-page button, the phone and the e-mail. */
  function questionsBlock(doc: El): El {
    const heading = headings(doc).filter((element) => text(element) === QUESTIONS_HEADING);
    expect(heading, `heading "${QUESTIONS_HEADING}"`).to.have.length(1);
    let block: El | null = heading[0]!.parent;
    while (block) {
      const hrefs = links(block).map((link) => link.href);
      if (
        hrefs.includes('/contact') &&
        hrefs.some((href) => href.startsWith('tel:')) &&
        hrefs.some((href) => href.startsWith('mailto:'))
      )
        break;
      block = block.parent;
    }
    expect(block, 'an element around the heading with the contact link, phone and e-mail').to.not.equal(null);
    expect(['#document', 'html', 'body', 'main']).to.not.include(block!.tag);
    return block!;
  }

  for (const route of PUBLIC_ROUTES.filter((candidate) => candidate !== '/contact')) {
    it(`shows the questions block with a contact button, phone and e-mail on ${route}`, () => {
      const block = questionsBlock(pageOf(site.pages, route).doc);
      const hrefs = links(block).map((link) => link.href);
      expect(hrefs).to.include(`tel:+1${content.builder.phone.replace(/\D/g, '')}`);
      expect(hrefs).to.include(`mailto:${content.builder.email}`);
    });
  }

  it('leaves the questions block off /contact', () => {
    const found = headings(pageOf(site.pages, '/contact').doc).filter((element) => text(element) === QUESTIONS_HEADING);
    expect(found).to.deep.equal([]);
  });
});

describe('GET / (home page)', () => {
  let server: TestServer;
  let page: Page;
  let main: El;
  const readOnlyServer = useReadOnlyServer();
  before(async () => {
    server = readOnlyServer();
    page = await getPageOnce(server, '/');
    main = mainOf(page.doc);
  });

  function carousel(): El {
    // WAI-ARIA carousel pattern: the region is announced with aria-roledescription="carousel".
    return one(main, 'section', (element) => element.attrs['aria-roledescription'] === 'carousel');
  }

  it('shows the carousel with its title and the tagline "Homes From The Mid 500\'s"', () => {
    const texts = elements(carousel()).map(text);
    expect(texts).to.include(content.community.title);
    expect(texts).to.include("Homes From The Mid 500's");
  });

  it('server-renders the first carousel image, with width, height and srcset', async () => {
    const api = (await (await fetch(`${server.url}/api/homepageimages?sort=order,asc`)).json()) as {
      _embedded: { homepageimages: { url: string }[] };
    };
    const firstUrl = api._embedded.homepageimages[0]?.url;
    expect(firstUrl).to.be.a('string');
    const images = all(carousel(), 'img');
    expect(images.length).to.be.greaterThanOrEqual(1);
    const first = images[0]!;
    expect(first.attrs.src).to.equal(renderedSrc(firstUrl!));
    expect(Number(first.attrs.width)).to.be.greaterThan(0);
    expect(Number(first.attrs.height)).to.be.greaterThan(0);
    expect(first.attrs.srcset ?? '').to.match(/\s\d+w(,|$)/);
  });

  it('links "Get Pre-Qualified" to /about#lenders', () => {
    const matching = links(main).filter((link) => link.text === 'Get Pre-Qualified');
    expect(matching).to.have.length(1);
    expect(matching[0]!.href).to.equal('/about#lenders');
  });

  it('shows the counters 78 Home Lots and 4 Floor Plans', () => {
    const texts = elements(main).map(text);
    expect(texts).to.include('78 Home Lots');
    expect(texts).to.include('4 Floor Plans');
  });

  it('shows the special-offer flyer (the sample promotion)', () => {
    const offer = content.promotions[0]!.image!;
    const flyer = all(main, 'img', (img) => img.attrs.src === renderedSrc(offer.src));
    expect(flyer).to.have.length(1);
    expect(flyer[0]!.attrs.alt).to.equal(offer.alt);
  });
});

describe('GET /about', () => {
  let server: TestServer;
  let page: Page;
  let main: El;
  const readOnlyServer = useReadOnlyServer();
  before(async () => {
    server = readOnlyServer();
    page = await getPageOnce(server, '/about');
    main = mainOf(page.doc);
  });

  it('shows the portrait image', () => {
    const portrait = all(main, 'img', (img) => img.attrs.src === renderedSrc(content.media.portrait.src));
    expect(portrait).to.have.length(1);
    expect(portrait[0]!.attrs.alt).to.equal(content.media.portrait.alt);
  });

  it('embeds the features PDF twice: one file for mobile, a different one for desktop', () => {
    const embeds = elements(main)
      .filter((element) => ['object', 'embed', 'iframe'].includes(element.tag))
      .map((element) => element.attrs.data ?? element.attrs.src ?? '')
      .filter((url) => /\.pdf(\?|#|$)/i.test(url));
    expect(embeds).to.have.length(2);
    expect(new Set(embeds)).to.deep.equal(
      new Set([content.media.features.mobilePdf, content.media.features.desktopPdf]),
    );
    expect(content.media.features.mobilePdf).to.not.equal(content.media.features.desktopPdf);
  });

  it('shows the walkthrough video with a WebM and an MP4 source, a poster, preload="none" and the fallback text', () => {
    const video = one(main, 'video');
    // The poster is the build's WebP variant of the content's poster image (smaller than the JPEG master).
    const posterVariants =
      readJson<Record<string, { webpSrcSet: string }>>('build/image-manifest.json')[content.media.video.poster];
    expect(posterVariants?.webpSrcSet.split(', ').map((candidate) => candidate.split(' ')[0])).to.include(
      video.attrs.poster,
    );
    expect(video.attrs.preload).to.equal('none');
    const sources = all(video, 'source').map((source) => ({ src: source.attrs.src, type: source.attrs.type }));
    expect(sources).to.deep.include({ src: content.media.video.webm, type: 'video/webm' });
    expect(sources).to.deep.include({ src: content.media.video.mp4, type: 'video/mp4' });
    expect(sources).to.have.length(2);
    expect(text(video)).to.equal('This browser does not support video tags.');
  });

  it('has a #lenders section with two lender logos, each linking to its lender', () => {
    const lenders = one(page.doc, 'section', (element) => element.attrs.id === 'lenders');
    const lenderLinks = links(lenders).filter((link) => all(link.element, 'img').length > 0);
    expect(lenderLinks.map((link) => link.href)).to.deep.equal(content.lenders.map((lender) => lender.href));
    expect(lenderLinks).to.have.length(2);
    for (const [index, link] of lenderLinks.entries()) {
      const logo = one(link.element, 'img');
      expect(logo.attrs.src).to.equal(renderedSrc(content.lenders[index]!.logo.src));
      // The link must be named: by the logo's alt text or by visible text.
      expect(`${logo.attrs.alt ?? ''} ${link.text}`).to.include(content.lenders[index]!.name);
    }
  });
});

describe('GET /site-plan', () => {
  let server: TestServer;
  let page: Page;
  let main: El;
  const readOnlyServer = useReadOnlyServer();
  before(async () => {
    server = readOnlyServer();
    page = await getPageOnce(server, '/site-plan');
    main = mainOf(page.doc);
  });

  function distanceOf(item: El): number {
    const labels = elements(item)
      .map(text)
      .map((value) => /^(\d+(?:\.\d+)?)\s*(?:mi|miles)\.?$/.exec(value))
      .filter((found) => found !== null);
    expect(labels, `one distance in miles in "${text(item)}"`).to.have.length(1);
    return Number(labels[0]![1]);
  }

  function placeLists(): El[] {
    return all(main, 'ol');
  }

  it('shows the site plan image', () => {
    const image = all(main, 'img', (img) => img.attrs.src === renderedSrc(content.media.sitePlan.src));
    expect(image).to.have.length(1);
    expect(image[0]!.attrs.alt).to.equal(content.media.sitePlan.alt);
  });

  it('names the four Nearby tabs Schools, Medical, Grocery and Parks', () => {
    const texts = elements(main).map(text);
    for (const label of ['Schools', 'Medical', 'Grocery', 'Parks']) expect(texts, label).to.include(label);
    expect(content.nearby.map((tab) => tab.label)).to.deep.equal(['Schools', 'Medical', 'Grocery', 'Parks']);
  });

  it('lists every place server-side in numbered lists of 3, 4, 4 and 3', () => {
    const lists = placeLists();
    expect(lists.map((list) => all(list, 'li').length)).to.deep.equal([3, 4, 4, 3]);
    expect(content.nearby.map((tab) => tab.places.length)).to.deep.equal([3, 4, 4, 3]);
  });

  it('shows each place with its name, address and distance in miles, as the content module holds them', () => {
    const lists = placeLists();
    expect(lists).to.have.length(content.nearby.length);
    for (const [tabIndex, tab] of content.nearby.entries()) {
      const items = all(lists[tabIndex]!, 'li');
      expect(items, tab.label).to.have.length(tab.places.length);
      for (const [index, place] of tab.places.entries()) {
        const texts = elements(items[index]!).map(text);
        expect(texts, `${tab.label} #${index + 1}`).to.include(place.name);
        expect(texts, `${tab.label} #${index + 1}`).to.include(place.address);
        expect(distanceOf(items[index]!), `${tab.label} #${index + 1}`).to.equal(place.distanceMiles);
      }
    }
  });

  it('shows Medical at 16 to 20 miles, Grocery at 1.0 to 3.1 miles and Parks at 2.7 to 5.3 miles', () => {
    const lists = placeLists();
    const ranges: Record<string, [number, number]> = { medical: [16, 20], grocery: [1.0, 3.1], parks: [2.7, 5.3] };
    for (const [tabIndex, tab] of content.nearby.entries()) {
      const range = ranges[tab.id];
      if (!range) continue;
      const shown = all(lists[tabIndex]!, 'li').map(distanceOf);
      for (const miles of [...shown, ...tab.places.map((place) => place.distanceMiles)]) {
        expect(miles, tab.label).to.be.within(range[0], range[1]);
      }
      // The seed gives the ranges' ends for Grocery and Parks: the nearest and farthest places sit on them.
      if (tab.id !== 'medical') expect([Math.min(...shown), Math.max(...shown)], tab.label).to.deep.equal(range);
    }
  });

  it('hands the map stylesheet recorded in build/assets.json to the Nearby section (loaded lazily, not linked)', () => {
    const manifest = readJson<AssetManifest>('build/assets.json');
    const lazy = [manifest.lazyCss.NearbyMap];
    expect(lazy[0]).to.be.a('string');
    for (const href of lazy) {
      expect(page.html, href).to.include(href);
      expect(
        all(page.doc, 'link', (link) => link.attrs.href === href),
        `${href} is not linked at load`,
      ).to.deep.equal([]);
    }
  });
});

describe('GET /floor-plans', () => {
  let server: TestServer;
  let page: Page;
  const readOnlyServer = useReadOnlyServer();
  before(async () => {
    server = readOnlyServer();
    page = await getPageOnce(server, '/floor-plans');
  });

  it('links to each of the four floor-plan pages by display name', () => {
    const mainLinks = links(mainOf(page.doc));
    for (const [slug, name] of Object.entries(SLUG_TO_NAME)) {
      const matching = mainLinks.filter((link) => link.text === name);
      expect(matching.length, name).to.be.greaterThanOrEqual(1);
      for (const link of matching) expect(link.href, name).to.equal(`/floor-plans/${slug}`);
    }
  });
});

describe('GET /floor-plans/:slug', () => {
  let server: TestServer;
  const readOnlyServer = useReadOnlyServer();
  before(async () => {
    server = readOnlyServer();
  });

  async function galleryFromApi(name: string): Promise<string[]> {
    const response = await fetch(
      `${server.url}/api/floorplanImages/search/findByFloorplan?floorplan=${encodeURIComponent(name)}`,
    );
    const body = (await response.json()) as { _embedded: { floorplanImages: { url: string }[] } };
    return body._embedded.floorplanImages.map((image) => image.url);
  }

  function mainImageSources(page: Page): string[] {
    return all(mainOf(page.doc), 'img').map((img) => img.attrs.src ?? '');
  }

  for (const [slug, name] of Object.entries(SLUG_TO_NAME)) {
    it(`heads /floor-plans/${slug} with the display name ${name}`, async () => {
      const page = await getPageOnce(server, `/floor-plans/${slug}`);
      expect(page.status).to.equal(200);
      expect(text(one(mainOf(page.doc), 'h1'))).to.equal(name);
    });
  }

  for (const [slug, name] of Object.entries(SLUG_TO_NAME)) {
    it(`server-renders the ${name} gallery: the images findByFloorplan lists for "${name}"`, async () => {
      const page = await getPageOnce(server, `/floor-plans/${slug}`);
      const fromDatabase = (await galleryFromApi(name)).map(renderedSrc);
      expect(fromDatabase.length, name).to.be.greaterThanOrEqual(slug === 'overlook' ? 2 : 3);
      const shown = mainImageSources(page);
      expect(shown.slice(0, fromDatabase.length)).to.deep.equal(fromDatabase);
    });
  }

  it("shows Overlook's two drawings: the floor plan and the basement", async () => {
    const page = await getPageOnce(server, '/floor-plans/overlook');
    const overlook = content.floorPlans.find((plan) => plan.slug === 'overlook')!;
    const images = all(mainOf(page.doc), 'img');
    const floorPlan = images.filter((img) => img.attrs.src === renderedSrc(overlook.levels[0]!.drawing.src));
    const basement = images.filter((img) => img.attrs.src === renderedSrc(overlook.levels[1]!.drawing.src));
    expect(floorPlan).to.have.length(1);
    expect(basement).to.have.length(1);
    expect(floorPlan[0]!.attrs.alt).to.match(/floor plan/i);
    expect(basement[0]!.attrs.alt).to.match(/basement/i);
  });
});

describe('GET /floor-plans/:slug with a gallery image staff added', () => {
  const added = {
    url: '/sample/floorplans/added-by-staff.jpg',
    floorplan: 'Silverwood II',
    alt: 'Silverwood II patio',
    sort_order: 99,
  };
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    // Written before the first request, so no cached copy of the page can predate it.
    await server.db('floorplan_images').insert(added);
  });
  after(() => server.close());

  it('renders the gallery from the database, the added image last', async () => {
    const page = await getPage(server, '/floor-plans/silverwood-ii');
    // The gallery's images, before the promotions that follow it.
    const images = all(mainOf(page.doc), 'img').filter((img) => !/special-offer/.test(img.attrs.src ?? ''));
    expect(images.length).to.be.greaterThan(1);
    expect(images.at(-1)!.attrs.src).to.equal(added.url);
    expect(images.at(-1)!.attrs.alt).to.equal(added.alt);
  });

  it("leaves the other floor plans' galleries alone", async () => {
    const page = await getPage(server, '/floor-plans/sweetwater-ii');
    expect(all(mainOf(page.doc), 'img', (img) => img.attrs.src === added.url)).to.deep.equal([]);
  });
});

describe('GET /contact', () => {
  let server: TestServer;
  let page: Page;
  let form: El;
  const readOnlyServer = useReadOnlyServer();
  before(async () => {
    server = readOnlyServer();
    page = await getPageOnce(server, '/contact');
    form = one(mainOf(page.doc), 'form');
  });

  function field(name: string): El {
    const found = elements(form).filter(
      (element) => ['input', 'textarea', 'select'].includes(element.tag) && element.attrs.name === name,
    );
    expect(found, `field ${name}`).to.have.length(1);
    return found[0]!;
  }

  it('holds a form that posts to /contact/submit', () => {
    expect(form.attrs.action).to.equal('/contact/submit');
    expect((form.attrs.method ?? '').toLowerCase()).to.equal('post');
  });

  it('places the form under the heading "Contact Us"', () => {
    const heading = headings(mainOf(page.doc)).filter((element) => text(element) === 'Contact Us');
    expect(heading).to.have.length(1);
    const order = elements(page.doc);
    expect(order.indexOf(form)).to.be.greaterThan(order.indexOf(heading[0]!));
    const section = closest(heading[0]!, 'section');
    expect(section, 'the heading is in a section').to.not.equal(null);
    expect(isInside(form, section!), "the form is in the heading's section").to.equal(true);
  });

  it('has the six named fields firstname, lastname, email, phone, subject and message', () => {
    for (const name of ['firstname', 'lastname', 'email', 'phone', 'subject', 'message']) {
      const element = field(name);
      expect(element.attrs.required, `${name} is required`).to.not.equal(undefined);
    }
  });

  it('makes the email input type="email" with a pattern and an example address as placeholder', () => {
    const email = field('email');
    expect(email.tag).to.equal('input');
    expect(email.attrs.type).to.equal('email');
    const pattern = new RegExp(`^(?:${email.attrs.pattern ?? '(?!)'})$`, 'v');
    for (const good of ['name@example.com', 'jo.ann+homes@mail.example.org', 'x_y%z-1@a-b.co'])
      expect(pattern.test(good), good).to.equal(true);
    for (const bad of ['a@b', 'a b@c.com', 'a@b.c', 'buyer@example.c0m'])
      expect(pattern.test(bad), bad).to.equal(false);
    const placeholder = email.attrs.placeholder ?? '';
    expect(placeholder).to.match(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/);
    expect(pattern.test(placeholder)).to.equal(true);
  });
});

describe('Images on every page', () => {
  const site = usePages(PUBLIC_ROUTES);

  it('gives each <img> width, height and alt attributes', () => {
    for (const route of PUBLIC_ROUTES) {
      const images = all(pageOf(site.pages, route).doc, 'img');
      expect(images.length, route).to.be.greaterThan(0);
      for (const img of images) {
        const where = `${route}: ${img.attrs.src}`;
        expect(img.attrs.width, where).to.match(/^\d+$/);
        expect(img.attrs.height, where).to.match(/^\d+$/);
        expect(Number(img.attrs.width), where).to.be.greaterThan(0);
        expect(Number(img.attrs.height), where).to.be.greaterThan(0);
        expect(img.attrs, where).to.have.property('alt');
      }
    }
  });
});

describe('Scripts and stylesheets', () => {
  let manifest: AssetManifest;
  const site = usePages(PUBLIC_ROUTES);
  before(() => {
    manifest = readJson<AssetManifest>('build/assets.json');
  });

  for (const route of ['/about', '/floor-plans']) {
    it(`ships no script and no modulepreload on ${route}, which has no interactive section`, () => {
      const { html, doc } = pageOf(site.pages, route);
      expect(html).to.not.match(/<script\b[^>]*\bsrc\s*=/i);
      expect(html).to.not.match(/modulepreload/i);
      expect(all(doc, 'script', (script) => script.attrs.src !== undefined)).to.deep.equal([]);
    });
  }

  it('references exactly the site CSS plus the assets of the widgets a page renders', () => {
    for (const route of PUBLIC_ROUTES) {
      const { doc } = pageOf(site.pages, route);
      const rendered = [
        ...new Set(
          elements(doc)
            .map((element) => element.attrs['data-widget'])
            .filter((name) => name !== undefined),
        ),
      ];
      // The page names the boot script and the widgets' stylesheets; the boot script loads the widget code
      // itself, after the page has loaded, so no widget chunk is named (or preloaded) in the HTML.
      const expected = new Set<string>([manifest.siteCss]);
      if (rendered.length > 0) expected.add(manifest.boot.js);
      for (const name of rendered) {
        const widget = manifest.widgets[name];
        expect(widget, `${route}: widget ${name} is in build/assets.json`).to.not.equal(undefined);
        for (const url of widget!.css) expected.add(url);
      }
      const referenced = new Set(
        elements(doc)
          .flatMap((element) => [element.attrs.src, element.attrs.href])
          .filter((url): url is string => url !== undefined && url.startsWith('/assets/')),
      );
      expect([...referenced].sort(), route).to.deep.equal([...expected].sort());
    }
  });

  it('renders the interactive sections as widgets on the pages that hold them', () => {
    const widgetsOf = (route: string) =>
      [
        ...new Set(
          elements(pageOf(site.pages, route).doc)
            .map((element) => element.attrs['data-widget'])
            .filter(Boolean),
        ),
      ].sort();
    expect(widgetsOf('/')).to.deep.equal(['HomeCarousel']);
    expect(widgetsOf('/site-plan')).to.deep.equal(['LotMap', 'Nearby']);
    expect(widgetsOf('/contact')).to.deep.equal(['ContactForm']);
    for (const route of FLOOR_PLAN_ROUTES) expect(widgetsOf(route), route).to.deep.equal(['FloorPlanGallery']);
  });
});

describe('Hashed assets', () => {
  let server: TestServer;
  let page: Page;
  const readOnlyServer = useReadOnlyServer();
  before(async () => {
    server = readOnlyServer();
    page = await getPageOnce(server, '/');
  });

  it('serves the stylesheet and the script the HTML links from /assets/ with an immutable Cache-Control', async () => {
    const stylesheet = all(
      page.doc,
      'link',
      (link) => link.attrs.rel === 'stylesheet' && (link.attrs.href ?? '').startsWith('/assets/'),
    );
    const script = all(page.doc, 'script', (element) => (element.attrs.src ?? '').startsWith('/assets/'));
    const urls = [...stylesheet.map((link) => link.attrs.href!), ...script.map((element) => element.attrs.src!)];
    expect(stylesheet.length).to.be.greaterThan(0);
    expect(script.length).to.be.greaterThan(0);
    for (const url of urls) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).to.equal(200);
      expect(response.headers.get('cache-control') ?? '', url).to.include('immutable');
      await response.arrayBuffer();
    }
  });

  it('answers an unknown /assets/ file with 404', async () => {
    const response = await fetch(`${server.url}/assets/nothing-ABCDEFGH.js`);
    expect(response.status).to.equal(404);
    await response.arrayBuffer();
  });
});
