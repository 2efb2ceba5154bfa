import type { Knex } from 'knex';
import { narrow } from './staff-scope.js';
import { type StaffScope } from '../shared/staff-scope.js';
import type { AuditEntry } from '../shared/audit-entry.js';

/**
 * The audit trail's table. Rows are only ever added: this module has an insert, reads, and a prune by age, and
 * no update or delete of a single row (test/db/audit-log-append-only.test.ts holds every source file to that).
 */

export type AuditRow = AuditEntry;

export type NewAuditRow = Omit<AuditRow, 'id'>;

export async function insertAuditRow(db: Knex | Knex.Transaction, row: NewAuditRow): Promise<void> {
  await db('audit_log').insert(row);
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  /**
   * The reader's communities: a limited account reads only its communities' rows; builder-wide rows (no
   * community) only an account with every community (decision 050).
   */
  scope: StaffScope;
}

function filtered(db: Knex, filter: AuditFilter): Knex.QueryBuilder {
  const query = narrow(db('audit_log'), 'community_id', filter.scope);
  if (filter.actor) query.where({ actor: filter.actor });
  if (filter.action) query.where({ action: filter.action });
  if (filter.from) query.where('at', '>=', filter.from);
  if (filter.to) query.where('at', '<', filter.to);
  return query;
}

/** Newest first. */
export function listAuditRows(
  db: Knex,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return filtered(db, filter)
    .select<AuditRow[]>('id', 'at', 'actor', 'action', 'target', 'ip', 'details')
    .orderBy([
      { column: 'at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAuditRows(db: Knex, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** The actors and actions there are, for the filters' choices. */
export async function auditChoices(db: Knex, scope: StaffScope): Promise<{ actors: string[]; actions: string[] }> {
  const [actors, actions] = await Promise.all([
    narrow(db('audit_log'), 'community_id', scope).distinct('actor').orderBy('actor').pluck('actor'),
    narrow(db('audit_log'), 'community_id', scope).distinct('action').orderBy('action').pluck('action'),
  ]);
  return { actors: actors as string[], actions: actions as string[] };
}

/** The only removal: every row older than the retention, by age alone. */
export function pruneAuditRowsBefore(db: Knex, before: string): Promise<number> {
  return db('audit_log').where('at', '<', before).delete();
}
