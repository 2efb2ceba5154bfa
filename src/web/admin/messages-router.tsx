import { contentOf } from '../request-content.js';
import { listScopeCommunities } from '../../services/staff-scope.js';
import express, { Router, type Request } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../../content/index.js';
import { setMessageRead } from '../../db/contact-messages.js';
import {
  countLeads,
  countLeadSummary,
  isLeadKind,
  leadInScope,
  leadPages,
  listLeadErasures,
  listLeadSources,
  listLeads,
  type LeadFilter,
  type LeadKind,
  type LeadRow,
} from '../../db/leads.js';
import type { Renderer } from '../../render/renderer.js';
import { dateInZone } from '../../shared/tour-slots.js';
import { eraseLead } from '../../services/lead-erasure.js';
import { findLeadDesks } from '../../db/lead-desk.js';
import { listAssignableAccounts } from '../../db/users.js';
import type { LeadDesk } from '../../services/lead-desk.js';
import { withDeskColumns, writeLeadsCsv } from '../../services/messages-csv.js';
import { isLeadStatus } from '../../shared/lead-context.js';
import { cleanText, printable, printableRow } from '../../shared/text-input.js';
import { MessagesPage, type LeadView } from '../../../views/admin/MessagesPage.js';
import { requireCsrfToken } from '../csrf.js';
import { inboxUrl, LEADS_PER_PAGE, parseInboxQuery, returnUrl } from './inbox-query.js';
import { staffOf, staffPage } from './staff-page.js';
import { actorOf, auditRequest } from '../audit.js';
import { personOf } from '../../shared/lead-person.js';
import { staffScopeOf } from '../staff-scope.js';

interface MessagesDeps {
  db: Knex;
  renderer: Renderer;
  desk: LeadDesk;
}

/** Staff notes are a working memo, not a document. */
export const NOTES_MAX_LENGTH = 5000;
const ERASURES_SHOWN = 10;

const CONTEXT_LABELS = [
  ['utm_medium', 'Medium'],
  ['utm_campaign', 'Campaign'],
  ['utm_term', 'Term'],
  ['utm_content', 'Content'],
  ['referrer', 'Referrer'],
  ['landing_page', 'Landing page'],
] as const;

/** The lead's context; its homesite and plan link to the list narrowed to them, the rest of `filter` kept. */
function contextOf(row: LeadRow, content: Content, filter: LeadFilter): LeadView['context'] {
  const plan = row.plan
    ? (content.floorPlans.find((candidate) => candidate.slug === row.plan)?.name ?? row.plan)
    : null;
  return [
    // Sent from the builder's contact page without a community: whoever answers it finds out which (decision 050).
    ...(row.community_unsure ? [{ label: 'Community', value: 'Not sure yet' }] : []),
    { label: 'Source', value: row.utm_source ?? 'direct' },
    ...CONTEXT_LABELS.flatMap(([field, label]) => (row[field] ? [{ label, value: row[field] }] : [])),
    ...(row.homesite !== null
      ? [{ label: 'Homesite', value: String(row.homesite), href: inboxUrl({ ...filter, homesite: row.homesite }) }]
      : []),
    ...(plan && row.plan ? [{ label: 'Plan', value: plan, href: inboxUrl({ ...filter, plan: row.plan }) }] : []),
  ];
}

/**
 * A lead as the inbox shows it. Its text is printable: a lead stored before control characters were refused at
 * the edge (text-input.ts) may still hold some, which an HTML page must not carry.
 */
function toLeadView(stored: LeadRow, content: Content, filter: LeadFilter): LeadView {
  const row = printableRow(stored);
  return {
    kind: row.kind,
    id: row.id,
    ...personOf(row),
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    read: Boolean(row.read_at),
    tourStart: row.tour_start,
    tourStatus: row.tour_status,
    status: row.lead_status,
    notes: row.notes,
    context: contextOf(row, content, filter),
    owner: null,
    followUp: null,
  };
}

function leadId(req: Request): { kind: LeadKind; id: number } | undefined {
  const kind = String(req.params.kind);
  const raw = String(req.params.id);
  if (!isLeadKind(kind) || !/^[1-9]\d{0,14}$/.test(raw)) return undefined;
  return { kind, id: Number(raw) };
}

const formBody = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 10 });

/**
 * The staff inbox: every lead (messages and tours) filtered and paged, its streamed CSV export, follow-up status
 * and notes, mark as read, and deletion at a buyer's request (no public page changes).
 */
