import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContent } from '../../src/content/index.js';
import {
  bdxXml,
  builderBdxXml,
  derivedSubdivisionNumber,
  listedInFeed,
  subdivisionNumbers,
  type BuilderFeedInput,
  type FeedCommunity,
} from '../../src/services/bdx-feed.js';
import { bdxSchemaErrors, BDX_SCHEMA_FILE, sharedBdxSchemaFile } from '../support/bdx-schema.js';
import {
  FEED_NOW,
  FEED_SITE_URL,
  sampleCommunityName,
  sampleFeedCommunity,
  sampleHomesitePrice,
} from '../support/bdx-communities.js';
import { parseXml, type XmlNode } from '../support/xml-tree.js';

/**
 * The listing feed of a builder with many communities (contract wave 4, "The listing feed with many communities"):
 * one Subdivision per listed community, each with its own plans at its prices and its own quick-move-in homes,
 * every document validated against the NHlist 7.7 schema (a document that fails it fails the test).
 */

const ONE_COMMUNITY_FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/bdx/one-community.xml',
);

const child = (node: XmlNode, name: string) => node.children.find((item) => item.name === name);
const children = (node: XmlNode, name: string) => node.children.filter((item) => item.name === name);
const value = (node: XmlNode, name: string) => child(node, name)?.text;
const subdivisionsOf = (xml: string) =>
  children(child(child(parseXml(xml), 'Corporation')!, 'Builder')!, 'Subdivision');

async function expectValid(xml: string): Promise<void> {
  expect(await bdxSchemaErrors(xml), 'xmllint --noout --schema NHlist-v7_7.xsd').to.deep.equal([]);
}

function feedOf(communities: FeedCommunity[], extra: Partial<BuilderFeedInput> = {}): BuilderFeedInput {
  return { siteUrl: FEED_SITE_URL, now: FEED_NOW, communities, ...extra };
}

const sample = loadContent();

