import { Router, type NextFunction, type Request, type Response } from 'express';
import { staffScopeOf } from '../staff-scope.js';
import { communityOf } from '../request-community.js';
import type { Knex } from 'knex';
import type { Content } from '../../content/index.js';
import { contentOf } from '../request-content.js';
import {
  countInterestEntriesByState,
  INTEREST_STATES,
  listInterestEntries,
  type InterestState,
} from '../../db/interest-entries.js';
import {
  confirmedInterestByPlan,
  countInterestUpdateRecipients,
  findInterestUpdate,
  listSentInterestUpdates,
  type InterestUpdateRow,
} from '../../db/interest-updates.js';
import { deliveredUpdateCounts } from '../../db/lead-deliveries.js';
import type { Renderer } from '../../render/renderer.js';
import { interestUpdateParts } from '../../services/interest-mail.js';
import { draftInterestUpdate, sendInterestUpdate } from '../../services/interest-updates.js';
import type { LeadOutboxHandle } from '../../services/lead-outbox.js';
import type { EditorNotice } from '../../shared/editor-notice.js';
import { INTEREST_UPDATES_PATH } from '../../shared/reach-forms.js';
import { formatInTimeZone } from '../../shared/time-zone.js';
import { csvCell, csvTime } from '../../services/messages-csv.js';
import { cleanText, printableRow } from '../../shared/text-input.js';
import { dateInZone } from '../../shared/tour-slots.js';
import {
  InterestListPage,
  people,
  PREVIEW_UNSUBSCRIBE_TOKEN,
  type InterestUpdateFormView,
  type InterestUpdatePreview,
} from '../../../views/admin/InterestListPage.js';
import { actorOf, auditRequest } from '../audit.js';
import { acceptsJson } from '../client-wants.js';
import { answersWithPage, jsonOrFormWithin } from './form-or-json.js';
import { staffOf, staffPage } from './staff-page.js';

interface InterestAdminDeps {
  db: Knex;
  renderer: Renderer;
  /** The mail worker: nudged once an update's e-mails are queued; without mail (SMTP_URL) nothing can be sent. */
  outbox?: LeadOutboxHandle;
  /** The absolute origin the e-mails' links are built on. */
  siteUrl: string;
}

const CSV_COLUMNS = [
  'id',
  'email',
  'firstname',
  'plan',
  'state',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
  'community',
] as const;

/** An update's body is up to 5,000 characters: room for it percent-encoded (up to 9 bytes a character) and more. */
const updateBody = jsonOrFormWithin('64kb');

/**
 * GET /admin/interest (the list by state, the update form, the sent updates) and GET /admin/interest.csv (every
 * real entry); POST /admin/interest/updates stores an update and shows its preview (GET /admin/interest/updates/N),
 * whose POST …/N/send sends it, once.
 */
