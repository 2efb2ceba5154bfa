import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { parseLotOutlines } from '../../src/content/lot-outlines.js';
import {
  BENCH_LOTS_PER_COMMUNITY,
  generateSampleCommunities,
  sampleHomesiteRecords,
  type SampleCommunity,
} from '../../src/content/sample-communities.js';
import { layoutSitePlan, lotOutlinesSvg, type Box } from '../../src/content/sample-site-plan.js';
import { parseSection } from '../../src/content/sections.js';
import { SAMPLE_LOT_COUNT } from '../../src/db/sample-homesites.js';
import { HOMESITE_FIELDS } from '../../src/shared/homesite-record.js';
import { homesiteFactProblems } from '../../src/shared/homesite-rules.js';
import { isUsState, ZIP_PATTERN } from '../../src/shared/us-address.js';

const sample = loadContent();
const three = generateSampleCommunities(3, sample);
const fifty = generateSampleCommunities(50, sample);
function viewBoxOf(svg: string): string | undefined {
  return /<svg\b[^>]*\bviewBox="([^"]+)"/.exec(svg)?.[1];
}

function overlaps(a: Box, b: Box): boolean {
  const gap = 0.01;
  return (
    a.x + a.width > b.x + gap && b.x + b.width > a.x + gap && a.y + a.height > b.y + gap && b.y + b.height > a.y + gap
  );
}

