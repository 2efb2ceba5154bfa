import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ContentSource } from '../content/content-source.js';
import { ContentError } from '../content/errors.js';
import {
  isCommunitySection,
  SECTION_IDS,
  type Content,
  type SectionDocuments,
  type SectionId,
} from '../content/schema.js';
import { assembleContent, parseSection, splitContent, type SectionProblem } from '../content/sections.js';
import {
  BUILDER_SCOPE,
  claimSchedule,
  dueSchedules,
  insertSection,
  insertVersion,
  listPublishedVersions,
  lockSectionState,
  markPublished,
  nextVersion,
  publishedPlanSlugs,
  readDraftVersions,
  readPublishedVersions,
  readSectionStates,
  readVersion,
  readVersions,
  setDraft,
  setSchedule,
  type SectionKey,
  type SectionState,
  type StoredVersion,
} from '../db/content-versions.js';
import { communityToday } from '../content/promotions.js';
import { recordAudit } from './audit-log.js';
import { PollingLoop } from './polling-loop.js';
import type { PublicContentChanges } from './public-content.js';

/** Who asks for a change, and from where: the audit trail records both. */
export interface ContentActor {
  username: string;
  ip?: string;
}

/** How often each instance looks for a schedule that is due (the contract allows 10 s). */
export const SCHEDULE_POLL_MS = 2_000;

export type ContentChangeResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400; problems: SectionProblem[] }
  | { ok: false; status: 409; message: string; draft?: SectionView['draft']; latestVersion?: number }
  | { ok: false; status: 404; message: string };

/** What GET /admin/content/<id>.json answers. */
export interface SectionView {
  section: SectionId;
  published: { version: number; data: unknown; publishedAt: string | null; publishedBy: string | null };
  draft: { version: number; data: unknown; savedAt: string; savedBy: string } | null;
  scheduled: { version: number; at: string; by: string | null } | null;
}

/**
 * A section as callers name it: its id alone (a builder's section, or a community's while the install has one
 * community: the first community's), or with the community it belongs to.
 */
export type SectionRef = SectionId | { community: number; id: SectionId };

/** One community's published content. */
interface CommunityRevision {
  content: Content;
  /** The published documents the content was assembled from, by section (the builder's and its own). */
  documents: SectionDocuments;
  /** Slugs of plans once offered here and no longer: their pages answer 410. */
  retiredPlanSlugs: ReadonlySet<string>;
}

interface Revision {
  /** By community id, in id order. */
  communities: ReadonlyMap<number, CommunityRevision>;
  /** The builder's published documents. */
  builder: Partial<SectionDocuments>;
  /** Which version of each section is published, as publishedKey writes it. */
  key: string;
}

/** The published version of every section in one string: equal keys, equal published content. */
function publishedKey(versions: { scope: number; section: string; version: number }[]): string {
  return versions
    .map(({ scope, section, version }) => `${scope}/${section}:${version}`)
    .sort()
    .join(',');
}

/** Validates a stored published document; a bad one stops start-up naming the section and field. */
function validPublished(version: StoredVersion): unknown {
  const parsed = parseSection(version.section as SectionId, version.data);
  if (parsed.ok) return parsed.data;
  const where = version.scope === BUILDER_SCOPE ? '' : ` of community ${version.scope}`;
  const lines = parsed.problems.map((problem) => `  ${version.section}.${problem.path}: ${problem.message}`);
  throw new ContentError(
    `Invalid published content in section "${version.section}"${where} (version ${version.version}):\n${lines.join('\n')}`,
  );
}

function isSectionIdString(id: string): id is SectionId {
  return (SECTION_IDS as string[]).includes(id);
}

/** The builder's sections and one community's, put together as its pages read them. */
function communityDocuments(
  builder: Partial<Record<SectionId, unknown>>,
  own: Partial<Record<SectionId, unknown>>,
  community: number,
): SectionDocuments {
  const documents = { ...builder, ...own };
  const missing = SECTION_IDS.filter((id) => documents[id] === undefined);
  if (missing.length > 0)
    throw new ContentError(`No published content for section(s) of community ${community}: ${missing.join(', ')}`);
  return documents as SectionDocuments;
}

/**
 * Content in the database (decision 029): the published revision held in memory for every page, drafts, publishing
 * now or on schedule, and every published version kept. The one ContentSource of a running site.
 */
