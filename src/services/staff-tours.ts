import type { Knex } from 'knex';
import type { Content } from '../content/index.js';
import { enqueueBuyerEmail, enqueueLeadDeliveries, type NewLeadChannel } from '../db/lead-deliveries.js';
import { answerLeads, insertLeadEvent } from '../db/lead-desk.js';
import { findBuyerLeads } from '../db/leads.js';
import { displayNameOf } from '../db/users.js';
import {
  cancelBookedTour,
  findTourById,
  freePlace,
  insertTour,
  moveBookedTour,
  setTourOutcome,
  takePlace,
  type TourRow,
} from '../db/tours.js';
import { fieldError, storedPhone } from '../shared/contact-rules.js';
import { checkSlotStart, type SlotTime } from '../shared/tour-slots.js';
import { cleanText } from '../shared/text-input.js';
import type { LeadStatus } from '../shared/lead-context.js';
import { recordAudit, type Actor } from './audit-log.js';
import type { StoredBuyerEmail } from './buyer-email.js';
import { tourChangeEmail } from './tour-notice.js';
import { newTourToken, SLOT_PROBLEMS, TOUR_CONTACT_FIELDS, type TourService } from './tours.js';

/** How a tour booked by staff came in (POST /admin/tours `source`). */
export const STAFF_TOUR_SOURCES = ['walk-in', 'phone'] as const;
export type StaffTourSource = (typeof STAFF_TOUR_SOURCES)[number];

export type StaffTourField = (typeof TOUR_CONTACT_FIELDS)[number] | 'start' | 'source';
export type StaffTourErrors = Partial<Record<StaffTourField, string>>;
export type StaffTourInput = Record<StaffTourField, string>;

export type StaffBooking =
  | { kind: 'booked'; id: number }
  | { kind: 'invalid'; value: StaffTourInput; errors: StaffTourErrors }
  | { kind: 'full'; value: StaffTourInput };

export type StaffCancel = 'cancelled' | 'not-booked' | 'unknown';
export type StaffMove = 'moved' | 'unchanged' | 'not-booked' | 'unknown' | 'full' | { invalid: string };

/**
 * What marking a tour does to its lead's status (the contract's statuses): a visit that happened is `toured`; a
 * buyer who did not come is someone staff are in touch with, `contacted`, to be called again. Only a lead still at
 * or before the tour stage moves: one already under contract, closed or lost keeps its status.
 */
export const LEAD_STATUS_AFTER_TOUR: Record<'toured' | 'no-show', LeadStatus> = {
  toured: 'toured',
  'no-show': 'contacted',
};
const TOUR_STAGE_STATUSES = ['new', 'contacted', 'touring', 'toured'] as const satisfies readonly LeadStatus[];

/** A slot staff may book: as a buyer may, and also further ahead than the site offers (a buyer on the phone). */
function staffSlot(tours: TourService, raw: string): { ok: true; slot: SlotTime } | { ok: false; problem: string } {
  const check = checkSlotStart(tours.settings, tours.timeZone, raw, tours.now());
  if (check.ok) return check;
  if (check.reason === 'too-far') {
    const far = checkSlotStart(tours.settings, tours.timeZone, raw, Date.parse(raw) - 1);
    if (far.ok) return far;
  }
  return { ok: false, problem: SLOT_PROBLEMS[check.reason] };
}

/**
 * What staff do with tours on /admin/tours: book one for a walk-in or a caller, cancel one, move one to another
 * slot, mark one toured or no-show. Places are taken and freed with the buyers' own rule (db/tours.ts takePlace), in
 * the transaction that changes the tour; each change is a timeline entry, and the buyer's e-mail about it (with the
 * calendar file: same UID, higher SEQUENCE) is stored in that entry and queued in the outbox in the same
 * transaction, with the change's audit row (docs/decisions/033-sales-desk.md).
 */
