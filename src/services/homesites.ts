import type { Knex } from 'knex';
import {
  findHomesite,
  insertHomesiteChanges,
  insertHomesites,
  listHomesiteChanges,
  listHomesites,
  lockHomesites,
  updateHomesite,
  type HomesiteChangeRow,
  type HomesiteRow,
} from '../db/homesites.js';
import { insertInterestRelease } from '../db/interest-entries.js';
import { EDITABLE_HOMESITE_FIELDS, pickFields, type EditableField } from '../shared/homesite-record.js';
import type { HomesiteFacts, HomesiteStatus, PriceRange } from '../shared/homesite-rules.js';
import { isRelease } from '../shared/homesite-release.js';
import { bulkStatusSchema, describeIssues, homesiteFactsSchema, homesiteUpdateSchema } from './homesite-schemas.js';
import type { PublicContentChanges } from './public-content.js';

/** A change that cannot be made as asked; the web layer answers it with `status`. */
export class HomesiteError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
    readonly problems: string[] = [message],
  ) {
    super(message);
  }
}

/** The editor saw an older version than the stored one: nothing changed, here is what is stored now. */
export class HomesiteConflict extends Error {
  constructor(readonly stored: HomesiteRow) {
    super(`Homesite ${stored.lot} was changed by ${stored.updated_by ?? 'someone else'} meanwhile.`);
  }
}

/** What a staff change changed: field → [old, new]. */
export type FieldChanges = Record<string, [unknown, unknown]>;

export interface HomesiteChange {
  id: number;
  lot: number;
  at: string;
  by: string;
  source: string;
  changes: FieldChanges;
}

/** One row's planned change (for the import's dry run and its answer). */
export interface PlannedChange {
  lot: number;
  line?: number;
  created: boolean;
  changes: FieldChanges;
}

/** What homesite changes are checked against, from one content revision. */
export interface HomesiteRules {
  /** Display names of the floor plans; a homesite's plan is one of them or null. */
  planNames: readonly string[];
  /** The prices a home here plausibly sells for (content: `homesites.priceRange`); others are refused as typos. */
  priceRange: PriceRange;
  /** Lot numbers that have a shape on the site plan; only those can be created (by an import). */
  lotsOnPlan: ReadonlySet<number>;
}

const schemasByRules = new WeakMap<
  HomesiteRules,
  { facts: ReturnType<typeof homesiteFactsSchema>; update: ReturnType<typeof homesiteUpdateSchema> }
>();

/** The validation schemas of one set of rules, built once per rules object (once per content revision). */
function schemasOf(rules: HomesiteRules) {
  let schemas = schemasByRules.get(rules);
  if (!schemas) {
    schemas = {
      facts: homesiteFactsSchema(rules.planNames, rules.priceRange),
      update: homesiteUpdateSchema(rules.planNames, rules.priceRange),
    };
    schemasByRules.set(rules, schemas);
  }
  return schemas;
}

export interface HomesiteServiceDeps {
  db: Knex;
  /** The community whose homesites these are (decision 050). */
  community: number;
  /** The rules of the content revision in force, asked at each change (they follow a publish). */
  rules: () => HomesiteRules;
  /** Told after every committed change that public pages show (the page cache listens to it). */
  publicContent: Pick<PublicContentChanges, 'changed'>;
  now?: () => Date;
}

/** The fields whose value differs, as field → [old, new]. */
export function diffHomesite(
  before: Partial<Record<EditableField, unknown>>,
  after: Partial<Record<EditableField, unknown>>,
): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of Object.keys(after) as EditableField[]) {
    const old = before[field] ?? null;
    const next = after[field] ?? null;
    if (old !== next) changes[field] = [old, next];
  }
  return changes;
}

function toChange(row: HomesiteChangeRow): HomesiteChange {
  return {
    id: row.id,
    lot: row.lot,
    at: row.changed_at,
    by: row.changed_by,
    source: row.source,
    changes: JSON.parse(row.changes) as FieldChanges,
  };
}

/** A write that rows and history both see: the new values, the history entry, and the version check. */
interface Write {
  before: HomesiteRow | undefined;
  row: HomesiteRow;
  changes: FieldChanges;
}

/**
 * Homesites and their history. Every change runs in one transaction that also writes the history, so a lot's
 * row and its record of who changed it never disagree; a change that touches nothing writes nothing.
 */
