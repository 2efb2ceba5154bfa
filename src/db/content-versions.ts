import type { Knex } from 'knex';
import { isSqlite } from './connect.js';
import { storedTimestampToIso } from './stored-timestamp.js';

/** Which section: of the builder (scope 0) or of one community (its id) (decision 050). */
export interface SectionKey {
  scope: number;
  section: string;
}

/** The builder's sections' scope. */
export const BUILDER_SCOPE = 0;

/** One row of content_sections: what is published, drafted and scheduled of a section. */
export interface SectionState {
  scope: number;
  section: string;
  publishedVersion: number;
  draftVersion: number | null;
  scheduledVersion: number | null;
  scheduledAt: string | null;
  scheduledBy: string | null;
}

export interface StoredVersion {
  scope: number;
  section: string;
  version: number;
  data: unknown;
  savedAt: string;
  savedBy: string;
  publishedAt: string | null;
  publishedBy: string | null;
}

interface SectionRow {
  scope: number | string;
  section: string;
  published_version: number;
  draft_version: number | null;
  scheduled_version: number | null;
  scheduled_at: string | Date | null;
  scheduled_by: string | null;
}

interface VersionRow {
  scope: number | string;
  section: string;
  version: number;
  data: string;
  saved_at: string | Date;
  saved_by: string;
  published_at: string | Date | null;
  published_by: string | null;
}

function toState(row: SectionRow): SectionState {
  return {
    scope: Number(row.scope),
    section: row.section,
    publishedVersion: Number(row.published_version),
    draftVersion: row.draft_version === null ? null : Number(row.draft_version),
    scheduledVersion: row.scheduled_version === null ? null : Number(row.scheduled_version),
    scheduledAt: row.scheduled_at === null ? null : storedTimestampToIso(row.scheduled_at),
    scheduledBy: row.scheduled_by,
  };
}

function toVersion(row: VersionRow): StoredVersion {
  return {
    scope: Number(row.scope),
    section: row.section,
    version: Number(row.version),
    data: JSON.parse(row.data) as unknown,
    savedAt: storedTimestampToIso(row.saved_at),
    savedBy: row.saved_by,
    publishedAt: row.published_at === null ? null : storedTimestampToIso(row.published_at),
    publishedBy: row.published_by,
  };
}

/** A timestamp as the database stores it: SQLite compares text, so it gets CURRENT_TIMESTAMP's own form. */
function storedTime(db: Knex, at: Date): string | Date {
  return isSqlite(db) ? at.toISOString().replace('T', ' ').slice(0, 19) : at;
}

export async function readSectionStates(db: Knex, scope?: number): Promise<SectionState[]> {
  const query = db<SectionRow>('content_sections').select('*').orderBy(['scope', 'section']);
  if (scope !== undefined) void query.where({ scope });
  return (await query).map(toState);
}

/** The section's row, locked for the rest of the transaction on PostgreSQL (SQLite writes one at a time). */
export async function lockSectionState(trx: Knex.Transaction, key: SectionKey): Promise<SectionState | undefined> {
  const query = trx<SectionRow>('content_sections').where(key).first();
  const row = isSqlite(trx) ? await query : await query.forUpdate();
  return row ? toState(row) : undefined;
}

export async function readVersion(db: Knex, key: SectionKey, version: number): Promise<StoredVersion | undefined> {
  const row = await db<VersionRow>('content_versions')
    .where({ ...key, version })
    .first();
  return row ? toVersion(row) : undefined;
}

/** These versions of these sections, in one read (a version missing from the table is missing from the answer). */
export async function readVersions(
  db: Knex,
  wanted: readonly (SectionKey & { version: number })[],
): Promise<StoredVersion[]> {
  if (wanted.length === 0) return [];
  const rows = await db<VersionRow>('content_versions').whereIn(
    ['scope', 'section', 'version'],
    wanted.map(({ scope, section, version }) => [scope, section, version]),
  );
  return rows.map(toVersion);
}

/** The published version of every section, as stored (validated by the caller). */
export async function readPublishedVersions(db: Knex): Promise<StoredVersion[]> {
  const rows = await db<VersionRow>('content_versions as v')
    .join('content_sections as s', function joinPublished() {
      this.on('s.scope', '=', 'v.scope')
        .andOn('s.section', '=', 'v.section')
        .andOn('s.published_version', '=', 'v.version');
    })
    .select('v.*');
  return rows.map(toVersion);
}

