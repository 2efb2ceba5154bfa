import express, { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../../content/index.js';
import { isLeadKind, type LeadKind, type LeadRow } from '../../db/leads.js';
import { listAssignableAccounts } from '../../db/users.js';
import { leadInScope } from '../../db/leads.js';
import { staffScopeOf } from '../staff-scope.js';
import type { Renderer } from '../../render/renderer.js';
import {
  isFollowUpDate,
  noteText,
  NOTE_MAX_LENGTH,
  REPLY_SUBJECT_MAX_LENGTH,
  REPLY_TEXT_MAX_LENGTH,
  type AgentView,
  type LeadDesk,
  type LeadDeskView,
  type TimelineEntry,
} from '../../services/lead-desk.js';
import { AUTO_ASSIGN } from '../../services/lead-assignment.js';
import type { LeadOutboxHandle } from '../../services/lead-outbox.js';
import { isLeadStatus, LEAD_STATUSES } from '../../shared/lead-context.js';
import { leadIdentity } from '../../shared/lead-person.js';
import { formatInTimeZone } from '../../shared/time-zone.js';
import { dateInZone } from '../../shared/tour-slots.js';
import { cleanText, printable } from '../../shared/text-input.js';
import {
  LeadPage,
  type AgentCardView,
  type BuyerLeadView,
  type DeskForm,
  type LeadPageProps,
  type TimelineEntryView,
} from '../../../views/admin/LeadPage.js';
import { LEAD_STATUS_LABELS } from '../../../views/admin/MessagesPage.js';
import type { Actor } from '../../services/audit-log.js';
import { actorOf } from '../audit.js';
import { wantsJsonAnswer } from '../client-wants.js';
import { requireCsrfToken } from '../csrf.js';
import { contentOf } from '../request-content.js';
import { staffOf, staffPage } from './staff-page.js';

interface LeadsDeps {
  db: Knex;
  renderer: Renderer;
  desk: LeadDesk;
  outbox?: LeadOutboxHandle;
}

/** How each kind of lead is named on the desk: one entry per kind, as the desk's other tables. */
const KIND_LABELS: Record<LeadKind, string> = {
  message: 'Message',
  tour: 'Tour',
  interest: 'Interest list',
  'agent-registration': 'Agent registration',
};

const EVENT_LABELS: Record<string, string> = {
  arrived: 'Lead arrived',
  status: 'Status changed',
  note: 'Note',
  owner: 'Owner changed',
  'follow-up': 'Follow-up date',
  email: 'E-mail sent',
  'tour-booked': 'Tour booked by staff',
  'tour-moved': 'Tour moved',
  'tour-cancelled': 'Tour cancelled',
  'tour-toured': 'Toured',
  'tour-no-show': 'No-show',
};

/** The lead a path names, or undefined for an unknown kind or a malformed id. */
function leadKey(kindParam: unknown, idParam: unknown): { kind: LeadKind; id: number } | undefined {
  const kind = String(kindParam);
  const raw = String(idParam);
  if (!isLeadKind(kind) || !/^[1-9]\d{0,14}$/.test(raw)) return undefined;
  return { kind, id: Number(raw) };
}

export function leadHref(lead: { kind: LeadKind; id: number }): string {
  return `/admin/leads/${lead.kind}/${lead.id}`;
}

/** The contract's JSON of a lead: the lead, its owner and follow-up date, its buyer's leads and timeline. */
function leadJson(view: LeadDeskView, timeZone: string) {
  const { lead, agent } = view;
  return {
    lead: {
      ...leadIdentity(lead),
      at: lead.created_at,
      status: lead.lead_status,
      subject: lead.subject,
      message: lead.message,
      tour: lead.kind === 'tour' ? { start: lead.tour_start, status: lead.tour_status } : null,
      source: lead.utm_source ?? 'direct',
      homesite: lead.homesite,
      plan: lead.plan,
      community: lead.community,
      spam: lead.is_spam,
      // Who registered the buyer, and the day the protection ends in the community's zone (issue 30).
      ...(agent
        ? {
            agent: {
              ...agent,
              protectionEnds: agent.protectedUntil ? dateInZone(Date.parse(agent.protectedUntil), timeZone) : null,
            },
          }
        : {}),
    },
    owner: view.owner,
    followUp: view.followUp,
    buyer: { leads: view.buyer.map((row) => ({ kind: row.kind, id: row.id, at: row.created_at })) },
    timeline: view.timeline,
  };
}

function leadLabel(lead: { kind: LeadKind; id: number }): string {
  return `${KIND_LABELS[lead.kind]} #${lead.id}`;
}

function titleOf(lead: LeadRow, timeZone: string): string {
  if (lead.kind === 'tour' && lead.tour_start) return `Tour on ${formatInTimeZone(lead.tour_start, timeZone)}`;
  return lead.subject ?? leadLabel(lead);
}

/** What an entry says, in sentences, the times in the community's zone. */
function entryLines(entry: TimelineEntry, timeZone: string): string[] {
  const text = (value: unknown) => (typeof value === 'string' ? printable(value) : '');
  const moment = (value: unknown) => (typeof value === 'string' ? formatInTimeZone(value, timeZone) : '');
  switch (entry.type) {
    case 'arrived': {
      const context = Object.entries((entry.context ?? {}) as Record<string, string | number>)
        .filter(([field]) => field !== 'utm_source')
        .map(([field, value]) => `${field}: ${String(value)}`);
      return [
        `${KIND_LABELS[entry.lead.kind]} from the website, source ${text(entry.source)}.`,
        ...(entry.start ? [`Tour booked for ${moment(entry.start)}.`] : []),
        ...(entry.subject ? [`Subject: ${text(entry.subject)}`] : []),
        ...(entry.message ? [text(entry.message)] : []),
        ...(context.length > 0 ? [context.join(' · ')] : []),
      ];
    }
    case 'status':
      return [`${text(entry.from)} → ${text(entry.to)}`];
    case 'note':
      return [text(entry.text), ...(entry.memo ? ['(from the inbox’s notes field)'] : [])];
    case 'owner':
      return [`${text(entry.from) || 'nobody'} → ${text(entry.to) || 'nobody'}`];
    case 'follow-up':
      return [`${text(entry.from) || 'none'} → ${text(entry.to) || 'none'}`];
    case 'email':
      return [`To ${text(entry.to)}: ${text(entry.subject)}`, text(entry.text)];
    case 'tour-booked':
      return [`${text(entry.source) === 'phone' ? 'By phone' : 'Walk-in'}, for ${moment(entry.start)}.`];
    case 'tour-moved':
      return [`From ${moment(entry.from)} to ${moment(entry.to)}; the buyer was e-mailed.`];
    case 'tour-cancelled':
      return [
        `The tour on ${moment(entry.start)}${entry.actor === null ? ', cancelled by the buyer' : '; the buyer was e-mailed'}.`,
      ];
    default:
      return entry.start ? [`The tour on ${moment(entry.start)}.`] : [];
  }
}

function timelineView(view: LeadDeskView, timeZone: string): TimelineEntryView[] {
  const current = `${view.lead.kind}/${view.lead.id}`;
  return view.timeline.map((entry) => ({
    at: entry.at,
    // An entry no staff account made: the buyer's own (a cancel from their page), or the lead rotation's.
    actor: entry.actor ?? (entry.by === AUTO_ASSIGN ? 'Auto-assign' : 'Buyer'),
    label: EVENT_LABELS[entry.type] ?? entry.type,
    lines: entryLines(entry, timeZone).filter(Boolean),
    lead: {
      label: leadLabel(entry.lead),
      href: `${entry.lead.kind}/${entry.lead.id}` === current ? null : leadHref(entry.lead),
    },
  }));
}

function buyerView(view: LeadDeskView, timeZone: string): BuyerLeadView[] {
  return view.buyer.map((row) => ({
    kind: row.kind,
    id: row.id,
    label: `${leadLabel(row)}: ${printable(titleOf(row, timeZone))}`,
    at: row.created_at,
    href: leadHref(row),
    current: row.kind === view.lead.kind && row.id === view.lead.id,
  }));
}

/** The registering agent as the page shows it: the protection's end in the community's zone. */
function agentView(agent: AgentView, timeZone: string): AgentCardView {
  return {
    name: printable(`${agent.firstname} ${agent.lastname}`),
    email: printable(agent.email),
    phone: printable(agent.phone),
    brokerage: printable(agent.brokerage),
    license: printable(agent.license),
    since: agent.protectedSince ? formatInTimeZone(agent.protectedSince, timeZone) : null,
    until: agent.protectedUntil ? formatInTimeZone(agent.protectedUntil, timeZone) : null,
    untilIso: agent.protectedUntil,
    expired: agent.expired,
  };
}

type Refused = NonNullable<LeadPageProps['refused']>;

/** The body's text fields as typed, to show a refused form again. */
function typedValues(body: Record<string, unknown>, fields: string[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, typeof body[field] === 'string' ? body[field] : '']));
}

