import { Router, type Request, type RequestHandler, type Response } from 'express';
import { floorPlanBySlug } from '../content/index.js';
import { tourChangedAt, type TourRow } from '../db/tours.js';
import type { LeadOutboxHandle } from '../services/lead-outbox.js';
import { salesCenterAddress, salesCenterDirections } from '../services/sales-center.js';
import { bookedTourCalendar } from '../services/tour-calendar.js';
import { SLOT_FULL, TOUR_FORM_FIELDS, type TourErrors, type TourInput, type TourService } from '../services/tours.js';
import {
  dateInZone,
  formatIsoInZone,
  formatSlotDate,
  formatSlotTime,
  isCalendarDate,
  type TourHours,
} from '../shared/tour-slots.js';
import { readLeadContext } from '../shared/lead-context.js';
import { VISIT_FIELDS, visitFieldsOf, type VisitContext } from '../shared/visit-context.js';
import { TourCancelPage } from '../../views/tours/TourCancelPage.js';
import { TourManagePage, type ManagedTour } from '../../views/tours/TourManagePage.js';
import { TOUR_DAY_ID, TourPage, type TourDay } from '../../views/tours/TourPage.js';
import { rejectCrossSite } from './csrf.js';
import { rateLimitedText, type LeadRateLimit } from './lead-rate-limit.js';
import { contentOf } from './request-content.js';
import { siteProps, type PageKit } from './page-context.js';
import { acceptsJson, wantsPage } from './client-wants.js';
import { publicFormPost, tooLargeText } from './public-form-post.js';
import { requestVisit } from './request-visit.js';
import { firstBookableDay, tourDays } from './tour-days.js';
import { communityOf } from './request-community.js';
import { communityPath } from '../render/community-path.js';

/** The most days one slot request may span (contract: N ≤ 31), and how many the tour page shows. */
export const MAX_SLOT_DAYS = 31;

interface ToursDeps extends PageKit {
  tours: TourService;
  leadRateLimit: LeadRateLimit;
  siteUrl: string;
  /** The lead outbox, when e-mail or the webhook is configured: told after each stored booking. */
  outbox?: LeadOutboxHandle;
}

type PageState = {
  values: Partial<TourInput>;
  errors: TourErrors;
  alert?: string;
  homesite: number | null;
  plan: string | null;
  visit: VisitContext;
  /** The date whose times are shown: the chosen day, or the day of the posted start. */
  day?: string;
};

/** What the buyer typed into the tour form, as text, to show it again; anything else in the body is left out. */
function typedTourValues(body: Record<string, unknown>): Partial<TourInput> {
  const values: Partial<TourInput> = {};
  for (const field of TOUR_FORM_FIELDS) {
    const raw = body[field];
    if (typeof raw === 'string') values[field] = raw;
  }
  return values;
}

/** Token pages hold a buyer's name and booking: never stored by a cache, never indexed. */
function keepPrivate(res: Response) {
  res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex');
}

/** The local date of a posted start (a slot's start carries the zone's offset, so its date is the zone's). */
function dayOfStart(start: unknown): string | undefined {
  return typeof start === 'string' ? start.slice(0, 10) : undefined;
}

function dayNotOffered(days: TourDay[]): string {
  const [first, last] = [days[0], days.at(-1)];
  if (!first || !last) return 'No tour times are open right now; please call us.';
  return `That day cannot be booked online. Please choose a day from ${first.label} to ${last.label}.`;
}

/** The homesite a query or body names, by the lead-context rule; anything else names none. */
function homesiteNamed(raw: unknown): number | null {
  return readLeadContext({ homesite: raw }).homesite ?? null;
}

