import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ContentSource } from '../content/content-source.js';
import { ContentError } from '../content/errors.js';
import { SECTION_IDS, type Content, type SectionDocuments, type SectionId } from '../content/schema.js';
import { assembleContent, parseSection, splitContent, type SectionProblem } from '../content/sections.js';
import {
  claimSchedule,
  dueSchedules,
  insertSection,
  insertVersion,
  listPublishedVersions,
  lockSectionState,
  markPublished,
  nextVersion,
  publishedPlanDocuments,
  readDraftVersions,
  readPublishedVersions,
  readSectionStates,
  readVersion,
  setDraft,
  setSchedule,
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

interface Revision {
  content: Content;
  /** The published documents the content was assembled from, by section. */
  documents: SectionDocuments;
  /** Slugs of plans once published and no longer in the published plans: their pages answer 410. */
  retiredPlanSlugs: ReadonlySet<string>;
  /** Which version of each section is published, as publishedKey writes it. */
  key: string;
}

/** The published version of every section in one string: equal keys, equal published content. */
function publishedKey(versions: { section: string; version: number }[]): string {
  return versions
    .map(({ section, version }) => `${section}:${version}`)
    .sort()
    .join(',');
}

/** Validates a stored published document; a bad one stops start-up naming the section and field. */
function validPublished(version: StoredVersion): unknown {
  const parsed = parseSection(version.section as SectionId, version.data);
  if (parsed.ok) return parsed.data;
  const lines = parsed.problems.map((problem) => `  ${version.section}.${problem.path}: ${problem.message}`);
  throw new ContentError(
    `Invalid published content in section "${version.section}" (version ${version.version}):\n${lines.join('\n')}`,
  );
}

function slugsOf(document: unknown): string[] {
  const plans = (document as { plans?: { slug?: unknown }[] } | null)?.plans;
  return Array.isArray(plans)
    ? plans.map((plan) => plan?.slug).filter((slug): slug is string => typeof slug === 'string')
    : [];
}

/**
 * Content in the database (decision 029): the published revision held in memory for every page, drafts, publishing
 * now or on schedule, and every published version kept. The one ContentSource of a running site.
 */
export class ContentService implements ContentSource {
  private revision: Revision | undefined;
  private previewCache: { key: string; content: Content } | undefined;
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

  /** Stores the sample's sections that the database does not have yet (every section, on an empty database). */
  static async seed(db: Knex, sample: Content): Promise<SectionId[]> {
    const documents = splitContent(sample);
    const existing = new Set((await readSectionStates(db)).map((state) => state.section));
    const added: SectionId[] = [];
    for (const id of SECTION_IDS) {
      if (existing.has(id)) continue;
      const parsed = parseSection(id, documents[id]);
      if (!parsed.ok) {
        const lines = parsed.problems.map((problem) => `  ${id}.${problem.path}: ${problem.message}`);
        throw new ContentError(`Invalid sample content in section "${id}":\n${lines.join('\n')}`);
      }
      await db.transaction(async (trx) => {
        await insertVersion(trx, {
          section: id,
          version: 1,
          data: parsed.data,
          savedBy: 'sample',
          published: { at: new Date(), by: 'sample' },
        });
        await insertSection(trx, id, 1);
      });
      added.push(id);
    }
    return added;
  }

  published(): Content {
    if (!this.revision) throw new Error('content has not been loaded');
    return this.revision.content;
  }

  retiredPlanSlugs(): ReadonlySet<string> {
    return this.revision?.retiredPlanSlugs ?? new Set();
  }

  /** Reads and validates the published sections into a new in-memory revision. Throws ContentError when invalid. */
  async load(): Promise<Content> {
    const [versions, planHistory] = await Promise.all([
      readPublishedVersions(this.db),
      publishedPlanDocuments(this.db),
    ]);
    const documents: Partial<Record<SectionId, unknown>> = {};
    for (const version of versions) {
      if ((SECTION_IDS as string[]).includes(version.section))
        documents[version.section as SectionId] = validPublished(version);
    }
    const missing = SECTION_IDS.filter((id) => documents[id] === undefined);
    if (missing.length > 0) throw new ContentError(`No published content for section(s): ${missing.join(', ')}`);
    const sections = documents as SectionDocuments;
    const current = new Set(sections['floor-plans'].plans.map((plan) => plan.slug));
    const retired = new Set(planHistory.flatMap(slugsOf).filter((slug) => !current.has(slug)));
    const content = assembleContent(sections);
    this.revision = { content, documents: sections, retiredPlanSlugs: retired, key: publishedKey(versions) };
    this.previewCache = undefined;
    return content;
  }

  /**
   * Reloads after a change elsewhere, when a section's published version moved (the shared revision also moves for
   * homesites, which leave content as it is); a failure keeps the revision in force and is logged.
   */
  async reload(): Promise<void> {
    try {
      if (this.revision) {
        const states = await readSectionStates(this.db);
        const key = publishedKey(states.map((state) => ({ section: state.section, version: state.publishedVersion })));
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

  /** The content with every section's draft in place of its published document, for staff preview. */
  async preview(): Promise<Content> {
    const drafts = await readDraftVersions(this.db);
    const key = drafts
      .map((draft) => `${draft.section}:${draft.version}`)
      .sort()
      .join(',');
    if (this.previewCache?.key === key) {
      return this.previewCache.content;
    }
    const documents = { ...this.revisionOrThrow().documents } as Record<SectionId, unknown>;
    for (const draft of drafts) {
      const id = draft.section as SectionId;
      if (!(SECTION_IDS as string[]).includes(id)) continue;
      const parsed = parseSection(id, draft.data);
      if (parsed.ok) documents[id] = parsed.data;
    }
    const content = assembleContent(documents as SectionDocuments);
    this.previewCache = { key, content };
    return content;
  }

  private revisionOrThrow(): Revision {
    if (!this.revision) throw new Error('content has not been loaded');
    return this.revision;
  }

  async states(): Promise<SectionState[]> {
    return readSectionStates(this.db);
  }

  async view(id: SectionId): Promise<SectionView | undefined> {
    const state = (await readSectionStates(this.db)).find((row) => row.section === id);
    if (!state) return undefined;
    const [published, draft] = await Promise.all([
      readVersion(this.db, id, state.publishedVersion),
      state.draftVersion === null ? undefined : readVersion(this.db, id, state.draftVersion),
    ]);
    if (!published) return undefined;
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
  }

  /** Saves a new draft version from `baseVersion`; 409 when someone saved or published since. */
  async saveDraft(
    id: SectionId,
    data: unknown,
    baseVersion: number,
    by: string,
  ): Promise<ContentChangeResult<{ version: number }>> {
    const parsed = parseSection(id, data);
    if (!parsed.ok) return { ok: false, status: 400, problems: parsed.problems };
    const problems = this.slugProblems(id, parsed.data);
    if (problems.length > 0) return { ok: false, status: 400, problems };
    const outcome = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, id);
      if (!state) return { conflict: false as const, missing: true as const };
      const latest = state.draftVersion ?? state.publishedVersion;
      if (baseVersion !== latest) return { conflict: true as const, latest };
      const version = await nextVersion(trx, id);
      await insertVersion(trx, { section: id, version, data: parsed.data, savedBy: by });
      await setDraft(trx, id, version);
      return { conflict: false as const, version };
    });
    if ('missing' in outcome) return { ok: false, status: 404, message: `No section ${id}` };
    if (outcome.conflict)
      return this.conflict(id, outcome.latest, `Someone saved this section since version ${baseVersion}`);
    return { ok: true, value: { version: outcome.version } };
  }

  /**
   * A plan's slug is its address: once published it never changes. A plan whose slug was published before and is
   * no longer published (retired) may come back; a new plan needs a slug no other plan had.
   */
  private slugProblems(id: SectionId, data: unknown): SectionProblem[] {
    if (id !== 'floor-plans' || !this.revision) return [];
    const plans = (data as SectionDocuments['floor-plans']).plans;
    const published = this.revision.documents['floor-plans'].plans;
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

  private async conflict(id: SectionId, latestVersion: number, message: string): Promise<ContentChangeResult<never>> {
    const view = await this.view(id);
    return { ok: false, status: 409, message, draft: view?.draft ?? null, latestVersion };
  }

  /** Publishes the current draft now. */
  async publish(
    id: SectionId,
    version: number,
    actor: ContentActor,
  ): Promise<ContentChangeResult<{ version: number }>> {
    const outcome = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, id);
      if (!state) return 'missing' as const;
      if (state.draftVersion !== version) return 'stale' as const;
      await this.publishInside(trx, state, version, actor);
      return 'done' as const;
    });
    if (outcome === 'missing') return { ok: false, status: 404, message: `No section ${id}` };
    if (outcome === 'stale') {
      const latest = (await this.view(id))?.draft?.version;
      return this.conflict(id, latest ?? version, `Version ${version} is not the current draft`);
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
    if (state.section === 'floor-plans') {
      const before = await readVersion(trx, 'floor-plans', state.publishedVersion);
      const after = await readVersion(trx, 'floor-plans', version);
      await renamePlansOnHomesites(trx, before?.data, after?.data);
    }
    await markPublished(trx, state.section, version, by, this.clock(), draftLeft);
    if (state.scheduledVersion === version) await setSchedule(trx, state.section, null);
    await recordAudit(trx, {
      actor: by,
      action: 'content.publish',
      target: `content/${state.section}`,
      ip: actor.ip,
      details: { version, from: state.publishedVersion, ...(scheduled ? { scheduled: true } : {}) },
    });
  }

  private async afterPublish(section: SectionId): Promise<void> {
    await this.load();
    await this.publicContent.changed(`content published: ${section}`);
  }

  /** Schedules the current draft to be published at `at`. */
  async schedule(
    id: SectionId,
    version: number,
    at: Date,
    actor: ContentActor,
  ): Promise<ContentChangeResult<{ version: number; at: string }>> {
    const by = actor.username;
    if (at.getTime() <= this.clock().getTime()) {
      return {
        ok: false,
        status: 400,
        problems: [{ path: 'at', message: 'The time to publish must be in the future.' }],
      };
    }
    const outcome = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, id);
      if (!state) return 'missing' as const;
      if (state.draftVersion !== version) return 'stale' as const;
      await setSchedule(trx, id, { version, at, by });
      await recordAudit(trx, {
        actor: by,
        action: 'content.schedule',
        target: `content/${id}`,
        ip: actor.ip,
        details: { version, at: at.toISOString() },
      });
      return 'done' as const;
    });
    if (outcome === 'missing') return { ok: false, status: 404, message: `No section ${id}` };
    if (outcome === 'stale') {
      const latest = (await this.view(id))?.draft?.version;
      return this.conflict(id, latest ?? version, `Version ${version} is not the current draft`);
    }
    return { ok: true, value: { version, at: at.toISOString() } };
  }

  /**
   * Throws the draft away: the section is its published version again (the draft's version stays in the history
   * of saved versions, as every version does). `version` is the draft the person saw; a draft saved since, or none,
   * is a 409 with the latest draft, so nobody discards a colleague's work unseen. A schedule of that draft goes too.
   */
  async discardDraft(
    id: SectionId,
    version: number,
    actor: ContentActor,
  ): Promise<ContentChangeResult<{ discarded: number; published: number }>> {
    const outcome = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, id);
      if (!state) return 'missing' as const;
      if (state.draftVersion === null || state.draftVersion !== version) return 'stale' as const;
      const unscheduled = state.scheduledVersion === version;
      await setDraft(trx, id, null);
      if (unscheduled) await setSchedule(trx, id, null);
      await recordAudit(trx, {
        actor: actor.username,
        action: 'content.draft-discarded',
        target: `content/${id}`,
        ip: actor.ip,
        details: { version, ...(unscheduled ? { scheduleCancelled: state.scheduledAt } : {}) },
      });
      return { published: state.publishedVersion };
    });
    if (outcome === 'missing') return { ok: false, status: 404, message: `No section ${id}` };
    if (outcome === 'stale') {
      const latest = (await this.view(id))?.draft?.version;
      return this.conflict(
        id,
        latest ?? version,
        latest === undefined
          ? 'There is no draft to discard any more: someone published or discarded it.'
          : `Someone saved draft version ${latest} after you opened the editor: open it again to see it first.`,
      );
    }
    return { ok: true, value: { discarded: version, published: outcome.published } };
  }

  async cancelSchedule(id: SectionId, actor: ContentActor): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, id);
      if (!state || state.scheduledVersion === null) return false;
      await setSchedule(trx, id, null);
      await recordAudit(trx, {
        actor: actor.username,
        action: 'content.schedule-cancelled',
        target: `content/${id}`,
        ip: actor.ip,
        details: { version: state.scheduledVersion, at: state.scheduledAt },
      });
      return true;
    });
  }

  async versions(
    id: SectionId,
  ): Promise<{ version: number; publishedAt: string | null; publishedBy: string | null }[]> {
    return (await listPublishedVersions(this.db, id)).map((version) => ({
      version: version.version,
      publishedAt: version.publishedAt,
      publishedBy: version.publishedBy,
    }));
  }

  async version(id: SectionId, version: number): Promise<StoredVersion | undefined> {
    return readVersion(this.db, id, version);
  }

  /** A published version's data becomes a new draft (never published by itself). */
  async restore(
    id: SectionId,
    version: number,
    actor: ContentActor,
  ): Promise<ContentChangeResult<{ version: number }>> {
    const by = actor.username;
    const old = await readVersion(this.db, id, version);
    if (!old || old.publishedAt === null)
      return { ok: false, status: 404, message: `Version ${version} of ${id} was never published` };
    const parsed = parseSection(id, old.data);
    if (!parsed.ok) return { ok: false, status: 400, problems: parsed.problems };
    const created = await this.db.transaction(async (trx) => {
      const state = await lockSectionState(trx, id);
      if (!state) return undefined;
      const next = await nextVersion(trx, id);
      await insertVersion(trx, { section: id, version: next, data: parsed.data, savedBy: by });
      await setDraft(trx, id, next);
      await recordAudit(trx, {
        actor: by,
        action: 'content.restore',
        target: `content/${id}`,
        ip: actor.ip,
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
    const today = communityToday(this.revision.content, this.clock().getTime());
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
        const fresh = await lockSectionState(trx, state.section);
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
