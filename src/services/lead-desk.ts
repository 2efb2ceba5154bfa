import type { Knex } from 'knex';
import { findRegisteringAgent } from '../db/agent-registrations.js';
import { enqueueBuyerEmail } from '../db/lead-deliveries.js';
import {
  findLeadDesk,
  insertLeadEvent,
  listFirstResponses,
  listFollowUpsDue,
  type FirstResponse,
  listLeadEvents,
  updateLeadDesk,
  type LeadEventRow,
  type LeadKey,
  type NewLeadEvent,
} from '../db/lead-desk.js';
import { findBuyerLeads, findLead, findLeads, LEAD_TABLE_NAMES, type LeadKind, type LeadRow } from '../db/leads.js';
import { assignableAccount, displayNameOf } from '../db/users.js';
import { recordAudit, type Actor, type AuditAction } from './audit-log.js';
import { LEAD_CONTEXT_FIELDS, type LeadStatus } from '../shared/lead-context.js';
import { isCalendarDate } from '../shared/tour-slots.js';
import { cleanText } from '../shared/text-input.js';
import type { StoredBuyerEmail } from './buyer-email.js';
import type { StaffScope } from './staff-scope.js';

/** Staff notes are a working memo, not a document (the inbox's limit too). */
export const NOTE_MAX_LENGTH = 5000;
export const REPLY_SUBJECT_MAX_LENGTH = 150;
export const REPLY_TEXT_MAX_LENGTH = 10_000;

/** One entry of a buyer's timeline, as GET /admin/leads/<kind>/<id>.json gives it. */
export interface TimelineEntry {
  at: string;
  /** The staff account that did it; null for the buyer. */
  actor: string | null;
  type: string;
  /** The lead it belongs to (a buyer has several). */
  lead: { kind: LeadKind; id: number };
  [detail: string]: unknown;
}

/** The agent who registered the buyer (an agent-registration lead), and until when the protection holds. */
export interface AgentView {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  brokerage: string;
  license: string;
  protectedSince: string | null;
  protectedUntil: string | null;
  /** The protection has ended (or the registration holds none: spam). */
  expired: boolean;
}

export interface LeadDeskView {
  lead: LeadRow;
  /** Agent registrations only. */
  agent: AgentView | null;
  owner: string | null;
  followUp: string | null;
  /** Every real lead of the same buyer (the lead itself included), newest first. */
  buyer: LeadRow[];
  timeline: TimelineEntry[];
}

/**
 * What each kind of lead says when it arrives, beside its source and context: one entry per kind, so a new kind of
 * lead (an interest-list sign-up, an agent's registration) is one line here and one in LEAD_TABLES (src/db/leads.ts).
 */
const ARRIVAL_DETAILS: Record<LeadKind, (lead: LeadRow) => Record<string, unknown>> = {
  message: (lead) => ({ subject: lead.subject, message: lead.message }),
  tour: (lead) => ({ start: lead.tour_start, message: lead.message }),
  interest: (lead) => ({ message: lead.message }),
  'agent-registration': (lead) => ({ subject: lead.subject, message: lead.message }),
};

/** Where the lead came from, as its arrival entry shows it: the context fields it carries. */
function contextOf(lead: LeadRow): Record<string, string | number> {
  const context: Record<string, string | number> = {};
  for (const field of LEAD_CONTEXT_FIELDS) {
    const value = lead[field];
    if (value !== null && value !== '') context[field] = value;
  }
  return context;
}

function arrivalOf(lead: LeadRow): TimelineEntry {
  return {
    at: lead.created_at,
    actor: null,
    type: 'arrived',
    lead: { kind: lead.kind, id: lead.id },
    kind: lead.kind,
    source: lead.utm_source ?? 'direct',
    context: contextOf(lead),
    ...ARRIVAL_DETAILS[lead.kind](lead),
  };
}

function entryOf(event: LeadEventRow): TimelineEntry {
  // The stored e-mails stay in the row (the outbox sends them from there); the entry shows the buyer's subject and text.
  const { email, staffNotice, ...details } = event.details as {
    email?: StoredBuyerEmail;
    staffNotice?: unknown;
  } & Record<string, unknown>;
  void staffNotice;
  return {
    ...details,
    ...(email ? { subject: email.subject, text: email.text } : {}),
    at: event.at,
    actor: event.actor,
    type: event.type,
    lead: { kind: event.lead_kind, id: event.lead_id },
  };
}

