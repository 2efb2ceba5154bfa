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

export interface FeedInput {
  content: Content;
  homesites: readonly HomesiteRow[];
  siteUrl: string;
  now: Date;
  /** The home carousel's photos (staff-managed), the community's images besides the site plan. */
  communityImages: readonly FeedImage[];
  /** Each plan's gallery (staff-managed), by plan display name. */
  planGalleries: ReadonlyMap<string, readonly FeedImage[]>;
  /** The promotions section, when the content has one; the feed's Promotion elements come from it. */
  promotions?: readonly Promotion[];
  /** Today in the community's zone (YYYY-MM-DD): which promotions are active. */
  today: string;
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

function specElement(input: FeedInput, plan: FloorPlan, homesite: HomesiteRow): XmlElement {
  const { content, siteUrl } = input;
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
      text('SpecWebsite', `${siteUrl}/homesites/${homesite.lot}`),
    ],
    { Type: 'SingleFamily' },
  );
}

function planElement(input: FeedInput, plan: FloorPlan): XmlElement {
  const { siteUrl, homesites } = input;
  const baths = bathCounts(plan.baths);
  const specs = homesites
    .filter((homesite) => homesite.status === 'quick-move-in' && homesite.plan === plan.name)
    .map((homesite) => specElement(input, plan, homesite));
  const gallery = input.planGalleries.get(plan.name) ?? [];
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
      text('PlanWebsite', `${siteUrl}/floor-plans/${plan.slug}`),
      ...specs,
      text('SpecCount', specs.length),
    ],
    { Type: 'SingleFamily' },
  );
}

/** The whole document as an element tree, root first. */
export function bdxDocument(input: FeedInput): XmlElement {
  const { content, siteUrl, homesites, now } = input;
  const { feed, community, builder } = content;
  const plans = content.floorPlans.map((plan) => planElement(input, plan));
  const subdivision = el('Subdivision', [
    text('SubdivisionNumber', feed.subdivision.number),
    text('SubdivisionName', feed.subdivision.name),
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
    ...input.communityImages.map((picture, i) => image('SubImage', siteUrl, picture, i + 2, { Type: 'Standard' })),
    text('SubWebsite', `${siteUrl}/`),
    text('LotsTotal', homesites.length),
    text('LotsAvailable', homesites.filter((homesite) => homesite.status === 'available').length),
    ...promotionElements(input.promotions, input.today),
    ...plans,
    text('PlanCount', plans.length),
  ]);
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
          subdivision,
        ]),
      ]),
    ],
    { DateGenerated: now.toISOString().replace(/\.\d{3}Z$/, 'Z') },
  );
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

/** The feed as served: the XML declaration, a comment naming the listing sites it is meant for, the document. */
export function bdxXml(input: FeedInput): string {
  // A comment may not hold "--".
  const comment = `BDX NHlist 7.7 feed of ${input.content.community.name}; listing channels: ${input.content.feed.channels.join(', ')}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${escape(comment).replace(/-{2,}/g, '-')} -->\n${serialize(bdxDocument(input), 0)}\n`;
}