/** The draft version of every section that has one. */
export async function readDraftVersions(db: Knex): Promise<StoredVersion[]> {
  const rows = await db<VersionRow>('content_versions as v')
    .join('content_sections as s', function joinDraft() {
      this.on('s.scope', '=', 'v.scope')
        .andOn('s.section', '=', 'v.section')
        .andOn('s.draft_version', '=', 'v.version');
    })
    .select('v.*');
  return rows.map(toVersion);
}

/** Every version of a section that was ever published, newest first (data included when asked). */
export async function listPublishedVersions(db: Knex, key: SectionKey): Promise<StoredVersion[]> {
  const rows = await db<VersionRow>('content_versions')
    .where(key)
    .whereNotNull('published_at')
    .orderBy('version', 'desc');
  return rows.map(toVersion);
}

export async function nextVersion(trx: Knex.Transaction, key: SectionKey): Promise<number> {
  const row = await trx('content_versions').where(key).max<{ max: number | string | null }>('version as max').first();
  return Number(row?.max ?? 0) + 1;
}

export async function insertVersion(
  trx: Knex.Transaction,
  row: SectionKey & { version: number; data: unknown; savedBy: string; published?: { at: Date; by: string } },
): Promise<void> {
  await trx('content_versions').insert({
    scope: row.scope,
    section: row.section,
    version: row.version,
    data: JSON.stringify(row.data),
    saved_by: row.savedBy,
    published_at: row.published ? storedTime(trx, row.published.at) : null,
    published_by: row.published?.by ?? null,
  });
}

/** A section's first state: its version 1, published. */
export async function insertSection(trx: Knex.Transaction, key: SectionKey, version: number): Promise<void> {
  await trx('content_sections').insert({ ...key, published_version: version });
}

export async function setDraft(trx: Knex.Transaction, key: SectionKey, version: number | null): Promise<void> {
  await trx('content_sections').where(key).update({ draft_version: version });
}

/** Marks a version published (its data untouched) and points the section at it. */
export async function markPublished(
  trx: Knex.Transaction,
  key: SectionKey,
  version: number,
  by: string,
  at: Date,
  draftLeft: number | null,
): Promise<void> {
  await trx('content_versions')
    .where({ ...key, version })
    .update({ published_at: storedTime(trx, at), published_by: by });
  await trx('content_sections').where(key).update({ published_version: version, draft_version: draftLeft });
}

export async function setSchedule(
  trx: Knex.Transaction,
  key: SectionKey,
  schedule: { version: number; at: Date; by: string } | null,
): Promise<void> {
  await trx('content_sections')
    .where(key)
    .update({
      scheduled_version: schedule?.version ?? null,
      scheduled_at: schedule ? storedTime(trx, schedule.at) : null,
      scheduled_by: schedule?.by ?? null,
    });
}

/** Sections whose schedule is due by `now`. */
export async function dueSchedules(db: Knex, now: Date): Promise<SectionState[]> {
  const rows = await db<SectionRow>('content_sections')
    .whereNotNull('scheduled_version')
    .where('scheduled_at', '<=', storedTime(db, now));
  return rows.map(toState);
}

/**
 * Takes a due schedule for this caller: only one of several instances racing for it gets true, because the update
 * only matches while the schedule is still there.
 */
export async function claimSchedule(trx: Knex.Transaction, state: SectionState): Promise<boolean> {
  const taken = await trx('content_sections')
    .where({ scope: state.scope, section: state.section, scheduled_version: state.scheduledVersion })
    .whereNotNull('scheduled_at')
    .update({ scheduled_version: null, scheduled_at: null, scheduled_by: null });
  return Number(taken) === 1;
}

/**
 * Every plan slug ever published, by scope: the library's plans (scope 0, the floor plans) and each community's
 * offered plans (its offerings). A plan no longer offered where it was answers 410 there.
 */
export async function publishedPlanSlugs(db: Knex): Promise<Map<number, string[]>> {
  const rows = await db<VersionRow>('content_versions')
    .whereIn('section', ['floor-plans', 'offerings'])
    .whereNotNull('published_at')
    .select('scope', 'section', 'data');
  const slugs = new Map<number, Set<string>>();
  for (const row of rows) {
    const plans = (JSON.parse(row.data) as { plans?: { slug?: unknown; plan?: unknown }[] } | null)?.plans;
    if (!Array.isArray(plans)) continue;
    const scope = Number(row.scope);
    const found = slugs.get(scope) ?? new Set<string>();
    for (const plan of plans) {
      const slug = row.section === 'floor-plans' ? plan?.slug : plan?.plan;
      if (typeof slug === 'string') found.add(slug);
    }
    slugs.set(scope, found);
  }
  return new Map([...slugs].map(([scope, found]) => [scope, [...found]]));
}
