import { z } from 'zod';
import { agentsSectionSchema } from './agents-section.js';
import { autoReplySchema } from './auto-reply.js';
import { feedSectionSchema } from './feed-section.js';
import { financingSectionSchema } from './financing-section.js';
import { PHONE_EXAMPLE, PHONE_PATTERN } from '../shared/contact-rules.js';
import { isUsState, STATE_MESSAGE, ZIP_MESSAGE, ZIP_PATTERN } from '../shared/us-address.js';
import { isKnownTimeZone } from '../shared/time-zone.js';

/** A path on this site ("/files/1/x.jpg"); never "//host/…" or "/\\host", which browsers read as another site. */
const sitePath = z.string().regex(/^\/(?![/\\])\S*$/, 'must be a site path starting with /');
/** A link to another site: http or https only (never javascript:, data: or a file). */
export const webAddress = z
  .string()
  .max(2000)
  .url({ protocol: /^https?$/, message: 'must be a web address starting with https://' });
/** A two-letter US state (what the listing feed's State carries). */
export const usState = z.string().refine(isUsState, STATE_MESSAGE);
/** A ZIP code (what the listing feed's ZIP carries). */
export const zipCode = z.string().regex(ZIP_PATTERN, ZIP_MESSAGE);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
/** Alt text: at most 200 characters, a one-line field (the listing feed's image Title takes 100 of it). */
const image = z.object({ src: sitePath, alt: z.string().min(1).max(200) });

const nearbyPlace = z.object({
  name: z.string().min(1).max(100),
  latitude,
  longitude,
  address: z.string().min(1).max(200),
  distanceMiles: z.number().positive(),
});

const nearbyTab = z.object({
  id: z.enum(['schools', 'medical', 'grocery', 'parks']),
  label: z.string().min(1).max(60),
  zoom: z.number().int().min(1).max(19),
  places: z.array(nearbyPlace).min(1),
});

/** The levels a plan can have, in the order a buyer walks them. */
export const PLAN_LEVELS = ['main', 'upper', 'lower'] as const;

const planLevel = z.object({
  level: z.enum(PLAN_LEVELS),
  /** Finished area of this level in square feet (a garage, mechanical room or unfinished storage is not counted). */
  squareFeet: z.number().int().positive(),
  /** The floor-plan drawing of this level; tools/sample-media/make-sample-media.ts draws it from this plan's facts. */
  drawing: image.extend({ caption: z.string().min(1).max(200) }),
});

/** The facts a page shows and a drawing draws: one place for both, so they cannot disagree. */
export const floorPlanSchema = z
  .object({
    /** The plan's address (/floor-plans/<slug>) and its PlanNumber in the listing feed (≤ 30). */
    slug: z
      .string()
      .max(30)
      .regex(/^[a-z0-9-]+$/),
    /** Its PlanName in the listing feed (≤ 50); homesites, tours and leads store it (columns of 100 and more). */
    name: z.string().min(1).max(50),
    /** The lowest price the plan sells for, whole USD: "From $545,900"; null shows "Pricing coming soon". */
    basePrice: z.number().int().positive().max(1_000_000_000).nullable(),
    /** The plan's Description in the listing feed (≤ 2,000). */
    summary: z.string().min(1).max(2000),
    beds: z.number().int().positive(),
    /** Full baths count 1, a powder room (half bath) 0.5. */
    baths: z.number().positive().multipleOf(0.5),
    /** A room set up as a study, besides the bedrooms. */
    study: z.boolean(),
    /** Total finished square feet: the sum of the levels. */
    squareFeet: z.number().int().positive(),
    garageBays: z.number().int().min(1).max(4),
    /** Stories above ground; a finished lower level is a level, not a story. */
    stories: z.number().int().min(1).max(2),
    levels: z.array(planLevel).min(1),
    cover: image,
    /** The smallest lot (sq ft) this plan is built on: says which homesites it fits. Null: it fits any lot. */
    minimumLotSqft: z.number().int().positive().nullable().default(null),
  })
  .superRefine((plan, ctx) => {
    const names = plan.levels.map((level) => level.level);
    if (names[0] !== 'main') ctx.addIssue({ code: 'custom', path: ['levels', 0, 'level'], message: 'must be main' });
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['levels'], message: 'must name each level once' });
    if (names.includes('upper') !== (plan.stories === 2))
      ctx.addIssue({
        code: 'custom',
        path: ['levels'],
        message: 'must hold an upper level exactly when the plan has two stories',
      });
    const sum = plan.levels.reduce((total, level) => total + level.squareFeet, 0);
    if (sum !== plan.squareFeet)
      ctx.addIssue({ code: 'custom', path: ['squareFeet'], message: `must equal the sum of the levels (${sum})` });
  });

