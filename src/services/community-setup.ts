import type { Knex } from 'knex';
import { communitySection, COMMUNITY_SECTION_IDS, type SectionDocuments } from '../content/schema.js';
import { findCommunityBySlug, insertCommunity, updateCommunity, COMMUNITY_STATUSES } from '../db/communities.js';
import type { CommunityStatus } from '../db/communities.js';
import type { CommunityIds } from '../db/user-communities.js';
import { COMMUNITY_SLUG_PATTERN } from '../shared/community-slug.js';
import { recordAudit, type Actor } from './audit-log.js';
import type { Community, CommunityDirectory } from './community-directory.js';
import { ContentService } from './content.js';
import type { PublicContentChanges } from './public-content.js';
import { missingSteps, type SetupStep } from '../shared/setup-steps.js';

export { missingSteps, type SetupStep };

/**
 * A new community, set up by staff (contract wave 4, "Communities" and "A new community, set up in the browser"):
 * created not public, its sections started from the first community's, published once its checklist is done, and
 * its status changed. Every change is audited with the community and raises "public content changed", so every
 * instance reloads its communities and content.
 */

/** What `POST /admin/communities` takes. */
export interface NewCommunity {
  slug: string;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  timeZone: string;
}

export const NEW_COMMUNITY_FIELDS = [
  'slug',
  'name',
  'street',
  'city',
  'state',
  'zip',
  'lat',
  'lng',
  'timeZone',
] as const;
export type NewCommunityField = (typeof NEW_COMMUNITY_FIELDS)[number];

/** A problem with one field, in plain words (the field's label says which). */
export interface FieldProblem {
  field: NewCommunityField;
  message: string;
}

/** Paths of `/admin/communities/<slug>` pages that are not a community: never a slug. */
const RESERVED_SLUGS = new Set(['new']);

const FIELD_LABELS: Record<NewCommunityField, string> = {
  slug: 'Web address',
  name: 'Name',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  lat: 'Latitude',
  lng: 'Longitude',
  timeZone: 'Time zone',
};

export function fieldLabel(field: NewCommunityField): string {
  return FIELD_LABELS[field];
}

/** The content section's rules, field by field (so a community's row and its section never disagree). */
const address = communitySection.shape.address.shape;
const RULES = {
  name: communitySection.shape.name,
  street: address.street,
  city: address.city,
  state: address.region,
  zip: address.postalCode,
  lat: communitySection.shape.latitude,
  lng: communitySection.shape.longitude,
  timeZone: communitySection.shape.timeZone,
} as const;

/** A number from a call (a number) or a form (its text). */
function numberOf(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
}

/** Checks every field at once: the same rules as the content's community section, and the slug's. */
export function parseNewCommunity(
  body: unknown,
): { ok: true; value: NewCommunity } | { ok: false; problems: FieldProblem[] } {
  const input = (body ?? {}) as Record<string, unknown>;
  const problems: FieldProblem[] = [];
  const slug = typeof input.slug === 'string' ? input.slug.trim() : '';
  if (!COMMUNITY_SLUG_PATTERN.test(slug))
    problems.push({
      field: 'slug',
      message: 'Web address must be 1 to 60 lowercase letters, digits and hyphens, such as cedar-ridge.',
    });
  else if (RESERVED_SLUGS.has(slug))
    problems.push({ field: 'slug', message: `Web address cannot be “${slug}”: choose another.` });
  const value: Record<string, unknown> = { slug };
  for (const [field, rule] of Object.entries(RULES) as [keyof typeof RULES, (typeof RULES)[keyof typeof RULES]][]) {
    const raw = field === 'lat' || field === 'lng' ? numberOf(input[field]) : input[field];
    const text = typeof raw === 'string' ? raw.trim() : raw;
    const parsed = rule.safeParse(field === 'state' && typeof text === 'string' ? text.toUpperCase() : text);
    if (parsed.success) value[field] = parsed.data;
    else
      problems.push({
        field,
        message: `${FIELD_LABELS[field]} ${
          raw === undefined || raw === '' ? 'is required' : (parsed.error.issues[0]?.message ?? 'is not valid')
        }.`,
      });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: value as unknown as NewCommunity };
}

export interface CommunitySetupDeps {
  db: Knex;
  content: ContentService;
  communities: CommunityDirectory;
  publicContent: PublicContentChanges;
}

/** After a change to communities: this instance reads them again now; the others when the shared revision moves. */
async function changed(deps: CommunitySetupDeps, reason: string): Promise<void> {
  await deps.communities.load();
  await deps.content.load();
  await deps.publicContent.changed(reason);
}