export function createMessagesRouter(deps: MessagesDeps): Router {
  const { db, renderer } = deps;
  const router = Router();

  router.get('/messages', async (req, res) => {
    const { filter: askedFilter, page: asked } = parseInboxQuery(req.query as Record<string, unknown>);
    const scope = staffScopeOf(req);
    const filter: LeadFilter = { ...askedFilter, scope };
    const [counts, summary, sources, erasures] = await Promise.all([
      countLeads(db, filter),
      countLeadSummary(db, scope),
      listLeadSources(db, scope),
      listLeadErasures(db, ERASURES_SHOWN),
    ]);
    const pageCount = Math.max(1, Math.ceil(counts.total / LEADS_PER_PAGE));
    const page = Math.min(asked, pageCount);
    const rows = await listLeads(db, filter, { limit: LEADS_PER_PAGE, offset: (page - 1) * LEADS_PER_PAGE }, counts);
    const [desks, accounts, communities] = await Promise.all([
      findLeadDesks(
        db,
        rows.map((row) => ({ kind: row.kind, id: row.id })),
      ),
      listAssignableAccounts(db),
      listScopeCommunities(db, scope),
    ]);
    const returnTo = new URL(inboxUrl(filter, page), 'http://inbox').search;
    res.send(
      renderer.page(
        <MessagesPage
          communityName={contentOf(req).community.name}
          staff={staffOf(req)}
          leads={rows.map((row) => ({
            ...toLeadView(row, contentOf(req), filter),
            owner: desks.get(`${row.kind}/${row.id}`)?.owner ?? null,
            followUp: desks.get(`${row.kind}/${row.id}`)?.follow_up ?? null,
          }))}
          accounts={accounts}
          timeZone={contentOf(req).community.timeZone}
          filter={{
            kind: filter.kind ?? '',
            status: filter.status ?? '',
            source: filter.source ?? '',
            homesite: filter.homesite === undefined ? '' : String(filter.homesite),
            plan: filter.plan ?? '',
            q: filter.q ?? '',
            owner: filter.owner ?? '',
            community: filter.community ?? '',
            spam: filter.spam,
          }}
          sources={sources.map(printable)}
          plans={contentOf(req).floorPlans.map((plan) => ({ value: plan.slug, label: plan.name }))}
          communities={communities.map((community) => ({ value: community.slug, label: community.name }))}
          counts={{ total: counts.total, unread: counts.unread, spam: summary.spam }}
          pages={{
            page,
            count: pageCount,
            newer: page > 1 ? inboxUrl(filter, page - 1) : null,
            older: page < pageCount ? inboxUrl(filter, page + 1) : null,
          }}
          otherView={filter.spam ? '/admin/messages' : '/admin/messages?spam=1'}
          returnTo={returnTo}
          erasures={erasures.map((erasure) => ({
            kind: erasure.kind,
            leadId: erasure.lead_id,
            erasedBy: erasure.erased_by,
            erasedAt: erasure.erased_at,
          }))}
        />,
        staffPage(req, 'Messages'),
      ),
    );
  });

  router.get('/messages.csv', async (req, res) => {
    res
      .type('text/csv; charset=utf-8')
      .attachment(`messages-${dateInZone(Date.now(), contentOf(req).community.timeZone)}.csv`)
      .setHeader('Cache-Control', 'no-store');
    try {
      // ?kind= narrows the export to one kind of lead, as it narrows the inbox.
      const { kind } = parseInboxQuery(req.query).filter;
      await auditRequest(db, req, 'leads.export', 'messages.csv', kind ? { kind } : undefined);
      await writeLeadsCsv(
        withDeskColumns(db, leadPages(db, staffScopeOf(req), undefined, kind ? [kind] : undefined)),
        res,
        () => res.destroyed,
        contentOf(req).community.timeZone,
      );
      res.end();
    } catch (error) {
      // The header is sent: a cut-off download is the only honest way to say the rest failed.
      req.log.error({ err: error }, 'lead export failed');
      res.destroy(error as Error);
    }
  });

  router.post('/messages/:id/read', formBody, requireCsrfToken, async (req, res) => {
    const raw = String(req.params.id);
    const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0;
    if (id === 0) return res.status(400).json({ error: 'Unknown message.' });
    const read = (req.body as { read?: string } | undefined)?.read !== 'false';
    const found =
      (await leadInScope(db, { kind: 'message', id }, staffScopeOf(req))) && (await setMessageRead(db, id, read));
    if (!found) return res.status(404).json({ error: 'Unknown message.' });
    await auditRequest(db, req, 'lead.read', `message/${id}`, { read });
    res.redirect(303, returnUrl(req.body));
  });

  router.post('/messages/:kind/:id/follow-up', formBody, requireCsrfToken, async (req, res) => {
    const lead = leadId(req);
    if (!lead) return res.status(400).type('text/plain').send('Unknown lead.');
    if (!(await leadInScope(db, lead, staffScopeOf(req))))
      return res.status(404).type('text/plain').send('Unknown lead.');
    const body = (req.body ?? {}) as { status?: unknown; notes?: unknown };
    if (body.status !== undefined && !isLeadStatus(body.status)) {
      return res
        .status(400)
        .type('text/plain')
        .send('Status must be one of: new, contacted, touring, toured, contract, closed, lost.');
    }
    const notes = typeof body.notes === 'string' ? cleanText(body.notes, 'lines') : undefined;
    if (body.notes !== undefined && (notes === undefined || notes.length > NOTES_MAX_LENGTH)) {
      return res.status(400).type('text/plain').send(`Notes are at most ${NOTES_MAX_LENGTH} characters.`);
    }
    // Through the desk: the status and memo change as before, the lead's timeline keeps every change, and each
    // change is an audit row written in the same transaction.
    const found = await deps.desk.inboxFollowUp(
      lead,
      {
        ...(isLeadStatus(body.status) ? { lead_status: body.status } : {}),
        ...(notes !== undefined ? { notes } : {}),
      },
      actorOf(req),
    );
    if (!found) return res.status(404).type('text/plain').send('Unknown lead.');
    res.redirect(303, `${returnUrl(req.body)}#lead-${lead.kind}-${lead.id}`);
  });

  router.post('/messages/:kind/:id/erase', formBody, requireCsrfToken, async (req, res) => {
    const lead = leadId(req);
    if (!lead) return res.status(400).type('text/plain').send('Unknown lead.');
    if (!(await leadInScope(db, lead, staffScopeOf(req))))
      return res.status(404).type('text/plain').send('Unknown lead.');
    const outcome = await eraseLead(db, lead, req.user?.username ?? 'staff');
    if (outcome === 'unknown') return res.status(404).type('text/plain').send('Unknown lead.');
    await auditRequest(db, req, 'lead.deleted', `${lead.kind}/${lead.id}`);
    res.redirect(303, returnUrl(req.body));
  });

  return router;
}
