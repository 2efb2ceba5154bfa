import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { LeadKind } from './leads.js';
import { findContactMessage } from './contact-messages.js';
import { LEAD_CONTEXT_FIELDS, type LeadContextField } from '../shared/lead-context.js';
import { personOf, type LeadPerson } from '../shared/lead-person.js';
import { tourChangedAt } from './tours.js';

/**
 * What a delivery does: e-mail staff, reply to the buyer, or POST the lead to the CRM webhook (each new lead gets
 * these), send the buyer an e-mail staff wrote or caused on the sales desk (`buyer-email`: its message is stored in
 * the lead event the delivery names), ask an interest-list entry to confirm its address, tell a confirmed entry
 * of released homesites, or send it an update staff wrote (`interest-update`), or tell staff what a buyer did to
 * their lead (`staff-notice`: a tour the buyer cancelled; its message is stored in the lead event it names).
 */
export const DELIVERY_CHANNELS = [
  'staff-email',
  'auto-reply',
  'webhook',
  'buyer-email',
  'interest-confirm',
  'interest-release',
  'interest-update',
  'staff-notice',
] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** The channels a new lead's deliveries may use. */
export type NewLeadChannel = 'staff-email' | 'auto-reply' | 'webhook';

/** The channels a lead gets when it is stored; the interest list's e-mails are queued by the list itself. */
export const NEW_LEAD_CHANNELS: ReadonlySet<DeliveryChannel> = new Set<NewLeadChannel>([
  'staff-email',
  'auto-reply',
  'webhook',
]);

export function isNewLeadChannel(channel: DeliveryChannel): channel is NewLeadChannel {
  return NEW_LEAD_CHANNELS.has(channel);
}

export interface LeadRef {
  kind: LeadKind;
  id: number;
}

/** pending: waiting for the worker; delivered; dropped: the lead was gone when its turn came. */
export type LeadDeliveryStatus = 'pending' | 'delivered' | 'dropped';

export interface LeadDeliveryRow {
  id: number;
  lead_kind: LeadKind;
  lead_id: number;
  channel: DeliveryChannel;
  event_id: string;
  /** interest-release only: the release it tells of. */
  release_id: number | null;
  /** interest-update only: the update it carries. */
  update_id: number | null;
  status: LeadDeliveryStatus;
  attempts: number;
  next_attempt_at: number | string | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  /** buyer-email: the lead event holding the message. */
  lead_event_id: number | null;
  /** staff-email: the owner's address when the lead had an owner at arrival; null for CONTACT_TO alone. */
  to_address: string | null;
}

/** A lead as its deliveries need it, whichever table holds it; timestamps ISO 8601 in UTC. */
export interface DeliveryLead extends LeadPerson {
  kind: LeadKind;
  id: number;
  /** The community the lead came to (decision 050): its e-mails speak for that community. */
  community: number;
  /** Messages have a subject; tours none. */
  subject: string | null;
  message: string;
  sourcePage: string | null;
  createdAt: string;
  /** Tours only: the booking's start (UTC ISO), length, the buyer's manage-page token, and whether it still holds. */
  tour: {
    startAt: string;
    slotMinutes: number;
    token: string;
    cancelled: boolean;
    /** The calendar event's SEQUENCE and when it last changed. */
    sequence: number;
    changedAt: string;
  } | null;
  /** Interest-list entries only: where the entry stands and its links' tokens. */
  interest: { state: string; confirmToken: string; unsubscribeToken: string } | null;
  /** Agent registrations only: the agent who registered the client (their confirmation goes to them). */
  agent?: { firstname: string; email: string; protectedUntil: string | null } | null;
  context: Record<LeadContextField, string | number | null>;
}

/**
 * Queues one delivery per channel for a stored lead. Call it inside the transaction that stores the lead: the lead
 * and its deliveries commit together, so a crash between storing and notifying never loses a delivery. `staffTo`
 * addresses the staff e-mail to the lead's owner (stored with it, so a retry goes to the same address).
 */
export async function enqueueLeadDeliveries(
  trx: Knex.Transaction,
  lead: LeadRef,
  channels: readonly DeliveryChannel[],
  staffTo: string | null = null,
): Promise<void> {
  if (channels.length === 0) return;
  const createdAt = new Date().toISOString();
  await trx('lead_deliveries').insert(
    channels.map((channel) => ({
      lead_kind: lead.kind,
      lead_id: lead.id,
      channel,
      event_id: crypto.randomUUID(),
      created_at: createdAt,
      ...(channel === 'staff-email' && staffTo ? { to_address: staffTo } : {}),
    })),
  );
}

/**
 * Queues the e-mail stored in lead event `eventId` to the lead's buyer. Call it in the transaction that stores the
 * event: the message is stored before it is sent, and a crash between the two never loses it.
 */