export class ContentService implements ContentSource {
  private revision: Revision | undefined;
  private readonly previewCache = new Map<number, { key: string; content: Content }>();
  private readonly schedules: PollingLoop;
  private readonly dayListeners = new Set<() => void>();
  private today: string | undefined;

  constructor(
    private readonly db: Knex,
    private readonly publicContent: PublicContentChanges,
    private readonly logger: Pick<Logger, 'error' | 'info'>,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.schedules = new PollingLoop(
      async () => void (await this.runDueSchedules()),
      SCHEDULE_POLL_MS,
      (error) => this.logger.error({ err: error }, 'scheduled content could not be published; trying again'),
    );
  }

  /**
   * Stores the sample's sections that the database does not have yet (every section, on an empty database): the
   * builder's, and the community's own under `community` (the first community's id for the sample).
   */
  static async seed(db: Knex, sample: Content, community: number): Promise<SectionId[]> {
    const documents = splitContent(sample);
    const existing = new Set(
      (await readSectionStates(db))
        .filter((state) => state.scope === BUILDER_SCOPE || state.scope === community)
        .map((state) => state.section),
    );
    const added: SectionId[] = [];
    for (const id of SECTION_IDS) {
      if (existing.has(id)) continue;
      const scope = isCommunitySection(id) ? community : BUILDER_SCOPE;
      await ContentService.insertFirstVersion(db, { scope, section: id }, documents[id], 'sample');
      added.push(id);
    }
    return added;
  }

  /** A section's version 1, published: how a sample or a new community's sections start. */
  static async insertFirstVersion(db: Knex, key: SectionKey, data: unknown, by: string): Promise<void> {
    const id = key.section as SectionId;
    const parsed = parseSection(id, data);
    if (!parsed.ok) {
      const lines = parsed.problems.map((problem) => `  ${id}.${problem.path}: ${problem.message}`);
      throw new ContentError(`Invalid content in section "${id}":\n${lines.join('\n')}`);
    }
    await db.transaction(async (trx) => {
      await insertVersion(trx, {
        ...key,
        version: 1,
        data: parsed.data,
        savedBy: by,
        published: { at: new Date(), by },
      });
      await insertSection(trx, key, 1);
    });
  }

  /** The published content of the first community: the one community of a one-community install. */
  published(): Content {
    return this.communityRevision(this.firstCommunity()).content;
  }

  /** The published content of a community; undefined for a community with no content. */
  publishedFor(community: number): Content | undefined {
    return this.revisionOrThrow().communities.get(community)?.content;
  }

  /** The builder's plan library: every plan, at its list price (a community's price is in its offerings). */
  library(): SectionDocuments['floor-plans']['plans'] {
    return this.revisionOrThrow().builder['floor-plans']?.plans ?? [];
  }

  /** The ids of the communities that have content, in id order. */
  communityIds(): number[] {
    return [...this.revisionOrThrow().communities.keys()];
  }

  /** The community a bare section id addresses: the first one. */
  firstCommunity(): number {
    const first = this.revisionOrThrow().communities.keys().next();
    if (first.done) throw new Error('no community has content');
    return first.value;
  }

  private communityRevision(community: number): CommunityRevision {
    const found = this.revisionOrThrow().communities.get(community);
    if (!found) throw new Error(`community ${community} has no content`);
    return found;
  }

  retiredPlanSlugs(community = this.firstCommunity()): ReadonlySet<string> {
    return this.revision?.communities.get(community)?.retiredPlanSlugs ?? new Set();
  }

  /** Where a section lives: a builder's section in scope 0, a community's in its community's. */
  keyOf(ref: SectionRef): SectionKey & { id: SectionId } {
    const id = typeof ref === 'string' ? ref : ref.id;
    if (!isCommunitySection(id)) return { scope: BUILDER_SCOPE, section: id, id };
    const scope = typeof ref === 'string' ? this.firstCommunity() : ref.community;
    return { scope, section: id, id };
  }

