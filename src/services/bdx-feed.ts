import { createHash } from 'node:crypto';
import type { Content, FloorPlan } from '../content/index.js';
import type { HomesiteRow } from '../db/homesites.js';
import { PHONE_PATTERN } from '../shared/contact-rules.js';
import { isUsState, ZIP_PATTERN } from '../shared/us-address.js';
import { printable } from '../shared/text-input.js';

/**
 * The BDX listing feed: an NHlist 7.7 document (the XML builders send to NewHomeSource, Zillow and Realtor.com
 * through BDX) built from the published content and the homesites, as the pages are. NHlist is an `xsd:sequence`
 * schema: element order, required attributes and lengths matter, so each element below is written in the schema's
 * order, optional elements are left out rather than sent empty, and a text with a length limit is cut to it at a
 * word. The test suite validates the output against the schema itself (shared/spec/bdx/NHlist-v7_7.xsd, copied to
 * test/fixtures/bdx/); see docs/decisions/044-bdx-feed-against-the-schema.md.
 */

/** A promotion as the `promotions` content section holds it (dates YYYY-MM-DD in the community's zone). */
export interface Promotion {
  title: string;
  text: string;
  starts: string;
  ends: string;
}

/** One XML element: a name, attributes, and either text or child elements. */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  children?: XmlElement[];
  text?: string;
}

export interface FeedImage {
  url: string;
  title: string;
}

/**
 * What one community's `Subdivision` is made of: its content (whose `floorPlans` are the plans it offers, each
 * with its own price), its homesites (its quick-move-in homes are the Specs), its images and its promotions.
 */
export interface FeedCommunity {
  /** The community's slug: the subdivision number of a community the feed section does not number is made from it. */
  slug: string;
  /** The community's public home address, absolute or a site path ("/" while it is the only one). */
  url: string;
  /** The community's revision of the content: builder-wide sections and its own. */
  content: Content;
  homesites: readonly HomesiteRow[];
  /** The home carousel's photos (staff-managed), the community's images besides the site plan. */
  communityImages: readonly FeedImage[];
  /** Each plan's gallery (staff-managed), by plan display name. */
  planGalleries: ReadonlyMap<string, readonly FeedImage[]>;
  /** The promotions section, when the content has one; the feed's Promotion elements come from it. */
  promotions?: readonly Promotion[];
  /** Today in the community's zone (YYYY-MM-DD): which promotions are active. */
  today: string;
}

/** The builder's details the feed carries once (Corporation, Builder): builder-wide sections, equal in every community. */
export type FeedBuilder = Pick<Content, 'feed' | 'builder'>;

/** A builder's whole feed: one `Subdivision` per community given, in the order given. */
export interface BuilderFeedInput {
  siteUrl: string;
  now: Date;
  /** The communities listed (see listedInFeed), in a stable order: the first is the builder's first community. */
  communities: readonly FeedCommunity[];
  /**
   * The slug of the community the feed section's subdivision number and name belong to (the community the
   * one-community install had); when left out, the first community given. See subdivisionNumbers.
   */
  configuredSlug?: string;
  /** The builder's details; when left out, the first community's content's (needed when no community is listed). */
  builder?: FeedBuilder;
}

/** One community's feed as the one-community install builds it: its community, the site's address and the time. */
export interface FeedInput extends Omit<FeedCommunity, 'slug' | 'url'> {
  siteUrl: string;
  now: Date;
}

/**
 * Whether a community is in the listing feed (contract wave 4): public, and neither sold out nor closed. A
 * coming-soon community that is public is listed, so the listing sites can show it before it sells.
 */
export function listedInFeed(community: { status: string; public: boolean }): boolean {
  return community.public && community.status !== 'sold-out' && community.status !== 'closed';
}

/** The one community of a FeedInput as the builder's feed takes it: the configured subdivision, at the site's root. */
export function builderFeedOf(input: FeedInput): BuilderFeedInput {
  const { siteUrl, now, ...community } = input;
  return { siteUrl, now, communities: [{ ...community, slug: '', url: '/' }] };
}

