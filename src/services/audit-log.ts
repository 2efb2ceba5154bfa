import type { Knex } from 'knex';
import { insertAuditRow, pruneAuditRowsBefore } from '../db/audit-log.js';

/**
 * The audit trail (contract, "A team with roles"): one row per staff action, only ever added. Every writer calls
 * recordAudit — the routers of src/web/admin, the sign-in, and the content editors (publish, schedule, restore).
 */

/** The actions there are, named as the audit page and its CSV show them. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in.failed',
  'sign-in.two-factor-failed',
  'sign-out',
  'account.invited',
  'account.invitation-revoked',
  'account.invitations-cancelled',
  'account.created',
  'account.role',
  'account.deactivated',
  'account.reactivated',
  'account.password',
  'account.password-reset',
  'account.password-reset-requested',
  'account.password-set',
  'account.email',
  'account.display-name',
  'account.sessions-ended',
  'account.reauth-failed',
  'account.calendar-token',
  'account.communities',
  'two-factor.enabled',
  'two-factor.replaced',
  'two-factor.reset',
  'two-factor.disabled',
  'two-factor.recovery-codes',
  'two-factor.recovery-code-used',
  'two-factor.passkey-added',
  'two-factor.passkey-removed',
  'team.require-two-factor',
  'content.publish',
  'content.schedule',
  'content.schedule-cancelled',
  'content.restore',
  'content.draft-discarded',
  'homesite.change',
  'homesite.bulk',
  'homesite.import',
  'homesites.export',
  'team.auto-assign',
  'lead.status',
  'lead.notes',
  'lead.note',
  'lead.owner',
  'leads.handed-over',
  'lead.follow-up',
  'lead.reply',
  'lead.read',
  'lead.deleted',
  'leads.export',
  'audit.export',
  'tour.booked',
  'tour.cancelled',
  'tour.moved',
  'tour.status',
  'interest.update-sent',
  'file.deleted',
  'image.added',
  'community.created',
  'community.published',
  'community.status',
  'community.site-plan',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acts, from where: the audit row's actor and ip (a service that writes its own row takes one). */
export interface Actor {
  username: string;
  ip: string;
}

export interface AuditEntry {
  /** The username who acted ('' for a stranger, e.g. a failed sign-in's typed name goes in target). */
  actor: string;
  action: AuditAction;
  /** What it was done to: an account, `homesite/12`, `message/4`, `content/floor-plans`. */
  target?: string;
  ip?: string;
  /** Old → new for small fields ({status: ['new', 'contacted']}), a reference for content ({version: 7}). */
  details?: Record<string, unknown>;
  /** The community the action was in (decision 050); absent or null for the builder's. */
  community?: number | null;
}

const MAX_TARGET = 200;

/** Adds one row to the audit trail (inside `db` when it is a transaction: the row goes with the change). */
export async function recordAudit(db: Knex | Knex.Transaction, entry: AuditEntry, at = new Date()): Promise<void> {
  await insertAuditRow(db, {
    at: at.toISOString(),
    actor: entry.actor.slice(0, 64),
    action: entry.action,
    target: (entry.target ?? '').slice(0, MAX_TARGET),
    ip: (entry.ip ?? '').slice(0, 64),
    details: JSON.stringify(entry.details ?? {}),
    community_id: entry.community ?? null,
  });
}

/** AUDIT_RETENTION_DAYS' default: two years. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;
const DAY_MS = 24 * 3600 * 1000;

/** Removes rows older than the retention, by age alone: the one way a row ever leaves. */
export function pruneAuditLog(db: Knex, retentionDays: number, now = Date.now()): Promise<number> {
  return pruneAuditRowsBefore(db, new Date(now - retentionDays * DAY_MS).toISOString());
}
