import type { HomesiteRecord, PublicHomesite } from '../shared/homesite-record.js';
import type { HomesiteStatus } from '../shared/homesite-rules.js';
import {
  PARKWAY_KINDS,
  SAMPLE_COMMUNITY_NAMES,
  SAMPLE_TOWNS,
  STREET_KINDS,
  STREET_WORDS,
  type SampleTown,
} from './sample-places.js';
import {
  layoutSitePlan,
  lotOutlinesSvg,
  MAX_SITE_PLAN_LOTS,
  sitePlanDrawingSvg,
  type SitePlanLayout,
} from './sample-site-plan.js';
import type { Content, FloorPlan, SectionData } from './schema.js';
import { seededRandom, seedOf, type SeededRandom } from './seeded-random.js';

/**
 * SAMPLE DATA for `SAMPLE_COMMUNITIES=N` (contract, wave 4, "Demo and scale"): the communities after the first (the
 * sample community of src/content/community.ts, left as it is), each with its own name, address, texts, tour hours,
 * nearby places, offerings of the sample's plan library at its own prices, homesites, and a site plan drawn for its
 * lots. Pure and deterministic: the same count gives the same communities, and community k is the same whatever
 * the count (only the default number of lots changes at 10 communities), so a demo that grows keeps its first ones.
 */

export const MAX_SAMPLE_COMMUNITIES = 500;
/**
 * Lots per generated community from 10 communities up: the benches' "50 communities × 200 homesites" is then the
 * sample's 78 and 49 × 200 generated, 9,878 homesites in all.
 */
export const BENCH_LOTS_PER_COMMUNITY = 200;
/** Community numbers (1 is the sample) that are not selling yet: a demo of 3 shows 3 selling communities. */
const COMING_SOON = new Set([4, 9]);

export type SampleCommunityStatus = 'selling' | 'coming-soon';

/** One plan of the library that a community sells, at its price (contract: section `offerings`). */
export interface SampleOffering {
  /** The library plan's slug. */
  plan: string;
  /** Whole USD; null shows "Pricing coming soon". */
  basePrice: number | null;
  /** This community's summary of the plan, when it differs from the library's. */
  summary?: string;
}

/** The community's own content sections, each a document its section schema accepts. */
export interface SampleCommunitySections {
  community: SectionData<'community'>;
  promotions: SectionData<'promotions'>;
  tours: SectionData<'tours'>;
  nearby: SectionData<'nearby'>;
  media: SectionData<'media'>;
  homesites: SectionData<'homesites'>;
}

export interface SampleCommunity {
  slug: string;
  name: string;
  status: SampleCommunityStatus;
  street: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  timeZone: string;
  sections: SampleCommunitySections;
  offerings: { plans: SampleOffering[] };
  /** A homesite's facts as stored (the seeder adds version and who changed it when), in lot order 1…n. */
  homesites: PublicHomesite[];
  /** The site-plan drawing (SVG), in the outlines' viewBox. */
  drawingSvg: string;
  /** The lot outlines (SVG): one polygon per homesite, ids `lot-1`…`lot-n`. */
  outlinesSvg: string;
}

/**
 * Where the media and homesites sections point for the drawing and the outlines. The seeder stores the two SVGs
 * there, or stores them elsewhere and puts its addresses in `sections.media.sitePlan.src` and
 * `sections.homesites.outlines`.
 */
export function sampleSitePlanPaths(slug: string): { drawing: string; outlines: string } {
  return {
    drawing: `/sample/communities/${slug}/site-plan.svg`,
    outlines: `/sample/communities/${slug}/site-plan-lots.svg`,
  };
}

/** A generated community's homesites as rows to store, first written at `at` by nobody (as the sample's are). */
export function sampleHomesiteRecords(community: Pick<SampleCommunity, 'homesites'>, at: string): HomesiteRecord[] {
  return community.homesites.map((homesite) => ({ ...homesite, version: 1, updated_at: at, updated_by: null }));
}

