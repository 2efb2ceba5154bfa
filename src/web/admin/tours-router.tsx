import type { Knex } from 'knex';
import { contentOf } from '../request-content.js';
import express, { Router, type Request } from 'express';
import type { Renderer } from '../../render/renderer.js';
import type { TourService } from '../../services/tours.js';
import { addDays, dateInZone, formatSlotDate, formatSlotTime, isCalendarDate } from '../../shared/tour-slots.js';
import { ToursAdminPage, type StaffTourDay } from '../../../views/admin/ToursAdminPage.js';
import { requireCsrfToken } from '../csrf.js';
import { staffOf } from './staff-page.js';
import { auditRequest } from '../audit.js';

/** How many days /admin/tours shows at once. */
export const STAFF_TOUR_DAYS = 14;
const OUTCOMES = new Set(['toured', 'no-show']);

interface AdminToursDeps {
  db: Knex;
  renderer: Renderer;
  tours: TourService;
}

/** /admin/tours: tours by day in the community's zone; staff mark each one toured or no-show. */
export function createAdminToursRouter(deps: AdminToursDeps): Router {
  const { db, renderer, tours } = deps;
  const zone = tours.timeZone;
  const router = Router();

  router.get('/tours', async (req: Request, res) => {
    const today = dateInZone(tours.now(), zone);
    const from = typeof req.query.from === 'string' && isCalendarDate(req.query.from) ? req.query.from : today;
    const rows = await tours.listByDays(from, STAFF_TOUR_DAYS);
    const days: StaffTourDay[] = Array.from({ length: STAFF_TOUR_DAYS }, (_, index) => {
      const date = addDays(from, index);
      return { date, label: formatSlotDate(date), tours: [] };
    });
    for (const row of rows) {
      const startMs = Date.parse(row.start_at);
      const day = days.find((candidate) => candidate.date === dateInZone(startMs, zone));
      const plan = contentOf(req).floorPlans.find((candidate) => candidate.slug === row.plan);
      const about = [row.homesite ? `Homesite ${row.homesite}` : null, plan?.name ?? null].filter(Boolean);
      day?.tours.push({
        id: row.id,
        time: formatSlotTime(startMs, zone),
        name: `${row.firstname} ${row.lastname}`,
        email: row.email,
        phone: row.phone,
        message: row.message,
        about: about.length > 0 ? about.join(', ') : null,
        status: row.status,
        markable: row.status !== 'cancelled' && startMs <= tours.now(),
      });
    }
    res.send(
      renderer.page(
        <ToursAdminPage
          communityName={contentOf(req).community.name}
          staff={staffOf(req)}
          days={days}
          zoneName={formatSlotTime(tours.now(), zone).split(' ').at(-1) ?? zone}
          from={from}
          earlier={addDays(from, -STAFF_TOUR_DAYS)}
          later={addDays(from, STAFF_TOUR_DAYS)}
        />,
        { title: 'Tours', description: 'Staff pages.', path: req.path, noindex: true, admin: true },
      ),
    );
  });

  router.post(
    '/tours/:id/status',
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    requireCsrfToken,
    async (req, res) => {
      const raw = String(req.params.id);
      const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0;
      const status = (req.body as { status?: unknown } | undefined)?.status;
      if (id === 0 || typeof status !== 'string' || !OUTCOMES.has(status)) {
        return res.status(400).json({ error: 'Say status=toured or status=no-show for a known tour.' });
      }
      const found = await tours.markOutcome(id, status as 'toured' | 'no-show', req.user?.username ?? 'staff');
      if (!found) return res.status(404).json({ error: 'Unknown tour, or a cancelled one.' });
      await auditRequest(db, req, 'tour.status', `tour/${id}`, { status });
      res.redirect(303, '/admin/tours');
    },
  );

  return router;
}
