import { expect } from 'chai';
import type { Knex } from 'knex';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadContent } from '../../src/content/index.js';
import { connectDatabase } from '../../src/db/connect.js';
import type { Site } from '../../src/site.js';
import { recordingLogger, startSiteInstance, type RunningSite } from '../support/outbox-site.js';
import { createHomesiteService } from '../../src/services/homesites.js';
import { createImageLibrary } from '../../src/services/image-library.js';
import { PublicContentChanges } from '../../src/services/public-content.js';
import { createDirectoryStorage } from '../../src/services/upload-storage.js';
import { REVISION_POLL_MS } from '../../src/web/page-cache.js';
import { insertContactMessage } from '../support/contact-messages.js';
import { one, parseHtml } from '../support/html.js';
import { waitFor } from '../support/smtp-sink.js';
import { signIn, STAFF_ENV, type Staff, uploadCarouselPhoto } from '../support/staff.js';
import { createTestDatabase } from '../support/test-database.js';
import { startTestServer, testConfig, type TestServer } from '../support/test-server.js';

/** Another instance sees a change on its next poll of the shared revision; three polls is a generous deadline. */
const POLL_DEADLINE_MS = REVISION_POLL_MS * 3;
const HOME = { kind: 'homepage' } as const;

async function html(url: string, pagePath: string): Promise<string> {
  const response = await fetch(`${url}${pagePath}`);
  expect(response.status, pagePath).to.equal(200);
  return response.text();
}

/** The home carousel's slides (their alt texts, in order), as the page hands them to the carousel widget. */
async function carousel(url: string): Promise<string[]> {
  const widget = one(parseHtml(await html(url, '/')), 'div', (div) => div.attrs['data-widget'] === 'HomeCarousel');
  const props = one(widget, 'script', (script) => script.attrs.type === 'application/json');
  const json = props.children.filter((child) => typeof child === 'string').join('');
  return (JSON.parse(json) as { slides: { alt: string }[] }).slides.map((slide) => slide.alt);
}

async function storedOrder(db: Knex): Promise<{ url: string; alt: string; order: number }[]> {
  const rows = (await db('homepage_images').orderBy(['sort_order', 'id'])) as {
    url: string;
    alt: string;
    sort_order: number;
  }[];
  return rows.map((row) => ({ url: row.url, alt: row.alt, order: row.sort_order }));
}

async function lotStatus(url: string, lot: number): Promise<string | undefined> {
  return new RegExp(`data-lot="${lot}" data-status="([a-z-]+)"`).exec(await html(url, '/site-plan'))?.[1];
}