/** A community's address: lowercase letters, digits and `-` (contract: 1–60). */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

const NUMERALS = ['', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'];
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "A, B and C". */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

function numberWord(count: number): string {
  return NUMBER_WORDS[count] ?? String(count);
}

/** Prices as builders write them: to the thousand, less a hundred ($545,900). */
function marketingPrice(amount: number): number {
  return Math.round(amount / 1000) * 1000 - 100;
}

/** "Homes From The Mid 500's", as the sample's tagline reads. */
function priceTagline(price: number): string {
  if (price >= 1_000_000) return `Homes From $${(price / 1_000_000).toFixed(1)} Million`;
  const hundreds = Math.floor(price / 100_000);
  const rest = (price % 100_000) / 100_000;
  const part = rest < 1 / 3 ? 'Low' : rest < 2 / 3 ? 'Mid' : 'High';
  return `Homes From The ${part} ${hundreds}00's`;
}

function shuffled<T>(items: readonly T[], random: SeededRandom): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = random.int(0, index);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** Driving miles: the straight line times a usual road factor, to a tenth. */
function drivingMiles(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  const miles = 3958.8 * 2 * Math.asin(Math.sqrt(a));
  return Math.max(0.2, round(miles * 1.3, 1));
}

/** A calendar date `days` after `start` (YYYY-MM-DD). */
function addDays(start: string, days: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type Tours = SectionData<'tours'>;
type Hours = Tours['hours'];
const open = (opens: string, closes: string) => ({ opens, closes });
const week = (weekday: Hours['monday'], overrides: Partial<Hours> = {}): Hours => ({
  sunday: weekday,
  monday: weekday,
  tuesday: weekday,
  wednesday: weekday,
  thursday: weekday,
  friday: weekday,
  saturday: weekday,
  ...overrides,
});

/** Sales-center hours a builder keeps, with the words the community section says them in. */
const TOUR_PATTERNS: { hours: Hours; words: string; slotMinutes: number; partiesPerSlot: number; days: number }[] = [
  {
    hours: week(open('10:00', '18:00')),
    words: 'Model home open daily, 10 am to 6 pm',
    slotMinutes: 60,
    partiesPerSlot: 2,
    days: 30,
  },
  {
    hours: week(open('10:00', '18:00'), { sunday: open('12:00', '17:00') }),
    words: 'Model home open Monday to Saturday, 10 am to 6 pm, and Sunday, noon to 5 pm',
    slotMinutes: 45,
    partiesPerSlot: 3,
    days: 21,
  },
  {
    hours: week(open('10:00', '17:00'), { tuesday: null, wednesday: null }),
    words: 'Model home open Thursday to Monday, 10 am to 5 pm (closed Tuesday and Wednesday)',
    slotMinutes: 30,
    partiesPerSlot: 1,
    days: 45,
  },
];
const COMING_SOON_TOURS = {
  hours: week(null, {
    friday: open('11:00', '17:00'),
    saturday: open('11:00', '17:00'),
    sunday: open('11:00', '17:00'),
  }),
  words: 'Information center open Friday to Sunday, 11 am to 5 pm',
  slotMinutes: 60,
  partiesPerSlot: 2,
  days: 30,
};

interface Place {
  lat: number;
  lng: number;
}

/** A place `spread` degrees or less from the community, in a direction of its own. */
function near(center: Place, spread: number, random: SeededRandom): Place {
  const angle = random.between(0, Math.PI * 2);
  const distance = random.between(spread * 0.3, spread);
  return {
    lat: round(center.lat + Math.sin(angle) * distance, 4),
    lng: round(center.lng + Math.cos(angle) * distance * 1.3, 4),
  };
}

interface Setting {
  name: string;
  town: SampleTown;
  position: Place;
  streetWords: string[];
  random: SeededRandom;
}

function nearbyOf(setting: Setting): SectionData<'nearby'> {
  const { name, town, position, random } = setting;
  const words = shuffled(STREET_WORDS, random);
  const word = (index: number) => words[index % words.length]!;
  const address = (index: number) =>
    `${random.int(1, 60) * 100 + random.int(0, 9) * 10} ${word(index)} ${random.pick(STREET_KINDS)}, ${town.city}, ${town.region.state} ${town.zip}`;
  const place = (placeName: string, spread: number, index: number) => {
    const at = near(position, spread, random);
    return {
      name: placeName,
      latitude: at.lat,
      longitude: at.lng,
      address: address(index),
      distanceMiles: drivingMiles(position, at),
    };
  };
  return {
    tabs: [
      {
        id: 'schools',
        label: 'Schools',
        zoom: 13,
        places: [
          place(`${town.city} Elementary`, 0.012, 0),
          place(`${word(1)} Middle School`, 0.02, 1),
          place(`${town.city} High School`, 0.025, 2),
        ],
      },
      {
        id: 'medical',
        label: 'Medical',
        zoom: 10,
        places: [
          place(`${town.region.name} Medical Center`, 0.12, 3),
          place(`${town.city} Family Clinic`, 0.04, 4),
          place(`${word(5)} Urgent Care`, 0.06, 5),
        ],
      },
      {
        id: 'grocery',
        label: 'Grocery',
        zoom: 13,
        places: [
          place(`${town.city} Market`, 0.015, 6),
          place(`${word(7)} Foods`, 0.022, 7),
          place('Greenleaf Grocery', 0.025, 8),
        ],
      },
      {
        id: 'parks',
        label: 'Parks',
        zoom: 13,
        places: [
          place(`${name} Trailhead`, 0.008, 9),
          place(`${town.city} Community Park`, 0.02, 10),
          place(`${word(11)} Open Space`, 0.025, 11),
        ],
      },
    ],
  };
}

interface Priced {
  plan: FloorPlan;
  offering: SampleOffering;
  /** What a home of this plan sells for here: its offered price, or what it would be once priced. */
  price: number;
}

/** Which plans a community sells and at what price: two to four of the library's, in the library's order. */
function offeringsOf(
  sample: Content,
  status: SampleCommunityStatus,
  factor: number,
  name: string,
  random: SeededRandom,
): Priced[] {
  const library = sample.floorPlans;
  const count = library.length <= 2 ? library.length : random.int(2, Math.min(4, library.length));
  const chosen = new Set(shuffled(library, random).slice(0, count));
  const plans = library.filter((plan) => chosen.has(plan));
  const unpriced = status === 'selling' && plans.length >= 3 && random.next() < 0.25 ? plans.at(-1) : undefined;
  const override = random.next() < 0.3 ? plans[0] : undefined;
  return plans.map((plan) => {
    // The library has no price (contract); the sample's price, or one from its size, is where a community starts.
    const price = marketingPrice((plan.basePrice ?? plan.squareFeet * 220) * factor);
    const offering: SampleOffering = {
      plan: plan.slug,
      basePrice: status === 'coming-soon' || plan === unpriced ? null : price,
    };
    if (plan === override) {
      offering.summary = `${plan.summary} At ${name} it is built on homesites that back onto open space.`;
    }
    return { plan, offering, price };
  });
}

/** The offered plans a lot fits (its minimum lot size), or the one needing the least when none fits. */
function plansFitting(offered: readonly Priced[], sqft: number): Priced[] {
  const fitting = offered.filter(({ plan }) => plan.minimumLotSqft === null || plan.minimumLotSqft <= sqft);
  if (fitting.length > 0) return fitting;
  const smallest = [...offered].sort((a, b) => (a.plan.minimumLotSqft ?? 0) - (b.plan.minimumLotSqft ?? 0))[0];
  return smallest ? [smallest] : [];
}

/** The sample's lot premium: $5,000 for each 500 sq ft over 7,000. */
function lotPremium(sqft: number): number {
  return Math.max(0, Math.round((sqft - 7_000) / 500)) * 5_000;
}

/**
 * Homesites as a sales team part-way through selling would have them: model homes by the entrance, the later
 * release (the highest numbers, by the park) not yet on sale, and among the rest a mix of sold, under contract,
 * quick move-in and available. A community not yet selling has only its future release.
 */
function homesitesOf(
  layout: SitePlanLayout,
  streetNames: readonly string[],
  town: SampleTown,
  status: SampleCommunityStatus,
  offered: readonly Priced[],
  random: SeededRandom,
): PublicHomesite[] {
  const count = layout.lots.length;
  const futureFrom = count >= 8 ? count - Math.round(count * 0.22) + 1 : count + 1;
  const models = count >= 60 ? [1, 2] : count >= 2 ? [1] : [];
  const rows = layout.lots.map((lot): PublicHomesite => {
    const sqft = Math.round((lot.areaSqft * random.between(0.97, 1.03)) / 10) * 10;
    const house = 1000 + lot.order * 10 + (lot.side === 'south' ? 1 : 0);
    const address = `${house} ${streetNames[lot.street]}, ${town.city}, ${town.region.state} ${town.zip}`;
    const roll = random.next();
    const lotStatus: HomesiteStatus =
      status === 'coming-soon' || lot.lot >= futureFrom
        ? 'future'
        : models.includes(lot.lot)
          ? 'model'
          : roll < 0.34
            ? 'sold'
            : roll < 0.44
              ? 'under-contract'
              : roll < 0.52
                ? 'quick-move-in'
                : 'available';
    return { lot: lot.lot, status: lotStatus, plan: null, price: null, sqft, address, ready: null };
  });
  // Every selling community has a home ready soon and a lot to choose, as a buyer would look for.
  const onSale = rows.filter((row) => row.status !== 'future' && row.status !== 'model');
  if (onSale.length >= 2) {
    if (!onSale.some((row) => row.status === 'quick-move-in'))
      onSale[Math.floor(onSale.length / 2)]!.status = 'quick-move-in';
    if (!onSale.some((row) => row.status === 'available')) onSale.at(-1)!.status = 'available';
  }
  for (const row of rows) {
    const fitting = plansFitting(offered, row.sqft ?? 0);
    const premium = lotPremium(row.sqft ?? 0);
    switch (row.status) {
      case 'model':
        row.plan = (offered[(row.lot - 1) % offered.length] ?? fitting[0])?.plan.name ?? null;
        break;
      case 'quick-move-in': {
        const built = random.pick(fitting);
        row.plan = built.plan.name;
        row.price = Math.round((built.price + premium + random.int(4, 30) * 1000) / 500) * 500;
        row.ready = addDays('2026-12-04', random.int(0, 150));
        break;
      }
      case 'sold':
      case 'under-contract':
        row.plan = random.pick(fitting).plan.name;
        break;
      case 'available': {
        // As the sample shows it: the least expensive plan that fits, with the lot's premium.
        const priced = fitting.filter(({ offering }) => offering.basePrice !== null).map(({ price }) => price);
        row.price = priced.length > 0 ? Math.min(...priced) + premium : null;
        break;
      }
      default:
        break;
    }
  }
  return rows;
}

type Promotion = SectionData<'promotions'>['promotions'][number];

function promotionsOf(name: string, status: SampleCommunityStatus, offered: readonly Priced[], random: SeededRandom) {
  const dates = { starts: '2026-01-01', ends: '2030-12-31', image: null };
  if (status === 'coming-soon') {
    const promotion: Promotion = {
      title: 'Join the interest list',
      text: `Be the first to hear about pricing, the grand opening and the first release of homesites at ${name}. Interest-list members choose their homesites before anyone else.`,
      plans: [],
      ...dates,
    };
    return { promotions: [promotion] };
  }
  const roll = random.next();
  if (roll < 0.35) return { promotions: [] };
  const featured = offered.at(-1)!.plan;
  const choices: Promotion[] = [
    {
      title: 'Up to $10,000 toward closing costs',
      text: `Up to $10,000 toward closing costs on select ${name} homesites when you finance with one of our preferred lenders. Ask a sales counselor which homesites qualify.`,
      plans: [],
      ...dates,
    },
    {
      title: '$7,500 toward design options on quick move-in homes',
      text: `Choose finishes at our design studio with $7,500 toward options on ${name} quick move-in homes under contract this month.`,
      plans: [],
      ...dates,
    },
    {
      title: `A lower rate on the ${featured.name}`,
      text: `A rate buy-down for the first year on a new ${featured.name} at ${name} with our preferred lenders. Terms and qualifications apply; ask a sales counselor.`,
      plans: [featured.slug],
      ...dates,
    },
  ];
  return { promotions: [choices[Math.floor(((roll - 0.35) / 0.65) * choices.length)]!] };
}

const FEATURES = [
  'a park and pond behind the last row of homes',
  'walking trails, a playground and a community park',
  'a greenbelt around the neighborhood and a park with a pond',
];

function communityNames(sample: Content): string[] {
  const taken = sample.community.name.toLowerCase();
  const takenSlug = slugOf(sample.community.name);
  return SAMPLE_COMMUNITY_NAMES.filter((name) => name.toLowerCase() !== taken && slugOf(name) !== takenSlug);
}

function generateOne(number: number, sample: Content, names: readonly string[], lots: number): SampleCommunity {
  const index = number - 2;
  const base = names[index % names.length]!;
  const round_ = Math.floor(index / names.length);
  const name = round_ === 0 ? base : `${base} ${NUMERALS[round_]}`;
  const slug = slugOf(name);
  const town = SAMPLE_TOWNS[index % SAMPLE_TOWNS.length]!;
  const random = seededRandom(seedOf(`sample community ${number}`));
  const status: SampleCommunityStatus = COMING_SOON.has(number) ? 'coming-soon' : 'selling';
  const position = {
    lat: round(town.lat + random.between(-0.012, 0.012), 4),
    lng: round(town.lng + random.between(-0.015, 0.015), 4),
  };
  const factor = town.region.priceFactor * random.between(0.95, 1.07);
  const offered = offeringsOf(sample, status, factor, name, random);

  const layout = layoutSitePlan(lots);
  const streetWords = shuffled(STREET_WORDS, random);
  const streetNames = layout.streets.map((_, street) => `${streetWords[street]!} ${random.pick(STREET_KINDS)}`);
  const spine = `${name} ${random.pick(PARKWAY_KINDS)}`;
  const street = `${random.pick([100, 150, 200, 250, 300])} ${spine}`;
  const tourPattern = status === 'coming-soon' ? COMING_SOON_TOURS : random.pick(TOUR_PATTERNS);
  const homesites = homesitesOf(layout, streetNames, town, status, offered, random);

  const priced = offered.flatMap(({ offering }) => (offering.basePrice === null ? [] : [offering.basePrice]));
  const tagline =
    status === 'coming-soon'
      ? `Coming Soon to ${town.city}`
      : priced.length > 0
        ? priceTagline(Math.min(...priced))
        : 'Pricing Coming Soon';
  const plans = `${numberWord(offered.length)} floor plan${offered.length === 1 ? '' : 's'}`;
  const feature = random.pick(FEATURES);
  const paths = sampleSitePlanPaths(slug);
  const community: SectionData<'community'> = {
    name,
    title: `Welcome Home to ${name}`,
    tagline,
    description: `${name} is a new neighborhood of ${lots} homesite${lots === 1 ? '' : 's'} and ${plans} by ${sample.builder.name} in ${town.city}, ${town.region.state}, with ${feature}.`,
    address: { street, city: town.city, region: town.region.state, postalCode: town.zip },
    latitude: position.lat,
    longitude: position.lng,
    about: [
      `${name} is a new community of ${lots} homesite${lots === 1 ? '' : 's'} in ${town.city}, with ${feature}, a short drive from shopping, schools and the rest of the ${town.region.name} area.`,
      `${sample.builder.name} builds ${plans} here: ${listOf(offered.map(({ plan }) => plan.name))}.`,
      status === 'coming-soon'
        ? 'Homesites are not released yet: join the interest list to hear about pricing and the first release before anyone else.'
        : 'Our sales counselors are happy to walk you through the model home, help you choose a homesite and introduce you to our preferred lenders.',
    ],
    salesHours: tourPattern.words,
    timeZone: town.region.timeZone,
  };
  const tours: Tours = {
    hours: tourPattern.hours,
    slotMinutes: tourPattern.slotMinutes,
    partiesPerSlot: tourPattern.partiesPerSlot,
    closedDates: [...sample.tours.closedDates],
    daysAhead: tourPattern.days,
  };
  const setting: Setting = { name, town, position, streetWords, random };
  return {
    slug,
    name,
    status,
    street,
    city: town.city,
    state: town.region.state,
    zip: town.zip,
    lat: position.lat,
    lng: position.lng,
    timeZone: town.region.timeZone,
    sections: {
      community,
      promotions: promotionsOf(name, status, offered, random),
      tours,
      nearby: nearbyOf(setting),
      media: {
        sitePlan: {
          src: paths.drawing,
          alt: `${name} site plan showing ${lots} numbered homesite${lots === 1 ? '' : 's'}, the streets and the park`,
        },
        portrait: { src: sample.media.portrait.src, alt: `A ${name} sales counselor` },
        features: { ...sample.media.features },
        video: { ...sample.media.video, title: `${name} model home walkthrough` },
      },
      homesites: {
        outlines: paths.outlines,
        showPriceWhenTaken: false,
        priceRange: { ...sample.homesites.priceRange },
      },
    },
    offerings: { plans: offered.map(({ offering }) => offering) },
    homesites,
    drawingSvg: sitePlanDrawingSvg(layout, { name, spine, streets: streetNames, park: `${name} Park` }),
    outlinesSvg: lotOutlinesSvg(layout),
  };
}

/** Lots per generated community when none is asked for: 200 from 10 communities up, else 40 to 90 each. */
function defaultLots(count: number, number: number): number {
  if (count >= 10) return BENCH_LOTS_PER_COMMUNITY;
  return seededRandom(seedOf(`sample community ${number} lots`)).int(40, 90);
}

/**
 * The generated communities of a demo of `count` (1…500): communities 2…count, `count - 1` of them (community 1 is
 * the sample itself). `sample` is the sample content: its plan library, builder, media and holidays. Each has
 * `lotsPerCommunity` lots (1…400), or the default (200 from 10 communities up, else 40–90).
 */
export function generateSampleCommunities(
  count: number,
  sample: Content,
  lotsPerCommunity?: number,
): SampleCommunity[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SAMPLE_COMMUNITIES) {
    throw new RangeError(`the number of sample communities is 1 to ${MAX_SAMPLE_COMMUNITIES}, not ${count}`);
  }
  if (
    lotsPerCommunity !== undefined &&
    (!Number.isInteger(lotsPerCommunity) || lotsPerCommunity < 1 || lotsPerCommunity > MAX_SITE_PLAN_LOTS)
  ) {
    throw new RangeError(`a sample community has 1 to ${MAX_SITE_PLAN_LOTS} lots, not ${lotsPerCommunity}`);
  }
  const names = communityNames(sample);
  const communities: SampleCommunity[] = [];
  for (let number = 2; number <= count; number += 1) {
    communities.push(generateOne(number, sample, names, lotsPerCommunity ?? defaultLots(count, number)));
  }
  return communities;
}
