import { contentOf } from '../request-content.js';
import { Router } from 'express';
import type { Knex } from 'knex';
import { countCollection } from '../../db/image-collections.js';
import { countLeadsBySourceAndWeek, countLeadSummary, type SourceWeekCount } from '../../db/leads.js';
import { countUpcomingTours } from '../../db/tours.js';
import type { Renderer } from '../../render/renderer.js';
import type { HomesiteService } from '../../services/homesites.js';
import { AdminHomePage, type LeadSourceTable } from '../../../views/admin/AdminHomePage.js';
import { toChangeView } from './homesites-router.js';
import { printable } from '../../shared/text-input.js';
import { staffOf, staffPage } from './staff-page.js';

interface DashboardDeps {
  db: Knex;
  renderer: Renderer;
  homesites?: HomesiteService;
}

/** How far back the leads-per-source table looks. */
export const SOURCE_WEEKS = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Weeks oldest first (left to right), each labelled by its first day in the community's zone; sources by total. */
export function toSourceTable(counts: SourceWeekCount[], now: Date, timeZone: string): LeadSourceTable {
  const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone });
  const weeks = Array.from({ length: SOURCE_WEEKS }, (_, index) => {
    const weeksBack = SOURCE_WEEKS - 1 - index;
    const first = new Date(now.getTime() - (weeksBack + 1) * 7 * DAY_MS + DAY_MS);
    return { weeksBack, label: dayLabel.format(first) };
  });
  const bySource = new Map<string, number[]>();
  for (const count of counts) {
    // printable: a source stored before control characters were refused (text-input.ts) is shown without them.
    const source = printable(count.source);
    const row = bySource.get(source) ?? Array<number>(SOURCE_WEEKS).fill(0);
    row[SOURCE_WEEKS - 1 - count.week] = (row[SOURCE_WEEKS - 1 - count.week] ?? 0) + count.count;
    bySource.set(source, row);
  }
  const rows = [...bySource.entries()]
    .map(([source, perWeek]) => ({ source, perWeek, total: perWeek.reduce((sum, n) => sum + n, 0) }))
    .sort((a, b) => b.total - a.total || a.source.localeCompare(b.source));
  return { weeks: weeks.map((week) => week.label), rows };
}

/** GET /admin: counts from aggregate queries (never every lead), leads per source, the latest homesite changes. */
export function createDashboardRouter(deps: DashboardDeps): Router {
  const { db, renderer, homesites } = deps;
  const router = Router();
  router.get('/', async (req, res) => {
    const now = new Date();
    const [carousel, leads, upcomingTours, bySource, homesiteChanges] = await Promise.all([
      countCollection(db, { kind: 'homepage' }),
      countLeadSummary(db),
      countUpcomingTours(db, now.toISOString()),
      countLeadsBySourceAndWeek(db, now, SOURCE_WEEKS),
      homesites?.recentChanges(5),
    ]);
    res.send(
      renderer.page(
        <AdminHomePage
          communityName={contentOf(req).community.name}
          staff={staffOf(req)}
          counts={{ carousel, unread: leads.unread, spam: leads.spam, newLeads: leads.new, upcomingTours }}
          leadSources={toSourceTable(bySource, now, contentOf(req).community.timeZone)}
          recentHomesiteChanges={homesiteChanges?.map(toChangeView)}
          timeZone={contentOf(req).community.timeZone}
        />,
        staffPage(req, 'Staff dashboard'),
      ),
    );
  });
  return router;
}