export function createInterestAdminRouter(deps: InterestAdminDeps): Router {
  const { db, renderer } = deps;
  const router = Router();
  const planName = (content: Content, slug: string | null) =>
    slug ? (content.floorPlans.find((plan) => plan.slug === slug)?.name ?? slug) : null;
  const mail = () => deps.outbox?.interestMail ?? false;

  /** An update as every recipient gets it, with a placeholder where each has their own unsubscribe token. */
  async function previewOf(content: Content, update: InterestUpdateRow): Promise<InterestUpdatePreview> {
    const parts = interestUpdateParts(update, content, deps.siteUrl, PREVIEW_UNSUBSCRIBE_TOKEN);
    return {
      id: update.id,
      from: parts.from,
      subject: parts.subject,
      text: parts.text,
      listUnsubscribe: parts.headers['List-Unsubscribe'],
      plan: planName(content, update.plan),
      recipients: update.recipients ?? (await countInterestUpdateRecipients(db, update.plan, update.communityId)),
      sent: update.sentAt ? { at: update.sentAt, by: update.sentBy ?? '' } : null,
      mail: mail(),
    };
  }

  function updateJson(preview: InterestUpdatePreview, update: InterestUpdateRow) {
    return {
      id: update.id,
      subject: update.subject,
      text: update.text,
      plan: update.plan,
      recipients: preview.recipients,
      sentAt: update.sentAt,
      sentBy: update.sentBy,
      preview: {
        from: preview.from,
        subject: preview.subject,
        text: preview.text,
        headers: { 'List-Unsubscribe': preview.listUnsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
    };
  }

  async function renderInterest(
    req: Request,
    res: Response,
    extra: {
      status?: number;
      updateForm?: InterestUpdateFormView;
      preview?: InterestUpdatePreview;
      notice?: EditorNotice;
    } = {},
  ) {
    const content = contentOf(req);
    const asked = cleanText(req.query.state);
    const state = (INTEREST_STATES as readonly string[]).includes(asked) ? (asked as InterestState) : undefined;
    const [entries, counts, byPlan, sent] = await Promise.all([
      listInterestEntries(db, staffScopeOf(req)),
      countInterestEntriesByState(db, staffScopeOf(req)),
      confirmedInterestByPlan(db, staffScopeOf(req)),
      listSentInterestUpdates(db, staffScopeOf(req)),
    ]);
    const delivered = await deliveredUpdateCounts(
      db,
      sent.map((update) => update.id),
    );
    res.status(extra.status ?? 200).send(
      renderer.page(
        <InterestListPage
          communityName={content.community.name}
          staff={staffOf(req)}
          entries={entries
            .filter((entry) => !state || entry.state === state)
            .map((stored) => {
              const entry = printableRow(stored);
              return {
                id: entry.id,
                email: entry.email,
                firstname: entry.firstname,
                plan: planName(content, entry.plan),
                state: entry.state,
                createdAt: entry.created_at,
                confirmedAt: entry.confirmed_at,
                unsubscribedAt: entry.unsubscribed_at,
              };
            })}
          counts={counts}
          state={state ?? ''}
          timeZone={content.community.timeZone}
          plans={content.floorPlans.map((plan) => ({
            slug: plan.slug,
            name: plan.name,
            confirmed: byPlan[plan.slug] ?? 0,
          }))}
          updateForm={extra.updateForm}
          preview={extra.preview}
          notice={extra.notice}
          history={sent.map((update) => ({
            id: update.id,
            sentAt: update.sentAt ?? '',
            sentBy: update.sentBy ?? '',
            subject: update.subject,
            plan: planName(content, update.plan),
            recipients: update.recipients ?? 0,
            delivered: delivered.get(update.id) ?? 0,
          }))}
        />,
        staffPage(req, extra.preview ? `Interest list: ${extra.preview.subject}` : 'Interest list'),
      ),
    );
  }

  router.get('/interest', (req, res) => renderInterest(req, res));

  router.post('/interest/updates', ...updateBody, async (req, res) => {
    const content = contentOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const outcome = await draftInterestUpdate(db, body, {
      planSlugs: content.floorPlans.map((plan) => plan.slug),
      actor: actorOf(req).username,
      community: communityOf(req).id,
    });
    if (outcome.kind === 'invalid') {
      if (!answersWithPage(req)) {
        return res.status(400).json({
          error: `Not saved: ${Object.values(outcome.errors).join(' ')}`,
          fields: outcome.errors,
        });
      }
      return renderInterest(req, res, {
        status: 400,
        updateForm: outcome,
        notice: { kind: 'error', text: 'Not saved: see the fields marked below.' },
      });
    }
    if (answersWithPage(req)) return res.redirect(303, `${INTEREST_UPDATES_PATH}/${outcome.id}`);
    const update = (await findInterestUpdate(db, outcome.id))!;
    res
      .status(201)
      .location(`${INTEREST_UPDATES_PATH}/${update.id}`)
      .json(updateJson(await previewOf(content, update), update));
  });

  /** The update a path names, or a 404 (JSON for a call, the not-found page for a page). */
  async function loadUpdate(req: Request, res: Response, next: NextFunction) {
    const id = /^[1-9]\d{0,8}$/.test(String(req.params.id)) ? Number(req.params.id) : undefined;
    const update = id === undefined ? undefined : await findInterestUpdate(db, id, staffScopeOf(req));
    if (update) {
      res.locals.interestUpdate = update;
      return next();
    }
    if (acceptsJson(req) || req.method !== 'GET') return res.status(404).json({ error: 'There is no such update.' });
    next('route');
  }

  router.get('/interest/updates/:id', loadUpdate, async (req, res) => {
    const content = contentOf(req);
    const update = res.locals.interestUpdate as InterestUpdateRow;
    const preview = await previewOf(content, update);
    if (acceptsJson(req)) return res.json(updateJson(preview, update));
    // A draft's form keeps its words, to change and preview again; once sent, the form is for the next update.
    await renderInterest(req, res, {
      preview,
      updateForm: update.sentAt
        ? undefined
        : { value: { subject: update.subject, text: update.text, plan: update.plan ?? '' }, errors: {} },
    });
  });

  router.post('/interest/updates/:id/send', ...updateBody, loadUpdate, async (req, res) => {
    const content = contentOf(req);
    const page = answersWithPage(req);
    const update = res.locals.interestUpdate as InterestUpdateRow;
    const refuse = async (
      status: number,
      text: string,
      shown: InterestUpdateRow,
      json: Record<string, unknown> = {},
    ) => {
      if (!page) return res.status(status).json({ error: text, ...json });
      await renderInterest(req, res, {
        status,
        preview: await previewOf(content, shown),
        notice: { kind: 'error', text },
      });
    };
    if (update.sentAt === null && !mail()) {
      return refuse(503, 'This site sends no e-mail (SMTP_URL is not set): nothing was sent.', update);
    }
    const outcome = await sendInterestUpdate(db, update.id, actorOf(req));
    if (outcome.kind === 'unknown') return res.status(404).json({ error: 'There is no such update.' });
    if (outcome.kind === 'nobody') {
      return refuse(409, 'No confirmed entry would get this update: nothing was sent.', outcome.update);
    }
    if (outcome.kind === 'already-sent') {
      const sent = outcome.update;
      return refuse(
        409,
        `This update was already sent${sent.sentAt ? ` ${formatInTimeZone(sent.sentAt, content.community.timeZone)}` : ''} by ${sent.sentBy ?? ''} to ${people(sent.recipients ?? 0)}: nothing more was sent.`,
        sent,
        { sentAt: sent.sentAt, sentBy: sent.sentBy, recipients: sent.recipients },
      );
    }
    deps.outbox?.kick();
    const sent = outcome.update;
    if (page) return res.redirect(303, `${INTEREST_UPDATES_PATH}/${sent.id}`);
    res.json({ id: sent.id, recipients: sent.recipients, sentAt: sent.sentAt, sentBy: sent.sentBy });
  });

  router.get('/interest.csv', async (req, res) => {
    const content = contentOf(req);
    const entries = await listInterestEntries(db, staffScopeOf(req));
    await auditRequest(db, req, 'leads.export', 'interest.csv', { rows: entries.length });
    const zone = content.community.timeZone;
    const cellOf = (entry: (typeof entries)[number], column: (typeof CSV_COLUMNS)[number]) => {
      if (column === 'plan') return planName(content, entry.plan);
      // Times at the community's clock with its offset, as every export writes them.
      if (column.endsWith('_at')) return csvTime(entry[column], zone);
      return entry[column];
    };
    const lines = entries.map((entry) => CSV_COLUMNS.map((column) => csvCell(cellOf(entry, column))).join(','));
    res
      .type('text/csv; charset=utf-8')
      .attachment(`interest-list-${dateInZone(Date.now(), content.community.timeZone)}.csv`)
      .setHeader('Cache-Control', 'no-store');
    res.send(`\uFEFF${[CSV_COLUMNS.join(','), ...lines].map((line) => `${line}\r\n`).join('')}`);
  });

  return router;
}