describe('The listing feed with many communities', function () {
  this.timeout(120_000);

  it('is validated against the shared specification’s schema (the repository’s copy equals it)', function () {
    const shared = sharedBdxSchemaFile();
    if (shared === undefined) this.skip();
    expect(fs.readFileSync(BDX_SCHEMA_FILE, 'utf8')).to.equal(fs.readFileSync(shared, 'utf8'));
  });

  describe('listedInFeed', () => {
    it('lists a public community that is coming soon or selling, and no sold-out, closed or unpublished one', () => {
      const listed = (status: string, isPublic: boolean) => listedInFeed({ status, public: isPublic });
      expect(['coming-soon', 'selling', 'sold-out', 'closed'].filter((status) => listed(status, true))).to.deep.equal([
        'coming-soon',
        'selling',
      ]);
      for (const status of ['coming-soon', 'selling', 'sold-out', 'closed'])
        expect(listed(status, false)).to.equal(false);
    });
  });

  describe('subdivision numbers', () => {
    it('keeps a slug that fits 30 characters as the number, and makes a 30-character number of a longer one', () => {
      expect(derivedSubdivisionNumber('aspen-ridge')).to.equal('aspen-ridge');
      const long = 'the-reserve-at-elk-creek-north-filing-two';
      const number = derivedSubdivisionNumber(long);
      expect(number).to.have.length(30);
      expect(number).to.match(/^the-reserve-at-elk-cr-[0-9a-f]{8}$/);
      expect(derivedSubdivisionNumber(long), 'the same on every run').to.equal(number);
      expect(derivedSubdivisionNumber(`${long}-three`)).to.not.equal(number);
    });

    it('gives the configured number to the first community and a unique one to every other', () => {
      const numbers = subdivisionNumbers(
        [{ slug: 'maple-hollow' }, { slug: 'aspen-ridge' }, { slug: 'mh-001' }, { slug: 'aspen-ridge' }],
        'MH-001',
      );
      expect(numbers[0]).to.equal('MH-001');
      expect(numbers[1]).to.equal('aspen-ridge');
      // A slug equal to the configured number (in another case) and a repeated slug get a hashed number instead.
      expect(numbers[2]).to.match(/^mh-001-[0-9a-f]{8}$/);
      expect(numbers[3]).to.match(/^aspen-ridge-[0-9a-f]{8}$/);
      expect(new Set(numbers.map((number) => number.toLowerCase())).size).to.equal(4);
      for (const number of numbers) expect(number.length).to.be.at.most(30);
    });

    it('keeps the configured number with its own community, and free when that one is not listed', () => {
      const communities = [{ slug: 'aspen-ridge' }, { slug: 'maple-hollow' }];
      expect(subdivisionNumbers(communities, 'MH-001', 'maple-hollow')).to.deep.equal(['aspen-ridge', 'MH-001']);
      // Maple Hollow sold out: Aspen Ridge does not take its number (a listing site would take one for the other).
      expect(subdivisionNumbers([{ slug: 'aspen-ridge' }], 'MH-001', 'maple-hollow')).to.deep.equal(['aspen-ridge']);
    });
  });

  describe('one community', () => {
    it('is byte for byte the document the one-community feed wrote before, and valid', async () => {
      const before = fs.readFileSync(ONE_COMMUNITY_FIXTURE, 'utf8');
      const community = sampleFeedCommunity(0, 12);
      const xml = builderBdxXml(feedOf([community]));
      expect(xml).to.equal(before);
      expect(bdxXml({ ...community, siteUrl: FEED_SITE_URL, now: FEED_NOW })).to.equal(before);
      await expectValid(xml);
    });
  });

  for (const count of [3, 50]) {
    describe(`${count} communities`, () => {
      const communities = Array.from({ length: count }, (_, index) => sampleFeedCommunity(index, 12));
      const xml = builderBdxXml(feedOf(communities));
      const subdivisions = subdivisionsOf(xml);

      it('is valid against the NHlist 7.7 schema', async () => {
        await expectValid(xml);
      });

      it('has one Subdivision per community, in order, each at its own address', () => {
        expect(subdivisions).to.have.length(count);
        const names = subdivisions.map((subdivision) => value(subdivision, 'SubdivisionName'));
        expect(names[0], 'the feed section names the first').to.equal(sample.feed.subdivision.name);
        communities.slice(1).forEach((community, i) => {
          const index = i + 1;
          // "The Reserve at Elk Creek" is listed as "Reserve at Elk Creek" (NHlist: no name starts with "The").
          expect(names[index]).to.equal(sampleCommunityName(index).replace(/^The /, ''));
          expect(value(subdivisions[index]!, 'SubWebsite')).to.equal(`${FEED_SITE_URL}/communities/${community.slug}`);
        });
        expect(value(subdivisions[0]!, 'SubWebsite')).to.equal(`${FEED_SITE_URL}/`);
        const builder = child(child(parseXml(xml), 'Corporation')!, 'Builder')!;
        expect(value(builder, 'BuilderNumber')).to.equal(sample.feed.builder.number);
        expect(children(child(parseXml(xml), 'Corporation')!, 'Builder')).to.have.length(1);
      });

      it('numbers each Subdivision uniquely, the first with the configured number', () => {
        const numbers = subdivisions.map((subdivision) => value(subdivision, 'SubdivisionNumber')!);
        expect(numbers[0]).to.equal(sample.feed.subdivision.number);
        expect(numbers.slice(1)).to.deep.equal(communities.slice(1).map((community) => community.slug));
        expect(new Set(numbers.map((number) => number.toLowerCase())).size).to.equal(count);
      });

      it('gives each community its own plans, at its own prices', () => {
        communities.forEach((community, index) => {
          const subdivision = subdivisions[index]!;
          const plans = children(subdivision, 'Plan');
          expect(
            plans.map((plan) => value(plan, 'PlanName')),
            community.slug,
          ).to.deep.equal(community.content.floorPlans.map((plan) => plan.name));
          expect(Number(value(subdivision, 'PlanCount'))).to.equal(plans.length);
          community.content.floorPlans.forEach((plan, planIndex) => {
            const element = plans[planIndex]!;
            if (plan.basePrice === null) expect(child(element, 'BasePrice')).to.equal(undefined);
            else expect(Number(value(element, 'BasePrice')), `${community.slug} ${plan.name}`).to.equal(plan.basePrice);
            expect(value(element, 'PlanWebsite')).to.equal(
              `${FEED_SITE_URL}${index === 0 ? '' : `/communities/${community.slug}`}/floor-plans/${plan.slug}`,
            );
          });
        });
        const prices = subdivisions.map((subdivision) => value(children(subdivision, 'Plan')[0]!, 'BasePrice'));
        expect(new Set(prices).size, 'no two communities share a price').to.equal(count);
      });

      it('lists as Specs each community’s own quick-move-in homes, and counts its own lots', () => {
        communities.forEach((community, index) => {
          const subdivision = subdivisions[index]!;
          expect(Number(value(subdivision, 'LotsTotal'))).to.equal(community.homesites.length);
          const specs = children(subdivision, 'Plan').flatMap((plan) =>
            children(plan, 'Spec').map((spec) => ({ plan: value(plan, 'PlanName'), spec })),
          );
          const quick = community.homesites.filter((homesite) => homesite.status === 'quick-move-in');
          expect(quick.length).to.be.greaterThan(0);
          expect(
            specs.map(({ plan, spec }) => [plan, Number(value(spec, 'SpecNumber')), Number(value(spec, 'SpecPrice'))]),
            community.slug,
          ).to.have.deep.members(quick.map((homesite) => [homesite.plan, homesite.lot, homesite.price]));
          for (const { spec } of specs) {
            const lot = Number(value(spec, 'SpecNumber'));
            expect(Number(value(spec, 'SpecPrice'))).to.equal(sampleHomesitePrice(index, lot));
            expect(value(spec, 'SpecWebsite')).to.equal(
              `${FEED_SITE_URL}${index === 0 ? '' : `/communities/${community.slug}`}/homesites/${lot}`,
            );
            expect(value(spec, 'SpecDescription')).to.include(` at ${community.content.community.name}.`);
          }
        });
      });
    });
  }

  it('is valid and well-formed with hostile text in community names', async () => {
    const hostile = [
      `<b>&amp; "double" 'single' ]]> -- \u0000\u0001\u0008\u000b\u001f\u007f\ufffe\uffff\udfff\ud800 😀👩‍👩‍👧 ${'Ünïcødé 😀 '.repeat(30)}`,
      `The <script>alert("x")</script> & Sons`,
      '\u0001\u0002 ',
    ];
    const communities = [0, 1, 2, 3].map((index) => {
      const community = sampleFeedCommunity(index, 12);
      if (index > 0) community.content.community.name = hostile[index - 1]!;
      return community;
    });
    communities[0]!.content.community.name = hostile[0]!;
    const xml = builderBdxXml(feedOf(communities));
    await expectValid(xml);
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot hold are the point
    expect(xml).not.to.match(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/u);
    expect(xml).not.to.include('<script>');
    const names = subdivisionsOf(xml).map((subdivision) => value(subdivision, 'SubdivisionName')!);
    expect(names[0], 'the configured name, whatever the community is called').to.equal(sample.feed.subdivision.name);
    expect(names[1]!.length).to.be.at.most(60);
    expect(names[1]).to.match(/^<b>&amp; "double" 'single' \]\]> -- 😀/);
    expect(names[2]).to.equal('<script>alert("x")</script> & Sons');
    // A name of nothing printable: the community's slug.
    expect(names[3]).to.equal(communities[3]!.slug);
  });

  it('is a valid builder without subdivisions when no community is listed', async () => {
    const xml = builderBdxXml(feedOf([], { builder: sample }));
    await expectValid(xml);
    expect(subdivisionsOf(xml)).to.have.length(0);
    expect(() => builderBdxXml(feedOf([]))).to.throw(/builder/);
  });

  it('generates 50 communities × 200 homesites, valid (time printed)', async () => {
    const communities = Array.from({ length: 50 }, (_, index) => sampleFeedCommunity(index, 200));
    const input = feedOf(communities);
    builderBdxXml(input); // warm up
    const times: number[] = [];
    let xml = '';
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      xml = builderBdxXml(input);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `      BDX feed, 50 communities × 200 homesites: ${(xml.length / 1e6).toFixed(2)} MB, generated in ` +
        `${times[2]!.toFixed(1)} ms (median of 5; fastest ${times[0]!.toFixed(1)} ms)`,
    );
    const subdivisions = subdivisionsOf(xml);
    expect(subdivisions).to.have.length(50);
    const specs = subdivisions.flatMap((subdivision) =>
      children(subdivision, 'Plan').flatMap((plan) => children(plan, 'Spec')),
    );
    expect(specs).to.have.length(
      communities.reduce(
        (sum, community) => sum + community.homesites.filter((row) => row.status === 'quick-move-in').length,
        0,
      ),
    );
    const started = performance.now();
    await expectValid(xml);
    console.log(`      validated by xmllint in ${(performance.now() - started).toFixed(0)} ms`);
  });
});