  /** Reads and validates the published sections into a new in-memory revision. Throws ContentError when invalid. */
  async load(): Promise<Content | undefined> {
    const [versions, planHistory] = await Promise.all([readPublishedVersions(this.db), publishedPlanSlugs(this.db)]);
    const byScope = new Map<number, Partial<Record<SectionId, unknown>>>();
    for (const version of versions) {
      if (!isSectionIdString(version.section)) continue;
      const own = byScope.get(version.scope) ?? {};
      own[version.section] = validPublished(version);
      byScope.set(version.scope, own);
    }
    const builder = byScope.get(BUILDER_SCOPE) ?? {};
    const communities = new Map<number, CommunityRevision>();
    const scopes = [...byScope.keys()].filter((scope) => scope !== BUILDER_SCOPE).sort((a, b) => a - b);
    if (scopes.length === 0) throw new ContentError('No published content for any community');
    for (const scope of scopes) {
      const documents = communityDocuments(builder, byScope.get(scope)!, scope);
      const assembled = assembleContent(documents);
      const current = new Set(assembled.floorPlans.map((plan) => plan.slug));
      const everOffered = [
        ...(planHistory.get(scope) ?? []),
        // The first community sold every plan of the library before communities had offerings.
        ...(scope === scopes[0] ? (planHistory.get(BUILDER_SCOPE) ?? []) : []),
      ];
      const retired = new Set(everOffered.filter((slug) => !current.has(slug)));
      communities.set(scope, { content: assembled, documents, retiredPlanSlugs: retired });
    }
    this.revision = { communities, builder: builder as Partial<SectionDocuments>, key: publishedKey(versions) };
    this.previewCache.clear();
    return communities.get(scopes[0]!)?.content;
  }
  /**
   * Reloads after a change elsewhere, when a section's published version moved (the shared revision also moves for
   * homesites, which leave content as it is); a failure keeps the revision in force and is logged.
   */
  async reload(): Promise<void> {
    try {
      if (this.revision) {
        const states = await readSectionStates(this.db);
        const key = publishedKey(
          states.map((state) => ({ scope: state.scope, section: state.section, version: state.publishedVersion })),
        );
        if (key === this.revision.key) return;
      }
      await this.load();
    } catch (error) {
      this.logger.error(
        { err: error },
        'published content could not be reloaded; the previous revision stays in force',
      );
    }
  }

  /** A community's content with every section's draft in place of its published document, for staff preview. */
  async preview(community = this.firstCommunity()): Promise<Content> {
    const drafts = (await readDraftVersions(this.db)).filter(
      (draft) => draft.scope === BUILDER_SCOPE || draft.scope === community,
    );
    const key = drafts
      .map((draft) => `${draft.scope}/${draft.section}:${draft.version}`)
      .sort()
      .join(',');
    const cached = this.previewCache.get(community);
    if (cached?.key === key) return cached.content;
    const documents = { ...this.communityRevision(community).documents } as Record<SectionId, unknown>;
    for (const draft of drafts) {
      const id = draft.section;
      if (!isSectionIdString(id)) continue;
      const parsed = parseSection(id, draft.data);
      if (parsed.ok) documents[id] = parsed.data;
    }
    const content = assembleContent(documents as SectionDocuments);
    this.previewCache.set(community, { key, content });
    return content;
  }

  private revisionOrThrow(): Revision {
    if (!this.revision) throw new Error('content has not been loaded');
    return this.revision;
  }

  /** The states of the builder's sections and of one community's (the first community's unless named). */
  async states(community = this.firstCommunity()): Promise<SectionState[]> {
    return (await readSectionStates(this.db)).filter(
      (state) => state.scope === BUILDER_SCOPE || state.scope === community,
    );
  }

  async view(ref: SectionRef): Promise<SectionView | undefined> {
    const [view] = await this.views([ref]);
    return view;
  }

  /**
   * The views of several sections in two reads, whatever their number (the content list shows every section): their
   * states, then the published and draft versions those name. Undefined for a section that has none.
   */
  async views(refs: readonly SectionRef[]): Promise<(SectionView | undefined)[]> {
    const keys = refs.map((ref) => this.keyOf(ref));
    const scopes = new Set(keys.map((key) => key.scope));
    const states = await readSectionStates(this.db, scopes.size === 1 ? keys[0]!.scope : undefined);
    const stateOf = (key: SectionKey) =>
      states.find((state) => state.scope === key.scope && state.section === key.section);
    const wanted = keys.flatMap((key) => {
      const state = stateOf(key);
      if (!state) return [];
      const draft = state.draftVersion === null ? [] : [{ ...key, version: state.draftVersion }];
      return [{ ...key, version: state.publishedVersion }, ...draft];
    });
    const versions = await readVersions(this.db, wanted);
    const versionOf = (key: SectionKey, version: number | null) =>
      versions.find((row) => row.scope === key.scope && row.section === key.section && row.version === version);
    return keys.map(({ id, ...key }) => {
      const state = stateOf(key);
      const published = state && versionOf(key, state.publishedVersion);
      if (!state || !published) return undefined;
      const draft = versionOf(key, state.draftVersion);
      return {
        section: id,
        published: {
          version: published.version,
          data: published.data,
          publishedAt: published.publishedAt,
          publishedBy: published.publishedBy,
        },
        draft: draft
          ? { version: draft.version, data: draft.data, savedAt: draft.savedAt, savedBy: draft.savedBy }
          : null,
        scheduled:
          state.scheduledVersion === null || state.scheduledAt === null
            ? null
            : { version: state.scheduledVersion, at: state.scheduledAt, by: state.scheduledBy },
      };
    });
  }