export async function enqueueBuyerEmail(trx: Knex.Transaction, lead: LeadRef, eventId: number): Promise<void> {
  await trx('lead_deliveries').insert({
    lead_kind: lead.kind,
    lead_id: lead.id,
    channel: 'buyer-email',
    event_id: crypto.randomUUID(),
    lead_event_id: eventId,
    created_at: new Date().toISOString(),
  });
}

/**
 * Queues the staff notice stored in lead event `eventId` (details.staffNotice), to `toAddress` (the lead's owner,
 * with CONTACT_TO in Cc) or to CONTACT_TO when null. Call it in the transaction that stores the event.
 */
export async function enqueueStaffNotice(
  trx: Knex.Transaction,
  lead: LeadRef,
  eventId: number,
  toAddress: string | null,
): Promise<void> {
  await trx('lead_deliveries').insert({
    lead_kind: lead.kind,
    lead_id: lead.id,
    channel: 'staff-notice',
    event_id: crypto.randomUUID(),
    lead_event_id: eventId,
    created_at: new Date().toISOString(),
    ...(toAddress ? { to_address: toAddress } : {}),
  });
}

/**
 * Removes a lead's deliveries that have not gone out yet, so nothing about an erased lead is sent after it is
 * deleted. Call it in the transaction that deletes the lead. Delivered rows stay: they hold no personal data.
 */
export async function removePendingLeadDeliveries(db: Knex | Knex.Transaction, lead: LeadRef): Promise<number> {
  return db('lead_deliveries').where({ lead_kind: lead.kind, lead_id: lead.id, status: 'pending' }).delete();
}

/**
 * Pending deliveries on the given channels whose next attempt is due, oldest first. Only the channels a worker can
 * send: rows of another (one configured no longer, or only on another instance) must not fill its batch.
 */