/** The new community's own sections: the first community's published documents, its name and place put in. */
async function startingSections(
  content: ContentService,
  first: number,
  community: NewCommunity,
): Promise<Record<(typeof COMMUNITY_SECTION_IDS)[number], unknown>> {
  const sections = {} as Record<(typeof COMMUNITY_SECTION_IDS)[number], unknown>;
  for (const id of COMMUNITY_SECTION_IDS) {
    const view = await content.view({ community: first, id });
    if (!view) throw new Error(`the first community has no section ${id}`);
    sections[id] = view.published.data;
  }
  const texts = sections.community as SectionDocuments['community'];
  sections.community = {
    ...texts,
    name: community.name,
    address: { street: community.street, city: community.city, region: community.state, postalCode: community.zip },
    latitude: community.lat,
    longitude: community.lng,
    timeZone: community.timeZone,
  } satisfies SectionDocuments['community'];
  sections.offerings = { plans: [] } satisfies SectionDocuments['offerings'];
  sections.promotions = { promotions: [] } satisfies SectionDocuments['promotions'];
  return sections;
}

/**
 * Creates a community, not public (coming soon, no publish date), with its own sections as version 1 so that its
 * pages render in a preview: 409 when the slug is taken.
 */
export async function createCommunity(
  deps: CommunitySetupDeps,
  community: NewCommunity,
  actor: Actor,
): Promise<{ ok: true; id: number; slug: string } | { ok: false; status: 409; message: string }> {
  const taken = { ok: false as const, status: 409 as const, message: `The web address “${community.slug}” is taken.` };
  if (await findCommunityBySlug(deps.db, community.slug)) return taken;
  const sections = await startingSections(deps.content, deps.communities.first().id, community);
  let id: number;
  try {
    id = await deps.db.transaction(async (trx) => {
      const created = await insertCommunity(trx, {
        slug: community.slug,
        name: community.name,
        status: 'coming-soon',
        street: community.street,
        city: community.city,
        state: community.state,
        zip: community.zip,
        lat: community.lat,
        lng: community.lng,
        time_zone: community.timeZone,
        created_at: new Date().toISOString(),
        created_by: actor.username,
        published_at: null,
      });
      for (const section of COMMUNITY_SECTION_IDS)
        await ContentService.insertFirstVersion(
          trx as unknown as Knex,
          { scope: created, section },
          sections[section],
          actor.username,
        );
      await recordAudit(trx, {
        actor: actor.username,
        ip: actor.ip,
        action: 'community.created',
        target: `community/${community.slug}`,
        community: created,
        details: { name: community.name },
      });
      return created;
    });
  } catch (error) {
    // Two owners creating the same slug at once: the unique index refuses the second.
    if (await findCommunityBySlug(deps.db, community.slug)) return taken;
    throw error;
  }
  await changed(deps, `community created: ${community.slug}`);
  return { ok: true, id, slug: community.slug };
}

/** A section changed by a person since the community was created (version 1 is the copy it started from). */
async function editedSince(
  content: ContentService,
  community: number,
  id: 'community' | 'tours' | 'nearby' | 'promotions',
): Promise<boolean> {
  const view = await content.view({ community, id });
  return (view?.published.version ?? 1) > 1;
}

/**
 * What a community needs before it goes public, each step done or missing. The sales office's phone and e-mail
 * are the builder's (section `builder`: the feed's sales office), so that step is done when they are set there.
 */