/**
 * The memo each lead had before notes became entries (the inbox's single notes field): shown as a note of its own,
 * dated when the lead arrived, unless an entry already holds that text.
 */
function memoEntries(leads: LeadRow[], events: LeadEventRow[]): TimelineEntry[] {
  return leads.flatMap((lead) => {
    if (!lead.notes) return [];
    const recorded = events.some(
      (event) =>
        event.type === 'note' &&
        event.lead_kind === lead.kind &&
        event.lead_id === lead.id &&
        event.details.text === lead.notes,
    );
    if (recorded) return [];
    return [
      {
        at: lead.created_at,
        actor: null,
        type: 'note',
        lead: { kind: lead.kind, id: lead.id },
        text: lead.notes,
        memo: true,
      },
    ];
  });
}

/** What giving a lead to an account did; `owner` is the account's name as stored (or null for nobody). */
export type OwnerOutcome = { kind: 'changed' | 'unchanged'; owner: string | null } | 'unknown-lead' | 'not-assignable';

export interface DeskReply {
  subject: string;
  text: string;
}

/** A follow-up date: YYYY-MM-DD (a real date) or null to clear it. */
export function isFollowUpDate(value: unknown): value is string | null {
  return value === null || (typeof value === 'string' && isCalendarDate(value));
}