function staffPost(url: string, staff: Staff, pagePath: string, body: unknown): Promise<Response> {
  return fetch(`${url}${pagePath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
    body: JSON.stringify(body),
  });
}

/** Reverses the stored carousel order; returns the alt texts in their new order. */
async function reversedOrder(db: Knex): Promise<{ items: { url: string; order: number }[]; alts: string[] }> {
  const rows = await storedOrder(db);
  const reversed = [...rows].reverse();
  return {
    items: reversed.map((row, index) => ({ url: row.url, order: index })),
    alts: reversed.map((row) => row.alt),
  };
}

describe('Public content changed: every change clears the page cache, whoever makes it', function () {
  this.timeout(90_000);
  let a: TestServer;
  let b: TestServer;
  let staff: Staff;

  before(async () => {
    a = await startTestServer(STAFF_ENV);
    b = await startTestServer({}, { sameStorageAs: a });
    staff = await signIn(a.url);
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });

  /** Both instances have the page cached before the change, so the test shows the change drops it. */
  async function warm(pagePath = '/'): Promise<void> {
    for (const server of [a, b]) {
      await html(server.url, pagePath);
      expect(server.site.pageCache.get(pagePath), `${server.url}${pagePath} cached`).to.not.equal(undefined);
    }
  }

  async function showsOnBoth(read: (url: string) => Promise<unknown>, expected: unknown): Promise<void> {
    expect(await read(a.url), 'this instance, at once').to.deep.equal(expected);
    await waitFor(async () => JSON.stringify(await read(b.url)) === JSON.stringify(expected), POLL_DEADLINE_MS);
  }

  it('a reorder through the staff call shows on / at once here and within the poll interval on the other instance', async () => {
    await warm();
    const { items, alts } = await reversedOrder(a.db);
    expect(await carousel(a.url)).to.not.deep.equal(alts);
    expect((await staffPost(a.url, staff, '/admin/reorder/homepageimages', items)).status).to.equal(200);
    await showsOnBoth(carousel, alts);
  });

  it('a delete through the staff call', async () => {
    await warm();
    const [victim, ...rest] = await storedOrder(a.db);
    const response = await staffPost(a.url, staff, '/admin/delete/homepageimage', {
      url: victim!.url,
      order: victim!.order,
    });
    expect(response.status).to.equal(200);
    await showsOnBoth(
      carousel,
      rest.map((row) => row.alt),
    );
  });

  it('an upload through the staff call', async () => {
    await warm();
    const response = await uploadCarouselPhoto(a.url, staff, {
      alt: 'A porch added by upload',
      background: '#36a',
      name: 'porch.png',
      width: 900,
      height: 600,
    });
    expect(response.status).to.equal(201);
    await showsOnBoth(carousel, [...(await storedOrder(a.db)).map((row) => row.alt)]);
    expect(await carousel(a.url)).to.include('A porch added by upload');
  });

  it('a homesite change through the staff call shows on /site-plan', async () => {
    await warm('/site-plan');
    const before = (await a.db('homesites').where({ lot: 12 }).first()) as { status: string; version: number };
    const status = before.status === 'sold' ? 'available' : 'sold';
    const response = await staffPost(a.url, staff, '/admin/homesites/bulk', { lots: [12], status });
    expect(response.status).to.equal(200);
    await showsOnBoth((url) => lotStatus(url, 12), status);
  });

  it('a change made without HTTP by this site’s services shows here at once', async () => {
    await warm();
    const library = createImageLibrary({
      db: a.db,
      uploads: createDirectoryStorage(a.config.uploadDir),
      publicContent: a.site.publicContent,
      cleanup: a.site.uploadCleanup,
    });
    const { items, alts } = await reversedOrder(a.db);
    await library.reorder(HOME, items);
    await showsOnBoth(carousel, alts);
  });

  it('a change by a separate process (a CLI on its own connection) shows on every instance within the poll interval', async () => {
    await warm();
    await warm('/site-plan');
    const db = connectDatabase(a.config.database);
    try {
      const publicContent = new PublicContentChanges(db, pino({ level: 'silent' }));
      const library = createImageLibrary({
        db,
        uploads: createDirectoryStorage(a.config.uploadDir),
        publicContent,
        cleanup: a.site.uploadCleanup,
      });
      const { items, alts } = await reversedOrder(db);
      await library.reorder(HOME, items);
      const content = loadContent();
      const homesites = createHomesiteService({
        db,
        community: 1,
        rules: () => ({
          planNames: content.floorPlans.map((plan) => plan.name),
          priceRange: content.homesites.priceRange,
          lotsOnPlan: new Set(Array.from({ length: 78 }, (_, index) => index + 1)),
        }),
        publicContent,
      });
      const lot = (await homesites.list()).find((row) => row.status === 'available')!.lot;
      await homesites.bulkSetStatus({ lots: [lot], status: 'under-contract' }, 'script');
      for (const server of [a, b]) {
        await waitFor(
          async () => JSON.stringify(await carousel(server.url)) === JSON.stringify(alts),
          POLL_DEADLINE_MS,
        );
        await waitFor(async () => (await lotStatus(server.url, lot)) === 'under-contract', POLL_DEADLINE_MS);
      }
    } finally {
      await db.destroy();
    }
  });

  it('marking a message read keeps the page cache (it changes no public page)', async () => {
    // The cache learns the shared revision first: a change the test above made can still be ahead of its last poll.
    await a.site.pageCache.checkRevision();
    await warm();
    const id = await insertContactMessage(a.db);
    const cached = a.site.pageCache.get('/');
    const revision = await a.db('site_revision').first();
    const response = await fetch(`${a.url}/admin/messages/${id}/read`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: staff.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ read: 'true', _csrf: staff.token }),
    });
    expect(response.status).to.equal(303);
    // Waits for anything the request might still set off after its answer, then checks nothing moved.
    await new Promise((resolve) => setImmediate(resolve));
    expect(a.site.pageCache.get('/'), 'the cached home page').to.equal(cached);
    expect(await a.db('site_revision').first(), 'the shared revision').to.deep.equal(revision);
  });
});

describe('Public content changed when the shared revision cannot be raised', function () {
  this.timeout(60_000);
  const lines: { level: number; msg: string; reason?: string; err?: { message: string } }[] = [];
  let dataDir: string;
  let site: Site;
  let instance: RunningSite;
  let url: string;

  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'public-content-'));
    const database = await createTestDatabase(dataDir, { sqlite: true });
    instance = await startSiteInstance(
      testConfig(dataDir, database.url, STAFF_ENV),
      {},
      undefined,
      recordingLogger('error', lines),
    );
    ({ site, url } = instance);
  });
  after(async () => {
    await instance.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('logs the failure with its reason, keeps the change, and still clears this instance’s cache', async () => {
    const staff = await signIn(url);
    await html(url, '/');
    expect(site.pageCache.get('/')).to.not.equal(undefined);
    await site.db.schema.renameTable('site_revision', 'site_revision_gone');
    try {
      const { items, alts } = await reversedOrder(site.db);
      const response = await staffPost(url, staff, '/admin/reorder/homepageimages', items);
      expect(response.status, 'the change is made and answered as made').to.equal(200);
      expect(await carousel(url)).to.deep.equal(alts);
      await waitFor(() => lines.some((line) => /site revision could not be raised/.test(line.msg)), 5_000);
      const logged = lines.find((line) => /site revision could not be raised/.test(line.msg))!;
      expect(logged.level).to.equal(50);
      expect(logged.reason).to.equal('reordered the homepage images');
      expect(logged.err?.message).to.match(/site_revision/);
    } finally {
      await site.db.schema.renameTable('site_revision_gone', 'site_revision');
    }
  });
});