const NOTICES: Record<string, string> = {
  owner: 'Owner saved.',
  notes: 'Note added.',
  'follow-up': 'Follow-up date saved.',
  reply: 'E-mail queued: it is sent through the outbox and shows in the timeline.',
  status: 'Status saved.',
};

/**
 * The sales desk (contract, "The sales desk"): a lead addressed as <kind>/<id>, its JSON and its page, and the calls
 * that work it — owner, notes, follow-up, reply — each an audit row written with its change. Each call answers
 * JSON to a JSON client and a page to a plain form (303 back to the lead, or the page again with the problems and
 * what was typed).
 */
export function createLeadsRouter(deps: LeadsDeps): Router {
  const { db, renderer, desk } = deps;
  const router = Router();
  const body = [
    express.json({ limit: '64kb' }),
    express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 10 }),
    requireCsrfToken,
  ];

  async function renderLead(
    req: Request,
    res: Response,
    view: LeadDeskView,
    extra: { refused?: Refused; notice?: string } = {},
  ) {
    const content: Content = contentOf(req);
    const timeZone = content.community.timeZone;
    const lead = view.lead;
    res.send(
      renderer.page(
        <LeadPage
          communityName={content.community.name}
          staff={staffOf(req)}
          timeZone={timeZone}
          lead={{
            kind: lead.kind,
            id: lead.id,
            name: printable(`${lead.firstname} ${lead.lastname}`),
            email: printable(lead.email),
            phone: printable(lead.phone),
            title: `${leadLabel(lead)}: ${printable(titleOf(lead, timeZone))}`,
            status: lead.lead_status,
            communityUnsure: Boolean(lead.community_unsure),
          }}
          agent={view.agent && agentView(view.agent, timeZone)}
          owner={view.owner}
          accounts={await listAssignableAccounts(db)}
          followUp={view.followUp}
          buyer={buyerView(view, timeZone)}
          timeline={timelineView(view, timeZone)}
          refused={extra.refused}
          notice={extra.notice}
        />,
        staffPage(req, `${lead.firstname} ${lead.lastname}`),
      ),
    );
  }

  router.get('/leads/:kind/:ref', async (req, res, next) => {
    const ref = String(req.params.ref);
    const json = ref.endsWith('.json');
    const key = leadKey(req.params.kind, json ? ref.slice(0, -'.json'.length) : ref);
    const view = key && (await desk.view(key, staffScopeOf(req)));
    if (!view) {
      if (json) return void res.status(404).json({ error: 'Unknown lead.' });
      return next();
    }
    if (json) return void res.json(leadJson(view, contentOf(req).community.timeZone));
    const done = typeof req.query.done === 'string' ? NOTICES[req.query.done] : undefined;
    await renderLead(req, res, view, { notice: done });
  });

  /**
   * One desk call: `check` reads the body and names its problems (400, nothing changed) or does the change; a JSON
   * client gets `status` and the answer, a plain form a 303 back to the lead (or the page with the problems).
   */
  function deskCall(
    form: DeskForm,
    fields: string[],
    status: number,
    act: (
      key: { kind: LeadKind; id: number },
      body: Record<string, unknown>,
      by: Actor,
      json: boolean,
    ) => Promise<{ errors: Record<string, string> } | { answer: object } | 'unknown'>,
  ) {
    router.post(`/leads/:kind/:id/${form}`, ...body, async (req, res) => {
      const key = leadKey(req.params.kind, req.params.id);
      const json = wantsJsonAnswer(req);
      const posted = (req.body ?? {}) as Record<string, unknown>;
      // A lead of another community is answered as no lead at all.
      const reachable = key !== undefined && (await leadInScope(deps.db, key, staffScopeOf(req)));
      const outcome = reachable ? await act(key, posted, actorOf(req), json) : 'unknown';
      if (outcome === 'unknown') {
        return void res.status(404).json({ error: 'Unknown lead.' });
      }
      if ('errors' in outcome) {
        res.status(400);
        if (json) return void res.json({ error: Object.values(outcome.errors).join(' '), errors: outcome.errors });
        const view = await desk.view(key!, staffScopeOf(req));
        if (!view) return void res.status(404).json({ error: 'Unknown lead.' });
        return renderLead(req, res, view, {
          refused: { form, errors: outcome.errors, values: typedValues(posted, fields) },
        });
      }
      if (form === 'reply') deps.outbox?.kick();
      if (json) return void res.status(status).json(outcome.answer);
      res.redirect(
        303,
        `${leadHref(key!)}?done=${form}#${form === 'reply' || form === 'notes' ? 'timeline-heading' : 'desk-heading'}`,
      );
    });
  }

  deskCall('owner', ['username'], 200, async (key, posted, by, json) => {
    const raw = posted.username;
    // A form's "Nobody" is the empty choice; JSON says null.
    const username = raw === null || (!json && raw === '') ? null : raw;
    if (username !== null && (typeof username !== 'string' || cleanText(username) === '')) {
      return { errors: { username: 'Say which account owns the lead (a username), or null for nobody.' } };
    }
    const outcome = await desk.setOwner(key, username, by);
    if (outcome === 'unknown-lead') return 'unknown';
    if (outcome === 'not-assignable') {
      return { errors: { username: `${cleanText(username)} is not an active sales or owner account.` } };
    }
    return { answer: { owner: outcome.owner } };
  });

  deskCall('notes', ['text'], 201, async (key, posted, by) => {
    const text = noteText(posted.text);
    if (text === undefined) return { errors: { text: `Write a note of 1 to ${NOTE_MAX_LENGTH} characters.` } };
    if (!(await desk.addNote(key, text, by))) return 'unknown';
    return { answer: { type: 'note', actor: by.username, text } };
  });

  deskCall('follow-up', ['date'], 200, async (key, posted, by, json) => {
    const raw = !json && posted.date === '' ? null : posted.date;
    if (!isFollowUpDate(raw)) return { errors: { date: 'The follow-up date is a date written YYYY-MM-DD, or null.' } };
    if (!(await desk.setFollowUp(key, raw, by))) return 'unknown';
    return { answer: { followUp: raw } };
  });

  deskCall('reply', ['subject', 'text'], 202, async (key, posted, by) => {
    const subject = cleanText(posted.subject);
    const text = cleanText(posted.text, 'lines');
    const errors: Record<string, string> = {};
    if (!subject || subject.length > REPLY_SUBJECT_MAX_LENGTH) {
      errors.subject = `Write a subject of 1 to ${REPLY_SUBJECT_MAX_LENGTH} characters.`;
    }
    if (!text || text.length > REPLY_TEXT_MAX_LENGTH) {
      errors.text = `Write a message of 1 to ${REPLY_TEXT_MAX_LENGTH} characters.`;
    }
    if (Object.keys(errors).length > 0) return { errors };
    const sent = await desk.reply(key, { subject, text }, by);
    if (sent === 'no-email') return { errors: { text: 'This buyer gave no e-mail address: call them instead.' } };
    if (!sent) return 'unknown';
    return { answer: { status: 'queued' } };
  });

  deskCall('status', ['status'], 200, async (key, posted, by) => {
    if (!isLeadStatus(posted.status))
      return { errors: { status: `Status must be one of: ${LEAD_STATUSES.join(', ')}.` } };
    if (!(await desk.inboxFollowUp(key, { lead_status: posted.status }, by))) return 'unknown';
    return { answer: { status: posted.status, label: LEAD_STATUS_LABELS[posted.status] } };
  });

  return router;
}