export async function dueLeadDeliveries(
  db: Knex,
  now: number,
  limit: number,
  channels: readonly DeliveryChannel[],
): Promise<LeadDeliveryRow[]> {
  return db<LeadDeliveryRow>('lead_deliveries')
    .where({ status: 'pending' })
    .whereIn('channel', channels)
    .andWhere((query) => query.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', now))
    .orderBy('id')
    .limit(limit);
}

/**
 * Takes a delivery for `leaseMs`: only one worker (of any instance) gets it, since the update succeeds only while
 * it is still pending and due.
 */
export async function claimLeadDelivery(db: Knex, id: number, now: number, leaseMs: number): Promise<boolean> {
  const updated = await db('lead_deliveries')
    .where({ id, status: 'pending' })
    .andWhere((query) => query.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', now))
    .update({ next_attempt_at: now + leaseMs });
  return updated === 1;
}

export async function markLeadDelivered(db: Knex, id: number): Promise<void> {
  await db('lead_deliveries')
    .where({ id })
    .update({
      status: 'delivered',
      delivered_at: new Date().toISOString(),
      next_attempt_at: null,
      last_error: null,
      attempts: db.raw('attempts + 1'),
    });
}

export async function markLeadDeliveryDropped(db: Knex, id: number, reason: string): Promise<void> {
  await db('lead_deliveries').where({ id }).update({ status: 'dropped', next_attempt_at: null, last_error: reason });
}

export async function scheduleLeadRetry(db: Knex, id: number, nextAttemptAt: number, error: string): Promise<void> {
  await db('lead_deliveries')
    .where({ id })
    .update({
      next_attempt_at: nextAttemptAt,
      last_error: error.slice(0, 300),
      attempts: db.raw('attempts + 1'),
    });
}

type ContextColumns = Partial<Record<LeadContextField, string | number | null>>;

function contextOf(row: ContextColumns): DeliveryLead['context'] {
  return Object.fromEntries(LEAD_CONTEXT_FIELDS.map((field) => [field, row[field] ?? null])) as DeliveryLead['context'];
}

interface StoredTour extends ContextColumns, LeadPerson {
  community_id: number | string;
  id: number;
  token: string;
  status: string;
  start_at: string;
  slot_minutes: number;
  message: string;
  source_page: string | null;
  created_at: string;
  sequence: number | string;
  moved_at: string | null;
  status_changed_at: string | null;
}

/** The lead a delivery is for, or undefined when it no longer exists (erased). */
export async function findDeliveryLead(db: Knex, lead: LeadRef): Promise<DeliveryLead | undefined> {
  switch (lead.kind) {
    case 'message': {
      const row = await findContactMessage(db, lead.id);
      if (!row) return undefined;
      return {
        kind: 'message',
        id: row.id,
        community: Number((row as unknown as { community_id: number | string }).community_id),
        ...personOf(row),
        subject: row.subject,
        message: row.message,
        sourcePage: row.source_page,
        createdAt: row.created_at,
        tour: null,
        interest: null,
        // The lead-context columns are on every row (migration 20261122000300), beyond the row type's fields.
        context: contextOf(row as unknown as ContextColumns),
      };
    }
    case 'tour': {
      const row = await db<StoredTour>('tours').where({ id: lead.id }).first();
      if (!row) return undefined;
      return {
        kind: 'tour',
        id: row.id,
        community: Number(row.community_id),
        ...personOf(row),
        subject: null,
        message: row.message,
        sourcePage: row.source_page,
        createdAt: row.created_at,
        tour: {
          startAt: row.start_at,
          slotMinutes: row.slot_minutes,
          token: row.token,
          cancelled: row.status === 'cancelled',
          sequence: Number(row.sequence),
          changedAt: tourChangedAt(row),
        },
        interest: null,
        context: contextOf(row),
      };
    }
    case 'interest': {
      const row = (await db('interest_entries').where({ id: lead.id }).first()) as StoredInterest | undefined;
      if (!row) return undefined;
      return {
        kind: 'interest',
        id: Number(row.id),
        community: Number(row.community_id),
        ...personOf(row),
        subject: 'Interest list',
        message: row.message,
        sourcePage: row.source_page,
        createdAt: row.created_at,
        tour: null,
        interest: { state: row.state, confirmToken: row.confirm_token, unsubscribeToken: row.unsubscribe_token },
        context: contextOf(row),
      };
    }
    case 'agent-registration': {
      const row = (await db('agent_registrations').where({ id: lead.id }).first()) as StoredRegistration | undefined;
      if (!row) return undefined;
      return {
        kind: 'agent-registration',
        id: Number(row.id),
        community: Number(row.community_id),
        ...personOf(row),
        subject: `Agent registration: ${row.firstname} ${row.lastname}, registered by ${row.agent_firstname} ${row.agent_lastname}`,
        message: row.message,
        sourcePage: row.source_page,
        createdAt: row.created_at,
        tour: null,
        interest: null,
        agent: { firstname: row.agent_firstname, email: row.agent_email, protectedUntil: row.protected_until },
        context: contextOf(row),
      };
    }
  }
}

interface StoredLeadRow extends ContextColumns, LeadPerson {
  community_id: number | string;
  id: number | string;
  message: string;
  source_page: string | null;
  created_at: string;
}

interface StoredInterest extends StoredLeadRow {
  state: string;
  confirm_token: string;
  unsubscribe_token: string;
}

interface StoredRegistration extends StoredLeadRow {
  agent_firstname: string;
  agent_lastname: string;
  agent_email: string;
  protected_until: string | null;
}

/** Queues one list e-mail per entry; the unique (channel, lead, release or update) index refuses a second. */
async function enqueueListDeliveries(
  trx: Knex.Transaction,
  mailing: { channel: 'interest-release'; release_id: number } | { channel: 'interest-update'; update_id: number },
  entryIds: readonly number[],
): Promise<void> {
  const createdAt = new Date().toISOString();
  const rows = entryIds.map((id) => ({
    lead_kind: 'interest',
    lead_id: id,
    ...mailing,
    event_id: crypto.randomUUID(),
    created_at: createdAt,
  }));
  for (let start = 0; start < rows.length; start += 200)
    await trx('lead_deliveries').insert(rows.slice(start, start + 200));
}

/**
 * Queues one release e-mail per entry, for exactly one release: a second queueing of the same pair fails rather
 * than send twice. Call it in the transaction that claims the release.
 */
export function enqueueReleaseDeliveries(
  trx: Knex.Transaction,
  releaseId: number,
  entryIds: readonly number[],
): Promise<void> {
  return enqueueListDeliveries(trx, { channel: 'interest-release', release_id: releaseId }, entryIds);
}

/**
 * Queues one e-mail of a staff update per entry: a second queueing of the same pair fails rather than send twice.
 * Call it in the transaction that claims the update.
 */
export function enqueueUpdateDeliveries(
  trx: Knex.Transaction,
  updateId: number,
  entryIds: readonly number[],
): Promise<void> {
  return enqueueListDeliveries(trx, { channel: 'interest-update', update_id: updateId }, entryIds);
}

/** How many e-mails of each update have gone out so far, by update id. */
export async function deliveredUpdateCounts(db: Knex, updateIds: readonly number[]): Promise<Map<number, number>> {
  if (updateIds.length === 0) return new Map();
  const rows = (await db('lead_deliveries')
    .select('update_id')
    .where({ channel: 'interest-update', status: 'delivered' })
    .whereIn('update_id', updateIds)
    .count({ count: '*' })
    .groupBy('update_id')) as { update_id: number | string; count: number | string }[];
  return new Map(rows.map((row) => [Number(row.update_id), Number(row.count)]));
}

/** When an entry was last sent a confirmation request (queued), to keep a repeated sign-up from mailing it again and again. */
export async function lastConfirmationQueuedAt(db: Knex, entryId: number): Promise<string | undefined> {
  const row = (await db('lead_deliveries')
    .where({ lead_kind: 'interest', lead_id: entryId, channel: 'interest-confirm' })
    .max({ at: 'created_at' })
    .first()) as { at: string | null } | undefined;
  return row?.at ?? undefined;
}
