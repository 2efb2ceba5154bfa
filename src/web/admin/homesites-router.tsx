import { communityOf } from '../request-community.js';
import type { Knex } from 'knex';
import { contentOf } from '../request-content.js';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Renderer } from '../../render/renderer.js';
import { dateInZone } from '../../shared/tour-slots.js';
import {
  homesitesToCsv,
  importHomesitesCsv,
  MAX_IMPORT_BYTES,
  type ImportResult,
} from '../../services/homesites-csv.js';
import {
  HomesiteConflict,
  HomesiteError,
  type FieldChanges,
  type HomesiteChange,
  type HomesiteService,
} from '../../services/homesites.js';
import { formatNumber, formatPrice, isHomesiteStatus, parseLotNumber } from '../../shared/homesite-rules.js';
import { isRelease, releaseWarning } from '../../shared/homesite-release.js';
import { countInterestEntriesByState } from '../../db/interest-entries.js';
import { ReleaseConfirmPage } from '../../../views/admin/ReleaseConfirmPage.js';
import { cleanText } from '../../shared/text-input.js';
import type { HomesiteChangeView } from '../../../views/admin/homesite-change.js';
import { HomesiteHistoryPage } from '../../../views/admin/HomesiteHistoryPage.js';
import { HomesitesAdminPage, type ImportReport } from '../../../views/admin/HomesitesAdminPage.js';
import type { EditorNotice } from '../../shared/editor-notice.js';
import { toEditorHomesite } from '../../shared/homesite-editor-props.js';
import { acceptsHtml, acceptsJson, wantsJsonAnswer } from '../client-wants.js';
import { csrfToken, requireCsrfToken } from '../csrf.js';
import { receiveFile } from './receive-file.js';
import { staffOf, staffPage } from './staff-page.js';
import { auditRequest } from '../audit.js';
import type { HomesiteRecord } from '../../shared/homesite-record.js';

interface AdminHomesitesDeps {
  db: Knex;
  renderer: Renderer;
  homesites: HomesiteService;
  /** Each community's homesites; without it, `homesites` serves every request. */
  homesitesOf?: (community: number) => HomesiteService;
}

/** A recorded value as staff read it: a price in dollars ($552,900), a lot size grouped (7,960), none as —. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && field === 'price') return formatPrice(value);
  if (typeof value === 'number' && field === 'sqft') return formatNumber(value);
  return String(value);
}

export function toChangeFields(changes: FieldChanges) {
  return Object.entries(changes).map(([field, [from, to]]) => ({
    field,
    from: shown(field, from),
    to: shown(field, to),
  }));
}

export function toChangeView(change: HomesiteChange): HomesiteChangeView {
  return {
    id: change.id,
    lot: change.lot,
    at: change.at,
    by: change.by,
    source: change.source,
    fields: toChangeFields(change.changes),
  };
}

function toImportReport(result: ImportResult): ImportReport {
  return {
    dryRun: result.dryRun,
    problems: result.problems,
    changes: result.changes.map((change) => ({
      lot: change.lot,
      line: change.line,
      created: change.created,
      fields: toChangeFields(change.changes),
    })),
  };
}

/** A form field as the JSON call has it: empty is null, digits are a number, anything else stays text (→ 400). */
function formValue(value: unknown, numeric: boolean): unknown {
  if (typeof value !== 'string') return value;
  const text = cleanText(value);
  if (text === '') return null;
  return numeric && /^\d{1,15}$/.test(text) ? Number(text) : text;
}

/** The body of a save as JSON, whether it came as JSON (the editor) or as a plain form post (no JavaScript). */
function updateBody(req: Request): unknown {
  if (req.is('application/json')) return req.body;
  const body = (req.body ?? {}) as Record<string, unknown>;
  return {
    status: body.status,
    plan: formValue(body.plan, false),
    price: formValue(body.price, true),
    ready: formValue(body.ready, false),
    version: formValue(body.version, true),
  };
}

function bulkBody(req: Request): unknown {
  if (req.is('application/json')) return req.body;
  const body = (req.body ?? {}) as Record<string, unknown>;
  const lots = body.lots === undefined ? [] : Array.isArray(body.lots) ? body.lots : [body.lots];
  return { lots: lots.map((lot) => formValue(lot, true)), status: body.status };
}

