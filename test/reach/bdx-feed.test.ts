import { expect } from 'chai';
import fs from 'node:fs';
import { community } from '../../src/content/community.js';
import { validateContent, type Content } from '../../src/content/index.js';
import type { HomesiteRow } from '../../src/db/homesites.js';
import { bdxXml, promotionElements, type FeedInput, type Promotion } from '../../src/services/bdx-feed.js';
import { BDX_SCHEMA_FILE, bdxSchemaErrors, sharedBdxSchemaFile } from '../support/bdx-schema.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { parseXml, type XmlNode } from '../support/xml-tree.js';

/**
 * GET /feeds/bdx.xml (contract, "Reach beyond the site" and "The listing feed with many communities"): every feed
 * these tests see is validated against the real NHlist 7.7 schema with xmllint; one error fails the test.
 */

async function expectValid(xml: string): Promise<void> {
  expect(await bdxSchemaErrors(xml), 'xmllint --noout --schema NHlist-v7_7.xsd').to.deep.equal([]);
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

  it('answers 200 application/xml with a document valid against the NHlist 7.7 schema (xmllint)', async () => {
    const { xml, root, response } = await feed();
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/xml/);
    await expectValid(xml);
    expect(root.name).to.equal('Builders');
    expect(root.attributes.DateGenerated).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
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
    await expectValid(after.xml);
  });
});