  /** Saves a new draft version from `baseVersion`; 409 when someone saved or published since. */
  async saveDraft(
    ref: SectionRef,
    data: unknown,
    baseVersion: number,
    by: string,
  ): Promise<ContentChangeResult<{ version: number }>> {
    const { id, ...key } = this.keyOf(ref);
    const parsed = parseSection(id, data);
    if (!parsed.ok) return { ok: false, status: 400, problems: parsed.problems };
    const problems = [...this.slugProblems(id, parsed.data), ...this.offeringProblems(id, parsed.data)];
    if (problems.length > 0) return { ok: false, status: 400, problems };
    const outcome = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, key);
      if (!state) return { conflict: false as const, missing: true as const };
      const latest = state.draftVersion ?? state.publishedVersion;
      if (baseVersion !== latest) return { conflict: true as const, latest };
      const version = await nextVersion(trx, key);
      await insertVersion(trx, { ...key, version, data: parsed.data, savedBy: by });
      await setDraft(trx, key, version);
      return { conflict: false as const, version };
    });
    if ('missing' in outcome) return { ok: false, status: 404, message: `No section ${id}` };
    if (outcome.conflict)
      return this.conflict(ref, outcome.latest, `Someone saved this section since version ${baseVersion}`);
    return { ok: true, value: { version: outcome.version } };
  }

  /**
   * A plan's slug is its address: once published it never changes. A plan whose slug was published before and is
   * no longer published (retired) may come back; a new plan needs a slug no other plan had.
   */
  private slugProblems(id: SectionId, data: unknown): SectionProblem[] {
    const library = this.revision?.builder['floor-plans'];
    if (id !== 'floor-plans' || !library) return [];
    const plans = (data as SectionDocuments['floor-plans']).plans;
    const published = library.plans;
    const problems: SectionProblem[] = [];
    const slugs = new Set(plans.map((plan) => plan.slug));
    published.forEach((plan) => {
      if (slugs.has(plan.slug)) return;
      // A published plan whose name is kept under another slug: a slug change, not a retirement.
      const renamed = plans.findIndex((candidate) => candidate.name === plan.name);
      if (renamed >= 0 && !published.some((other) => other.slug === plans[renamed]!.slug)) {
        problems.push({
          path: `plans.${renamed}.slug`,
          message: `Slug must stay ${plan.slug}: a published plan’s address never changes.`,
        });
      }
    });
    return problems;
  }

  /** A community offers plans of the library only. */
  private offeringProblems(id: SectionId, data: unknown): SectionProblem[] {
    const library = this.revision?.builder['floor-plans'];
    if (id !== 'offerings' || !library) return [];
    const slugs = new Set(library.plans.map((plan) => plan.slug));
    return (data as SectionDocuments['offerings']).plans.flatMap((offering, index) =>
      slugs.has(offering.plan)
        ? []
        : [
            {
              path: `plans.${index}.plan`,
              message: `Plan must be one of the library’s plans, not “${offering.plan}”.`,
            },
          ],
    );
  }

  private async conflict(ref: SectionRef, latestVersion: number, message: string): Promise<ContentChangeResult<never>> {
    const view = await this.view(ref);
    return { ok: false, status: 409, message, draft: view?.draft ?? null, latestVersion };
  }

  /**
   * Publishes a change made by the site itself to a section's published document (a site plan uploaded sets the
   * drawing and outlines the community's sections name), leaving any draft as it is; recorded like any publish.
   */
  async publishChange(
    ref: SectionRef,
    change: (published: unknown) => unknown,
    actor: ContentActor,
  ): Promise<ContentChangeResult<{ version: number }>> {
    const { id, ...key } = this.keyOf(ref);
    const outcome = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, key);
      if (!state) return undefined;
      const published = await readVersion(trx, key, state.publishedVersion);
      const parsed = parseSection(id, change(published?.data));
      if (!parsed.ok) return { ok: false as const, problems: parsed.problems };
      const version = await nextVersion(trx, key);
      await insertVersion(trx, { ...key, version, data: parsed.data, savedBy: actor.username });
      await this.publishInside(trx, state, version, actor);
      return { ok: true as const, version };
    });
    if (!outcome) return { ok: false, status: 404, message: `No section ${id}` };
    if (!outcome.ok) return { ok: false, status: 400, problems: outcome.problems };
    await this.afterPublish(id);
    return { ok: true, value: { version: outcome.version } };
  }

  /** Publishes the current draft now. */
  async publish(
    ref: SectionRef,
    version: number,
    actor: ContentActor,
  ): Promise<ContentChangeResult<{ version: number }>> {
    const { id, ...key } = this.keyOf(ref);
    const outcome = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, key);
      if (!state) return 'missing' as const;
      if (state.draftVersion !== version) return 'stale' as const;
      await this.publishInside(trx, state, version, actor);
      return 'done' as const;
    });
    if (outcome === 'missing') return { ok: false, status: 404, message: `No section ${id}` };
    if (outcome === 'stale') {
      const latest = (await this.view(ref))?.draft?.version;
      return this.conflict(ref, latest ?? version, `Version ${version} is not the current draft`);
    }
    await this.afterPublish(id);
    return { ok: true, value: { version } };
  }

  /** Publishes inside the caller's transaction: the version, then what follows a rename of a plan. */
  private async publishInside(
    trx: Knex.Transaction,
    state: SectionState,
    version: number,
    actor: ContentActor,
    scheduled = false,
  ): Promise<void> {
    const by = actor.username;
    const draftLeft = state.draftVersion === version ? null : state.draftVersion;
    const key = { scope: state.scope, section: state.section };
    if (state.section === 'floor-plans') {
      const before = await readVersion(trx, key, state.publishedVersion);
      const after = await readVersion(trx, key, version);
      await renamePlansOnHomesites(trx, before?.data, after?.data);
      await this.offerNewPlansInOnlyCommunity(trx, before?.data, after?.data, by);
    }
    if (state.section === 'community') {
      const after = await readVersion(trx, key, version);
      await placeCommunity(trx, state.scope, after?.data as SectionDocuments['community'] | undefined);
    }
    await markPublished(trx, key, version, by, this.clock(), draftLeft);
    if (state.scheduledVersion === version) await setSchedule(trx, key, null);
    await recordAudit(trx, {
      actor: by,
      action: 'content.publish',
      target: `content/${state.section}`,
      ip: actor.ip,
      community: state.scope === BUILDER_SCOPE ? null : state.scope,
      details: { version, from: state.publishedVersion, ...(scheduled ? { scheduled: true } : {}) },
    });
  }

  /**
   * While an install has one community, a plan added to the library is offered there at its list price, as a new
   * plan showed before there were communities (the offering is published and recorded like any other publish).
   */
  private async offerNewPlansInOnlyCommunity(
    trx: Knex.Transaction,
    before: unknown,
    after: unknown,
    by: string,
  ): Promise<void> {
    const communities = await trx('communities').select('id');
    if (communities.length !== 1) return;
    const community = Number((communities[0] as { id: number | string }).id);
    const known = new Set(((before as SectionDocuments['floor-plans'] | undefined)?.plans ?? []).map((p) => p.slug));
    const added = ((after as SectionDocuments['floor-plans'] | undefined)?.plans ?? []).filter(
      (plan) => !known.has(plan.slug),
    );
    if (added.length === 0) return;
    const key = { scope: community, section: 'offerings' };
    const state = await lockSectionState(trx, key);
    if (!state) return;
    const published = await readVersion(trx, key, state.publishedVersion);
    const offerings = (published?.data as SectionDocuments['offerings'] | undefined)?.plans ?? [];
    const offered = new Set(offerings.map((offering) => offering.plan));
    const plans = [
      ...offerings,
      ...added.filter((plan) => !offered.has(plan.slug)).map((plan) => ({ plan: plan.slug })),
    ];
    const version = await nextVersion(trx, key);
    await insertVersion(trx, { ...key, version, data: { plans }, savedBy: by });
    await markPublished(trx, key, version, by, this.clock(), state.draftVersion);
    await recordAudit(trx, {
      actor: by,
      action: 'content.publish',
      target: 'content/offerings',
      community,
      details: { version, from: state.publishedVersion, offered: added.map((plan) => plan.slug) },
    });
  }

  private async afterPublish(section: SectionId): Promise<void> {
    await this.load();
    await this.publicContent.changed(`content published: ${section}`);
  }

  /** Schedules the current draft to be published at `at`. */
  async schedule(
    ref: SectionRef,
    version: number,
    at: Date,
    actor: ContentActor,
  ): Promise<ContentChangeResult<{ version: number; at: string }>> {
    const { id, ...key } = this.keyOf(ref);
    const by = actor.username;
    if (at.getTime() <= this.clock().getTime()) {
      return {
        ok: false,
        status: 400,
        problems: [{ path: 'at', message: 'The time to publish must be in the future.' }],
      };
    }
    const outcome = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, key);
      if (!state) return 'missing' as const;
      if (state.draftVersion !== version) return 'stale' as const;
      await setSchedule(trx, key, { version, at, by });
      await recordAudit(trx, {
        actor: by,
        action: 'content.schedule',
        target: `content/${id}`,
        ip: actor.ip,
        community: scopeCommunity(key.scope),
        details: { version, at: at.toISOString() },
      });
      return 'done' as const;
    });
    if (outcome === 'missing') return { ok: false, status: 404, message: `No section ${id}` };
    if (outcome === 'stale') {
      const latest = (await this.view(ref))?.draft?.version;
      return this.conflict(ref, latest ?? version, `Version ${version} is not the current draft`);
    }
    return { ok: true, value: { version, at: at.toISOString() } };
  }

  /**
   * Throws the draft away: the section is its published version again (the draft's version stays in the history
   * of saved versions, as every version does). `version` is the draft the person saw; a draft saved since, or none,
   * is a 409 with the latest draft, so nobody discards a colleague's work unseen. A schedule of that draft goes too.
   */
  async discardDraft(
    ref: SectionRef,
    version: number,
    actor: ContentActor,
  ): Promise<ContentChangeResult<{ discarded: number; published: number }>> {
    const { id, ...key } = this.keyOf(ref);
    const outcome = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, key);
      if (!state) return 'missing' as const;
      if (state.draftVersion === null || state.draftVersion !== version) return 'stale' as const;
      const unscheduled = state.scheduledVersion === version;
      await setDraft(trx, key, null);
      if (unscheduled) await setSchedule(trx, key, null);
      await recordAudit(trx, {
        actor: actor.username,
        action: 'content.draft-discarded',
        target: `content/${id}`,
        ip: actor.ip,
        community: scopeCommunity(key.scope),
        details: { version, ...(unscheduled ? { scheduleCancelled: state.scheduledAt } : {}) },
      });
      return { published: state.publishedVersion };
    });
    if (outcome === 'missing') return { ok: false, status: 404, message: `No section ${id}` };
    if (outcome === 'stale') {
      const latest = (await this.view(ref))?.draft?.version;
      return this.conflict(
        ref,
        latest ?? version,
        latest === undefined
          ? 'There is no draft to discard any more: someone published or discarded it.'
          : `Someone saved draft version ${latest} after you opened the editor: open it again to see it first.`,
      );
    }
    return { ok: true, value: { discarded: version, published: outcome.published } };
  }

  async cancelSchedule(ref: SectionRef, actor: ContentActor): Promise<boolean> {
    const { id, ...key } = this.keyOf(ref);
    return this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, key);
      if (!state || state.scheduledVersion === null) return false;
      await setSchedule(trx, key, null);
      await recordAudit(trx, {
        actor: actor.username,
        action: 'content.schedule-cancelled',
        target: `content/${id}`,
        ip: actor.ip,
        community: scopeCommunity(key.scope),
        details: { version: state.scheduledVersion, at: state.scheduledAt },
      });
      return true;
    });
  }

  async versions(
    ref: SectionRef,
  ): Promise<{ version: number; publishedAt: string | null; publishedBy: string | null }[]> {
    const { id: _id, ...key } = this.keyOf(ref);
    return (await listPublishedVersions(this.db, key)).map((version) => ({
      version: version.version,
      publishedAt: version.publishedAt,
      publishedBy: version.publishedBy,
    }));
  }

  async version(ref: SectionRef, version: number): Promise<StoredVersion | undefined> {
    const { id: _id, ...key } = this.keyOf(ref);
    return readVersion(this.db, key, version);
  }

  /** A published version's data becomes a new draft (never published by itself). */
  async restore(
    ref: SectionRef,
    version: number,
    actor: ContentActor,
  ): Promise<ContentChangeResult<{ version: number }>> {
    const { id, ...key } = this.keyOf(ref);
    const by = actor.username;
    const old = await readVersion(this.db, key, version);
    if (!old || old.publishedAt === null)
      return { ok: false, status: 404, message: `Version ${version} of ${id} was never published` };
    const parsed = parseSection(id, old.data);
    if (!parsed.ok) return { ok: false, status: 400, problems: parsed.problems };
    const created = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, key);
      if (!state) return undefined;
      const next = await nextVersion(trx, key);
      await insertVersion(trx, { ...key, version: next, data: parsed.data, savedBy: by });
      await setDraft(trx, key, next);
      await recordAudit(trx, {
        actor: by,
        action: 'content.restore',
        target: `content/${id}`,
        ip: actor.ip,
        community: scopeCommunity(key.scope),
        details: { restored: version, draft: next },
      });
      return next;
    });
    if (created === undefined) return { ok: false, status: 404, message: `No section ${id}` };
    return { ok: true, value: { version: created } };
  }

  /**
   * Told when the date changes in the community's zone: promotions start and end by date, so pages cached
   * yesterday are dropped (each instance for itself; nothing in the database changed).
   */
  onNewDay(listener: () => void): void {
    this.dayListeners.add(listener);
  }

  private checkDay(): void {
    if (!this.revision) return;
    const now = this.clock().getTime();
    const today = [...this.revision.communities.values()]
      .map((community) => communityToday(community.content, now))
      .join(',');
    if (this.today !== undefined && today !== this.today) for (const listener of this.dayListeners) listener();
    this.today = today;
  }

  /** Publishes every due schedule this instance claims first: exactly once across instances. */
  async runDueSchedules(): Promise<number> {
    this.checkDay();
    const due = await dueSchedules(this.db, this.clock());
    let published = 0;
    for (const state of due) {
      const done = await this.db.transaction(async (trx) => {
        if (!(await claimSchedule(trx, state))) return false;
        const fresh = await lockSectionState(trx, { scope: state.scope, section: state.section });
        if (!fresh || state.scheduledVersion === null) return false;
        await this.publishInside(
          trx,
          fresh,
          state.scheduledVersion,
          { username: state.scheduledBy ?? 'schedule' },
          true,
        );
        return true;
      });
      if (done) {
        published += 1;
        this.logger.info({ section: state.section, version: state.scheduledVersion }, 'scheduled content published');
        await this.afterPublish(state.section as SectionId);
      }
    }
    return published;
  }

  startSchedules(): void {
    this.schedules.start();
  }

  async stopSchedules(): Promise<void> {
    await this.schedules.stop();
  }
}