const el = (name: string, children: XmlElement[], attributes?: Record<string, string>): XmlElement => ({
  name,
  children,
  ...(attributes ? { attributes } : {}),
});
const text = (name: string, value: string | number, attributes?: Record<string, string>): XmlElement => ({
  name,
  text: String(value),
  ...(attributes ? { attributes } : {}),
});

/**
 * A text cut to `max` characters, at a word where one ends near the limit. XML Schema counts characters (code
 * points) and JavaScript UTF-16 units, so a text within `max` units is within the limit, and a cut never splits
 * an emoji's surrogate pair.
 */
export function fitText(value: string, max: number): string {
  const clean = printable(value).replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  let cut = '';
  for (const character of clean) {
    if (cut.length + character.length > max - 1) break;
    cut += character;
  }
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** A number as xsd:decimal writes it: never in exponent notation (String(1e-7) is "1e-7"). */
function decimal(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(7).replace(/0+$/, '');
}

/** A real calendar date YYYY-MM-DD (xsd:date), or undefined. */
function calendarDay(value: string | null): string | undefined {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

function absolute(siteUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** An image element as BDX feeds write them: the URL as text, its place and title as attributes. */
function image(name: string, siteUrl: string, picture: FeedImage, position: number, extra?: Record<string, string>) {
  return text(name, absolute(siteUrl, picture.url), {
    ...extra,
    SequencePosition: String(position),
    Title: fitText(picture.title, 100),
    ReferenceType: 'URL',
  });
}

/** "(970) 555-0142" → AreaCode 970, Prefix 555, Suffix 0142. */
function phoneElement(phone: string): XmlElement[] {
  const match = PHONE_PATTERN.test(phone) ? /\((\d{3})\) (\d{3})-(\d{4})/.exec(phone) : null;
  if (!match) return [];
  return [el('Phone', [text('AreaCode', match[1]!), text('Prefix', match[2]!), text('Suffix', match[3]!)])];
}

/**
 * Where the owner's bedroom is (SpecBedrooms requires the attribute, Bedrooms allows it): "Down" in a one-story
 * home, where every bedroom above ground is on the main level; "" (the schema's "not said") in a two-story one,
 * whose content does not say which floor it is on.
 */
function masterBedLocation(plan: FloorPlan): string {
  return plan.stories === 1 ? 'Down' : '';
}

/** Full baths (an integer, as NHlist's Baths is) and half baths: 2.5 → 2 and 1. */
export function bathCounts(baths: number): { full: number; half: number } {
  const full = Math.floor(baths);
  return { full, half: Math.round((baths - full) * 2) };
}

/** A homesite's street, and its city, state and ZIP when its address carries them ("2010 Hollow Creek Loop, Windsor, CO 80550"). */
function homesiteAddress(content: Content, address: string | null, lot: number) {
  const { community } = content;
  const [street, city, stateZip] = printable(address ?? '')
    .split(',')
    .map((part) => part.trim());
  const match = /^([A-Z]{2}) (\S+)$/.exec(stateZip ?? '');
  // The homesite's own city, state and ZIP only when the feed can carry all three (SpecCity ≤ 40, a US state, a ZIP).
  const own = match && city && city.length <= CITY_MAX && isUsState(match[1]!) && ZIP_PATTERN.test(match[2]!);
  return {
    street: street || `Homesite ${lot}, ${community.address.street}`,
    city: own ? city : community.address.city,
    state: own ? match[1]! : community.address.region,
    zip: own ? match[2]! : community.address.postalCode,
  };
}

/** NHlist's limits that the content's own limits do not already keep (xsd:maxLength, maxOccurs). */
const CITY_MAX = 40;
const PROMOTIONS_MAX = 9;

/** The promotions active today (inclusive dates), as Promotion elements: the first nine (NHlist's maxOccurs). */
export function promotionElements(promotions: readonly Promotion[] | undefined, today: string): XmlElement[] {
  return (promotions ?? [])
    .filter((promotion) => promotion.starts <= today && today <= promotion.ends)
    .slice(0, PROMOTIONS_MAX)
    .map((promotion) =>
      el('Promotion', [
        text('PromoType', 'Consumer'),
        text('PromoHeadline', fitText(promotion.title, 100)),
        text('PromoDescription', fitText(promotion.text, 250)),
        ...(calendarDay(promotion.starts) ? [text('StartDate', promotion.starts)] : []),
        ...(calendarDay(promotion.ends) ? [text('EndDate', promotion.ends)] : []),
      ]),
    );
}

/** One community's part of the feed: the community, and its number, name and home address as the feed carries them. */
interface SubdivisionParts {
  community: FeedCommunity;
  siteUrl: string;
  number: string;
  name: string;
  /** The community's home address, absolute. */
  home: string;
  /** The home address without its trailing slash: the community's pages are below it. */
  base: string;
}

function specElement(parts: SubdivisionParts, plan: FloorPlan, homesite: HomesiteRow): XmlElement {
  const { content } = parts.community;
  const address = homesiteAddress(content, homesite.address, homesite.lot);
  const baths = bathCounts(plan.baths);
  return el(
    'Spec',
    [
      text('SpecNumber', homesite.lot),
      el('SpecAddress', [
        text('SpecLot', homesite.lot),
        text('SpecStreet1', fitText(address.street, 100)),
        text('SpecCity', address.city),
        text('SpecState', address.state),
        text('SpecZIP', address.zip),
      ]),
      ...(calendarDay(homesite.ready) ? [el('SpecMoveInDate', [text('Day', homesite.ready!)])] : []),
      ...(homesite.price !== null ? [text('SpecPrice', homesite.price)] : []),
      text('SpecSqft', plan.squareFeet),
      ...(homesite.sqft !== null ? [text('SpecLotSizeSqft', homesite.sqft)] : []),
      text('SpecStories', plan.stories),
      text('SpecBaths', baths.full),
      ...(baths.half > 0 ? [text('SpecHalfBaths', baths.half)] : []),
      text('SpecBedrooms', plan.beds, { MasterBedLocation: masterBedLocation(plan) }),
      text('SpecGarage', plan.garageBays),
      text(
        'SpecDescription',
        fitText(
          `Quick move-in ${plan.name} on homesite ${homesite.lot} at ${content.community.name}. ${plan.summary}`,
          2000,
        ),
      ),
      text('SpecWebsite', `${parts.base}/homesites/${homesite.lot}`),
    ],
    { Type: 'SingleFamily' },
  );
}

function planElement(parts: SubdivisionParts, plan: FloorPlan): XmlElement {
  const { siteUrl } = parts;
  const { homesites, planGalleries } = parts.community;
  const baths = bathCounts(plan.baths);
  const specs = homesites
    .filter((homesite) => homesite.status === 'quick-move-in' && homesite.plan === plan.name)
    .map((homesite) => specElement(parts, plan, homesite));
  const gallery = planGalleries.get(plan.name) ?? [];
  const drawings = plan.levels.map((level) => level.drawing);
  return el(
    'Plan',
    [
      text('PlanNumber', fitText(plan.slug, 30)),
      text('PlanName', fitText(plan.name, 50)),
      text('PlanTypeName', 'Single Family'),
      ...(plan.basePrice !== null ? [text('BasePrice', plan.basePrice)] : []),
      text('BaseSqft', plan.squareFeet),
      text('Stories', plan.stories),
      text('Baths', baths.full),
      ...(baths.half > 0 ? [text('HalfBaths', baths.half)] : []),
      text('Bedrooms', plan.beds, { MasterBedLocation: masterBedLocation(plan) }),
      text('Garage', plan.garageBays),
      text('Description', fitText(plan.summary, 2000)),
      el('PlanImages', [
        image('ElevationImage', siteUrl, { url: plan.cover.src, title: plan.cover.alt }, 1),
        ...drawings.map((drawing, i) =>
          image('FloorPlanImage', siteUrl, { url: drawing.src, title: drawing.caption }, i + 1),
        ),
        ...gallery.map((picture, i) => image('InteriorImage', siteUrl, picture, i + 1)),
      ]),
      text('PlanWebsite', `${parts.base}/floor-plans/${plan.slug}`),
      ...specs,
      text('SpecCount', specs.length),
    ],
    { Type: 'SingleFamily' },
  );
}

const SUBDIVISION_NUMBER_MAX = 30;
/** A long slug's kept start: with a hyphen and eight hex digits it makes NHlist's 30 characters. */
const SLUG_PREFIX_MAX = SUBDIVISION_NUMBER_MAX - 9;

function hashed(slug: string, attempt: number): string {
  const digest = createHash('sha256')
    .update(attempt === 0 ? slug : `${slug}\n${attempt}`)
    .digest('hex')
    .slice(0, 8);
  return `${slug.slice(0, SLUG_PREFIX_MAX).replace(/-+$/, '') || 'community'}-${digest}`;
}

/**
 * The subdivision number of a community the feed section does not number: its slug when the slug fits NHlist's
 * 30 characters (a slug is fixed once the community is published, so the listing sites keep knowing the
 * community by it), else the slug's first 21 characters, a hyphen and the first eight hex digits of the slug's
 * SHA-256 ("the-reserve-at-elk-cr-1a2b3c4d"): the same number on every run.
 */
export function derivedSubdivisionNumber(slug: string): string {
  return slug.length > 0 && slug.length <= SUBDIVISION_NUMBER_MAX ? slug : hashed(slug, 0);
}

/**
 * Each community's SubdivisionNumber, in order, unique among the builder's subdivisions as NHlist asks (compared
 * without regard to case, as a listing site may): the configured number (the feed section's) for the configured
 * community — the one whose slug is `configuredSlug`, or the first when that is left out — and the derived number
 * (derivedSubdivisionNumber) for every other. A derived number that is already taken (the configured number, or a
 * repeated slug) is the hashed form of its slug instead, with a new hash until it is free.
 */
export function subdivisionNumbers(
  communities: readonly { slug: string }[],
  configuredNumber: string,
  configuredSlug?: string,
): string[] {
  const configuredIndex =
    configuredSlug === undefined ? 0 : communities.findIndex((community) => community.slug === configuredSlug);
  // The configured number is kept free even when its community is not listed (sold out, closed): a listing site
  // would otherwise take another community for it.
  const taken = new Set([configuredNumber.toLowerCase()]);
  return communities.map(({ slug }, index) => {
    if (index === configuredIndex) return configuredNumber;
    let number = derivedSubdivisionNumber(slug);
    for (let attempt = 1; taken.has(number.toLowerCase()); attempt++) number = hashed(slug, attempt);
    taken.add(number.toLowerCase());
    return number;
  });
}

/**
 * A community's SubdivisionName when the feed section does not name it: its name, cut to NHlist's 60 characters,
 * without a leading "The" (NHlist's usage guide: listing sites sort by the name).
 */
export function subdivisionNameOf(community: Pick<FeedCommunity, 'content' | 'slug'>): string {
  const { name } = community.content.community;
  return fitText(name.replace(/^\s*the\s+/i, ''), 60) || fitText(name, 60) || community.slug;
}

function subdivisionElement(parts: SubdivisionParts): XmlElement {
  const { community: subdivision, siteUrl } = parts;
  const { content, homesites } = subdivision;
  const { community, builder } = content;
  const plans = content.floorPlans.map((plan) => planElement(parts, plan));
  return el('Subdivision', [
    text('SubdivisionNumber', parts.number),
    text('SubdivisionName', parts.name),
    el('SalesOffice', [
      // The sales office is the community's own (its address is the community's): OutOfCommunity is false.
      el(
        'Address',
        [
          text('Street1', fitText(community.address.street, 100)),
          text('City', community.address.city),
          text('State', community.address.region),
          text('ZIP', community.address.postalCode),
          text('Country', 'USA'),
          el('Geocode', [
            text('Latitude', decimal(community.latitude)),
            text('Longitude', decimal(community.longitude)),
          ]),
        ],
        { OutOfCommunity: 'false' },
      ),
      ...phoneElement(builder.phone),
      text('Email', builder.email),
      text('Hours', fitText(community.salesHours, 100)),
    ]),
    text('SubDescription', fitText([community.description, ...community.about].join(' '), 2000)),
    image('SubImage', siteUrl, { url: content.media.sitePlan.src, title: content.media.sitePlan.alt }, 1, {
      Type: 'Standard',
    }),
    ...subdivision.communityImages.map((picture, i) =>
      image('SubImage', siteUrl, picture, i + 2, { Type: 'Standard' }),
    ),
    text('SubWebsite', parts.home),
    text('LotsTotal', homesites.length),
    text('LotsAvailable', homesites.filter((homesite) => homesite.status === 'available').length),
    ...promotionElements(subdivision.promotions, subdivision.today),
    ...plans,
    text('PlanCount', plans.length),
  ]);
}

function builderOf(input: BuilderFeedInput): FeedBuilder {
  const builder = input.builder ?? input.communities[0]?.content;
  if (!builder) throw new TypeError('The listing feed needs the builder’s details when no community is listed.');
  return builder;
}

/**
 * The builder's whole document as an element tree, root first: one Corporation and Builder (the feed section's
 * numbers and names), and one Subdivision per community given, in the order given, each with its own plans (its
 * offerings, at its prices) and their Specs (its quick-move-in homes). NHlist's optional SubsCount is left out,
 * so that a one-community feed stays the document it has always been.
 */
export function builderBdxDocument(input: BuilderFeedInput): XmlElement {
  const { siteUrl, now, communities } = input;
  const { feed } = builderOf(input);
  const numbers = subdivisionNumbers(communities, feed.subdivision.number, input.configuredSlug);
  const subdivisions = communities.map((community, index) => {
    const number = numbers[index]!;
    const home = absolute(siteUrl, community.url);
    return subdivisionElement({
      community,
      siteUrl,
      number,
      // Only the configured community has the configured number: a derived one never equals it.
      name: number === feed.subdivision.number ? feed.subdivision.name : subdivisionNameOf(community),
      home,
      base: home.replace(/\/+$/, ''),
    });
  });
  return el(
    'Builders',
    [
      el('Corporation', [
        text('CorporateBuilderNumber', feed.corporation.number),
        text('CorporateState', feed.corporation.state),
        text('CorporateName', feed.corporation.name),
        el('Builder', [
          text('BuilderNumber', feed.builder.number),
          text('BrandName', feed.builder.brandName),
          text('ReportingName', feed.builder.reportingName),
          text('DefaultLeadsEmail', feed.leadsEmail),
          text('BuilderWebsite', `${siteUrl}/`),
          ...subdivisions,
        ]),
      ]),
    ],
    { DateGenerated: now.toISOString().replace(/\.\d{3}Z$/, 'Z') },
  );
}

/** One community's document (the one-community install's feed): the builder's feed with that one community. */
export function bdxDocument(input: FeedInput): XmlElement {
  return builderBdxDocument(builderFeedOf(input));
}

/**
 * Text and attribute values escaped for XML. A character XML 1.0 cannot hold at all (C0 controls but tab and line
 * breaks, lone surrogates, U+FFFE/U+FFFF) is dropped: content is cleaned when it is saved (content/sections.ts),
 * and this keeps the document well-formed whatever a stored row holds.
 */
function escape(value: string): string {
  return printable(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function serialize(element: XmlElement, depth: number): string {
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(element.attributes ?? {})
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
  if (element.text !== undefined)
    return `${indent}<${element.name}${attributes}>${escape(element.text)}</${element.name}>`;
  const children = element.children ?? [];
  if (children.length === 0) return `${indent}<${element.name}${attributes}/>`;
  return [
    `${indent}<${element.name}${attributes}>`,
    ...children.map((child) => serialize(child, depth + 1)),
    `${indent}</${element.name}>`,
  ].join('\n');
}

/**
 * The feed as served: the XML declaration, a comment naming what it lists (the community while there is one, the
 * builder otherwise) and the listing sites it is meant for, the document.
 */
export function builderBdxXml(input: BuilderFeedInput): string {
  const { feed } = builderOf(input);
  const [only, ...others] = input.communities;
  const subject =
    only && others.length === 0
      ? only.content.community.name
      : `${feed.builder.brandName} (${input.communities.length} communities)`;
  // A comment may not hold "--".
  const comment = `BDX NHlist 7.7 feed of ${subject}; listing channels: ${feed.channels.join(', ')}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${escape(comment).replace(/-{2,}/g, '-')} -->\n${serialize(builderBdxDocument(input), 0)}\n`;
}

/** One community's feed as served (the one-community install's): builderBdxXml with that one community. */
export function bdxXml(input: FeedInput): string {
  return builderBdxXml(builderFeedOf(input));
}
