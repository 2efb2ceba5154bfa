import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { activePromotions, communityToday } from '../../src/content/promotions.js';
import { addDays, dateInZone } from '../../src/shared/tour-slots.js';
import { all, one, parseHtml, text } from '../support/html.js';
import { POSTGRES_COMMANDS, startPostgres, type RunningPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface SectionJson {
  section: string;
  published: { version: number; data: Record<string, unknown>; publishedAt: string; publishedBy: string };
  draft: { version: number; data: Record<string, unknown>; savedAt: string; savedBy: string } | null;
  scheduled: { version: number; at: string } | null;
}

type Plan = { slug: string; name: string; basePrice: number | null } & Record<string, unknown>;

function call(server: TestServer, staff: Staff | undefined, method: string, path: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      Origin: server.url,
      ...(staff ? { Cookie: staff.cookie, 'X-CSRF-Token': staff.token } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function section(server: TestServer, staff: Staff, id: string): Promise<SectionJson> {
  const response = await call(server, staff, 'GET', `/admin/content/${id}.json`);
  expect(response.status, `GET ${id}.json`).to.equal(200);
  return (await response.json()) as SectionJson;
}

/** Saves `change(data)` as a draft from the latest version and returns the draft's version. */
async function saveDraft(
  server: TestServer,
  staff: Staff,
  id: string,
  change: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<number> {
  const state = await section(server, staff, id);
  const base = state.draft ?? state.published;
  const data = change(structuredClone(base.data));
  const response = await call(server, staff, 'PUT', `/admin/content/${id}/draft`, { data, baseVersion: base.version });
  expect(response.status, await response.clone().text()).to.equal(200);
  return ((await response.json()) as { version: number }).version;
}

async function publish(server: TestServer, staff: Staff, id: string, version: number): Promise<void> {
  const response = await call(server, staff, 'POST', `/admin/content/${id}/publish`, { version });
  expect(response.status, await response.clone().text()).to.equal(200);
}

async function page(server: TestServer, path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, html: await response.text() };
}

function withPlans(change: (plans: Plan[]) => Plan[]) {
  return (data: Record<string, unknown>) => ({ ...data, plans: change(data.plans as Plan[]) });
}

describe('Content in staff hands (contract, wave 3)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let staff: Staff;
  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  it('answers a section as JSON with published, draft and scheduled; an unknown section is 404', async () => {
    const community = await section(server, staff, 'community');
    expect(community.section).to.equal('community');
    expect(community.published.version).to.equal(1);
    expect(community.published.data).to.include({ name: 'Maple Hollow', tagline: "Homes From The Mid 500's" });
    expect(community.published.data.about).to.be.an('array').with.length.greaterThan(0);
    expect(community.published.publishedBy).to.equal('sample');
    expect(Number.isFinite(Date.parse(community.published.publishedAt))).to.equal(true);
    expect(community.draft).to.equal(null);
    expect(community.scheduled).to.equal(null);
    for (const id of ['floor-plans', 'promotions', 'tours', 'legal']) {
      expect((await section(server, staff, id)).section).to.equal(id);
    }
    const plans = (await section(server, staff, 'floor-plans')).published.data.plans as Plan[];
    expect(plans.map((plan) => [plan.slug, plan.name, plan.basePrice])).to.deep.equal([
      ['sweetwater-ii', 'Sweetwater II', 579_900],
      ['silverwood-ii', 'Silverwood II', 612_500],
      ['canyon', 'The Canyon', 545_900],
      ['overlook', 'Overlook', null],
    ]);
    const promotion = ((await section(server, staff, 'promotions')).published.data.promotions as object[])[0];
    expect(promotion).to.include.keys('title', 'text', 'starts', 'ends');
    expect((await call(server, staff, 'GET', '/admin/content/nowhere.json')).status).to.equal(404);
  });

  it('refuses without a session (401) or without the CSRF token (403), changing nothing', async () => {
    expect((await call(server, undefined, 'GET', '/admin/content/community.json')).status).to.equal(401);
    const body = { data: {}, baseVersion: 1 };
    expect((await call(server, undefined, 'PUT', '/admin/content/community/draft', body)).status).to.equal(401);
    const noToken = await fetch(`${server.url}/admin/content/community/draft`, {
      method: 'PUT',
      headers: { Origin: server.url, Cookie: staff.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(noToken.status).to.equal(403);
    expect((await section(server, staff, 'community')).draft).to.equal(null);
  });

  it('keeps a draft off the public site, and publishing shows it on every page at once', async () => {
    const version = await saveDraft(server, staff, 'community', (data) => ({
      ...data,
      tagline: 'Homes From The Low 600s',
    }));
    expect(version).to.equal(2);
    const state = await section(server, staff, 'community');
    expect(state.draft).to.include({ version: 2, savedBy: 'staff' });
    expect((await page(server, '/')).html).to.include('Homes From The Mid 500');
    expect((await page(server, '/')).html).to.not.include('Homes From The Low 600s');
    await publish(server, staff, 'community', version);
    expect((await page(server, '/')).html).to.include('Homes From The Low 600s');
    const after = await section(server, staff, 'community');
    expect(after.published).to.include({ version: 2, publishedBy: 'staff' });
    expect(after.draft).to.equal(null);
  });

  it('answers an invalid draft with 400 naming every problem by its path, storing nothing', async () => {
    const before = await section(server, staff, 'floor-plans');
    const data = structuredClone(before.published.data) as { plans: Plan[] };
    data.plans[0]!.basePrice = -5;
    data.plans[1]!.name = '';
    const response = await call(server, staff, 'PUT', '/admin/content/floor-plans/draft', {
      data,
      baseVersion: before.published.version,
    });
    expect(response.status).to.equal(400);
    const { errors } = (await response.json()) as { errors: { path: string; message: string }[] };
    expect(errors.map((error) => error.path)).to.include.members(['plans.0.basePrice', 'plans.1.name']);
    for (const error of errors) expect(error.message).to.be.a('string').with.length.greaterThan(0);
    expect((await section(server, staff, 'floor-plans')).draft).to.equal(null);
  });

  it('answers a save from an old version with 409 and the latest draft, storing nothing', async () => {
    const first = await saveDraft(server, staff, 'legal', (data) => ({ ...data, disclaimer: 'First person’s words.' }));
    const stale = await call(server, staff, 'PUT', '/admin/content/legal/draft', {
      data: { ...(await section(server, staff, 'legal')).published.data, disclaimer: 'Second person’s words.' },
      baseVersion: first - 1,
    });
    expect(stale.status).to.equal(409);
    const body = (await stale.json()) as { draft: { version: number; data: { disclaimer: string } } };
    expect(body.draft.version).to.equal(first);
    expect(body.draft.data.disclaimer).to.equal('First person’s words.');
    expect((await section(server, staff, 'legal')).draft?.version).to.equal(first);
    const wrongPublish = await call(server, staff, 'POST', '/admin/content/legal/publish', { version: first - 1 });
    expect(wrongPublish.status).to.equal(409);
  });

  it('lists every published version newest first, and restores one as a draft without publishing it', async () => {
    const name = (await section(server, staff, 'community')).published.data.name;
    const renamed = await saveDraft(server, staff, 'community', (data) => ({ ...data, name: 'Maple Hollow Reserve' }));
    await publish(server, staff, 'community', renamed);
    const versions = (await (await call(server, staff, 'GET', '/admin/content/community/versions.json')).json()) as {
      version: number;
      publishedAt: string;
      publishedBy: string;
    }[];
    expect(versions.map((entry) => entry.version)).to.deep.equal([renamed, 2, 1]);
    expect(versions[0]).to.include({ publishedBy: 'staff' });
    const restore = await call(server, staff, 'POST', '/admin/content/community/versions/1/restore');
    expect(restore.status).to.equal(200);
    const state = await section(server, staff, 'community');
    expect(state.published.data.name).to.equal('Maple Hollow Reserve');
    expect(state.draft?.data).to.include({ name, tagline: "Homes From The Mid 500's" });
    expect((await page(server, '/')).html).to.include('Maple Hollow Reserve');
    expect((await call(server, staff, 'POST', '/admin/content/community/versions/999/restore')).status).to.equal(404);
    await publish(server, staff, 'community', state.draft!.version);
  });

  it('previews drafted tour hours on /tours, while buyers keep the published hours', async () => {
    await saveDraft(server, staff, 'tours', (data) => {
      const hours = data.hours as Record<string, { opens: string; closes: string } | null>;
      for (const day of Object.keys(hours)) hours[day] = { opens: '08:00', closes: '18:00' };
      return { ...data, closedDates: [] };
    });
    // Tomorrow at the community, whose 8:00 AM is always ahead (today's has passed once the clock there reads 8:00).
    const tomorrow = addDays(dateInZone(Date.now(), 'America/Denver'), 1);
    const preview = await fetch(`${server.url}/preview/tours?day=${tomorrow}`, { headers: { Cookie: staff.cookie } });
    expect(preview.status).to.equal(200);
    expect(await preview.text()).to.include('8:00 AM');
    expect((await page(server, '/tours')).html).to.not.include('8:00 AM');
    const state = await section(server, staff, 'tours');
    expect(
      (await call(server, staff, 'POST', `/admin/content/tours/versions/${state.published.version}/restore`)).status,
    ).to.equal(200);
  });

  it('shows drafts in a staff preview with a banner, never cached or indexed; without a session, never', async () => {
    await saveDraft(
      server,
      staff,
      'floor-plans',
      withPlans((plans) =>
        plans.map((plan) => (plan.slug === 'canyon' ? { ...plan, summary: 'A preview-only summary.' } : plan)),
      ),
    );
    const anonymous = await fetch(`${server.url}/preview/floor-plans/canyon`, { redirect: 'manual' });
    expect(anonymous.status).to.be.oneOf([302, 303]);
    expect(anonymous.headers.get('location')).to.match(/^\/login/);
    expect(await anonymous.text()).to.not.include('A preview-only summary.');
    const preview = await fetch(`${server.url}/preview/floor-plans/canyon`, { headers: { Cookie: staff.cookie } });
    expect(preview.status).to.equal(200);
    expect(preview.headers.get('cache-control')).to.include('no-store');
    expect(preview.headers.get('x-robots-tag')).to.include('noindex');
    const html = await preview.text();
    expect(html).to.include('A preview-only summary.');
    expect(text(one(parseHtml(html), 'div', (div) => (div.attrs.class ?? '').includes('preview-banner')))).to.include(
      'Preview',
    );
    const publicPage = await page(server, '/floor-plans/canyon');
    expect(publicPage.html).to.not.include('A preview-only summary.');
    expect(publicPage.html).to.not.include('preview-banner');
    // Served again after the preview: still the published page, from the cache.
    expect((await page(server, '/floor-plans/canyon')).html).to.not.include('A preview-only summary.');
    const state = await section(server, staff, 'floor-plans');
    await publish(server, staff, 'floor-plans', state.draft!.version);
  });

  it('shows a plan’s base price as “From $545,900” on its page, its card and its JSON-LD Offer, or “Pricing coming soon”', async () => {
    const canyon = (await page(server, '/floor-plans/canyon')).html;
    expect(canyon).to.include('From $545,900');
    const jsonLd = [...canyon.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1]!) as { offers?: { price: number; priceCurrency: string; description: string } },
    );
    expect(jsonLd.find((data) => data.offers)?.offers).to.include({
      price: 545_900,
      priceCurrency: 'USD',
      description: 'From $545,900',
    });
    expect((await page(server, '/floor-plans/overlook')).html).to.include('Pricing coming soon');
    const index = (await page(server, '/floor-plans')).html;
    expect(index).to.include('From $579,900');
    expect(index).to.include('Pricing coming soon');
    expect((await page(server, '/')).html).to.include('From $612,500');
  });

  it('adds a plan and retires one: nav, index, counters, sitemap and the floor-plan API follow; the old URL is 410', async () => {
    const added: Plan = {
      ...((await section(server, staff, 'floor-plans')).published.data.plans as Plan[])[2]!,
      slug: 'aspen',
      name: 'Aspen',
      basePrice: 499_000,
    };
    const version = await saveDraft(
      server,
      staff,
      'floor-plans',
      withPlans((plans) => [...plans.filter((plan) => plan.slug !== 'overlook'), added]),
    );
    expect((await page(server, '/floor-plans/aspen')).status).to.equal(404);
    await publish(server, staff, 'floor-plans', version);
    const aspen = await page(server, '/floor-plans/aspen');
    expect(aspen.status).to.equal(200);
    expect(aspen.html).to.include('From $499,000');
    const retired = await page(server, '/floor-plans/overlook');
    expect(retired.status).to.equal(410);
    expect(all(parseHtml(retired.html), 'a').some((link) => link.attrs.href === '/floor-plans')).to.equal(true);
    const home = parseHtml((await page(server, '/')).html);
    const navLinks = all(home, 'nav').flatMap((nav) => all(nav, 'a').map((link) => link.attrs.href));
    expect(navLinks).to.include('/floor-plans/aspen');
    expect(navLinks).to.not.include('/floor-plans/overlook');
    expect(text(home)).to.include('4 Floor Plans');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).to.include('/floor-plans/aspen');
    expect(sitemap).to.not.include('/floor-plans/overlook');
    const index = (await page(server, '/floor-plans')).html;
    expect(index).to.include('Aspen');
    expect(index).to.not.include('>Overlook<');
    // A slug once published never changes.
    const state = await section(server, staff, 'floor-plans');
    const moved = structuredClone(state.published.data) as { plans: Plan[] };
    moved.plans[0]!.slug = 'sweetwater-three';
    const refused = await call(server, staff, 'PUT', '/admin/content/floor-plans/draft', {
      data: moved,
      baseVersion: state.published.version,
    });
    expect(refused.status).to.equal(400);
    expect(((await refused.json()) as { errors: { path: string }[] }).errors.map((error) => error.path)).to.include(
      'plans.0.slug',
    );
  });

  it('keeps homesites on their plan across a rename', async () => {
    const before = (await server.db('homesites').where({ plan: 'The Canyon' }).count<{ n: number }[]>({ n: '*' }))[0]!;
    expect(Number(before.n)).to.be.greaterThan(0);
    const version = await saveDraft(
      server,
      staff,
      'floor-plans',
      withPlans((plans) => plans.map((plan) => (plan.slug === 'canyon' ? { ...plan, name: 'Canyon Vista' } : plan))),
    );
    await publish(server, staff, 'floor-plans', version);
    const after = (await server.db('homesites').where({ plan: 'Canyon Vista' }).count<{ n: number }[]>({ n: '*' }))[0]!;
    expect(Number(after.n)).to.equal(Number(before.n));
    const api = (await (
      await fetch(`${server.url}/api/floorplanImages/search/findByFloorplan?floorplan=Canyon%20Vista`)
    ).json()) as {
      _embedded: { floorplanImages: unknown[] };
    };
    expect(api._embedded.floorplanImages.length).to.be.greaterThan(0);
  });

  it('shows a promotion from its first day to its last in the community’s zone, and nowhere once it ended', async () => {
    const today = dateInZone(Date.now(), 'America/Denver');
    const shift = (days: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const version = await saveDraft(server, staff, 'promotions', () => ({
      promotions: [
        { title: 'Ends today offer', text: 'Last day.', starts: shift(-3), ends: today, image: null, plans: [] },
        { title: 'Ended yesterday offer', text: 'Gone.', starts: shift(-9), ends: shift(-1), image: null, plans: [] },
        { title: 'Starts tomorrow offer', text: 'Soon.', starts: shift(1), ends: shift(9), image: null, plans: [] },
        {
          title: 'Canyon only offer',
          text: 'For one plan.',
          starts: today,
          ends: today,
          image: null,
          plans: ['canyon'],
        },
      ],
    }));
    await publish(server, staff, 'promotions', version);
    const home = (await page(server, '/')).html;
    expect(home).to.include('Ends today offer');
    expect(home).to.not.include('Ended yesterday offer');
    expect(home).to.not.include('Starts tomorrow offer');
    expect((await page(server, '/floor-plans/canyon')).html).to.include('Canyon only offer');
    expect((await page(server, '/floor-plans/sweetwater-ii')).html).to.not.include('Canyon only offer');
    expect((await page(server, '/floor-plans/sweetwater-ii')).html).to.include('Ends today offer');
  });

  it('publishes a schedule at its time, and cancels one', async () => {
    const version = await saveDraft(server, staff, 'legal', (data) => ({
      ...data,
      disclaimer: 'Scheduled disclaimer.',
    }));
    const past = await call(server, staff, 'POST', '/admin/content/legal/publish', {
      version,
      at: '2020-01-01T00:00:00Z',
    });
    expect(past.status).to.equal(400);
    const at = new Date(Date.now() + 1_500).toISOString();
    const scheduled = await call(server, staff, 'POST', '/admin/content/legal/publish', { version, at });
    expect(scheduled.status).to.equal(200);
    expect((await section(server, staff, 'legal')).scheduled).to.include({ version });
    expect((await page(server, '/privacy')).html).to.not.include('Scheduled disclaimer.');
    const deadline = Date.now() + 10_000;
    while (!(await page(server, '/privacy')).html.includes('Scheduled disclaimer.')) {
      expect(Date.now(), 'published within 10 s of its time').to.be.below(deadline);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const state = await section(server, staff, 'legal');
    expect(state.published.version).to.equal(version);
    expect(state.scheduled).to.equal(null);

    const next = await saveDraft(server, staff, 'legal', (data) => ({ ...data, disclaimer: 'Never published.' }));
    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(
      (await call(server, staff, 'POST', '/admin/content/legal/publish', { version: next, at: later })).status,
    ).to.equal(200);
    expect((await call(server, staff, 'DELETE', '/admin/content/legal/schedule')).status).to.equal(200);
    expect((await section(server, staff, 'legal')).scheduled).to.equal(null);
  });
});

describe('Promotions by date in the community’s zone', () => {
  const content = loadContent();
  const promotion = { title: 'T', text: 'X', starts: '2026-11-01', ends: '2026-11-07', image: null, plans: [] };
  const withPromotion = { ...content, promotions: [promotion] };

  it('turns the day at local midnight, not at UTC midnight', () => {
    // 2026-11-07 23:30 in Denver is already 2026-11-08 in UTC.
    const lateOnLastDay = Date.parse('2026-11-08T06:30:00Z');
    expect(communityToday(withPromotion, lateOnLastDay)).to.equal('2026-11-07');
    expect(activePromotions(withPromotion, communityToday(withPromotion, lateOnLastDay))).to.have.length(1);
    const afterMidnight = Date.parse('2026-11-08T07:30:00Z');
    expect(activePromotions(withPromotion, communityToday(withPromotion, afterMidnight))).to.have.length(0);
  });

  it('keeps the right day across the change from daylight saving time (2026-11-01 in Denver)', () => {
    // Clocks go back at 02:00 MDT on 1 November: 00:30 MDT is 06:30Z, 23:30 MST is 06:30Z the next day.
    expect(communityToday(withPromotion, Date.parse('2026-11-01T06:30:00Z'))).to.equal('2026-11-01');
    expect(communityToday(withPromotion, Date.parse('2026-11-01T05:30:00Z'))).to.equal('2026-10-31');
    expect(communityToday(withPromotion, Date.parse('2026-11-02T06:30:00Z'))).to.equal('2026-11-01');
    expect(activePromotions(withPromotion, '2026-10-31')).to.have.length(0);
    expect(activePromotions(withPromotion, '2026-11-01')).to.have.length(1);
  });
});

describeWithCommands(POSTGRES_COMMANDS, 'Content on two instances (PostgreSQL)', function () {
  this.timeout(90_000);
  let postgres: RunningPostgres;
  let a: TestServer;
  let b: TestServer;
  let staff: Staff;
  before(async () => {
    postgres = await startPostgres();
    a = await startTestServer(STAFF_ENV, { postgres: postgres.adminUrl });
    b = await startTestServer({}, { sameStorageAs: a });
    staff = await signIn(a.url);
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await postgres?.stop();
  });

  it('shows a publish made on one instance on the other within 2 s', async () => {
    expect((await page(b, '/')).html).to.include('Homes From The Mid 500');
    const version = await saveDraft(a, staff, 'community', (data) => ({ ...data, tagline: 'Seen on every instance' }));
    await publish(a, staff, 'community', version);
    const published = Date.now();
    while (!(await page(b, '/')).html.includes('Seen on every instance')) {
      expect(Date.now() - published, 'seen on the other instance within 2 s').to.be.below(2_500);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('runs a schedule exactly once when both instances find it due at the same moment', async () => {
    const version = await saveDraft(a, staff, 'legal', (data) => ({ ...data, disclaimer: 'Once only.' }));
    const at = new Date(Date.now() + 800).toISOString();
    // The instances' own polls are stopped so that the two passes below are the only ones to race.
    await Promise.all([a.site.content.stopSchedules(), b.site.content.stopSchedules()]);
    expect((await call(a, staff, 'POST', '/admin/content/legal/publish', { version, at })).status).to.equal(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const published = await Promise.all([a.site.content.runDueSchedules(), b.site.content.runDueSchedules()]);
    expect(published.reduce((sum, count) => sum + count, 0)).to.equal(1);
    expect((await section(a, staff, 'legal')).published.version).to.equal(version);
    for (const instance of [a, b]) {
      const deadline = Date.now() + 2_500;
      while (!(await page(instance, '/privacy')).html.includes('Once only.')) {
        expect(Date.now(), 'both instances show it within 2 s').to.be.below(deadline);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
});
