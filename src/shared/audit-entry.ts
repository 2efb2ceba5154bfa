/**
 * One row of the audit trail, as the table holds it and the audit page shows it (`details` is the JSON text as
 * stored): the database layer reads it, the view takes it as its props.
 */
export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string;
  ip: string;
  details: string;
  /** The community the action was in; null for the builder's (accounts, the plan library, sign-in). */
  community_id: number | null;
}
