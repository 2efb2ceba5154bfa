import { communityOf } from '../request-community.js';
import { reachesRequestCommunity } from '../staff-scope.js';
import { contentOf } from '../request-content.js';
import { staffScopeOf } from '../staff-scope.js';
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
import { zonedFormatter } from '../../shared/time-zone.js';
import { staffOf, staffPage } from './staff-page.js';
import type { DeskDashboard, LeadDesk } from '../../services/lead-desk.js';
import { dateInZone } from '../../shared/tour-slots.js';
import type { DeskDashboardView } from '../../../views/admin/DeskSummary.js';

/** "2 h 5 min", "3 days 4 h", "45 s": a wait as people say it. */
export function formatWait(ms: number | null): string {
  if (ms === null) return 'no answered leads yet';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return `${Math.round(ms / 1000)} s`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}

/** Follow-ups per counselor (mine first, then by name, unassigned last); waits in words. */
function toDeskView(desk: DeskDashboard, me: string): DeskDashboardView {
  const owners = [...new Set(desk.followUps.map((item) => item.owner))].sort((a, b) => {
    const rank = (owner: string | null) => (owner === me ? 0 : owner === null ? 2 : 1);
    return rank(a) - rank(b) || (a ?? '').localeCompare(b ?? '');
  });
  return {
    followUps: owners.map((owner) => ({
      owner: owner ?? 'Nobody',
      leads: desk.followUps
        .filter((item) => item.owner === owner)
        .map((item) => ({
          href: `/admin/leads/${item.kind}/${item.id}`,
          name: printable(item.name),
          date: item.date,
          overdue: item.overdue,
        })),
    })),
    firstResponse: {
      overall: { count: desk.firstResponse.overall.count, median: formatWait(desk.firstResponse.overall.medianMs) },
      byCounselor: desk.firstResponse.byCounselor.map((row) => ({
        counselor: row.counselor,
        count: row.count,
        median: formatWait(row.medianMs),
      })),
    },
  };
}

interface DashboardDeps {
  db: Knex;
  renderer: Renderer;
  homesites?: HomesiteService;
  desk: LeadDesk;
}

/** How far back the leads-per-source table looks. */
export const SOURCE_WEEKS = 8;
const DAY_MS = 24 * 60 * 60 * 1000;
/** "Nov 23": a week's first day. A module constant, as zonedFormatter finds its formatter by the options' identity. */
const WEEK_LABEL: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/** Weeks oldest first (left to right), each labelled by its first day in the community's zone; sources by total. */
export function toSourceTable(counts: SourceWeekCount[], now: Date, timeZone: string): LeadSourceTable {
  const dayLabel = zonedFormatter(timeZone, WEEK_LABEL);
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
    const scope = staffScopeOf(req);
    const today = dateInZone(now.getTime(), contentOf(req).community.timeZone);
    const [carousel, leads, upcomingTours, bySource, homesiteChanges, desk] = await Promise.all([
      countCollection(db, { kind: 'homepage', community: communityOf(req).id }),
      countLeadSummary(db, scope),
      countUpcomingTours(db, now.toISOString(), scope),
      countLeadsBySourceAndWeek(db, now, SOURCE_WEEKS, scope),
      reachesRequestCommunity(req) ? homesites?.recentChanges(5) : undefined,
      deps.desk.dashboard(today, scope),
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
          desk={toDeskView(desk, req.user?.username ?? '')}
        />,
        staffPage(req, 'Staff dashboard'),
      ),
    );
  });
  return router;
}