/**
 * Staff homesite pages and calls (contract "Homesites", staff part). Mounted under /admin behind requireStaff and
 * rejectCrossSite; every state change here also requires the CSRF token. Calls answer JSON; a plain form post
 * (no JavaScript) is answered with the page again, showing the outcome.
 */
export function createAdminHomesitesRouter(deps: AdminHomesitesDeps): Router {
  const { db, renderer } = deps;
  /** The homesites of the community the staff request works in (the switcher's choice). */
  const homesitesOf = (req: Request) => deps.homesitesOf?.(communityOf(req).id) ?? deps.homesites;
  const router = Router();
  const planNames = (req: Request) => contentOf(req).floorPlans.map((plan) => plan.name);
  const json = express.json({ limit: '200kb', strict: true });
  const form = express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 20_000 });

  const acceptJsonOrForm = (req: Request, res: Response, next: NextFunction) => {
    if (!req.is(['application/json', 'application/x-www-form-urlencoded'])) {
      res.status(415).json({ error: 'Send this call as application/json.' });
      return;
    }
    next();
  };

  /** How many people a release e-mails now: the confirmed entries of the homesites' community's interest list. */
  const confirmedPeople = async (req: Request) =>
    (await countInterestEntriesByState(db, { all: false, communities: [communityOf(req).id] })).confirmed;

  async function renderList(
    req: Request,
    res: Response,
    extra: {
      status?: number;
      notice?: EditorNotice;
      rowNotice?: { lot: number; notice: EditorNotice };
      importReport?: ImportReport;
      importNotice?: EditorNotice;
    } = {},
  ) {
    const query = req.method === 'GET' ? req.query : {};
    const status = isHomesiteStatus(query.status) ? query.status : '';
    const plan = typeof query.plan === 'string' && planNames(req).includes(query.plan) ? query.plan : '';
    const q = cleanText(query.q).slice(0, 100);
    const all = await homesitesOf(req).list();
    const needle = q.toLowerCase();
    // A lot number finds that lot; anything else searches the addresses.
    const lotAsked = all.some((row) => String(row.lot) === needle);
    const rows = all.filter(
      (row) =>
        (status === '' || row.status === status) &&
        (plan === '' || row.plan === plan) &&
        (needle === '' || (lotAsked ? String(row.lot) === needle : row.address.toLowerCase().includes(needle))),
    );
    const recent = (await homesitesOf(req).recentChanges(10)).map(toChangeView);
    res.status(extra.status ?? 200).send(
      renderer.page(
        <HomesitesAdminPage
          communityName={contentOf(req).community.name}
          staff={staffOf(req)}
          filter={{ status, plan, q }}
          notice={extra.notice}
          importReport={extra.importReport}
          importNotice={extra.importNotice}
          recent={recent}
          timeZone={contentOf(req).community.timeZone}
          editor={{
            homesites: rows.map(toEditorHomesite),
            plans: planNames(req),
            priceRange: contentOf(req).homesites.priceRange,
            csrfToken: csrfToken(req),
            total: all.length,
            rowNotice: extra.rowNotice,
            interestPeople: await confirmedPeople(req),
          }}
        />,
        staffPage(req, 'Homesites'),
      ),
    );
  }

  const receiveCsv = receiveFile({
    field: 'file',
    maxBytes: MAX_IMPORT_BYTES,
    notMultipart: 'Upload the CSV as multipart/form-data in the field "file".',
    tooLarge: 'The file is larger than 1 MB; a homesite list is a few kilobytes.',
    unreadable: 'The upload could not be read (send the CSV in the field "file").',
    refuse: (req, res, status, text) => {
      if (!acceptsHtml(req)) return void res.status(status).json({ error: text });
      void renderList(req, res, { status, importNotice: { kind: 'error', text } }).catch((error: unknown) =>
        req.next?.(error),
      );
    },
  });

  /**
   * A plain form post that releases homesites (future → available or quick move-in) e-mails every confirmed entry
   * of the interest list: before it is saved, staff read how many people and confirm on a page of its own (the
   * editor widget asks the same in a dialog). Answers true when that page was sent instead of saving.
   */
  async function askBeforeRelease(req: Request, res: Response, lots: number[], status: unknown): Promise<boolean> {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.is('application/json') || body.confirm_release === '1') return false;
    const before = new Map((await homesitesOf(req).list()).map((row) => [row.lot, row.status]));
    const released = lots.filter((lot) => isRelease(before.get(lot), status));
    if (released.length === 0) return false;
    const people = await confirmedPeople(req);
    if (people === 0) return false;
    const fields = Object.entries(body).flatMap(([name, value]): [string, string][] =>
      name === '_csrf' ? [] : (Array.isArray(value) ? value : [value]).map((one) => [name, String(one)]),
    );
    res
      .set('Cache-Control', 'no-store')
      .send(
        renderer.page(
          <ReleaseConfirmPage
            communityName={contentOf(req).community.name}
            staff={staffOf(req)}
            warning={releaseWarning(released, people)}
            action={req.originalUrl}
            fields={fields}
            people={people}
          />,
          staffPage(req, 'Release homesites'),
        ),
      );
    return true;
  }

  /** The notice after a save that released homesites: who hears of it. */
  async function releasedNotice(req: Request, lots: number[]): Promise<string> {
    const people = await confirmedPeople(req);
    if (lots.length === 0 || people === 0) return '';
    return ` Released: the ${people === 1 ? '1 person' : `${people} people`} on the interest list will be e-mailed.`;
  }

  /** One audit row per saved homesite: each changed field, old → new. A save that changed nothing writes none. */
  async function auditHomesiteChange(req: Request, before: HomesiteRecord | undefined, after: HomesiteRecord) {
    const fields = ['status', 'plan', 'price', 'sqft', 'address', 'ready'] as const;
    const changes = Object.fromEntries(
      fields
        .filter((name) => before?.[name] !== after[name])
        .map((name) => [name, [before?.[name] ?? null, after[name]]]),
    );
    if (Object.keys(changes).length > 0)
      await auditRequest(db, req, 'homesite.change', `homesite/${after.lot}`, changes);
  }

  router.get('/homesites', (req, res) => renderList(req, res));

  router.get('/homesites.csv', async (req, res) => {
    await auditRequest(db, req, 'homesites.export', 'homesites.csv');
    res
      .type('text/csv; charset=utf-8')
      .attachment(`homesites-${dateInZone(Date.now(), contentOf(req).community.timeZone)}.csv`)
      .send(`\uFEFF${homesitesToCsv(await homesitesOf(req).list())}`);
  });

  router.post('/homesites/bulk', acceptJsonOrForm, json, form, requireCsrfToken, async (req, res) => {
    try {
      const asked = bulkBody(req) as { lots?: unknown[]; status?: unknown };
      const askedLots = (Array.isArray(asked.lots) ? asked.lots : []).filter(
        (lot): lot is number => typeof lot === 'number',
      );
      if (await askBeforeRelease(req, res, askedLots, asked.status)) return;
      const before = new Map((await homesitesOf(req).list()).map((row) => [row.lot, row.status]));
      const rows = await homesitesOf(req).bulkSetStatus(bulkBody(req), req.user?.username ?? '');
      const changed = rows.filter((row) => before.get(row.lot) !== row.status);
      if (changed.length > 0)
        await auditRequest(
          db,
          req,
          'homesite.bulk',
          `homesites/${changed.map((row) => row.lot).join(',')}`.slice(0, 200),
          {
            status: Object.fromEntries(changed.map((row) => [row.lot, [before.get(row.lot) ?? null, row.status]])),
          },
        );
      if (!wantsJsonAnswer(req)) {
        const released = rows.filter((row) => isRelease(before.get(row.lot), row.status)).map((row) => row.lot);
        return renderList(req, res, {
          notice: { kind: 'success', text: `${rows.length} homesites updated.${await releasedNotice(req, released)}` },
        });
      }
      res.json({ homesites: rows });
    } catch (error) {
      if (!(error instanceof HomesiteError)) throw error;
      if (!wantsJsonAnswer(req))
        return renderList(req, res, {
          status: 400,
          notice: { kind: 'error', text: `Nothing changed: ${error.message}` },
        });
      res.status(400).json({ error: error.message, problems: error.problems });
    }
  });

  router.post('/homesites/import', receiveCsv, requireCsrfToken, async (req, res) => {
    const dryRun = req.query.dry_run === '1' || (req.body as { dry_run?: unknown } | undefined)?.dry_run === '1';
    const browserForm = acceptsHtml(req);
    if (!req.file) {
      if (browserForm)
        return renderList(req, res, { status: 400, importNotice: { kind: 'error', text: 'Choose a CSV file.' } });
      return res.status(400).json({ error: 'Choose a CSV file (multipart field "file").' });
    }
    const result = await importHomesitesCsv(homesitesOf(req), req.file.buffer, {
      dryRun,
      username: req.user?.username ?? '',
    });
    const failed = result.problems.length > 0;
    if (!failed && !dryRun && result.changes.length > 0)
      await auditRequest(db, req, 'homesite.import', 'homesites', { changes: result.changes.length });
    if (browserForm) return renderList(req, res, { status: failed ? 400 : 200, importReport: toImportReport(result) });
    if (failed) {
      const summary = result.problems
        .slice(0, 5)
        .map((problem) => `line ${problem.line}${problem.column ? ` ${problem.column}` : ''}: ${problem.message}`)
        .join('; ');
      return res.status(400).json({
        error: `Nothing was imported (${result.problems.length} problems): ${summary}${result.problems.length > 5 ? '; …' : ''}`,
        problems: result.problems,
      });
    }
    res.json({ dry_run: dryRun, applied: dryRun ? 0 : result.changes.length, changes: result.changes });
  });

  // A no-JavaScript import or row save answers at its POST address: reloading that page (or coming back to it) asks
  // for it with GET, which shows the list the form was on instead of a 404.
  router.get('/homesites/import', (_req, res) => res.redirect(303, '/admin/homesites'));
  router.get('/homesites/:lot', (req, res, next) => {
    const lot = parseLotNumber(String(req.params.lot));
    if (lot === undefined) return next();
    res.redirect(303, `/admin/homesites#homesite-${lot}`);
  });

  router.get('/homesites/:lot/history', async (req, res, next) => {
    const lot = parseLotNumber(String(req.params.lot));
    if (lot === undefined || !(await homesitesOf(req).find(lot))) return next();
    const changes = await homesitesOf(req).history(lot);
    if (acceptsJson(req)) {
      return res.json({ lot, changes });
    }
    res.send(
      renderer.page(
        <HomesiteHistoryPage
          communityName={contentOf(req).community.name}
          staff={staffOf(req)}
          lot={lot}
          changes={changes.map(toChangeView)}
          timeZone={contentOf(req).community.timeZone}
        />,
        staffPage(req, `History of homesite ${lot}`),
      ),
    );
  });

  router.post('/homesites/:lot', acceptJsonOrForm, json, form, requireCsrfToken, async (req, res) => {
    const lot = parseLotNumber(String(req.params.lot));
    const browserForm = !wantsJsonAnswer(req);
    try {
      if (lot === undefined) throw new HomesiteError(`There is no homesite ${String(req.params.lot).slice(0, 20)}.`);
      if (browserForm && (await askBeforeRelease(req, res, [lot], (req.body as { status?: unknown }).status))) return;
      const before = await homesitesOf(req).find(lot);
      const row = await homesitesOf(req).update(lot, updateBody(req), req.user?.username ?? '');
      await auditHomesiteChange(req, before, row);
      if (browserForm) {
        const released = isRelease(before?.status, row.status) ? [lot] : [];
        const text = `Saved.${await releasedNotice(req, released)}`;
        return renderList(req, res, { rowNotice: { lot, notice: { kind: 'success', text } } });
      }
      res.json(row);
    } catch (error) {
      if (error instanceof HomesiteConflict) {
        const text = `Not saved: ${error.stored.updated_by ?? 'someone'} changed homesite ${error.stored.lot} meanwhile. The row now shows what is stored; make your change again if it still applies.`;
        if (browserForm) {
          return renderList(req, res, {
            status: 409,
            rowNotice: { lot: error.stored.lot, notice: { kind: 'error', text } },
          });
        }
        return res.status(409).json({ ...error.stored, error: text });
      }
      if (!(error instanceof HomesiteError)) throw error;
      if (browserForm) {
        const notice = { kind: 'error', text: error.message } as const;
        return renderList(
          req,
          res,
          lot === undefined ? { status: error.status, notice } : { status: error.status, rowNotice: { lot, notice } },
        );
      }
      res.status(error.status).json({ error: error.message, problems: error.problems });
    }
  });

  return router;
}