export function createToursRouter(deps: ToursDeps): Router {
  const { tours } = deps;
  const router = Router();

  function zoneName(req: Request): string {
    const zone = contentOf(req).community.timeZone;
    return formatSlotTime(tours.now(), zone).split(' ').at(-1) ?? zone;
  }

  /** Where the sales center is, as the request's content says. */
  function place(req: Request) {
    const content = contentOf(req);
    return { address: salesCenterAddress(content), directions: salesCenterDirections(content) };
  }

  /** The days offered by the request's tour hours: the published ones, or the drafted ones in a staff preview. */
  async function offeredDays(req: Request): Promise<TourDay[]> {
    const content = contentOf(req);
    const settings: TourHours = content.tours;
    const zone = content.community.timeZone;
    const now = tours.now();
    const dayCount = Math.min(settings.daysAhead + 1, MAX_SLOT_DAYS);
    const slots = await tours.slots(dateInZone(now, zone), dayCount, content);
    return tourDays(settings, zone, now, slots, dayCount);
  }

  /**
   * A day's page keeps what the tour is about and where the visit began, so a buyer without JavaScript who changes
   * day still books with them; the link leads to the day's times.
   */
  function dayHref(state: PageState, plan: string | undefined): (date: string) => string {
    const kept = new URLSearchParams();
    if (state.homesite) kept.set('homesite', String(state.homesite));
    if (plan) kept.set('plan', plan);
    for (const field of VISIT_FIELDS) {
      const value = state.visit[field];
      if (field.startsWith('utm_') && value) kept.set(field, value);
    }
    const rest = kept.size > 0 ? `&${kept.toString()}` : '';
    return (date) => communityPath(`/tours?day=${date}${rest}#${TOUR_DAY_ID}`);
  }

  async function renderTourPage(req: Request, res: Response, state: PageState, offered?: TourDay[]) {
    const content = contentOf(req);
    const plan = state.plan ? floorPlanBySlug(content, state.plan) : undefined;
    const days = offered ?? (await offeredDays(req));
    const chosen = days.find((day) => day.date === state.day) ?? firstBookableDay(days);
    res.set('Cache-Control', 'no-store');
    res.send(
      deps.renderer.page(
        <TourPage
          {...siteProps(deps, req)}
          path="/tours"
          days={days}
          chosen={chosen?.date}
          dayHref={dayHref(state, plan?.slug)}
          values={state.values}
          errors={state.errors}
          alert={state.alert}
          homesite={state.homesite}
          plan={plan ? { slug: plan.slug, name: plan.name } : null}
          visit={state.visit}
          zoneName={zoneName(req)}
        />,
        {
          title: 'Schedule a tour',
          description: `Book a tour of the ${content.community.name} model home: choose a day and a time.`,
          path: '/tours',
          leadForm: true,
        },
      ),
    );
  }

  router.get('/api/tour-slots', async (req, res) => {
    const from = req.query.from ?? dateInZone(tours.now(), tours.timeZone);
    const daysRaw = req.query.days ?? '7';
    if (typeof from !== 'string' || !isCalendarDate(from)) {
      res.status(400).json({ error: 'from must be a date written YYYY-MM-DD' });
      return;
    }
    if (typeof daysRaw !== 'string' || !/^\d{1,2}$/.test(daysRaw) || +daysRaw < 1 || +daysRaw > MAX_SLOT_DAYS) {
      res.status(400).json({ error: `days must be a whole number from 1 to ${MAX_SLOT_DAYS}` });
      return;
    }
    res.set('Cache-Control', 'no-store');
    res.json({ slots: await tours.slots(from, Number(daysRaw)) });
  });

  /**
   * Why this community takes no tour bookings, when it takes none: one coming soon or sold out (contract wave 4,
   * "Addresses"); its pages stay, and the sales team can still be reached.
   */
  function bookingClosed(req: Request): string | undefined {
    const { status } = communityOf(req);
    const { community, builder } = contentOf(req);
    if (status === 'sold-out')
      return `${community.name} is sold out, so tours are not booked online any more. Call ${builder.phone} to talk with our sales team.`;
    if (status === 'coming-soon')
      return `${community.name} is coming soon: tours open with the first release. Join the interest list to hear first, or call ${builder.phone}.`;
    return undefined;
  }

  // Reads `day`, `homesite`, `plan` and the UTM parameters (requestVisit); never cached (no-store: places change).
  router.get('/tours', async (req, res) => {
    const plan = typeof req.query.plan === 'string' ? floorPlanBySlug(contentOf(req), req.query.plan) : undefined;
    const closed = bookingClosed(req);
    const days = closed ? [] : await offeredDays(req);
    const day = req.query.day;
    const offered = typeof day === 'string' && days.some((listed) => listed.date === day);
    if (day !== undefined && !offered && !closed) res.status(400);
    await renderTourPage(
      req,
      res,
      {
        values: {},
        errors: {},
        alert: closed ?? (day !== undefined && !offered ? dayNotOffered(days) : undefined),
        homesite: homesiteNamed(req.query.homesite),
        plan: plan?.slug ?? null,
        visit: requestVisit(req),
        day: offered ? day : undefined,
      },
      days,
    );
  });

  /**
   * A post refused before it was read as a booking (sending too often, too large): the sentence as JSON, text or
   * above the form shown again with what was typed.
   */
  function refuse(req: Request, res: Response, text: string) {
    if (acceptsJson(req)) return void res.json({ error: text });
    if (wantsPage(req)) {
      const body = (req.body ?? {}) as Record<string, unknown>;
      return void renderTourPage(req, res, {
        values: typedTourValues(body),
        errors: {},
        alert: text,
        homesite: homesiteNamed(body.homesite),
        plan: typeof body.plan === 'string' ? body.plan : null,
        visit: visitFieldsOf(readLeadContext(body)),
        day: dayOfStart(body.start),
      });
    }
    res.type('text/plain').send(text);
  }

  const limiter = deps.leadRateLimit((req, res) =>
    refuse(req, res, rateLimitedText(req, contentOf(req).builder.phone)),
  );
  const tooLarge = (req: Request, res: Response) =>
    refuse(req, res, tooLargeText('booking', contentOf(req).builder.phone));

  router.post('/tours', ...publicFormPost(limiter, 30, tooLarge), async (req, res) => {
    const closed = bookingClosed(req);
    if (closed) return void refuse(req, res.status(409), closed);
    const outcome = await tours.book((req.body ?? {}) as Record<string, unknown>, {
      sourcePage: req.get('referer') ?? null,
      userAgent: req.get('user-agent') ?? null,
      community: communityOf(req).id,
    });
    if (outcome.kind === 'booked' || outcome.kind === 'spam') {
      if (outcome.kind === 'booked') deps.outbox?.kick();
      const manage = communityPath(`/tours/${outcome.tour.token}`);
      if (acceptsJson(req)) {
        res.json({
          id: outcome.tour.id,
          start: formatIsoInZone(Date.parse(outcome.tour.start_at), tours.timeZone),
          manage,
          ics: `${manage}.ics`,
        });
        return;
      }
      res.redirect(303, manage);
      return;
    }
    const status = outcome.kind === 'full' ? 409 : 400;
    const errors: TourErrors = outcome.kind === 'full' ? { start: SLOT_FULL } : outcome.errors;
    res.status(status);
    if (acceptsJson(req)) {
      res.json({ error: status === 409 ? SLOT_FULL : 'Please correct the fields named.', errors });
      return;
    }
    if (wantsPage(req)) {
      const values = outcome.kind === 'full' ? { ...outcome.value, start: '' } : outcome.value;
      await renderTourPage(req, res, {
        values,
        errors,
        homesite: outcome.homesite,
        plan: outcome.plan,
        visit: visitFieldsOf(readLeadContext(req.body)),
        day: dayOfStart(outcome.value.start),
      });
      return;
    }
    res.type('text/plain').send(Object.values(errors).join('\n'));
  });

  function managed(tour: TourRow): ManagedTour {
    const startMs = Date.parse(tour.start_at);
    const zone = tours.timeZone;
    const manage = communityPath(`/tours/${tour.token}`);
    return {
      name: `${tour.firstname} ${tour.lastname}`,
      dateLabel: formatSlotDate(dateInZone(startMs, zone)),
      timeLabel: formatSlotTime(startMs, zone),
      status: tour.status,
      cancellable: tour.status === 'booked' && startMs > tours.now(),
      manage,
      ics: `${manage}.ics`,
    };
  }

  function renderManage(req: Request, res: Response, tour: TourRow, notice?: 'not-cancellable' | 'already-cancelled') {
    keepPrivate(res);
    res.send(
      deps.renderer.page(
        <TourManagePage {...siteProps(deps, req)} tour={managed(tour)} {...place(req)} notice={notice} />,
        { title: 'Your tour', description: 'Your model home tour.', path: req.path, noindex: true },
      ),
    );
  }

  const loadTour: RequestHandler = async (req, res, next) => {
    const param = String(req.params.token);
    const token = param.endsWith('.ics') ? param.slice(0, -4) : param;
    const tour = await tours.byToken(token);
    keepPrivate(res);
    if (!tour) return next();
    res.locals.tour = tour;
    res.locals.ics = param.endsWith('.ics');
    next();
  };

  // The confirm step in front of POST /tours/<token>/cancel: the buyer's page leads here, never straight to a cancel.
  router.get('/tours/:token/cancel', loadTour, (req, res, next) => {
    const tour = res.locals.tour as TourRow | undefined;
    if (!tour || res.locals.ics) return next();
    const shown = managed(tour);
    if (!shown.cancellable) return res.redirect(303, shown.manage);
    res.send(
      deps.renderer.page(<TourCancelPage {...siteProps(deps, req)} tour={shown} {...place(req)} />, {
        title: 'Cancel your tour?',
        description: 'Cancel your model home tour.',
        path: req.path,
        noindex: true,
      }),
    );
  });

  router.get('/tours/:token', loadTour, (req, res, next) => {
    const tour = res.locals.tour as TourRow | undefined;
    if (!tour) return next();
    if (!res.locals.ics) return renderManage(req, res, tour);
    const content = contentOf(req);
    const calendar = bookedTourCalendar(
      {
        id: tour.id,
        token: tour.token,
        startAt: tour.start_at,
        slotMinutes: tour.slot_minutes,
        changedAt: tourChangedAt(tour),
        cancelled: tour.status === 'cancelled',
        sequence: tour.sequence,
      },
      {
        communityName: content.community.name,
        builderName: content.builder.name,
        builderPhone: content.builder.phone,
        address: salesCenterAddress(content),
        siteUrl: deps.siteUrl,
      },
    );
    res
      .type('text/calendar; charset=utf-8')
      .set(
        'Content-Disposition',
        `attachment; filename="${content.community.name.replace(/[^A-Za-z0-9]+/g, '-')}-tour.ics"`,
      )
      .send(calendar);
  });

  // A public form with no session: the same-origin check is its CSRF defense (the token in the URL is the secret).
  router.post('/tours/:token/cancel', rejectCrossSite, async (req, res, next) => {
    const token = String(req.params.token);
    const outcome = await tours.cancel(token);
    keepPrivate(res);
    if (outcome === 'unknown') return next();
    if (outcome === 'cancelled') {
      if (acceptsJson(req)) return void res.json({ status: 'cancelled' });
      return res.redirect(303, communityPath(`/tours/${token}`));
    }
    res.status(409);
    const tour = await tours.byToken(token);
    if (acceptsJson(req) || !tour) return void res.json({ error: 'This tour can no longer be cancelled.' });
    renderManage(req, res, tour, tour.status === 'cancelled' ? 'already-cancelled' : 'not-cancellable');
  });

  return router;
}
