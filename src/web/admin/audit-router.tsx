import { Router, type Request } from 'express';
import { staffScopeOf } from '../staff-scope.js';
import type { Knex } from 'knex';
import type { ContentSource } from '../../content/content-source.js';
import { auditChoices, countAuditRows, listAuditRows, type AuditFilter } from '../../db/audit-log.js';
import type { Renderer } from '../../render/renderer.js';
import { csvCell, csvTime } from '../../services/csv.js';
import { cleanText } from '../../shared/text-input.js';
import { formatInTimeZone } from '../../shared/time-zone.js';
import { addDays, dateInZone, formatSlotTime, isCalendarDate, wallTimeToInstant } from '../../shared/tour-slots.js';
import { AuditPage } from '../../../views/admin/AuditPage.js';
import { auditRequest } from '../audit.js';
import { staffOf, staffPage } from './staff-page.js';

const PER_PAGE = 100;
const CSV_PAGE = 1000;
export const AUDIT_CSV_COLUMNS = ['at', 'actor', 'action', 'target', 'ip', 'details'] as const;

interface AuditDeps {
  db: Knex;
  content: ContentSource;
  renderer: Renderer;
}

/**
 * The filter from the query: person, action, and dates (`from`, `to`, or one `date`; YYYY-MM-DD, whole days in the
 * community's zone).
 */
function parseFilter(
  req: Request,
  timeZone: string,
): { filter: Omit<AuditFilter, 'scope'>; form: { actor: string; action: string; from: string; to: string } } {
  const text = (name: string) => cleanText(req.query[name]).slice(0, 64);
  const actor = text('actor');
  const action = text('action');
  // `date` is one whole day: the same as from and to both that day (a link or a call may ask so).
  const day = isCalendarDate(text('date')) ? text('date') : '';
  const from = isCalendarDate(text('from')) ? text('from') : day;
  const to = isCalendarDate(text('to')) ? text('to') : day;
  const instant = (date: string) => {
    const ms = wallTimeToInstant(date, '00:00', timeZone);
    return ms === undefined ? undefined : new Date(ms).toISOString();
  };
  return {
    form: { actor, action, from, to },
    filter: {
      ...(req.query.actor !== undefined && req.query.actor !== '' ? { actor } : {}),
      ...(action ? { action } : {}),
      ...(from ? { from: instant(from) } : {}),
      ...(to ? { to: instant(addDays(to, 1)) } : {}),
    },
  };
}

function query(form: Record<string, string>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(Object.entries({ ...form, ...extra }).filter(([, value]) => value !== ''));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /admin/audit and /admin/audit.csv (owner): read only, as every part of the audit trail. */
export function createAuditRouter({ db, content, renderer }: AuditDeps): Router {
  const zone = () => content.published().community.timeZone;
  const router = Router();

  router.get('/audit', async (req, res) => {
    const { filter: typed, form } = parseFilter(req, zone());
    const filter: AuditFilter = { ...typed, scope: staffScopeOf(req) };
    const asked = Number(req.query.page);
    const page = Number.isInteger(asked) && asked > 0 && asked < 100_000 ? asked : 1;
    const [total, rows, choices] = await Promise.all([
      countAuditRows(db, filter),
      listAuditRows(db, filter, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE }),
      auditChoices(db, filter.scope),
    ]);
    res.send(
      renderer.page(
        <AuditPage
          communityName={content.published().community.name}
          staff={staffOf(req)}
          rows={rows.map((row) => ({ ...row, at: formatInTimeZone(row.at, zone()) }))}
          total={total}
          filter={form}
          actors={choices.actors}
          actions={choices.actions}
          csvHref={`/admin/audit.csv${query(form)}`}
          newer={page > 1 ? `/admin/audit${query(form, { page: String(page - 1) })}` : null}
          older={page * PER_PAGE < total ? `/admin/audit${query(form, { page: String(page + 1) })}` : null}
          zoneName={formatSlotTime(Date.now(), zone()).split(' ').at(-1) ?? zone()}
        />,
        staffPage(req, 'Audit log'),
      ),
    );
  });

  router.get('/audit.csv', async (req, res) => {
    const { filter: typed, form } = parseFilter(req, zone());
    const filter: AuditFilter = { ...typed, scope: staffScopeOf(req) };
    // Written before the rows are read, so the export is itself in the file it makes.
    await auditRequest(db, req, 'audit.export', 'audit.csv', { filter: form });
    res
      .type('text/csv; charset=utf-8')
      .attachment(`audit-${dateInZone(Date.now(), zone())}.csv`)
      .set('Cache-Control', 'no-store');
    res.write(`\uFEFF${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
    for (let offset = 0; ; offset += CSV_PAGE) {
      const rows = await listAuditRows(db, filter, { limit: CSV_PAGE, offset });
      // `at` at the community's clock with its offset, as every export writes times (the details stay as recorded).
      for (const row of rows)
        res.write(
          `${AUDIT_CSV_COLUMNS.map((column) => csvCell(column === 'at' ? csvTime(row.at, zone()) : row[column])).join(',')}\r\n`,
        );
      if (rows.length < CSV_PAGE || res.destroyed) break;
    }
    res.end();
  });

  return router;
}
