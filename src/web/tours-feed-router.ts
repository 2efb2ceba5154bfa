import { Router } from 'express';
import { findCalendarTokenOwner } from '../db/lead-desk.js';
import { listToursFrom, tourChangedAt } from '../db/tours.js';
import { accountState, assignableAccount, findUserByUsername } from '../db/users.js';
import type { Knex } from 'knex';
import { salesCenterAddress } from '../services/sales-center.js';
import { calendarProductId, eventsCalendar, tourUid, type TourEvent } from '../services/tour-calendar.js';
import { loadStaffScopeByUsername } from '../services/staff-scope.js';
import { printable } from '../shared/text-input.js';
import { contentOf } from './request-content.js';
import { mustEnroll } from './require-permission.js';
import { setStaffScope, staffScopeOf } from './staff-scope.js';

/** How far back the team's calendar reaches (contract: every tour from 30 days back on). */
export const FEED_DAYS_BACK = 30;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

/**
 * GET /admin/tours.ics?token=<secret>: the sales team's calendar subscription. Calendar apps fetch it without a
 * session, so it is mounted ahead of the staff gate and the token is the key: each account has its own (replaced
 * on /admin/tours, later /admin/account), and it works only while its account may see tours. Every real tour from
 * 30 days back on, cancelled ones as STATUS:CANCELLED; each with the UID and SEQUENCE of the buyer's own .ics, so a
 * moved tour replaces its event (docs/decisions/033-sales-desk.md).
 */
/**
 * The feed is the account's key to every buyer's name, phone and e-mail: an account the owner's two-factor
 * requirement holds at its enrollment (require-permission.ts) gets nothing from it either.
 */
async function mustEnrollFirst(db: Knex, username: string): Promise<boolean> {
  const user = await findUserByUsername(db, username);
  return !user || mustEnroll(await accountState(db, user.id));
}

export function createToursFeedRouter(deps: { db: Knex; siteUrl: string }): Router {
  const { db, siteUrl } = deps;
  const router = Router();
  router.get('/admin/tours.ics', async (req, res) => {
    res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex');
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const username = TOKEN_PATTERN.test(token) ? await findCalendarTokenOwner(db, token) : undefined;
    if (!username || !(await assignableAccount(db, username)) || (await mustEnrollFirst(db, username))) {
      return void res.status(404).type('text/plain').send('Unknown calendar address.');
    }
    const content = contentOf(req);
    const from = new Date(Date.now() - FEED_DAYS_BACK * 24 * 3600_000).toISOString();
    const address = salesCenterAddress(content);
    // Only the tours of the communities the token's owner reaches (staff-scope.ts).
    const scope = await loadStaffScopeByUsername(db, username);
    setStaffScope(req, scope);
    const tours = await listToursFrom(db, from, staffScopeOf(req));
    const events: TourEvent[] = tours.map((tour) => {
      const startMs = Date.parse(tour.start_at);
      const lead = `${siteUrl}/admin/leads/tour/${tour.id}`;
      const name = printable(`${tour.firstname} ${tour.lastname}`);
      const source = tour.utm_source === 'walk-in' || tour.utm_source === 'phone' ? ` (${tour.utm_source})` : '';
      return {
        uid: tourUid(tour.id, siteUrl),
        sequence: tour.sequence,
        startMs,
        endMs: startMs + tour.slot_minutes * 60_000,
        stampMs: Date.parse(tourChangedAt(tour)),
        summary: `Tour: ${name}${source}`,
        location: address,
        description: [
          `${name}, ${printable(tour.phone)}, ${printable(tour.email)}`,
          ...(tour.homesite ? [`Homesite ${tour.homesite}`] : []),
          ...(tour.message ? [printable(tour.message)] : []),
          `Status: ${tour.status}`,
          lead,
        ].join('\n'),
        url: lead,
        cancelled: tour.status === 'cancelled',
      };
    });
    res
      .type('text/calendar; charset=utf-8')
      .send(
        eventsCalendar(
          events,
          calendarProductId({ builderName: content.builder.name, communityName: content.community.name }),
          `${content.community.name} tours`,
        ),
      );
  });
  return router;
}