describe('Sample communities (SAMPLE_COMMUNITIES=N)', () => {
  it('generates none for one community: the first is the sample itself', () => {
    expect(generateSampleCommunities(1, sample)).to.deep.equal([]);
  });

  it('generates communities 2…N: 2 for a demo of 3, 49 for the benches’ 50', () => {
    expect(three).to.have.length(2);
    expect(fifty).to.have.length(49);
  });

  it('gives the same communities for the same count, and the same first ones as the count grows', () => {
    expect(generateSampleCommunities(3, sample)).to.deep.equal(three);
    expect(generateSampleCommunities(50, sample)).to.deep.equal(fifty);
    // Below 10 communities the default lots are each community's own, so a growing demo keeps its first ones.
    expect(generateSampleCommunities(9, sample).slice(0, 2)).to.deep.equal(three);
  });

  it('names each with its own fictional name, slug and town, none the sample’s', () => {
    for (const communities of [three, fifty]) {
      const slugs = communities.map((community) => community.slug);
      const names = communities.map((community) => community.name);
      expect(new Set(slugs).size).to.equal(communities.length);
      expect(new Set(names).size).to.equal(communities.length);
      expect(new Set(communities.map((community) => `${community.city}, ${community.state}`)).size).to.equal(
        communities.length,
      );
      expect(names).not.to.include(sample.community.name);
      expect(slugs).not.to.include('maple-hollow');
      for (const slug of slugs) expect(slug).to.match(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/);
    }
  });

  it('keeps the first two generated ones selling, and a couple of the rest coming soon', () => {
    expect(three.map((community) => community.status)).to.deep.equal(['selling', 'selling']);
    expect(fifty.filter((community) => community.status === 'coming-soon')).to.have.length(2);
  });

  it('places each at a plausible US address, in its state’s time zone', () => {
    for (const community of fifty) {
      expect(isUsState(community.state), community.state).to.equal(true);
      expect(community.zip).to.match(ZIP_PATTERN);
      expect(community.lat).to.be.within(24, 50);
      expect(community.lng).to.be.within(-125, -66);
      expect(community.street).to.match(/^\d+ /);
      const section = community.sections.community;
      expect(section.address).to.deep.equal({
        street: community.street,
        city: community.city,
        region: community.state,
        postalCode: community.zip,
      });
      expect([section.latitude, section.longitude, section.timeZone]).to.deep.equal([
        community.lat,
        community.lng,
        community.timeZone,
      ]);
      expect(community.sections.community.name).to.equal(community.name);
    }
  });

  it('writes every section document as its section schema accepts it, unchanged by parsing', () => {
    for (const community of [...three, ...fifty]) {
      for (const [id, document] of Object.entries(community.sections)) {
        const parsed = parseSection(id as keyof SampleCommunity['sections'], document);
        expect(parsed.ok ? [] : parsed.problems, `${community.slug} ${id}`).to.deep.equal([]);
        if (parsed.ok) expect(parsed.data, `${community.slug} ${id}`).to.deep.equal(document);
      }
    }
  });

  it('offers a subset of the plan library, each at the community’s own price', () => {
    const library = new Map(sample.floorPlans.map((plan) => [plan.slug, plan]));
    const { min, max } = sample.homesites.priceRange;
    const priceLists = new Set<string>();
    for (const community of fifty) {
      const offered = community.offerings.plans;
      expect(offered.length).to.be.within(1, library.size);
      expect(new Set(offered.map((offering) => offering.plan)).size).to.equal(offered.length);
      for (const offering of offered) {
        expect(library.has(offering.plan), offering.plan).to.equal(true);
        if (offering.basePrice !== null) {
          expect(Number.isInteger(offering.basePrice)).to.equal(true);
          expect(offering.basePrice).to.be.within(min, max);
        }
        if (offering.summary !== undefined) expect(offering.summary).to.have.length.within(1, 2000);
      }
      if (community.status === 'coming-soon')
        expect(offered.every((offering) => offering.basePrice === null)).to.equal(true);
      else expect(offered.some((offering) => offering.basePrice !== null)).to.equal(true);
      priceLists.add(JSON.stringify(offered));
    }
    expect(priceLists.size).to.equal(fifty.length);
  });

  it('gives homesites only plans the community offers, with facts the homesite rules accept', () => {
    for (const community of [...three, ...fifty]) {
      const offeredNames = community.offerings.plans.map(
        (offering) => sample.floorPlans.find((plan) => plan.slug === offering.plan)!.name,
      );
      const { priceRange } = community.sections.homesites;
      for (const homesite of community.homesites) {
        expect(
          homesiteFactProblems(homesite, offeredNames, priceRange),
          `${community.slug} ${homesite.lot}`,
        ).to.deep.equal([]);
        expect(homesite.address).to.match(
          new RegExp(`^\\d+ .+, ${community.city}, ${community.state} ${community.zip}$`),
        );
        expect(homesite.sqft).to.be.within(5_000, 20_000);
        if (homesite.status === 'quick-move-in') expect(homesite.ready).to.match(/^\d{4}-\d{2}-\d{2}$/);
        else expect(homesite.ready).to.equal(null);
      }
      expect(new Set(community.homesites.map((homesite) => homesite.address)).size).to.equal(
        community.homesites.length,
      );
    }
  });

  it('mixes statuses as a selling community has them; a coming-soon one has only its future release', () => {
    for (const community of [...three, ...fifty]) {
      const statuses = new Set(community.homesites.map((homesite) => homesite.status));
      if (community.status === 'coming-soon') {
        expect([...statuses]).to.deep.equal(['future']);
        continue;
      }
      for (const status of ['model', 'available', 'quick-move-in', 'sold', 'future'] as const) {
        expect(statuses.has(status), `${community.slug} has ${status}`).to.equal(true);
      }
    }
  });

  it('gives 40 to 90 lots each below 10 communities, 200 from 10 up, or the number asked for', () => {
    for (const community of generateSampleCommunities(9, sample)) {
      expect(community.homesites.length).to.be.within(40, 90);
    }
    for (const community of fifty) expect(community.homesites).to.have.length(BENCH_LOTS_PER_COMMUNITY);
    const asked = generateSampleCommunities(4, sample, 120);
    expect(asked.map((community) => community.homesites.length)).to.deep.equal([120, 120, 120]);
  });

  it('holds the benches’ homesites at 50: 49 generated × 200, plus the sample community’s 78', () => {
    const generated = fifty.reduce((total, community) => total + community.homesites.length, 0);
    expect(generated).to.equal(49 * 200);
    expect(generated + SAMPLE_LOT_COUNT).to.equal(9_878);
  });

  it('draws outlines the site-plan parser reads, one per homesite, in the drawing’s viewBox', () => {
    for (const community of [...three, ...fifty]) {
      const outlines = parseLotOutlines(community.outlinesSvg, `${community.slug} outlines`);
      expect(outlines.shapes.map((shape) => shape.lot)).to.deep.equal(
        community.homesites.map((homesite) => homesite.lot),
      );
      expect(outlines.viewBox).to.equal(viewBoxOf(community.drawingSvg));
      for (const shape of outlines.shapes) {
        expect(shape.kind).to.equal('polygon');
        expect(shape.label.x).to.be.within(0, outlines.width);
        expect(shape.label.y).to.be.within(0, outlines.height);
      }
    }
  });

  it('gives the seeder rows with every stored field of a homesite', () => {
    const rows = sampleHomesiteRecords(three[0]!, '2026-11-28T00:00:00.000Z');
    expect(rows).to.have.length(three[0]!.homesites.length);
    for (const row of rows) expect(Object.keys(row).sort()).to.deep.equal([...HOMESITE_FIELDS].sort());
    expect(rows[0]).to.include({ version: 1, updated_at: '2026-11-28T00:00:00.000Z', updated_by: null });
  });

  it('draws streets with their names and the entrance sign, and no lot numbers (the lot map writes those)', () => {
    for (const community of three) {
      const words = [...community.drawingSvg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
      expect(words).to.include(community.name);
      const streets = new Set(
        community.homesites.map((homesite) => homesite.address.split(', ')[0]!.replace(/^\d+ /, '')),
      );
      for (const street of streets) expect(words).to.include(street.toUpperCase());
      expect(words.filter((word) => /^\d+$/.test(word))).to.deep.equal([]);
    }
  });

  it('lays out any number of lots from 1 to 400 along streets, none overlapping another or a road', () => {
    for (const count of [1, 2, 7, 40, 56, 57, 78, 201, 400]) {
      const layout = layoutSitePlan(count);
      expect(layout.lots.map((lot) => lot.lot)).to.deep.equal(Array.from({ length: count }, (_, index) => index + 1));
      const roads = [...layout.streets, layout.spine, ...layout.sideRoads, layout.park];
      for (const [index, lot] of layout.lots.entries()) {
        expect(lot.x).to.be.at.least(0);
        expect(lot.y).to.be.at.least(0);
        expect(lot.x + lot.width).to.be.at.most(layout.width);
        expect(lot.y + lot.height).to.be.at.most(layout.height);
        // Wide enough for a three-digit lot number in the lot map's 15-unit type.
        expect(lot.width).to.be.at.least(44);
        for (const road of roads) expect(overlaps(lot, road), `lot ${lot.lot} and a road`).to.equal(false);
        for (const other of layout.lots.slice(index + 1)) {
          expect(overlaps(lot, other), `lots ${lot.lot} and ${other.lot}`).to.equal(false);
        }
        // Every lot fronts its street: its row touches the roadway's sidewalk strip.
        const street = layout.streets[lot.street]!;
        const front = lot.side === 'south' ? lot.y - (street.y + street.height) : street.y - (lot.y + lot.height);
        expect(front).to.equal(8);
      }
      expect(parseLotOutlines(lotOutlinesSvg(layout), `${count} lots`).shapes).to.have.length(count);
    }
  });

  it('gives every number of lots from 1 to 400 a lot of its own, inside the drawing and wide enough to number', () => {
    for (let count = 1; count <= 400; count += 1) {
      const layout = layoutSitePlan(count);
      expect(layout.lots).to.have.length(count);
      for (const lot of layout.lots) {
        if (lot.width < 44 || lot.x < 0 || lot.x + lot.width > layout.width || lot.y + lot.height > layout.height) {
          expect.fail(`${count} lots: lot ${lot.lot} is at ${JSON.stringify(lot)} in ${layout.viewBox}`);
        }
      }
    }
  });

  it('refuses a count or a number of lots outside what it can draw', () => {
    expect(() => generateSampleCommunities(0, sample)).to.throw(RangeError, /1 to 500/);
    expect(() => generateSampleCommunities(2.5, sample)).to.throw(RangeError);
    expect(() => generateSampleCommunities(3, sample, 401)).to.throw(RangeError, /1 to 400 lots/);
    expect(() => layoutSitePlan(0)).to.throw(RangeError);
  });
});
