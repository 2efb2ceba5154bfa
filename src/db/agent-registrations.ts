import type { Knex } from 'knex';
import { isSqlite } from './connect.js';
import type { LeadContextColumns } from './lead-context-columns.js';
import { leadSearchColumns } from './lead-search.js';

/** Who registered the client, and the protection the registration holds (ISO 8601 UTC; null for spam). */
export interface RegisteringAgent {
  agent_firstname: string;
  agent_lastname: string;
  agent_email: string;
  agent_phone: string;
  brokerage: string;
  license: string;
  protected_since: string | null;
  protected_until: string | null;
}

export interface NewAgentRegistration extends LeadContextColumns, RegisteringAgent {
  firstname: string;
  lastname: string;
  email: string;
  message: string;
  is_spam: boolean;
  source_page: string | null;
  user_agent: string | null;
  created_at: string;
}

export async function insertAgentRegistration(db: Knex, row: NewAgentRegistration): Promise<number> {
  const [stored] = await db('agent_registrations')
    .insert({ ...row, ...leadSearchColumns({ ...row, phone: '' }) })
    .returning<{ id: number }[]>('id');
  if (!stored) throw new Error('agent registration insert returned no id');
  return Number(stored.id);
}

export interface ClientClaim {
  client_email_key: string;
  agent_email_key: string;
  since: string;
  until: string;
}

/** The claim on a client's address, read for update on PostgreSQL (held until the transaction ends). */
export async function lockClientClaim(trx: Knex.Transaction, clientKey: string): Promise<ClientClaim | undefined> {
  const query = trx('agent_client_claims').where({ client_email_key: clientKey }).first();
  if (!isSqlite(trx)) void query.forUpdate();
  return (await query) as ClientClaim | undefined;
}

/** A first claim; fails with a unique violation when another transaction claimed the client meanwhile. */
export async function insertClientClaim(trx: Knex.Transaction, claim: ClientClaim): Promise<void> {
  await trx('agent_client_claims').insert(claim);
}

/** Hands an expired claim to a new agent, only while it still ends when it was read to end; false when it moved. */
export async function renewClientClaim(
  trx: Knex.Transaction,
  previousUntil: string,
  claim: ClientClaim,
): Promise<boolean> {
  const updated = await trx('agent_client_claims')
    .where({ client_email_key: claim.client_email_key, until: previousUntil })
    .update({ agent_email_key: claim.agent_email_key, since: claim.since, until: claim.until });
  return updated === 1;
}

/** The registration's agent and client keys, for erasure. */
export async function findAgentRegistrationKeys(
  trx: Knex.Transaction,
  id: number,
): Promise<{ client: string; agent: string } | undefined> {
  const row = (await trx('agent_registrations').where({ id }).first('email', 'agent_email')) as
    { email: string; agent_email: string } | undefined;
  return row && { client: row.email.toLowerCase(), agent: row.agent_email.toLowerCase() };
}

/** Removes the claim a registration made, when it is still that agent's (a client's erasure request). */
export async function removeClientClaim(trx: Knex.Transaction, keys: { client: string; agent: string }): Promise<void> {
  await trx('agent_client_claims').where({ client_email_key: keys.client, agent_email_key: keys.agent }).delete();
}

export async function findRegisteringAgent(db: Knex, id: number): Promise<RegisteringAgent | undefined> {
  return (await db('agent_registrations')
    .where({ id })
    .first(
      'agent_firstname',
      'agent_lastname',
      'agent_email',
      'agent_phone',
      'brokerage',
      'license',
      'protected_since',
      'protected_until',
    )) as RegisteringAgent | undefined;
}
