import { z } from 'zod';
import { agentsSectionSchema } from './agents-section.js';
import { autoReplySchema } from './auto-reply.js';
import { feedSectionSchema } from './feed-section.js';
import { PHONE_EXAMPLE, PHONE_PATTERN } from '../shared/contact-rules.js';

const sitePath = z.string().regex(/^\/[^\s]*$/, 'must be a site path starting with /');
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const image = z.object({ src: sitePath, alt: z.string().min(1) });

const nearbyPlace = z.object({
  name: z.string().min(1),
  latitude,
  longitude,
  address: z.string().min(1),
  distanceMiles: z.number().positive(),
});

const nearbyTab = z.object({
  id: z.enum(['schools', 'medical', 'grocery', 'parks']),
  label: z.string().min(1),
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
  drawing: image.extend({ caption: z.string().min(1) }),
});

/** The facts a page shows and a drawing draws: one place for both, so they cannot disagree. */
export const floorPlanSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    /** The lowest price the plan sells for, whole USD: "From $545,900"; null shows "Pricing coming soon". */
    basePrice: z.number().int().positive().max(1_000_000_000).nullable(),
    summary: z.string().min(1),
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
    /** Images that are part of the page rather than the staff-managed gallery (Overlook's floor plan and basement). */
    fixedImages: z.array(image.extend({ caption: z.string().min(1) })).default([]),
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
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
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
  .refine((date) => new Date(`${date}T00:00:00Z`).toISOString().startsWith(date), 'must be a real date');

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

const link = z.object({ name: z.string().min(1), href: z.string().url(), logo: image });

/** The privacy notice /privacy shows: sections of paragraphs, each with an optional bulleted list after them. */
const privacyNotice = z.object({
  /** When the notice last changed (YYYY-MM-DD), shown at its top. */
  updated: calendarDate,
  /** Shown above the notice while it is sample text. */
  sampleNote: z.string().min(1).optional(),
  intro: z.array(z.string().min(1)).min(1),
  sections: z
    .array(
      z.object({
        heading: z.string().min(1),
        paragraphs: z.array(z.string().min(1)).min(1),
        items: z.array(z.string().min(1)).optional(),
      }),
    )
    .min(1),
});

export const contentSchema = z
  .object({
    community: z.object({
      name: z.string().min(1),
      title: z.string().min(1),
      tagline: z.string().min(1),
      description: z.string().min(1),
      address: z.object({
        street: z.string().min(1),
        city: z.string().min(1),
        region: z.string().min(1),
        postalCode: z.string().min(1),
      }),
      latitude,
      longitude,
      counters: z.object({ homeLots: z.number().int().positive(), floorPlans: z.number().int().positive() }),
      about: z.array(z.string().min(1)).min(1),
      salesHours: z.string().min(1),
      /**
       * The community's and its sales center's IANA time zone: staff see lead times in it, and tour slots are
       * offered in it.
       */
      timeZone,
    }),
    builder: z.object({
      name: z.string().min(1),
      phone: z.string().regex(PHONE_PATTERN, `must look like ${PHONE_EXAMPLE}`),
      email: z.string().email(),
      logo: image,
    }),
    floorPlans: z.array(floorPlanSchema).length(4),
    lenders: z.array(link).length(2),
    partners: z.array(link).length(2),
    nearby: z.array(nearbyTab).length(4),
    media: z.object({
      sitePlan: image,
      specialOffer: image,
      portrait: image,
      features: z.object({ desktopPdf: sitePath, mobilePdf: sitePath }),
      video: z.object({
        webm: sitePath,
        mp4: sitePath,
        poster: sitePath,
        /** English captions, WebVTT (WCAG 1.2.2): shown when the viewer turns captions on. */
        captions: sitePath.regex(/\.vtt$/, 'must be a .vtt file'),
        title: z.string().min(1),
      }),
    }),
    homesites: z.object({
      /** The lot outlines of the site-plan drawing: an SVG whose shapes carry ids `lot-N` (under static/). */
      outlines: sitePath.regex(/\.svg$/, 'must be an .svg file'),
      /** Smallest lot (sq ft) each plan is built on, by plan display name: says which plans fit a homesite. */
      minimumLotSqft: z.record(z.string().min(1), z.number().int().positive()),
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
    }),
    tours,
    autoReply: autoReplySchema,
    disclaimer: z.string().min(1),
    privacy: privacyNotice,
    /** The Equal Housing Opportunity statement, shown with the logo in every public page's footer. */
    equalHousing: z.string().min(1),
    /** The BDX listing feed's numbers and names, and the builder's postal address (content/feed-section.ts). */
    feed: feedSectionSchema,
    /** The terms for real-estate agents and their clients' protection period (content/agents-section.ts). */
    agents: agentsSectionSchema,
    sampleNotice: z.string().optional(),
  })
  .superRefine((content, context) => {
    const names = content.floorPlans.map((plan) => plan.name);
    for (const name of Object.keys(content.homesites.minimumLotSqft)) {
      if (!names.includes(name)) {
        context.addIssue({
          code: 'custom',
          path: ['homesites', 'minimumLotSqft', name],
          message: `"${name}" is not a floor plan (${names.join(', ')})`,
        });
      }
    }
  });

export type Content = z.infer<typeof contentSchema>;
export type FloorPlan = Content['floorPlans'][number];
export type PlanLevel = FloorPlan['levels'][number];
export type NearbyTab = Content['nearby'][number];
export type NearbyPlace = NearbyTab['places'][number];
export type TourSettings = Content['tours'];
export type ContentImage = z.infer<typeof image>;
export type PrivacyNotice = z.input<typeof privacyNotice>;