function scopeCommunity(scope: number): number | null {
  return scope === BUILDER_SCOPE ? null : scope;
}

/** A community's row follows its published `community` section: its name, address, position and zone. */
async function placeCommunity(
  trx: Knex.Transaction,
  community: number,
  section: SectionDocuments['community'] | undefined,
): Promise<void> {
  if (!section || community === BUILDER_SCOPE) return;
  await trx('communities').where({ id: community }).update({
    name: section.name,
    street: section.address.street,
    city: section.address.city,
    state: section.address.region,
    zip: section.address.postalCode,
    lat: section.latitude,
    lng: section.longitude,
    time_zone: section.timeZone,
  });
}

/** Homesites and plan galleries name a plan by its display name: a rename (same slug) follows on them. */
async function renamePlansOnHomesites(trx: Knex.Transaction, before: unknown, after: unknown): Promise<void> {
  const oldPlans = (before as SectionDocuments['floor-plans'] | undefined)?.plans ?? [];
  const newPlans = (after as SectionDocuments['floor-plans'] | undefined)?.plans ?? [];
  for (const plan of newPlans) {
    const old = oldPlans.find((candidate) => candidate.slug === plan.slug);
    if (!old || old.name === plan.name) continue;
    await trx('homesites').where({ plan: old.name }).update({ plan: plan.name });
    await trx('floorplan_images').where({ floorplan: old.name }).update({ floorplan: plan.name });
  }
}