export function createStaffTours(deps: {
  db: Knex;
  /** Each community's tour service (its hours, zone and slots). */
  toursOf: (community: number) => TourService;
  siteUrl: string;
  /** The deliveries a new lead gets (the staff e-mail, the webhook; the buyer's confirmation). */
  deliveries?: readonly NewLeadChannel[];
  /** The clock (tests move it). */
  now?: () => number;
}) {
  const { db, toursOf, siteUrl } = deps;
  const nowIso = () => new Date((deps.now ?? Date.now)()).toISOString();

  function readInput(body: Record<string, unknown>): StaffTourInput {
    return {
      firstname: cleanText(body.firstname),
      lastname: cleanText(body.lastname),
      email: cleanText(body.email),
      phone: cleanText(body.phone),
      start: cleanText(body.start),
      source: cleanText(body.source),
    };
  }

  async function book(body: Record<string, unknown>, actor: Actor, community: number): Promise<StaffBooking> {
    const tours = toursOf(community);
    const by = actor.username;
    const value = readInput(body);
    const errors: StaffTourErrors = {};
    for (const field of TOUR_CONTACT_FIELDS) {
      // Staff may book a caller who gives a phone and no e-mail; a buyer booking online gives both (the contract).
      if (field === 'email' && value.email === '') continue;
      const error = fieldError(field, value[field]);
      if (error) errors[field] = error;
    }
    if (!(STAFF_TOUR_SOURCES as readonly string[]).includes(value.source)) {
      errors.source = 'Say how the tour was booked: walk-in or phone.';
    }
    const slot = staffSlot(tours, value.start);
    if (!slot.ok) errors.start = slot.problem;
    if (!slot.ok || Object.keys(errors).length > 0) return { kind: 'invalid', value, errors };
    const startAt = new Date(slot.slot.startMs).toISOString();
    const at = nowIso();
    const phone = storedPhone(value.phone) ?? value.phone;
    const earlier = await findBuyerLeads(db, { email: value.email, phone });
    const id = await db.transaction(async (trx) => {
      if (!(await takePlace(trx, community, startAt, tours.settings.partiesPerSlot))) return undefined;
      const stored = await insertTour(trx, {
        community_id: community,
        token: newTourToken(),
        start_at: startAt,
        slot_minutes: tours.settings.slotMinutes,
        firstname: value.firstname,
        lastname: value.lastname,
        email: value.email,
        phone,
        message: '',
        is_spam: false,
        source_page: null,
        user_agent: null,
        // The booking's source is where the lead came from: the desk's walk-ins and calls count per source too.
        utm_source: value.source,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        referrer: null,
        landing_page: null,
        homesite: null,
        plan: null,
        created_at: at,
      });
      // A tour staff booked is staff's own answer, not a lead waiting for one: it takes no part in the median.
      await insertLeadEvent(
        trx,
        {
          lead: { kind: 'tour', id: stored },
          at,
          actor: by,
          type: 'tour-booked',
          details: { source: value.source, start: startAt },
        },
        null,
      );
      await answerLeads(
        trx,
        earlier.map((lead) => ({ kind: lead.kind, id: lead.id, arrivedAt: lead.created_at })),
        at,
        by,
      );
      // Without an address there is nobody to confirm to: staff and the CRM still hear of the booking.
      const channels = (deps.deliveries ?? []).filter((channel) => value.email !== '' || channel !== 'auto-reply');
      await enqueueLeadDeliveries(trx, { kind: 'tour', id: stored }, channels);
      await audit(trx, actor, 'tour.booked', stored, { start: startAt, source: value.source });
      return stored;
    });
    return id === undefined ? { kind: 'full', value } : { kind: 'booked', id };
  }

  /** The buyer's e-mail about a change to their tour, with its calendar file as it now stands. */
  function notice(tour: TourRow, change: 'cancelled' | 'moved', signer: string, content: Content): StoredBuyerEmail {
    return tourChangeEmail(tour, change, signer, content, siteUrl, nowIso());
  }

  /** Records the change on the tour's timeline with the buyer's e-mail, and queues that e-mail. */
  async function tell(
    trx: Knex.Transaction,
    tour: TourRow,
    by: string,
    type: 'tour-cancelled' | 'tour-moved',
    details: Record<string, unknown>,
  ) {
    const lead = { kind: 'tour' as const, id: tour.id };
    // A tour booked by phone without an address keeps the entry; there is no e-mail to send.
    const id = await insertLeadEvent(
      trx,
      { lead, at: nowIso(), actor: by, type, details: tour.email ? details : { ...details, email: undefined } },
      tour.created_at,
    );
    if (tour.email) await enqueueBuyerEmail(trx, lead, id);
  }

  async function cancel(id: number, actor: Actor, content: Content): Promise<StaffCancel> {
    const by = actor.username;
    return db.transaction(async (trx) => {
      const tour = await findTourById(trx, id);
      if (!tour || tour.is_spam) return 'unknown';
      if (!(await cancelBookedTour(trx, id, nowIso(), by))) return 'not-booked';
      await freePlace(trx, tour.community_id, tour.start_at);
      const cancelled = (await findTourById(trx, id))!;
      const email = notice(cancelled, 'cancelled', await displayNameOf(trx, by), content);
      await tell(trx, cancelled, by, 'tour-cancelled', { start: tour.start_at, email });
      await audit(trx, actor, 'tour.cancelled', id, { start: tour.start_at });
      return 'cancelled';
    });
  }

  async function move(id: number, start: string, actor: Actor, content: Content): Promise<StaffMove> {
    const by = actor.username;
    const before = await findTourById(db, id);
    if (!before || before.is_spam) return 'unknown';
    const tours = toursOf(before.community_id);
    const slot = staffSlot(tours, cleanText(start));
    if (!slot.ok) return { invalid: slot.problem };
    const startAt = new Date(slot.slot.startMs).toISOString();
    return db.transaction(async (trx) => {
      const tour = await findTourById(trx, id);
      if (!tour || tour.is_spam) return 'unknown';
      if (tour.status !== 'booked') return 'not-booked';
      if (tour.start_at === startAt) return 'unchanged';
      if (!(await takePlace(trx, tour.community_id, startAt, tours.settings.partiesPerSlot))) return 'full';
      await freePlace(trx, tour.community_id, tour.start_at);
      if (!(await moveBookedTour(trx, id, startAt, nowIso()))) return 'not-booked';
      const moved = (await findTourById(trx, id))!;
      const email = notice(moved, 'moved', await displayNameOf(trx, by), content);
      await tell(trx, moved, by, 'tour-moved', { from: tour.start_at, to: startAt, email });
      await audit(trx, actor, 'tour.moved', id, { start: [tour.start_at, startAt] });
      return 'moved';
    });
  }

  /** The audit row of a staff change to a tour, in the change's transaction. */
  function audit(
    trx: Knex.Transaction,
    actor: Actor,
    action: 'tour.booked' | 'tour.cancelled' | 'tour.moved' | 'tour.status',
    id: number,
    details: Record<string, unknown>,
  ) {
    return recordAudit(trx, { actor: actor.username, ip: actor.ip, action, target: `tour/${id}`, details });
  }

  /**
   * Marks a tour toured or no-show; false for an unknown, cancelled or spam tour. The timeline entry and the audit
   * row (old → new) go in the change's transaction, and only when the status changed. The tour's lead moves with it
   * (LEAD_STATUS_AFTER_TOUR), as a status entry and a `lead.status` audit row in the same transaction.
   */
  async function markOutcome(id: number, status: 'toured' | 'no-show', actor: Actor): Promise<boolean> {
    const by = actor.username;
    return db.transaction(async (trx) => {
      const tour = await findTourById(trx, id);
      if (!tour || tour.is_spam || tour.status === 'cancelled') return false;
      const at = nowIso();
      if (!(await setTourOutcome(trx, id, status, by, at))) return false;
      if (tour.status !== status) {
        await insertLeadEvent(
          trx,
          { lead: { kind: 'tour', id }, at, actor: by, type: `tour-${status}`, details: { start: tour.start_at } },
          tour.created_at,
        );
        await audit(trx, actor, 'tour.status', id, { status: [tour.status, status] });
        const to = LEAD_STATUS_AFTER_TOUR[status];
        if (tour.lead_status !== to && (TOUR_STAGE_STATUSES as readonly string[]).includes(tour.lead_status)) {
          await trx('tours').where({ id }).update({ lead_status: to });
          await insertLeadEvent(
            trx,
            { lead: { kind: 'tour', id }, at, actor: by, type: 'status', details: { from: tour.lead_status, to } },
            tour.created_at,
          );
          await recordAudit(trx, {
            actor: by,
            ip: actor.ip,
            action: 'lead.status',
            target: `tour/${id}`,
            details: { status: [tour.lead_status, to] },
          });
        }
      }
      return true;
    });
  }

  return { book, cancel, move, markOutcome };
}

export type StaffTours = ReturnType<typeof createStaffTours>;
