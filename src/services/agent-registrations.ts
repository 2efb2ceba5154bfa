import type { Knex } from 'knex';
import {
  insertAgentRegistration,
  insertClientClaim,
  lockClientClaim,
  renewClientClaim,
  type ClientClaim,
} from '../db/agent-registrations.js';
import type { DeliveryChannel } from '../db/lead-deliveries.js';
import { leadContextColumns } from '../db/lead-context-columns.js';
import { HONEYPOT_FIELD } from '../shared/contact-form.js';
import { AGENT_FIELDS, AGENT_RULES, validateAgentRegistration, type AgentField } from '../shared/reach-forms.js';
import { cleanText } from '../shared/text-input.js';
import { dateInZone } from '../shared/tour-slots.js';
import { leadRequestColumns, readPostedLeadContext, type LeadRequest } from './lead-context.js';
import { queueNewLead } from './lead-assignment.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AgentRegistrationContext extends LeadRequest {
  /** The content's protection period (agents.protectionDays), read when the registration arrives. */
  protectionDays: number;
  /** The community's zone: the protection's dates in the staff summary are its days. */
  timeZone: string;
  deliveries: readonly DeliveryChannel[];
  planSlugs: readonly string[];
  now?: Date;
}

export type AgentRegistrationOutcome =
  | { kind: 'stored'; id: number; protectedUntil: string }
  | { kind: 'spam'; id: number }
  | { kind: 'invalid'; value: Record<AgentField, string>; errors: Partial<Record<AgentField, string>> }
  /** Another agent registered this client within the protection period: since when (never who). */
  | { kind: 'taken'; value: Record<AgentField, string>; since: string };

/** A unique violation on either database: another transaction claimed the same client first. */
function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || /^SQLITE_CONSTRAINT/.test(code ?? '') || /UNIQUE constraint failed/.test(message ?? '');
}

/** What the staff inbox shows of a registration: the agent's details and the protection it holds. */
function summary(value: Record<AgentField, string>, claim: ClientClaim, timeZone: string): string {
  const day = (iso: string) => dateInZone(Date.parse(iso), timeZone);
  return [
    `Agent: ${value.agent_firstname} ${value.agent_lastname}, ${value.brokerage} (license ${value.license})`,
    `Agent email: ${value.agent_email}; phone: ${value.agent_phone}`,
    `Client protected from ${day(claim.since)} until ${day(claim.until)} (${timeZone} dates).`,
  ].join('\n');
}

/**
 * Takes (or keeps) the client for this agent, in the transaction that stores the registration. The claim is one
 * row per client address: a first registration inserts it, a registration after it expired hands it over, the same
 * agent registering again keeps it as it is (a re-registration does not lengthen the protection). Another agent
 * inside the period gets `taken` with the day the protection began.
 */
async function claimClient(
  trx: Knex.Transaction,
  clientKey: string,
  agentKey: string,
  now: Date,
  days: number,
): Promise<ClientClaim | { taken: string }> {
  const fresh: ClientClaim = {
    client_email_key: clientKey,
    agent_email_key: agentKey,
    since: now.toISOString(),
    until: new Date(now.getTime() + days * DAY_MS).toISOString(),
  };
  const held = await lockClientClaim(trx, clientKey);
  if (!held) {
    await insertClientClaim(trx, fresh);
    return fresh;
  }
  if (Date.parse(held.until) > now.getTime()) {
    return held.agent_email_key === agentKey ? held : { taken: held.since };
  }
  if (await renewClientClaim(trx, held.until, fresh)) return fresh;
  throw Object.assign(new Error('the claim moved'), { code: '23505' });
}

/** Validates a registration, checks the protection period and stores it as a lead whose buyer is the client. */
export async function registerAgentClient(
  db: Knex,
  body: Partial<Record<string, unknown>>,
  context: AgentRegistrationContext,
): Promise<AgentRegistrationOutcome> {
  const now = context.now ?? new Date();
  const meta = {
    ...leadRequestColumns(context),
    ...leadContextColumns(await readPostedLeadContext(db, body, context.planSlugs, context.community)),
    created_at: now.toISOString(),
  };
  const result = validateAgentRegistration(body);
  if (cleanText(body[HONEYPOT_FIELD]) !== '') {
    const value = Object.fromEntries(
      AGENT_FIELDS.map((field) => [field, result.value[field].slice(0, AGENT_RULES[field].max)]),
    ) as Record<AgentField, string>;
    const id = await insertAgentRegistration(db, {
      ...meta,
      ...agentColumns(value),
      message: '',
      protected_since: null,
      protected_until: null,
      is_spam: true,
    });
    return { kind: 'spam', id };
  }
  if (!result.ok) return { kind: 'invalid', value: result.value, errors: result.errors };
  const value = result.value;
  const clientKey = value.client_email.toLowerCase();
  const agentKey = value.agent_email.toLowerCase();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (trx): Promise<AgentRegistrationOutcome> => {
        const claim = await claimClient(trx, clientKey, agentKey, now, context.protectionDays);
        if ('taken' in claim) return { kind: 'taken', value, since: claim.taken };
        const id = await insertAgentRegistration(trx, {
          ...meta,
          ...agentColumns(value),
          message: summary(value, claim, context.timeZone),
          protected_since: claim.since,
          protected_until: claim.until,
          is_spam: false,
        });
        await queueNewLead(trx, { kind: 'agent-registration', id }, context.deliveries);
        return { kind: 'stored', id, protectedUntil: claim.until };
      });
    } catch (error) {
      // Two registrations of one client at the same moment: the second sees the first's claim on its retry.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

function agentColumns(value: Record<AgentField, string>) {
  return {
    firstname: value.client_firstname,
    lastname: value.client_lastname,
    email: value.client_email,
    agent_firstname: value.agent_firstname,
    agent_lastname: value.agent_lastname,
    agent_email: value.agent_email,
    agent_phone: value.agent_phone,
    brokerage: value.brokerage,
    license: value.license,
  };
}