describe('The BDX document against the NHlist 7.7 schema', function () {
  this.timeout(60_000);
  const sample = validateContent(community);
  const firstPlan = sample.floorPlans[0]!;
  const input: FeedInput = {
    content: sample,
    homesites: [],
    siteUrl: 'https://maplehollow.example',
    now: new Date('2026-11-26T17:00:00Z'),
    communityImages: [],
    planGalleries: new Map(),
    today: '2026-11-26',
  };
  const homesite = (lot: number, extra: Partial<HomesiteRow> = {}): HomesiteRow => ({
    lot,
    status: 'quick-move-in',
    plan: firstPlan.name,
    price: 612_900,
    sqft: 7_200,
    address: '',
    ready: null,
    version: 1,
    updated_at: '2026-11-26T17:00:00.000Z',
    updated_by: null,
    ...extra,
  });
  const promotion = (title: string, extra: Partial<Promotion> = {}): Promotion => ({
    title,
    text: 'Up to $15,000 toward closing costs.',
    starts: '2026-11-01',
    ends: '2026-11-30',
    ...extra,
  });
  const copy = (content: Content): Content => JSON.parse(JSON.stringify(content)) as Content;
  const subdivisionOf = (xml: string) => child(child(child(parseXml(xml), 'Corporation')!, 'Builder')!, 'Subdivision')!;

  it('validates against the shared specification’s schema, of which the repository keeps a copy', function () {
    const shared = sharedBdxSchemaFile();
    if (shared === undefined) this.skip();
    expect(fs.readFileSync(BDX_SCHEMA_FILE, 'utf8')).to.equal(fs.readFileSync(shared, 'utf8'));
  });

  it('is valid with the sample content and a homesite of every status', async () => {
    const statuses = ['available', 'quick-move-in', 'future', 'under-contract', 'sold'] as const;
    const homesites = statuses.map((status, index) =>
      homesite(index + 1, { status, ready: status === 'quick-move-in' ? '2027-03-01' : null }),
    );
    const xml = bdxXml({ ...input, homesites, promotions: sample.promotions });
    await expectValid(xml);
    const office = child(subdivisionOf(xml), 'SalesOffice')!;
    expect(child(office, 'Address')!.attributes.OutOfCommunity).to.equal('false');
  });

  it('is valid for an empty community: one plan without a price, no homesites, images or promotions', async () => {
    const empty = copy(sample);
    empty.floorPlans = [{ ...copy(sample).floorPlans[0]!, basePrice: null }];
    empty.promotions = [];
    const xml = bdxXml({ ...input, content: validateContent(empty), promotions: [] });
    await expectValid(xml);
    const subdivision = subdivisionOf(xml);
    expect(value(subdivision, 'LotsTotal')).to.equal('0');
    expect(children(subdivision, 'Plan')).to.have.length(1);
    expect(children(subdivision, 'Promotion')).to.have.length(0);
  });

  it('is valid with every optional element filled, and carries at most the nine promotions NHlist allows', async () => {
    const plans = sample.floorPlans;
    const homesites = plans.map((plan, index) =>
      homesite(index + 1, {
        plan: plan.name,
        address: `${2010 + index} Hollow Creek Loop, Windsor, CO 80550-1234`,
        ready: '2027-03-01',
        sqft: 9_000 + index,
        price: 700_000 + index,
      }),
    );
    const gallery = [1, 2, 3].map((n) => ({ url: `/files/${n}/kitchen-${n}.jpg`, title: `Kitchen ${n}` }));
    const promotions = Array.from({ length: 12 }, (_, index) =>
      promotion(`Offer ${index + 1}`, { text: 'x '.repeat(400) }),
    );
    const xml = bdxXml({
      ...input,
      homesites,
      communityImages: gallery,
      planGalleries: new Map(plans.map((plan) => [plan.name, gallery])),
      promotions,
    });
    await expectValid(xml);
    const subdivision = subdivisionOf(xml);
    expect(children(subdivision, 'Promotion')).to.have.length(9);
    const specs = children(subdivision, 'Plan').flatMap((plan) => children(plan, 'Spec'));
    expect(specs).to.have.length(plans.length);
    const address = child(specs[0]!, 'SpecAddress')!;
    expect([value(address, 'SpecCity'), value(address, 'SpecState'), value(address, 'SpecZIP')]).to.deep.equal([
      'Windsor',
      'CO',
      '80550-1234',
    ]);
    for (const spec of specs) expect(child(spec, 'SpecBedrooms')!.attributes).to.have.property('MasterBedLocation');
  });

  it('is valid and well-formed with hostile text in every text it carries, even text stored before cleaning', async () => {
    // Control characters XML cannot hold, markup, quotes, a CDATA end, a comment's "--", emoji (with a joiner),
    // lone surrogates, and far more than any element's length.
    const hostile = `<b>&amp; "double" 'single' ]]> -- \u0000\u0001\u0008\u000b\u000c\u001f\u007f\u0085\ufffe\uffff\udfff\ud800 😀👩‍👩‍👧 ${'Ünïcødé 😀 '.repeat(300)}`;
    const short = `<&"'\u0001😀>`;
    const content = copy(sample);
    content.community.name = hostile;
    content.community.description = hostile;
    content.community.about = [hostile, hostile];
    content.community.salesHours = hostile;
    content.community.address.street = hostile;
    content.builder.name = hostile;
    content.media.sitePlan.alt = hostile;
    content.feed.corporation.name = short;
    content.feed.builder.brandName = short;
    content.feed.builder.reportingName = short;
    content.feed.subdivision.name = short;
    content.floorPlans.forEach((plan, index) => {
      plan.name = `${short} ${index}`;
      plan.summary = hostile;
      plan.cover.alt = hostile;
      plan.levels.forEach((level) => (level.drawing.caption = hostile));
    });
    const pictures = [{ url: `/files/1/a"b<c>&d\u0001.jpg`, title: hostile }];
    const xml = bdxXml({
      ...input,
      content,
      homesites: content.floorPlans.map((plan, index) =>
        homesite(index + 1, { plan: plan.name, address: `${hostile}, ${hostile}, ${short}`, ready: '2026-13-01' }),
      ),
      communityImages: pictures,
      planGalleries: new Map(content.floorPlans.map((plan) => [plan.name, pictures])),
      promotions: [promotion(hostile, { text: hostile })],
    });
    await expectValid(xml);
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot hold are the point
    expect(xml).not.to.match(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/u);
    const subdivision = subdivisionOf(xml);
    expect(value(subdivision, 'SubdivisionName')).to.equal(`<&"'😀>`);
    expect(value(subdivision, 'SubDescription')).to.include('😀👩‍👩‍👧');
  });

  it('carries active promotions only, in their place, when the content has them', async () => {
    const promotions = [
      promotion('Closing costs paid'),
      promotion('Expired', { starts: '2026-10-01', ends: '2026-10-31' }),
      promotion('Future', { starts: '2026-12-01', ends: '2026-12-31' }),
    ];
    expect(promotionElements(promotions, '2026-11-26')).to.have.length(1);
    const xml = bdxXml({ ...input, promotions });
    await expectValid(xml);
    const found = children(subdivisionOf(xml), 'Promotion');
    expect(found.map((element) => value(element, 'PromoHeadline'))).to.deep.equal(['Closing costs paid']);
    expect([value(found[0]!, 'StartDate'), value(found[0]!, 'EndDate')]).to.deep.equal(['2026-11-01', '2026-11-30']);
    expect(promotionElements(undefined, '2026-11-26')).to.deep.equal([]);
  });

  it('escapes text and cuts a long one to its length at a word', async () => {
    const long = validateContent({
      ...community,
      community: { ...community.community, salesHours: `Open <daily> & "weekends" ${'very '.repeat(40)}late` },
    });
    const xml = bdxXml({ ...input, content: long });
    await expectValid(xml);
    const hours = value(child(subdivisionOf(xml), 'SalesOffice')!, 'Hours')!;
    expect(hours.length).to.be.at.most(100);
    expect(hours).to.match(/^Open <daily> & "weekends" very .*…$/);
  });

  it('is refused by the content schema when a value is more than the feed can carry', () => {
    expect(() =>
      validateContent({
        ...community,
        feed: { ...community.feed, corporation: { ...community.feed.corporation, number: 'x'.repeat(31) } },
      }),
    ).to.throw(/feed\.corporation\.number/);
    expect(() =>
      validateContent({ ...community, feed: { ...community.feed, subdivision: { number: '1', name: 'The Hollow' } } }),
    ).to.throw(/must not start with "The"/);
    const address = community.community.address;
    for (const [field, bad] of [
      ['region', 'COLORA'],
      ['region', 'XX'],
      ['postalCode', 'not a zip'],
      ['city', 'C'.repeat(41)],
    ] as const)
      expect(
        () =>
          validateContent({
            ...community,
            community: { ...community.community, address: { ...address, [field]: bad } },
          }),
        field,
      ).to.throw(new RegExp(`community\\.address\\.${field}`));
    expect(() =>
      validateContent({ ...community, feed: { ...community.feed, leadsEmail: 'leads@mail.example2' } }),
    ).to.throw(/feed\.leadsEmail/);
  });
});
