import crypto from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { ensureCalendarToken } from '../../db/lead-desk.js';
import { findTourById, tourInScope } from '../../db/tours.js';
import { staffScopeOf } from '../staff-scope.js';
import type { Renderer } from '../../render/renderer.js';
import type { LeadOutboxHandle } from '../../services/lead-outbox.js';
import type { StaffTourErrors, StaffTourInput, StaffTours } from '../../services/staff-tours.js';
import { SLOT_FULL, type TourService } from '../../services/tours.js';
import {
  addDays,
  dateInZone,
  formatIsoInZone,
  formatSlotDate,
  formatSlotTime,
  isCalendarDate,
  slotsOfDate,
} from '../../shared/tour-slots.js';
import { cleanText, printable } from '../../shared/text-input.js';
import type { CalendarFeedView } from '../../../views/admin/CalendarFeedPanel.js';
import { TourMovePage } from '../../../views/admin/TourMovePage.js';
import { ToursAdminPage, type SlotGroup, type StaffTourDay } from '../../../views/admin/ToursAdminPage.js';
import { wantsJsonAnswer } from '../client-wants.js';
import { requireCsrfToken } from '../csrf.js';
import { contentOf } from '../request-content.js';
import { staffOf, staffPage } from './staff-page.js';
import { leadHref } from './leads-router.js';
import { actorOf } from '../audit.js';
import { communityOf } from '../request-community.js';

/** How many days /admin/tours shows at once. */
export const STAFF_TOUR_DAYS = 14;
/** How many days of open times the booking and move forms offer. */
const SLOT_DAYS = 31;
const OUTCOMES = new Set(['toured', 'no-show']);

interface AdminToursDeps {
  db: Knex;
  renderer: Renderer;
  tours: TourService;
  /** Each community's tours; without it, `tours` serves every request. */
  toursOf?: (community: number) => TourService;
  staffTours: StaffTours;
  siteUrl: string;
  outbox?: LeadOutboxHandle;
}

