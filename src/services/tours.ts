import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { StaffScope } from './staff-scope.js';
import type { ContentSource } from '../content/content-source.js';
import { derivedFrom } from '../content/derived.js';
import type { Content } from '../content/index.js';
import {
  bookedBetween,
  cancelBookedTour,
  findTourById,
  findTourByToken,
  freePlace,
  insertTour,
  listToursBetween,
  takePlace,
  type TourRow,
} from '../db/tours.js';
import { enqueueBuyerEmail, enqueueStaffNotice, type DeliveryChannel } from '../db/lead-deliveries.js';
import { leadContextColumns } from '../db/lead-context-columns.js';
import { insertLeadEvent, ownerAddress } from '../db/lead-desk.js';
import {
  characterCount,
  CONTACT_MAX_LENGTH,
  fieldError,
  storedPhone,
  type ContactField,
} from '../shared/contact-rules.js';
import {
  addDays,
  checkSlotStart,
  formatIsoInZone,
  upcomingSlots,
  wallTimeToInstant,
  type SlotCheck,
  type TourHours,
} from '../shared/tour-slots.js';
import { HONEYPOT_FIELD } from '../shared/contact-form.js';
import { cleanText } from '../shared/text-input.js';
import { leadRequestColumns, readPostedLeadContext, type LeadRequest } from './lead-context.js';
import { queueNewLead } from './lead-assignment.js';
import { takeAddressTurn } from './auto-reply-limit.js';
import { buyerCancelledNotice, tourChangeEmail } from './tour-notice.js';

export const TOUR_CONTACT_FIELDS = ['firstname', 'lastname', 'email', 'phone'] as const satisfies ContactField[];
export const TOUR_MESSAGE_MAX_LENGTH = CONTACT_MAX_LENGTH.message;
export type TourField = (typeof TOUR_CONTACT_FIELDS)[number] | 'message' | 'start';
export type TourInput = Record<TourField, string>;
/** Every field the tour form posts that a buyer fills in. */
export const TOUR_FORM_FIELDS = [...TOUR_CONTACT_FIELDS, 'message', 'start'] as const satisfies TourField[];
export type TourErrors = Partial<Record<TourField, string>>;

export const SLOT_PROBLEMS: Record<Exclude<SlotCheck, { ok: true }>['reason'], string> = {
  malformed: 'Please choose a day and a time for your tour.',
  unknown: 'That time is not one of our tour times; please choose one from the list.',
  closed: 'The sales center is closed that day; please choose another day.',
  past: 'That time has already passed; please choose a later one.',
  'too-far': 'That day is too far ahead to book yet; please choose an earlier one.',
};
export const SLOT_FULL = 'That time was just booked by someone else; please choose another time.';

export interface TourSlotView {
  start: string;
  end: string;
  left: number;
}

export type TourContext = LeadRequest;

export type BookingOutcome =
  | { kind: 'booked'; tour: TourRow }
  | { kind: 'spam'; tour: TourRow }
  | { kind: 'invalid'; value: TourInput; errors: TourErrors; homesite: number | null; plan: string | null }
  | { kind: 'full'; value: TourInput; homesite: number | null; plan: string | null };

export type CancelOutcome = 'cancelled' | 'not-booked' | 'past' | 'unknown';

interface TourServiceDeps {
  db: Knex;
  /** The community whose tours these are (decision 050): its slots, its bookings. */
  community: number;
  /** The tour hours and the community's zone are read from the published content at each call. */
  content: ContentSource;
  /** The deliveries a real booking gets (lead outbox), queued in the transaction that stores it. */
  deliveries?: readonly DeliveryChannel[];
  /** SITE_URL: the links in the e-mails a buyer's own cancellation sends. */
  siteUrl?: string;
  /** The clock; tests set it to book across a daylight-saving change. */
  now?: () => number;
}

/** A token nobody can guess: 256 random bits, URL-safe. */
export function newTourToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What the tour service reads of one content revision, computed once per revision. */
function tourRules(content: Content) {
  return derivedFrom(content, 'tour-rules', () => ({
    settings: content.tours,
    timeZone: content.community.timeZone,
    planSlugs: content.floorPlans.map((plan) => plan.slug),
  }));
}