export async function setupSteps(
  deps: Pick<CommunitySetupDeps, 'db' | 'content'>,
  community: Community,
): Promise<SetupStep[]> {
  const base = `/admin/communities/${community.slug}/content`;
  const content = deps.content.publishedFor(community.id);
  const homesites = (await deps.db('homesites').where({ community_id: community.id }).count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  const photos = (await deps.db('homepage_images').where({ community_id: community.id }).count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return [
    {
      id: 'texts',
      label: 'community texts',
      done: await editedSince(deps.content, community.id, 'community'),
      href: `${base}/community`,
      feeds: '/about',
    },
    {
      id: 'plans',
      label: 'an offered plan',
      done: (content?.floorPlans.length ?? 0) > 0,
      href: `${base}/offerings`,
      feeds: '/floor-plans',
    },
    {
      id: 'site-plan',
      label: 'a site plan with its homesites',
      done: Number(homesites?.n ?? 0) > 0,
      href: `/admin/communities/${community.slug}/site-plan`,
      feeds: '/site-plan',
    },
    {
      id: 'tour-hours',
      label: 'tour hours',
      done: await editedSince(deps.content, community.id, 'tours'),
      href: `${base}/tours`,
      feeds: '/tours',
    },
    {
      id: 'sales-office',
      label: 'the sales office’s phone and e-mail',
      done: Boolean(content?.builder.phone && content.builder.email),
      href: '/admin/content/builder',
      feeds: '/contact',
    },
    {
      id: 'images',
      label: 'photos for its home page',
      done: Number(photos?.n ?? 0) > 0,
      // The carousel editor works in the community chosen in the staff bar: the checklist switches to this one.
      href: '/admin/homepage-images',
      optional: true,
      feeds: '/',
    },
    {
      id: 'nearby',
      label: 'nearby places',
      done: await editedSince(deps.content, community.id, 'nearby'),
      href: `${base}/nearby`,
      optional: true,
      feeds: '/site-plan',
    },
    {
      id: 'promotions',
      label: 'promotions',
      done: await editedSince(deps.content, community.id, 'promotions'),
      href: `${base}/promotions`,
      optional: true,
      feeds: '/',
    },
  ];
}

export type PublishResult =
  | { ok: true; slug: string; publishedAt: string }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 409; missing: SetupStep[] };

/**
 * Puts a community on the public site once nothing is missing; its status stays the one chosen (a coming-soon
 * community is public with its interest list). Publishing a public community again changes nothing.
 */
export async function publishCommunity(deps: CommunitySetupDeps, slug: string, actor: Actor): Promise<PublishResult> {
  const community = deps.communities.bySlug(slug);
  if (!community) return { ok: false, status: 404, message: 'There is no such community.' };
  if (community.published_at !== null) return { ok: true, slug, publishedAt: community.published_at };
  const missing = missingSteps(await setupSteps(deps, community));
  if (missing.length > 0) return { ok: false, status: 409, missing };
  const at = new Date().toISOString();
  await deps.db.transaction(async (trx) => {
    await updateCommunity(trx, community.id, { published_at: at });
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'community.published',
      target: `community/${slug}`,
      community: community.id,
      details: { status: community.status },
    });
  });
  await changed(deps, `community published: ${slug}`);
  return { ok: true, slug, publishedAt: at };
}

export function isCommunityStatus(value: unknown): value is CommunityStatus {
  return typeof value === 'string' && (COMMUNITY_STATUSES as readonly string[]).includes(value);
}

/** Changes a community's status (audited, old → new). */
export async function setCommunityStatus(
  deps: CommunitySetupDeps,
  community: Community,
  status: CommunityStatus,
  actor: Actor,
): Promise<void> {
  if (community.status === status) return;
  await deps.db.transaction(async (trx) => {
    await updateCommunity(trx, community.id, { status });
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'community.status',
      target: `community/${community.slug}`,
      community: community.id,
      details: { status: [community.status, status] },
    });
  });
  await changed(deps, `community status: ${community.slug}`);
}

/** A community as `GET /admin/communities.json` lists it. */
export interface CommunitySummary {
  slug: string;
  name: string;
  status: CommunityStatus;
  public: boolean;
  homesites: number;
  url: string;
}

/**
 * The public address of a community: `/` while the site has one public community, `/communities/<slug>` once it
 * has two or more (and for a community not public yet, where it will live).
 */
export function communityUrl(community: Community, builderSite: boolean): string {
  return community.public && !builderSite ? '/' : `/communities/${community.slug}`;
}

/** The communities an account reaches, each with its homesite count and public address. */
export async function summarize(
  db: Knex,
  directory: CommunityDirectory,
  reach: CommunityIds,
): Promise<CommunitySummary[]> {
  const counts = new Map(
    (
      (await db('homesites').select('community_id').count({ n: '*' }).groupBy('community_id')) as {
        community_id: number | string;
        n: number | string;
      }[]
    ).map((row) => [Number(row.community_id), Number(row.n)]),
  );
  const builderSite = directory.isBuilderSite();
  return reachable(directory, reach).map((community) => ({
    slug: community.slug,
    name: community.name,
    status: community.status,
    public: community.public,
    homesites: counts.get(community.id) ?? 0,
    url: communityUrl(community, builderSite),
  }));
}

/** The communities of the directory an account reaches. */
export function reachable(directory: CommunityDirectory, reach: CommunityIds): Community[] {
  return directory.all().filter((community) => reach === 'all' || reach.includes(community.id));
}