/** A new calendar token: 256 random bits, URL-safe. */
export function newCalendarToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function calendarFeedUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/admin/tours.ics?token=${token}`;
}

const bodies = [
  express.json({ limit: '16kb' }),
  express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }),
  requireCsrfToken,
];

function tourIdOf(req: Request): number {
  const raw = String(req.params.id);
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0;
}

/** The day /admin/tours was showing, posted back by its forms, so staff return to it. */
function backTo(body: unknown, notice?: string): string {
  const from = cleanText((body as Record<string, unknown> | undefined)?.from);
  const params = new URLSearchParams();
  if (isCalendarDate(from)) params.set('from', from);
  if (notice) params.set('done', notice);
  const search = params.toString();
  return `/admin/tours${search ? `?${search}` : ''}`;
}

const NOTICES: Record<string, string> = {
  booked: 'Tour booked.',
  cancelled: 'Tour cancelled; the buyer is e-mailed.',
  moved: 'Tour moved; the buyer is e-mailed the new time.',
  marked: 'Tour marked.',
};

/**
 * /admin/tours: tours by day in the community's zone, and what staff do with them — book one for a walk-in or a
 * caller, cancel, move, mark toured or no-show — each a JSON call and a plain form alike; and the account's team
 * calendar address (replaced on /admin/account).
 */
export function createAdminToursRouter(deps: AdminToursDeps): Router {
  const { db, renderer, staffTours, siteUrl } = deps;
  /** The tours of the community the staff request works in (the switcher's choice). */
  const toursHere = (req: Request) => deps.toursOf?.(communityOf(req).id) ?? deps.tours;
  const router = Router();

  async function openSlots(tours: TourService): Promise<SlotGroup[]> {
    // The community's zone as published at each call (a publish can change it).
    const zone = () => tours.timeZone;
    const slots = await tours.slots(dateInZone(tours.now(), zone()), SLOT_DAYS);
    const groups = new Map<string, SlotGroup>();
    for (const slot of slots.filter((candidate) => candidate.left > 0)) {
      const date = slot.start.slice(0, 10);
      const group = groups.get(date) ?? { label: formatSlotDate(date), options: [] };
      group.options.push({
        value: slot.start,
        label: `${formatSlotTime(Date.parse(slot.start), zone())} (${slot.left} ${slot.left === 1 ? 'place' : 'places'} left)`,
      });
      groups.set(date, group);
    }
    return [...groups.values()];
  }

  /** The account's calendar address; it is replaced on /admin/account, where the password is asked. */
  async function calendarFeed(req: Request): Promise<CalendarFeedView> {
    const username = req.user?.username ?? '';
    const token = await ensureCalendarToken(db, username, newCalendarToken(), new Date().toISOString());
    return { url: calendarFeedUrl(siteUrl, token), replaceHere: false, replaced: false };
  }

  async function renderTours(
    req: Request,
    res: Response,
    extra: {
      booking?: { values: Partial<StaffTourInput>; errors: StaffTourErrors };
      notice?: { text: string; error: boolean };
    } = {},
  ) {
    const tours = toursHere(req);
    const zone = () => tours.timeZone;
    const today = dateInZone(tours.now(), zone());
    const asked = cleanText(req.query.from ?? (req.body as Record<string, unknown> | undefined)?.from);
    const from = isCalendarDate(asked) ? asked : today;
    const [rows, slots] = await Promise.all([
      tours.listByDays(from, STAFF_TOUR_DAYS, staffScopeOf(req)),
      openSlots(tours),
    ]);
    const days: StaffTourDay[] = Array.from({ length: STAFF_TOUR_DAYS }, (_, index) => {
      const date = addDays(from, index);
      return {
        date,
        label: formatSlotDate(date),
        closed: slotsOfDate(tours.settings, zone(), date).length === 0,
        tours: [],
      };
    });
    for (const stored of rows) {
      const row = { ...stored, ...printableTour(stored) };
      const startMs = Date.parse(row.start_at);
      const day = days.find((candidate) => candidate.date === dateInZone(startMs, zone()));
      const plan = contentOf(req).floorPlans.find((candidate) => candidate.slug === row.plan);
      const about = [row.homesite ? `Homesite ${row.homesite}` : null, plan?.name ?? null].filter(Boolean);
      const staffSource = row.utm_source === 'walk-in' || row.utm_source === 'phone' ? row.utm_source : null;
      day?.tours.push({
        id: row.id,
        time: formatSlotTime(startMs, zone()),
        name: `${row.firstname} ${row.lastname}`,
        email: row.email,
        phone: row.phone,
        message: row.message,
        about: about.length > 0 ? about.join(', ') : null,
        status: row.status,
        markable: row.status !== 'cancelled' && startMs <= tours.now(),
        changeable: row.status === 'booked',
        href: leadHref({ kind: 'tour', id: row.id }),
        source: staffSource,
      });
    }
    const done = typeof req.query.done === 'string' ? NOTICES[req.query.done] : undefined;
    res.send(
      renderer.page(
        <ToursAdminPage
          communityName={contentOf(req).community.name}
          staff={staffOf(req)}
          days={days}
          zoneName={formatSlotTime(tours.now(), zone()).split(' ').at(-1) ?? zone()}
          from={from}
          earlier={addDays(from, -STAFF_TOUR_DAYS)}
          later={addDays(from, STAFF_TOUR_DAYS)}
          slots={slots}
          booking={extra.booking ?? { values: {}, errors: {} }}
          calendarFeed={await calendarFeed(req)}
          notice={extra.notice ?? (done ? { text: done, error: false } : undefined)}
        />,
        staffPage(req, 'Tours'),
      ),
    );
  }

  // A tour of a community out of the account's scope is no tour: its page and every change answer 404.
  router.param('id', (req, res, next, raw) => {
    const id = /^[1-9]\d{0,14}$/.test(String(raw)) ? Number(raw) : 0;
    if (id === 0) return next();
    tourInScope(db, id, staffScopeOf(req)).then((found) => {
      if (found) return next();
      if (req.method === 'GET') return next('router');
      res.status(404).json({ error: 'Unknown tour.' });
    }, next);
  });

  router.get('/tours', (req, res) => renderTours(req, res));

  router.post('/tours', ...bodies, async (req, res) => {
    const json = wantsJsonAnswer(req);
    const outcome = await staffTours.book(
      (req.body ?? {}) as Record<string, unknown>,
      actorOf(req),
      communityOf(req).id,
    );
    if (outcome.kind === 'booked') {
      deps.outbox?.kick();
      if (json) return void res.status(201).json({ id: outcome.id });
      return res.redirect(303, backTo(req.body, 'booked'));
    }
    const status = outcome.kind === 'full' ? 409 : 400;
    const errors: StaffTourErrors = outcome.kind === 'full' ? { start: SLOT_FULL } : outcome.errors;
    res.status(status);
    if (json) return void res.json({ error: status === 409 ? SLOT_FULL : 'Please correct the fields named.', errors });
    const values = outcome.kind === 'full' ? { ...outcome.value, start: '' } : outcome.value;
    await renderTours(req, res, { booking: { values, errors } });
  });

  router.post('/tours/:id/cancel', ...bodies, async (req, res) => {
    const json = wantsJsonAnswer(req);
    const id = tourIdOf(req);
    const outcome = id === 0 ? 'unknown' : await staffTours.cancel(id, actorOf(req), contentOf(req));
    if (outcome === 'cancelled') {
      deps.outbox?.kick();
      if (json) return void res.json({ id, status: 'cancelled' });
      return res.redirect(303, backTo(req.body, 'cancelled'));
    }
    const [status, text] =
      outcome === 'unknown' ? [404, 'Unknown tour.'] : [409, 'This tour is not booked any more: nothing to cancel.'];
    res.status(status);
    if (json) return void res.json({ error: text });
    await renderTours(req, res, { notice: { text, error: true } });
  });

  async function renderMove(req: Request, res: Response, id: number, error?: string, chosen?: string) {
    const content = contentOf(req);
    const tour = await findTourById(db, id);
    if (!tour || tour.is_spam || tour.status !== 'booked') return false;
    const startMs = Date.parse(tour.start_at);
    // The tour's own community: its zone and its open slots.
    const tours = deps.toursOf?.(tour.community_id) ?? deps.tours;
    const zone = () => tours.timeZone;
    res.send(
      renderer.page(
        <TourMovePage
          communityName={content.community.name}
          staff={staffOf(req)}
          tour={{
            id,
            name: printable(`${tour.firstname} ${tour.lastname}`),
            when: `${formatSlotDate(dateInZone(startMs, zone()))} at ${formatSlotTime(startMs, zone())}`,
            href: leadHref({ kind: 'tour', id }),
          }}
          slots={(await openSlots(tours)).map((group) => ({
            ...group,
            options: group.options.filter((option) => Date.parse(option.value) !== startMs),
          }))}
          error={error}
          chosen={chosen}
        />,
        staffPage(req, 'Move a tour'),
      ),
    );
    return true;
  }

  router.get('/tours/:id/move', async (req, res, next) => {
    const id = tourIdOf(req);
    if (id === 0 || !(await renderMove(req, res, id))) next();
  });

  router.post('/tours/:id/move', ...bodies, async (req, res) => {
    const json = wantsJsonAnswer(req);
    const id = tourIdOf(req);
    const start = (req.body as Record<string, unknown> | undefined)?.start;
    const outcome =
      id === 0
        ? 'unknown'
        : await staffTours.move(id, typeof start === 'string' ? start : '', actorOf(req), contentOf(req));
    if (outcome === 'moved' || outcome === 'unchanged') {
      if (outcome === 'moved') deps.outbox?.kick();
      const tour = await findTourById(db, id);
      if (json) {
        return void res.json({
          id,
          start: tour
            ? formatIsoInZone(Date.parse(tour.start_at), (deps.toursOf?.(tour.community_id) ?? deps.tours).timeZone)
            : null,
          sequence: tour?.sequence ?? null,
        });
      }
      return res.redirect(303, backTo(req.body, 'moved'));
    }
    const [status, text] =
      outcome === 'unknown'
        ? [404, 'Unknown tour.']
        : outcome === 'not-booked'
          ? [409, 'This tour is not booked any more: it cannot be moved.']
          : outcome === 'full'
            ? [409, SLOT_FULL]
            : [400, outcome.invalid];
    res.status(status);
    if (json)
      return void res.json({
        error: text,
        ...(status === 400 || outcome === 'full' ? { errors: { start: text } } : {}),
      });
    if (!(await renderMove(req, res, id, text, typeof start === 'string' ? start : undefined))) {
      await renderTours(req, res, { notice: { text, error: true } });
    }
  });

  router.post('/tours/:id/status', ...bodies, async (req, res) => {
    const json = wantsJsonAnswer(req);
    const id = tourIdOf(req);
    const status = (req.body as { status?: unknown } | undefined)?.status;
    if (id === 0 || typeof status !== 'string' || !OUTCOMES.has(status)) {
      return res.status(400).json({ error: 'Say status=toured or status=no-show for a known tour.' });
    }
    const found = await staffTours.markOutcome(id, status as 'toured' | 'no-show', actorOf(req));
    if (!found) return res.status(404).json({ error: 'Unknown tour, or a cancelled one.' });
    if (json) return void res.json({ id, status });
    res.redirect(303, backTo(req.body));
  });

  return router;
}

/** A tour's text as a page may show it (a row stored before control characters were refused may hold some). */
function printableTour(row: { firstname: string; lastname: string; email: string; phone: string; message: string }) {
  return {
    firstname: printable(row.firstname),
    lastname: printable(row.lastname),
    email: printable(row.email),
    phone: printable(row.phone),
    message: printable(row.message),
  };
}