export function createHomesiteService(deps: HomesiteServiceDeps) {
  const { db, community } = deps;
  const now = deps.now ?? (() => new Date());
  const factsSchema = { safeParse: (value: unknown) => schemasOf(deps.rules()).facts.safeParse(value) };
  const updateSchema = { safeParse: (value: unknown) => schemasOf(deps.rules()).update.safeParse(value) };
  const lotsOnPlan = { has: (lot: number) => deps.rules().lotsOnPlan.has(lot) };

  async function published(changed: boolean, reason: string): Promise<void> {
    if (changed) await deps.publicContent.changed(reason);
  }

  /**
   * Applies writes in one transaction: rows in lot order (so two bulk saves on PostgreSQL queue on the same first
   * row instead of deadlocking), each guarded by its version, then the history rows.
   */
  async function applyWrites(
    trx: Knex.Transaction,
    writes: Write[],
    who: { username: string; source: string; at: string },
  ): Promise<void> {
    const ordered = [...writes].sort((a, b) => a.row.lot - b.row.lot);
    const inserts = ordered.filter((write) => !write.before).map((write) => write.row);
    if (inserts.length > 0) await insertHomesites(trx, community, inserts);
    for (const write of ordered) {
      if (!write.before) continue;
      const moved = !(await updateHomesite(
        trx,
        community,
        write.row.lot,
        write.before.version,
        pickFields(write.row, EDITABLE_HOMESITE_FIELDS),
        { at: who.at, username: who.username },
      ));
      if (moved) {
        const stored = await findHomesite(trx, community, write.row.lot);
        if (stored) throw new HomesiteConflict(stored);
      }
    }
    const released = ordered
      .filter((write) => isRelease(write.before?.status, write.row.status))
      .map((write) => write.row.lot);
    // The interest list hears of it (services/interest-list.ts): recorded with the change, so exactly when it commits.
    if (released.length > 0) await insertInterestRelease(trx, community, released, who.at);
    await insertHomesiteChanges(
      trx,
      community,
      ordered.map((write) => ({
        lot: write.row.lot,
        changed_at: who.at,
        changed_by: who.username,
        source: who.source,
        changes: JSON.stringify(write.changes),
      })),
    );
  }

  return {
    list(status?: HomesiteStatus): Promise<HomesiteRow[]> {
      return listHomesites(db, community, status);
    },

    find(lot: number): Promise<HomesiteRow | undefined> {
      return findHomesite(db, community, lot);
    },

    /** Parses and validates `{status, plan, price, ready, version}` without touching the database. */
    parseUpdate(input: unknown): HomesiteFacts & { version: number } {
      const parsed = updateSchema.safeParse(input);
      if (!parsed.success) {
        const problems = describeIssues(parsed.error);
        throw new HomesiteError(problems.join('; '), 400, problems);
      }
      return parsed.data;
    },

    /**
     * Saves one homesite's facts when `version` is still the stored one (HomesiteConflict otherwise, nothing
     * changed). Returns the stored row after the save.
     */
    async update(lot: number, input: unknown, username: string): Promise<HomesiteRow> {
      const { version, ...facts } = this.parseUpdate(input);
      const at = now().toISOString();
      const result = await db.transaction(async (trx) => {
        const [before] = await lockHomesites(trx, community, [lot]);
        if (!before) throw new HomesiteError(`There is no homesite ${lot}.`);
        if (before.version !== version) throw new HomesiteConflict(before);
        const changes = diffHomesite(before, facts);
        if (Object.keys(changes).length === 0) return { row: before, changed: false };
        const row: HomesiteRow = {
          ...before,
          ...facts,
          version: before.version + 1,
          updated_at: at,
          updated_by: username,
        };
        await applyWrites(trx, [{ before, row, changes }], { username, source: 'edit', at });
        return { row, changed: true };
      });
      await published(result.changed, 'changed a homesite');
      return result.row;
    },

    /** Sets one status on many lots, all or nothing: every lot must exist and still satisfy the rules. */
    async bulkSetStatus(input: unknown, username: string): Promise<HomesiteRow[]> {
      const parsed = bulkStatusSchema.safeParse(input);
      if (!parsed.success) {
        const problems = describeIssues(parsed.error);
        throw new HomesiteError(problems.join('; '), 400, problems);
      }
      const lots = [...new Set(parsed.data.lots)].sort((a, b) => a - b);
      const { status } = parsed.data;
      const at = now().toISOString();
      const result = await db.transaction(async (trx) => {
        const stored = await lockHomesites(trx, community, lots);
        const found = new Set(stored.map((row) => row.lot));
        const unknown = lots.filter((lot) => !found.has(lot));
        if (unknown.length > 0) throw new HomesiteError(`There is no homesite ${unknown.join(', ')}.`);
        const problems: string[] = [];
        const writes: Write[] = [];
        for (const before of stored) {
          const facts = { status, plan: before.plan, price: before.price, ready: before.ready };
          const check = factsSchema.safeParse(facts);
          if (!check.success) {
            problems.push(...describeIssues(check.error).map((problem) => `homesite ${before.lot}: ${problem}`));
            continue;
          }
          const changes = diffHomesite(before, { status });
          if (Object.keys(changes).length === 0) continue;
          writes.push({
            before,
            row: { ...before, status, version: before.version + 1, updated_at: at, updated_by: username },
            changes,
          });
        }
        if (problems.length > 0) throw new HomesiteError(problems.join('; '), 400, problems);
        await applyWrites(trx, writes, { username, source: 'bulk', at });
        const rows = new Map(stored.map((row) => [row.lot, row]));
        for (const write of writes) rows.set(write.row.lot, write.row);
        return { rows: [...rows.values()], changed: writes.length > 0 };
      });
      await published(result.changed, 'changed the status of several homesites');
      return result.rows;
    },

    /**
     * Applies rows from an import: each is created (a lot on the site plan with no row yet) or updated when its
     * version still matches. `dryRun` computes the same plan inside the transaction and rolls it back.
     */
    async applyRows(
      rows: Array<{ line: number; lot: number; version: number | null; values: Record<EditableField, unknown> }>,
      options: { username: string; dryRun: boolean },
    ): Promise<{ planned: PlannedChange[]; problems: Array<{ line: number; column: string; message: string }> }> {
      const at = now().toISOString();
      const problems: Array<{ line: number; column: string; message: string }> = [];
      const planned: PlannedChange[] = [];
      const rollback = new Error('dry run');
      try {
        await db.transaction(async (trx) => {
          const stored = new Map(
            (
              await lockHomesites(
                trx,
                community,
                rows.map((row) => row.lot),
              )
            ).map((row) => [row.lot, row]),
          );
          const writes: Write[] = [];
          for (const input of rows) {
            const before = stored.get(input.lot);
            if (!before && !lotsOnPlan.has(input.lot)) {
              problems.push({
                line: input.line,
                column: 'lot',
                message: `there is no lot ${input.lot} on the site plan`,
              });
              continue;
            }
            if (before && input.version !== null && input.version !== before.version) {
              problems.push({
                line: input.line,
                column: 'version',
                message: `homesite ${input.lot} changed since this file was exported (version ${input.version}, stored ${before.version})`,
              });
              continue;
            }
            const values = input.values as Pick<HomesiteRow, EditableField>;
            const changes = diffHomesite(before ?? {}, values);
            if (before && Object.keys(changes).length === 0) continue;
            const row: HomesiteRow = {
              ...values,
              lot: input.lot,
              version: before ? before.version + 1 : 1,
              updated_at: at,
              updated_by: options.username,
            };
            writes.push({ before, row, changes });
            planned.push({ lot: input.lot, line: input.line, created: !before, changes });
          }
          if (problems.length > 0) return;
          await applyWrites(trx, writes, { username: options.username, source: 'import', at });
          if (options.dryRun) throw rollback;
        });
      } catch (error) {
        if (error !== rollback) throw error;
      }
      await published(!options.dryRun && problems.length === 0 && planned.length > 0, 'imported homesites');
      return { planned, problems };
    },

    async history(lot: number, limit = 200): Promise<HomesiteChange[]> {
      return (await listHomesiteChanges(db, community, { lot, limit })).map(toChange);
    },

    async recentChanges(limit = 10): Promise<HomesiteChange[]> {
      return (await listHomesiteChanges(db, community, { limit })).map(toChange);
    },

    isLotOnPlan(lot: number): boolean {
      return lotsOnPlan.has(lot);
    },

    /** Validates facts (CSV rows) with the same rules as the editor: one problem per field. */
    checkFacts(facts: HomesiteFacts): Array<{ field: string; message: string }> {
      const parsed = factsSchema.safeParse(facts);
      if (parsed.success) return [];
      return parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
    },
  };
}

export type HomesiteService = ReturnType<typeof createHomesiteService>;