export function createTourService(deps: TourServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const rules = (content = deps.content.published()) => tourRules(content);

  /**
   * Slots of `days` local dates from `from` with the places left in each; future slots only. By the published tour
   * hours, or by `content`'s (a staff preview of drafted hours).
   */
  async function slots(from: string, days: number, content?: Content): Promise<TourSlotView[]> {
    const { settings, timeZone } = rules(content);
    const times = upcomingSlots(settings, timeZone, from, days, now());
    if (times.length === 0) return [];
    const booked = await bookedBetween(
      db,
      deps.community,
      new Date(times[0]!.startMs).toISOString(),
      new Date(times.at(-1)!.startMs).toISOString(),
    );
    return times.map((slot) => ({
      start: formatIsoInZone(slot.startMs, timeZone),
      end: formatIsoInZone(slot.endMs, timeZone),
      left: Math.max(0, settings.partiesPerSlot - (booked.get(new Date(slot.startMs).toISOString()) ?? 0)),
    }));
  }

  function readInput(body: Partial<Record<string, unknown>>): TourInput {
    return {
      firstname: cleanText(body.firstname),
      lastname: cleanText(body.lastname),
      email: cleanText(body.email),
      phone: cleanText(body.phone),
      message: cleanText(body.message, 'lines'),
      start: cleanText(body.start),
    };
  }

  /** Validates a booking and stores it, taking a place in its slot in the same transaction. */
  async function book(body: Partial<Record<string, unknown>>, context: TourContext): Promise<BookingOutcome> {
    const { settings, timeZone, planSlugs } = rules();
    const value = readInput(body);
    // Contract: a bad context value is dropped, never a reason to refuse the booking.
    const lead = leadContextColumns(await readPostedLeadContext(db, body, planSlugs, deps.community));
    const { homesite, plan } = lead;
    const base = {
      token: newTourToken(),
      slot_minutes: settings.slotMinutes,
      ...lead,
      ...leadRequestColumns({ ...context, community: deps.community }),
      created_at: new Date(now()).toISOString(),
    };
    if (cleanText(body[HONEYPOT_FIELD]) !== '') {
      // Kept, never counted against a slot: the bot sees the same success as a buyer.
      const parsed = Date.parse(value.start);
      const id = await insertTour(db, {
        ...base,
        start_at: new Date(Number.isNaN(parsed) ? now() : parsed).toISOString(),
        firstname: value.firstname.slice(0, CONTACT_MAX_LENGTH.firstname),
        lastname: value.lastname.slice(0, CONTACT_MAX_LENGTH.lastname),
        email: value.email.slice(0, CONTACT_MAX_LENGTH.email),
        phone: value.phone.slice(0, CONTACT_MAX_LENGTH.phone),
        message: value.message.slice(0, TOUR_MESSAGE_MAX_LENGTH),
        is_spam: true,
      });
      return { kind: 'spam', tour: await storedTour(base.token, id) };
    }
    const errors: TourErrors = {};
    for (const field of TOUR_CONTACT_FIELDS) {
      const error = fieldError(field, value[field]);
      if (error) errors[field] = error;
    }
    if (characterCount(value.message) > TOUR_MESSAGE_MAX_LENGTH) {
      errors.message = `Message must be at most ${TOUR_MESSAGE_MAX_LENGTH} characters.`;
    }
    const slot = checkSlotStart(settings, timeZone, value.start, now());
    if (!slot.ok) errors.start = SLOT_PROBLEMS[slot.reason];
    if (!slot.ok || Object.keys(errors).length > 0) return { kind: 'invalid', value, errors, homesite, plan };

    const startAt = new Date(slot.slot.startMs).toISOString();
    const stored = await db.transaction(async (trx) => {
      if (!(await takePlace(trx, deps.community, startAt, settings.partiesPerSlot))) return undefined;
      const id = await insertTour(trx, {
        ...base,
        start_at: startAt,
        firstname: value.firstname,
        lastname: value.lastname,
        email: value.email,
        phone: storedPhone(value.phone) ?? value.phone,
        message: value.message,
        is_spam: false,
      });
      await queueNewLead(trx, { kind: 'tour', id }, deps.deliveries ?? []);
      return id;
    });
    if (!stored) return { kind: 'full', value, homesite, plan };
    return { kind: 'booked', tour: await storedTour(base.token, stored) };
  }

  async function storedTour(token: string, id: number): Promise<TourRow> {
    const tour = await findTourByToken(db, token);
    if (!tour) throw new Error(`tour ${id} not found after insert`);
    return tour;
  }

  async function byToken(token: string): Promise<TourRow | undefined> {
    return TOKEN_PATTERN.test(token) ? findTourByToken(db, token) : undefined;
  }

  /**
   * Cancels a booked, not yet started tour and frees its place, in one transaction. When mail is on, staff are told
   * (the lead's owner, CONTACT_TO in Cc) and the buyer gets a confirmation with the cancelled calendar event (at most
   * one a day per address: anyone who booked with an address can cancel); both e-mails are stored in the cancel's
   * timeline entry and queued in the outbox in the same transaction.
   */
  async function cancel(token: string): Promise<CancelOutcome> {
    if (!TOKEN_PATTERN.test(token)) return 'unknown';
    const content = deps.content.published();
    const siteUrl = deps.siteUrl ?? '';
    const mail = (deps.deliveries ?? []).includes('staff-email');
    return db.transaction(async (trx) => {
      const tour = await findTourByToken(trx, token);
      if (!tour) return 'unknown';
      if (tour.status !== 'booked') return 'not-booked';
      if (Date.parse(tour.start_at) <= now()) return 'past';
      const at = new Date(now()).toISOString();
      if (!(await cancelBookedTour(trx, tour.id, at))) return 'not-booked';
      if (!tour.is_spam) await freePlace(trx, tour.community_id, tour.start_at);
      const lead = { kind: 'tour' as const, id: tour.id };
      const cancelled = (await findTourById(trx, tour.id))!;
      const told = mail && !tour.is_spam;
      const confirm = told && (await takeAddressTurn(trx, tour.email, 'tour-cancelled', new Date(now())));
      // The buyer's own cancel joins the tour's timeline (actor null: the buyer), with the e-mails it sends.
      const eventId = await insertLeadEvent(
        trx,
        {
          lead,
          at,
          actor: null,
          type: 'tour-cancelled',
          details: {
            start: tour.start_at,
            ...(told ? { staffNotice: buyerCancelledNotice(cancelled, content, siteUrl) } : {}),
            ...(confirm ? { email: tourChangeEmail(cancelled, 'cancelled', '', content, siteUrl, at) } : {}),
          },
        },
        tour.created_at,
      );
      if (told) await enqueueStaffNotice(trx, lead, eventId, await ownerAddress(trx, lead));
      if (confirm) await enqueueBuyerEmail(trx, lead, eventId);
      return 'cancelled';
    });
  }

  /** Real tours on `days` local dates from `from` (in the community's zone), earliest first. */
  async function listByDays(from: string, days: number, scope: StaffScope): Promise<TourRow[]> {
    const { timeZone } = rules();
    const first = wallTimeToInstant(from, '00:00', timeZone) ?? Date.parse(`${from}T00:00:00Z`);
    const after = addDays(from, days);
    const last = wallTimeToInstant(after, '00:00', timeZone) ?? Date.parse(`${after}T00:00:00Z`);
    return listToursBetween(db, new Date(first).toISOString(), new Date(last - 1).toISOString(), deps.community, scope);
  }

  return {
    community: deps.community,
    get settings(): TourHours {
      return rules().settings;
    },
    get timeZone(): string {
      return rules().timeZone;
    },
    now,
    slots,
    book,
    byToken,
    cancel,
    listByDays,
  };
}

export type TourService = ReturnType<typeof createTourService>;