export function createLeadDesk(deps: { db: Knex; now?: () => number }) {
  const { db } = deps;
  const now = () => new Date((deps.now ?? Date.now)()).toISOString();

  async function agentOf(id: number): Promise<AgentView | null> {
    const row = await findRegisteringAgent(db, id);
    if (!row) return null;
    const until = row.protected_until;
    return {
      firstname: row.agent_firstname,
      lastname: row.agent_lastname,
      email: row.agent_email,
      phone: row.agent_phone,
      brokerage: row.brokerage,
      license: row.license,
      protectedSince: row.protected_since,
      protectedUntil: until,
      expired: until === null || Date.parse(until) <= (deps.now ?? Date.now)(),
    };
  }

  /** A lead's page; undefined when there is no such lead in the account's communities. */
  async function view(key: LeadKey, scope: StaffScope): Promise<LeadDeskView | undefined> {
    const lead = await findLead(db, key.kind, key.id, scope);
    if (!lead) return undefined;
    const found = await findBuyerLeads(db, lead, scope);
    // A spam lead is nobody's buyer, but its own page still shows it.
    const buyer = found.some((row) => row.kind === lead.kind && row.id === lead.id) ? found : [lead, ...found];
    const [desk, events] = await Promise.all([
      findLeadDesk(db, key),
      listLeadEvents(
        db,
        buyer.map((row) => ({ kind: row.kind, id: row.id })),
      ),
    ]);
    // A tour staff booked arrives as its 'tour-booked' entry, which names who booked it.
    const bookedByStaff = new Set(
      events.filter((event) => event.type === 'tour-booked').map((event) => `${event.lead_kind}/${event.lead_id}`),
    );
    const arrivals = buyer.filter((row) => !bookedByStaff.has(`${row.kind}/${row.id}`)).map(arrivalOf);
    const timeline = [...arrivals, ...memoEntries(buyer, events), ...events.map(entryOf)]
      .map((entry, order) => ({ entry, order }))
      .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.order - b.order)
      .map(({ entry }) => entry);
    const agent = lead.kind === 'agent-registration' ? await agentOf(lead.id) : null;
    return { lead, agent, owner: desk?.owner ?? null, followUp: desk?.follow_up ?? null, buyer, timeline };
  }

  /** Runs `change` in a transaction with the lead's arrival, or answers undefined when there is no such lead. */
  async function withLead<T>(key: LeadKey, change: (trx: Knex.Transaction, lead: LeadRow) => Promise<T>) {
    const lead = await findLead(db, key.kind, key.id);
    if (!lead) return undefined;
    return db.transaction((trx) => change(trx, lead));
  }

  function record(trx: Knex.Transaction, lead: LeadRow, event: Omit<NewLeadEvent, 'lead' | 'at'>) {
    return insertLeadEvent(trx, { ...event, lead: { kind: lead.kind, id: lead.id }, at: now() }, lead.created_at);
  }

  /** The audit row of a desk change, in the change's transaction: it is written with the change or not at all. */
  function audit(
    trx: Knex.Transaction,
    lead: LeadKey,
    by: Actor,
    action: AuditAction,
    details: Record<string, unknown>,
  ) {
    return recordAudit(trx, { actor: by.username, ip: by.ip, action, target: `${lead.kind}/${lead.id}`, details });
  }

  /** Gives the lead to an account (assignableAccount decides which may take leads) or to nobody (null). */
  async function setOwner(key: LeadKey, username: string | null, by: Actor): Promise<OwnerOutcome> {
    const owner = username === null ? null : await assignableAccount(db, username);
    if (owner === undefined) return 'not-assignable';
    const outcome = await withLead(key, async (trx, lead) => {
      const before = (await findLeadDesk(trx, key))?.owner ?? null;
      if (before === owner) return { kind: 'unchanged' as const, owner };
      await updateLeadDesk(trx, key, lead.created_at, { owner });
      await record(trx, lead, { actor: by.username, type: 'owner', details: { from: before, to: owner } });
      await audit(trx, key, by, 'lead.owner', { owner: [before, owner] });
      return { kind: 'changed' as const, owner };
    });
    return outcome ?? 'unknown-lead';
  }

  /** A note is a new entry, never written over another one. Returns false for an unknown lead. */
  async function addNote(key: LeadKey, text: string, by: Actor): Promise<boolean> {
    const done = await withLead(key, async (trx, lead) => {
      const id = await record(trx, lead, { actor: by.username, type: 'note', details: { text } });
      // The note's words stay on the timeline (erased with the lead); the audit row points at the entry.
      await audit(trx, key, by, 'lead.note', { event: id, characters: text.length });
      return true;
    });
    return done !== undefined;
  }

  async function setFollowUp(key: LeadKey, date: string | null, by: Actor): Promise<boolean> {
    const done = await withLead(key, async (trx, lead) => {
      const before = (await findLeadDesk(trx, key))?.follow_up ?? null;
      if (before === date) return true;
      await updateLeadDesk(trx, key, lead.created_at, { follow_up: date });
      await record(trx, lead, { actor: by.username, type: 'follow-up', details: { from: before, to: date } });
      await audit(trx, key, by, 'lead.follow-up', { followUp: [before, date] });
      return true;
    });
    return done !== undefined;
  }

  /**
   * A counselor's e-mail to the buyer: stored in its timeline entry and queued in the outbox in one transaction,
   * sent to the lead's address from MAIL_FROM under the counselor's display name (the username until they set
   * one), the buyer's answer going to the sales team (CONTACT_TO), as the desk's page says: whoever covers the
   * lead sees it. Returns false for an unknown lead.
   */
  async function reply(key: LeadKey, message: DeskReply, by: Actor): Promise<boolean | 'no-email'> {
    const done = await withLead(key, async (trx, lead): Promise<true | 'no-email'> => {
      // A tour staff booked by phone may carry no address.
      if (!lead.email) return 'no-email';
      const email: StoredBuyerEmail = {
        subject: message.subject,
        text: message.text,
        counselor: await displayNameOf(trx, by.username),
        replyTo: null,
        calendar: null,
      };
      const id = await record(trx, lead, { actor: by.username, type: 'email', details: { to: lead.email, email } });
      await enqueueBuyerEmail(trx, key, id);
      await audit(trx, key, by, 'lead.reply', { event: id, subject: message.subject });
      return true;
    });
    return done ?? false;
  }

  /**
   * The inbox's status and notes form: the lead's status and memo change as before, and the timeline keeps each
   * change — a status change as its entry, the memo's new text as a note, and the text it replaces as a note too
   * when no entry held it yet, so no version is lost; each change is an audit row in the same transaction. False for
   * an unknown lead.
   */
  async function inboxFollowUp(
    key: LeadKey,
    change: { lead_status?: LeadStatus; notes?: string },
    by: Actor,
  ): Promise<boolean> {
    const done = await withLead(key, async (trx, lead) => {
      const update: Record<string, string> = {};
      if (change.lead_status !== undefined && change.lead_status !== lead.lead_status) {
        update.lead_status = change.lead_status;
        await record(trx, lead, {
          actor: by.username,
          type: 'status',
          details: { from: lead.lead_status, to: change.lead_status },
        });
        await audit(trx, key, by, 'lead.status', { status: [lead.lead_status, change.lead_status] });
      }
      if (change.notes !== undefined && change.notes !== (lead.notes ?? '')) {
        update.notes = change.notes;
        const events = await listLeadEvents(trx as unknown as Knex, [key]);
        if (memoEntries([lead], events).length > 0) {
          await insertLeadEvent(
            trx,
            { lead: key, at: lead.created_at, actor: null, type: 'note', details: { text: lead.notes, memo: true } },
            lead.created_at,
          );
        }
        if (change.notes)
          await record(trx, lead, { actor: by.username, type: 'note', details: { text: change.notes, memo: true } });
        // Notes are the buyer's story: the trail says they changed, not what they say (erasure must reach them).
        await audit(trx, key, by, 'lead.notes', { notes: 'changed' });
      }
      if (Object.keys(update).length > 0) await trx(LEAD_TABLE_NAMES[key.kind]).where({ id: key.id }).update(update);
      return true;
    });
    return done !== undefined;
  }

  /**
   * The dashboard's desk: follow-ups due today or overdue (by `today`, a date in the community's zone), per owner;
   * and the median time to a first response for leads that arrived in the last 30 days, overall and per counselor
   * (the one who answered first).
   */
  async function dashboard(today: string, scope: StaffScope): Promise<DeskDashboard> {
    const due = await listFollowUpsDue(db, today, scope);
    const leads = await findLeads(
      db,
      due.map((row) => ({ kind: row.lead_kind, id: row.lead_id })),
      scope,
    );
    const followUps = due.flatMap((row) => {
      const lead = leads.get(`${row.lead_kind}/${row.lead_id}`);
      if (!lead || lead.is_spam) return [];
      return [
        {
          kind: row.lead_kind,
          id: row.lead_id,
          name: `${lead.firstname} ${lead.lastname}`,
          owner: row.owner,
          date: row.follow_up,
          overdue: row.follow_up < today,
        },
      ];
    });
    const since = new Date((deps.now ?? Date.now)() - RESPONSE_WINDOW_DAYS * 24 * 3600_000).toISOString();
    const responses = await listFirstResponses(db, since, scope);
    const waits = (rows: FirstResponse[]) =>
      rows.map((row) => Math.max(0, Date.parse(row.first_response_at) - Date.parse(row.arrived_at)));
    const counselors = [...new Set(responses.map((row) => row.first_response_by))].sort();
    return {
      followUps,
      firstResponse: {
        overall: { count: responses.length, medianMs: median(waits(responses)) },
        byCounselor: counselors.map((counselor) => {
          const mine = responses.filter((row) => row.first_response_by === counselor);
          return { counselor, count: mine.length, medianMs: median(waits(mine)) };
        }),
      },
    };
  }

  return { view, setOwner, addNote, setFollowUp, reply, inboxFollowUp, dashboard };
}

/** The window of the median time to a first response. */
export const RESPONSE_WINDOW_DAYS = 30;

export interface DeskDashboard {
  followUps: { kind: LeadKind; id: number; name: string; owner: string | null; date: string; overdue: boolean }[];
  firstResponse: {
    overall: { count: number; medianMs: number | null };
    byCounselor: { counselor: string; count: number; medianMs: number | null }[];
  };
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export type LeadDesk = ReturnType<typeof createLeadDesk>;

/** A note's text as posted: cleaned, lines kept; undefined when empty or too long. */
export function noteText(raw: unknown): string | undefined {
  const text = cleanText(raw, 'lines');
  return text && text.length <= NOTE_MAX_LENGTH ? text : undefined;
}
