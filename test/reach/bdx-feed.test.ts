import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { community } from '../../src/content/community.js';
import { validateContent } from '../../src/content/index.js';
import { bdxXml, promotionElements } from '../../src/services/bdx-feed.js';
import { bdxProblems, parseXml, type XmlNode } from '../support/bdx-order.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** GET /feeds/bdx.xml (contract, "Reach beyond the site"; issue 31's element list). */

const run = promisify(execFile);

async function xmllint(xml: string): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bdx-'));
  const file = path.join(dir, 'bdx.xml');
  await fs.writeFile(file, xml);
  try {
    await run('xmllint', ['--noout', file]);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const child = (node: XmlNode, name: string) => node.children.find((item) => item.name === name);
const children = (node: XmlNode, name: string) => node.children.filter((item) => item.name === name);
const value = (node: XmlNode, name: string) => child(node, name)?.text;

interface ApiHomesite {
  lot: number;
  status: string;
  plan: string | null;
  price: number | null;
  sqft: number | null;
  address: string | null;
  ready: string | null;
}

describe('GET /feeds/bdx.xml', function () {
  this.timeout(30_000);
  let server: TestServer;
  let staff: Staff;
  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
  });
  after(async () => server?.close());

  async function feed(): Promise<{ xml: string; root: XmlNode; response: Response }> {
    const response = await fetch(`${server.url}/feeds/bdx.xml`);
    const xml = await response.text();
    return { xml, root: parseXml(xml), response };
  }

  it('answers 200 application/xml with a well-formed document (xmllint)', async () => {
    const { xml, response } = await feed();
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/xml/);
    await xmllint(xml);
  });

  it('writes every element in the order the list gives, with every required one, within its length', async () => {
    const { root } = await feed();
    expect(root.name).to.equal('Builders');
    expect(root.attributes.DateGenerated).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(bdxProblems(root)).to.deep.equal([]);
  });

  it('carries the feed section (builder numbers, leads e-mail) and the community', async () => {
    const { root } = await feed();
    const corporation = child(root, 'Corporation')!;
    expect(value(corporation, 'CorporateBuilderNumber')).to.equal(community.feed.corporation.number);
    const builder = child(corporation, 'Builder')!;
    expect(value(builder, 'DefaultLeadsEmail')).to.equal(community.feed.leadsEmail);
    const subdivision = child(builder, 'Subdivision')!;
    expect(value(subdivision, 'SubdivisionNumber')).to.equal(community.feed.subdivision.number);
    const office = child(subdivision, 'SalesOffice')!;
    expect(value(child(office, 'Address')!, 'ZIP')).to.equal(community.community.address.postalCode);
    expect(value(office, 'Email')).to.equal(community.builder.email);
    expect(value(office, 'Hours')).to.equal(community.community.salesHours);
    const phone = child(office, 'Phone')!;
    expect(`(${value(phone, 'AreaCode')}) ${value(phone, 'Prefix')}-${value(phone, 'Suffix')}`).to.equal(
      community.builder.phone,
    );
    expect(children(subdivision, 'SubImage').length).to.be.greaterThan(0);
    expect(value(subdivision, 'SubDescription')).to.include(community.community.description);
  });

  it('has the numbers the pages and the API have: lots, plans (price, sqft, beds, baths), quick move-in homes', async () => {
    const { root } = await feed();
    const subdivision = child(child(child(root, 'Corporation')!, 'Builder')!, 'Subdivision')!;
    const api = (
      (await (await fetch(`${server.url}/api/homesites`)).json()) as { _embedded: { homesites: ApiHomesite[] } }
    )._embedded.homesites;
    expect(Number(value(subdivision, 'LotsTotal'))).to.equal(api.length);
    expect(Number(value(subdivision, 'LotsAvailable'))).to.equal(
      api.filter((row) => row.status === 'available').length,
    );
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).to.include(`${value(subdivision, 'LotsAvailable')} available now`);

    const plans = children(subdivision, 'Plan');
    expect(plans).to.have.length(community.floorPlans.length);
    expect(Number(value(subdivision, 'PlanCount'))).to.equal(plans.length);
    for (const plan of community.floorPlans) {
      const element = plans.find((candidate) => value(candidate, 'PlanName') === plan.name)!;
      const page = await (await fetch(`${server.url}/floor-plans/${plan.slug}`)).text();
      if (plan.basePrice === null) expect(child(element, 'BasePrice')).to.equal(undefined);
      else {
        // The plan's published price (its page shows the same content value as "From $…").
        expect(Number(value(element, 'BasePrice'))).to.equal(plan.basePrice);
      }
      expect(Number(value(element, 'BaseSqft'))).to.equal(plan.squareFeet);
      expect(page).to.include(plan.squareFeet.toLocaleString('en-US'));
      const full = Number(value(element, 'Baths'));
      const half = Number(value(element, 'HalfBaths') ?? 0);
      expect(full + half / 2).to.equal(plan.baths);
      expect(Number(value(element, 'Bedrooms'))).to.equal(plan.beds);
      expect(Number(value(element, 'Garage'))).to.equal(plan.garageBays);
      expect(Number(value(element, 'Stories'))).to.equal(plan.stories);

      const quick = api.filter((row) => row.status === 'quick-move-in' && row.plan === plan.name);
      const specs = children(element, 'Spec');
      expect(
        specs.map((spec) => Number(value(spec, 'SpecNumber'))),
        plan.name,
      ).to.deep.equal(quick.map((row) => row.lot));
      expect(Number(value(element, 'SpecCount'))).to.equal(quick.length);
      for (const [index, spec] of specs.entries()) {
        const row = quick[index]!;
        expect(Number(value(spec, 'SpecPrice'))).to.equal(row.price);
        expect(row.address).to.include(value(child(spec, 'SpecAddress')!, 'SpecStreet1')!);
        if (row.ready) expect(value(child(spec, 'SpecMoveInDate')!, 'Day')).to.equal(row.ready);
      }
    }
    const allSpecs = plans.flatMap((plan) => children(plan, 'Spec'));
    expect(allSpecs.length).to.equal(api.filter((row) => row.status === 'quick-move-in').length);
    expect(allSpecs.length).to.be.greaterThan(0);
  });

  it('follows a homesite change at once (the cached feed is dropped with the pages)', async () => {
    const first = await feed();
    // Cached like a page: the same document (the same ETag) until something changes.
    expect((await feed()).response.headers.get('etag')).to.equal(first.response.headers.get('etag'));
    const future = (await server.db('homesites').where({ status: 'future' }).orderBy('lot').first()) as {
      lot: number;
      version: number;
    };
    const plan = community.floorPlans[0]!;
    const change = await fetch(`${server.url}/admin/homesites/${future.lot}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
      body: JSON.stringify({
        status: 'quick-move-in',
        plan: plan.name,
        price: 612_900,
        ready: '2027-03-01',
        version: Number(future.version),
      }),
    });
    expect(change.status, await change.clone().text()).to.equal(200);
    const after = await feed();
    const element = children(child(child(child(after.root, 'Corporation')!, 'Builder')!, 'Subdivision')!, 'Plan').find(
      (candidate) => value(candidate, 'PlanName') === plan.name,
    )!;
    const spec = children(element, 'Spec').find((candidate) => Number(value(candidate, 'SpecNumber')) === future.lot);
    expect(spec, 'the new quick move-in home').to.not.equal(undefined);
    expect(value(spec!, 'SpecPrice')).to.equal('612900');
    expect(value(child(spec!, 'SpecMoveInDate')!, 'Day')).to.equal('2027-03-01');
    expect(bdxProblems(after.root)).to.deep.equal([]);
  });
});

describe('The BDX document', () => {
  const content = validateContent(community);
  const input = {
    content,
    homesites: [],
    siteUrl: 'https://maplehollow.example',
    now: new Date('2026-11-26T17:00:00Z'),
    communityImages: [],
    planGalleries: new Map(),
    today: '2026-11-26',
  };

  it('carries active promotions only, in their place, when the content has them', async () => {
    const promotions = [
      {
        title: 'Closing costs paid',
        text: 'Up to $15,000 toward closing costs.',
        starts: '2026-11-01',
        ends: '2026-11-30',
      },
      { title: 'Expired', text: 'Old.', starts: '2026-10-01', ends: '2026-10-31' },
      { title: 'Future', text: 'Later.', starts: '2026-12-01', ends: '2026-12-31' },
    ];
    expect(promotionElements(promotions, '2026-11-26')).to.have.length(1);
    const xml = bdxXml({ ...input, promotions });
    await xmllint(xml);
    const root = parseXml(xml);
    expect(bdxProblems(root)).to.deep.equal([]);
    const subdivision = child(child(child(root, 'Corporation')!, 'Builder')!, 'Subdivision')!;
    expect(children(subdivision, 'Promotion').map((promotion) => value(promotion, 'PromoHeadline'))).to.deep.equal([
      'Closing costs paid',
    ]);
    expect(promotionElements(undefined, '2026-11-26')).to.deep.equal([]);
  });

  it('escapes text and cuts a long one to its length at a word', async () => {
    const long = validateContent({
      ...community,
      community: { ...community.community, salesHours: `Open <daily> & "weekends" ${'very '.repeat(40)}late` },
    });
    const xml = bdxXml({ ...input, content: long });
    await xmllint(xml);
    expect(bdxProblems(parseXml(xml))).to.deep.equal([]);
  });

  it('is refused by the content schema when a number is too long for the feed or the name starts with "The"', () => {
    expect(() =>
      validateContent({
        ...community,
        feed: { ...community.feed, corporation: { ...community.feed.corporation, number: 'x'.repeat(31) } },
      }),
    ).to.throw(/feed\.corporation\.number/);
    expect(() =>
      validateContent({ ...community, feed: { ...community.feed, subdivision: { number: '1', name: 'The Hollow' } } }),
    ).to.throw(/must not start with "The"/);
  });
});
