import type { z } from 'zod';
import { normaliseData } from '../shared/content-form.js';
import { sectionFields } from './content-fields.js';
import { plainMessage } from './plain-problems.js';
import {
  contentSchema,
  SECTION_IDS,
  sectionSchemas,
  type Content,
  type SectionDocuments,
  type SectionId,
} from './schema.js';

/** What the staff pages say of each section, and the public pages that show it (for Preview). */
export const SECTION_INFO: Record<SectionId, { title: string; summary: string; shownOn: string }> = {
  community: {
    title: 'Community',
    summary: 'Name, tagline, description, about text, address, hours, time zone',
    shownOn: '/',
  },
  builder: { title: 'Builder and contact', summary: 'Builder name, phone, e-mail, logo', shownOn: '/contact' },
  'floor-plans': {
    title: 'Floor plans',
    summary: 'Plans, prices, facts, levels and drawings',
    shownOn: '/floor-plans',
  },
  offerings: {
    title: 'Plans offered',
    summary: 'Which plans of the library this community sells, and its prices',
    shownOn: '/floor-plans',
  },
  promotions: { title: 'Promotions', summary: 'Offers with their dates and the plans they apply to', shownOn: '/' },
  tours: {
    title: 'Tour hours',
    summary: 'Opening hours, slot length, parties per slot, closed dates',
    shownOn: '/tours',
  },
  nearby: {
    title: 'Nearby places',
    summary: 'Schools, medical, grocery and parks on the site plan',
    shownOn: '/site-plan#nearby',
  },
  partners: { title: 'Lenders and partners', summary: 'Lender and partner links and logos', shownOn: '/about#lenders' },
  media: { title: 'Media', summary: 'Site plan, portrait, features PDFs and video', shownOn: '/about' },
  homesites: { title: 'Homesite settings', summary: 'Lot outlines, price rules', shownOn: '/site-plan' },
  legal: { title: 'Legal texts', summary: 'Disclaimer, privacy notice, equal housing statement', shownOn: '/privacy' },
  'auto-reply': {
    title: 'Auto-reply',
    summary: 'The e-mail a buyer gets after writing or booking a tour',
    shownOn: '/contact',
  },
  pages: { title: 'Page headings', summary: 'Headings and short texts of the pages', shownOn: '/' },
  feed: {
    title: 'Listing feed (BDX)',
    summary: 'Builder and subdivision numbers, leads e-mail, postal address',
    shownOn: '/feeds/bdx.xml',
  },
  agents: {
    title: 'Agents',
    summary: 'Terms for real-estate agents, commission, protection period',
    shownOn: '/agents',
  },
  financing: {
    title: 'Financing',
    summary: 'Rate, APR, term, down payment, taxes, insurance and HOA of the payment estimate',
    shownOn: '/floor-plans',
  },
};

export function isSectionId(id: string): id is SectionId {
  return (SECTION_IDS as string[]).includes(id);
}

/** One problem of a section document: the path inside the section's data, and what is wrong. */
export interface SectionProblem {
  path: string;
  message: string;
}

/** Every problem, each in plain words naming its field (plain-problems.ts) with the path the editors place it by. */
export function problemsOf(error: z.ZodError): SectionProblem[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: plainMessage(issue) }));
}

/**
 * Normalizes then validates one section's document: the one path every way content comes in takes (the editor's
 * form, the JSON calls, `npm run content -- import`, a stored version read back), so text is cleaned the same way
 * whichever brought it (decision 044). The parsed data (cleaned, defaults filled) or every problem.
 */
export function parseSection<Id extends SectionId>(
  id: Id,
  data: unknown,
): { ok: true; data: SectionDocuments[Id] } | { ok: false; problems: SectionProblem[] } {
  const parsed = sectionSchemas[id].safeParse(normaliseData(sectionFields(id), data));
  if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error) };
  return { ok: true, data: parsed.data as SectionDocuments[Id] };
}

/** The content as the sample module writes it (one object), cut into the sections staff edit. */
export function splitContent(content: Content): SectionDocuments {
  const { community } = content;
  const { minimumLotSqft: _minimum, ...homesites } = content.homesites;
  return {
    community,
    builder: content.builder,
    'floor-plans': { plans: content.floorPlans },
    // Every plan of a one-community sample at its list price.
    offerings: { plans: content.floorPlans.map((plan) => ({ plan: plan.slug })) },
    promotions: { promotions: content.promotions },
    tours: content.tours,
    nearby: { tabs: content.nearby },
    partners: { lenders: content.lenders, partners: content.partners },
    media: content.media,
    homesites,
    legal: {
      disclaimer: content.disclaimer,
      privacy: content.privacy,
      equalHousing: content.equalHousing,
      ...(content.sampleNotice === undefined ? {} : { sampleNotice: content.sampleNotice }),
    },
    'auto-reply': content.autoReply,
    pages: content.pages,
    feed: content.feed,
    agents: content.agents,
    financing: content.financing,
  };
}

/** The sections put together as the pages read them: one object, deeply frozen, for one revision. */
export function assembleContent(sections: SectionDocuments): Content {
  const plans = offeredPlans(sections['floor-plans'].plans, sections.offerings.plans);
  const minimumLotSqft: Record<string, number> = {};
  for (const plan of plans) if (plan.minimumLotSqft !== null) minimumLotSqft[plan.name] = plan.minimumLotSqft;
  const content: Content = {
    community: sections.community,
    builder: sections.builder,
    floorPlans: plans,
    promotions: sections.promotions.promotions,
    lenders: sections.partners.lenders,
    partners: sections.partners.partners,
    nearby: sections.nearby.tabs,
    media: sections.media,
    homesites: { ...sections.homesites, minimumLotSqft },
    tours: sections.tours,
    autoReply: sections['auto-reply'],
    disclaimer: sections.legal.disclaimer,
    privacy: sections.legal.privacy,
    equalHousing: sections.legal.equalHousing,
    ...(sections.legal.sampleNotice === undefined ? {} : { sampleNotice: sections.legal.sampleNotice }),
    pages: sections.pages,
    feed: sections.feed,
    agents: sections.agents,
    financing: sections.financing,
  };
  return deepFreeze(content);
}

/**
 * A community's plans: the library plans its offerings name, in the offerings' order, each at the community's price
 * and with its summary where it gives one (an offering without a price keeps the library's list price).
 */
export function offeredPlans(
  library: SectionDocuments['floor-plans']['plans'],
  offerings: SectionDocuments['offerings']['plans'],
): SectionDocuments['floor-plans']['plans'] {
  const bySlug = new Map(library.map((plan) => [plan.slug, plan]));
  return offerings.flatMap((offering) => {
    const plan = bySlug.get(offering.plan);
    if (!plan) return [];
    return [
      {
        ...plan,
        ...(offering.basePrice === undefined ? {} : { basePrice: offering.basePrice }),
        ...(offering.summary === undefined ? {} : { summary: offering.summary }),
      },
    ];
  });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Checks a whole content object (the sample, a test fixture) the way a publish checks each section. */
export function contentProblems(content: unknown): SectionProblem[] {
  const parsed = contentSchema.safeParse(content);
  return parsed.success ? [] : problemsOf(parsed.error);
}