/** An IANA time zone name that this Node's Intl knows (America/Denver), never an offset or an abbreviation. */
const timeZone = z.string().refine((name) => {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$|^UTC$/.test(name)) return false;
  return isKnownTimeZone(name);
}, 'must be an IANA time zone such as America/Denver');

/** A local wall-clock time "HH:MM" (24-hour) at the sales center. */
const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time such as 10:00');
/** One weekday's opening hours at the sales center, or null when it is closed that day. */
const openingHours = z
  .object({ opens: clockTime, closes: clockTime })
  .refine((hours) => hours.opens < hours.closes, 'must open before it closes')
  .nullable();
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-12-25')
  // An invalid Date (month 13) has no ISO string: toISOString would throw, so it is checked first.
  .refine((date) => {
    const day = new Date(`${date}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
  }, 'must be a real date');

/** Model-home tours: when the sales center receives visitors, read in `community.timeZone`. */
const tours = z.object({
  hours: z.object({
    sunday: openingHours,
    monday: openingHours,
    tuesday: openingHours,
    wednesday: openingHours,
    thursday: openingHours,
    friday: openingHours,
    saturday: openingHours,
  }),
  /** Length of one tour slot; slots start at opening time and end by closing time. */
  slotMinutes: z.number().int().min(15).max(240),
  /** How many parties (bookings) one slot takes. */
  partiesPerSlot: z.number().int().min(1).max(50),
  /** Days the sales center is closed whatever the weekday says (holidays). */
  closedDates: z.array(calendarDate),
  /** How many days after today (in the community's zone) a tour can be booked, today included as day 0. */
  daysAhead: z.number().int().min(1).max(365),
});

const link = z.object({ name: z.string().min(1).max(100), href: webAddress, logo: image });

/** The privacy notice /privacy shows: sections of paragraphs, each with an optional bulleted list after them. */
const privacyNotice = z.object({
  /** When the notice last changed (YYYY-MM-DD), shown at its top. */
  updated: calendarDate,
  /** Shown above the notice while it is sample text. */
  sampleNote: z.string().min(1).max(200).optional(),
  intro: z.array(z.string().min(1).max(2000)).min(1),
  sections: z
    .array(
      z.object({
        heading: z.string().min(1).max(120),
        paragraphs: z.array(z.string().min(1).max(2000)).min(1),
        items: z.array(z.string().min(1).max(200)).optional(),
      }),
    )
    .min(1),
});

export const communitySection = z.object({
  name: z.string().min(1).max(60),
  title: z.string().min(1).max(120),
  tagline: z.string().min(1).max(120),
  description: z.string().min(1).max(400),
  /** The community's address: the listing feed's sales office Address (Street1 ≤ 100, City ≤ 40, State, ZIP). */
  address: z.object({
    street: z.string().min(1).max(100),
    city: z.string().min(1).max(40),
    region: usState,
    postalCode: zipCode,
  }),
  latitude,
  longitude,
  about: z.array(z.string().min(1).max(2000)).min(1),
  salesHours: z.string().min(1).max(1000),
  /**
   * The community's and its sales center's IANA time zone: staff see lead times in it, and tour slots are
   * offered in it.
   */
  timeZone,
});

export const builderSection = z.object({
  name: z.string().min(1).max(100),
  phone: z.string().regex(PHONE_PATTERN, `must look like ${PHONE_EXAMPLE}`),
  /** The sales office's Email in the listing feed (≤ 100). */
  email: z.string().max(100).email(),
  logo: image,
});

export const floorPlansSection = z
  .object({ plans: z.array(floorPlanSchema).min(1).max(50) })
  .superRefine((section, ctx) => {
    const seen = new Map<string, number>();
    section.plans.forEach((plan, index) => {
      for (const [field, value] of [
        ['slug', plan.slug],
        ['name', plan.name.toLowerCase()],
      ] as const) {
        const key = `${field}:${value}`;
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['plans', index, field],
            message: `is already used by plan ${seen.get(key)! + 1}`,
          });
        else seen.set(key, index);
      }
    });
  });

/**
 * One plan a community sells: a plan of the library by its slug, at the community's price. Without `basePrice` the
 * plan's list price in the library applies (what an upgraded one-community install does); null shows "Pricing coming
 * soon"; `summary` replaces the library's text in this community only.
 */
export const offeringSchema = z.object({
  plan: z
    .string()
    .max(30)
    .regex(/^[a-z0-9-]+$/),
  basePrice: z.number().int().positive().max(1_000_000_000).nullable().optional(),
  summary: z.string().min(1).max(2000).optional(),
});

/** Which library plans a community sells and at what price (contract wave 4, "Communities"). */
export const offeringsSection = z.object({ plans: z.array(offeringSchema).max(50) }).superRefine((section, ctx) => {
  const seen = new Set<string>();
  section.plans.forEach((offering, index) => {
    if (seen.has(offering.plan))
      ctx.addIssue({ code: 'custom', path: ['plans', index, 'plan'], message: 'is offered twice' });
    seen.add(offering.plan);
  });
});

export const promotionSchema = z
  .object({
    title: z.string().min(1).max(120),
    text: z.string().min(1).max(1000),
    /** First and last day it shows (inclusive), in the community's zone. */
    starts: calendarDate,
    ends: calendarDate,
    image: image.nullable().default(null),
    /** The plans (slugs) it applies to: it shows on their pages; empty means every plan. */
    plans: z.array(z.string().regex(/^[a-z0-9-]+$/)).default([]),
  })
  .refine((promotion) => promotion.starts <= promotion.ends, {
    message: 'must not end before it starts',
    path: ['ends'],
  });

export const promotionsSection = z.object({ promotions: z.array(promotionSchema).max(20) });

export const nearbySection = z.object({ tabs: z.array(nearbyTab).length(4) });

export const partnersSection = z.object({ lenders: z.array(link).length(2), partners: z.array(link).length(2) });

export const mediaSection = z.object({
  sitePlan: image,
  portrait: image,
  features: z.object({ desktopPdf: sitePath, mobilePdf: sitePath }),
  video: z.object({
    webm: sitePath,
    mp4: sitePath,
    poster: sitePath,
    /** English captions, WebVTT (WCAG 1.2.2): shown when the viewer turns captions on. */
    captions: sitePath.regex(/\.vtt$/, 'must be a .vtt file'),
    title: z.string().min(1).max(200),
  }),
});

export const homesitesSection = z.object({
  /** The lot outlines of the site-plan drawing: an SVG whose shapes carry ids `lot-N` (under static/). */
  outlines: sitePath.regex(/\.svg$/, 'must be an .svg file'),
  /**
   * Whether public pages and GET /api/homesites show the price of a homesite under contract or sold. Builders
   * keep a buyer's price private, so it is hidden unless this says otherwise; staff pages always show it.
   */
  showPriceWhenTaken: z.boolean().default(false),
  /**
   * The prices (whole USD) a home here plausibly sells for: a staff price outside it is refused as a typo
   * ("5529" for $552,900). Wide enough for every plan and lot premium, narrow enough to catch a digit.
   */
  priceRange: z
    .object({ min: z.number().int().positive(), max: z.number().int().positive().max(1_000_000_000) })
    .refine((range) => range.min < range.max, { message: 'min must be below max', path: ['max'] }),
});

export const legalSection = z.object({
  disclaimer: z.string().min(1).max(2000),
  privacy: privacyNotice,
  /** The Equal Housing Opportunity statement, shown with the logo in every public page's footer. */
  equalHousing: z.string().min(1).max(500),
  sampleNotice: z.string().max(300).optional(),
});

/** Headings and short texts of the pages that are not facts of the community. */
export const pagesSection = z.object({
  introHeading: z.string().min(1).max(120),
  plansHeading: z.string().min(1).max(120),
  /** The questions block at the foot of every public page but /contact. */
  questionsHeading: z.string().min(1).max(120),
  questionsText: z.string().min(1).max(400),
  floorPlansIntro: z.string().min(1).max(400),
  sitePlanNearbyHeading: z.string().min(1).max(120),
  lendersHeading: z.string().min(1).max(120),
  lendersText: z.string().min(1).max(400),
  contactIntro: z.string().min(1).max(400),
  promotionsHeading: z.string().min(1).max(120),
});

/** The sections staff edit, by id: each one document, validated by its schema on every save and at start. */
export const sectionSchemas = {
  community: communitySection,
  builder: builderSection,
  'floor-plans': floorPlansSection,
  /** A community's plans from the library, with its prices. */
  offerings: offeringsSection,
  promotions: promotionsSection,
  tours,
  nearby: nearbySection,
  partners: partnersSection,
  media: mediaSection,
  homesites: homesitesSection,
  legal: legalSection,
  'auto-reply': autoReplySchema,
  pages: pagesSection,
  /** The BDX listing feed's numbers and names, and the builder's postal address (content/feed-section.ts). */
  feed: feedSectionSchema,
  /** The terms for real-estate agents and their clients' protection period (content/agents-section.ts). */
  agents: agentsSectionSchema,
  /** The monthly payment estimate's assumptions; empty, no estimate shows (content/financing-section.ts). */
  financing: financingSectionSchema,
} as const;

export type SectionId = keyof typeof sectionSchemas;
export const SECTION_IDS = Object.keys(sectionSchemas) as SectionId[];
export type SectionData<Id extends SectionId> = z.infer<(typeof sectionSchemas)[Id]>;
export type SectionDocuments = { [Id in SectionId]: SectionData<Id> };

/** The sections each community has its own of; the others are the builder's, shared by every community. */
export const COMMUNITY_SECTION_IDS = [
  'community',
  'offerings',
  'promotions',
  'tours',
  'nearby',
  'media',
  'homesites',
] as const satisfies readonly SectionId[];
export type CommunitySectionId = (typeof COMMUNITY_SECTION_IDS)[number];

export function isCommunitySection(id: SectionId): id is CommunitySectionId {
  return (COMMUNITY_SECTION_IDS as readonly string[]).includes(id);
}

export const contentSchema = z.object({
  community: communitySection,
  builder: builderSection,
  floorPlans: z.array(floorPlanSchema).min(1),
  promotions: z.array(promotionSchema),
  lenders: z.array(link).length(2),
  partners: z.array(link).length(2),
  nearby: z.array(nearbyTab).length(4),
  media: mediaSection,
  homesites: homesitesSection.extend({
    /** Smallest lot (sq ft) each plan is built on, by plan display name: says which plans fit a homesite. */
    minimumLotSqft: z.record(z.string().min(1), z.number().int().positive()),
  }),
  tours,
  autoReply: autoReplySchema,
  disclaimer: z.string().min(1),
  privacy: privacyNotice,
  equalHousing: z.string().min(1),
  sampleNotice: z.string().optional(),
  pages: pagesSection,
  feed: feedSectionSchema,
  agents: agentsSectionSchema,
  financing: financingSectionSchema,
});

export type Content = z.infer<typeof contentSchema>;
export type FloorPlan = Content['floorPlans'][number];
export type PlanLevel = FloorPlan['levels'][number];
export type NearbyTab = Content['nearby'][number];
export type NearbyPlace = NearbyTab['places'][number];
export type TourSettings = Content['tours'];
export type Promotion = Content['promotions'][number];
export type ContentImage = z.infer<typeof image>;
export type PrivacyNotice = z.input<typeof privacyNotice>;
