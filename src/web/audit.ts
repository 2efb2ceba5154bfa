import type { Request } from 'express';
import type { Knex } from 'knex';
import { recordAudit, type AuditAction } from '../services/audit-log.js';

/** Who acts and from where, for a service that records the audit row itself. */
export function actorOf(req: Request): { username: string; ip: string } {
  return { username: req.user?.username ?? '', ip: req.ip ?? '' };
}

/**
 * One audit row for what this staff request did: the signed-in person, the client's address (as TRUST_PROXY
 * reads it). For routers that write through a service of their own (homesites, leads, images, content).
 */
export function auditRequest(
  db: Knex | Knex.Transaction,
  req: Request,
  action: AuditAction,
  target = '',
  details?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, { actor: req.user?.username ?? '', ip: req.ip ?? '', action, target, details });
}
