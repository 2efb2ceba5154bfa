import type { ReactNode } from 'react';
import { LEAD_STATUSES, type LeadKind, type LeadStatus } from '../../src/shared/lead-context.js';
import { formatInTimeZone } from '../../src/shared/time-zone.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { LEAD_STATUS_LABELS } from './MessagesPage.js';
import { telHref } from '../tel-href.js';

/** The desk's forms, each posted on its own; a refused one comes back with its problems and what was typed. */
export type DeskForm = 'owner' | 'notes' | 'follow-up' | 'reply' | 'status';

export interface TimelineEntryView {
  at: string;
  /** Who did it: a username, or "Buyer". */
  actor: string;
  /** "Note", "E-mail sent", "Tour moved" … */
  label: string;
  /** What it said, one paragraph per item. */
  lines: string[];
  /** The buyer's lead it belongs to, e.g. "Message #12", linked when it is another lead than this one. */
  lead: { label: string; href: string | null };
}

export interface BuyerLeadView {
  kind: LeadKind;
  id: number;
  label: string;
  at: string;
  href: string;
  current: boolean;
}

/** The agent who registered the buyer, on an agent-registration lead; times formatted in the community's zone. */
export interface AgentCardView {
  name: string;
  email: string;
  phone: string;
  brokerage: string;
  license: string;
  since: string | null;
  until: string | null;
  untilIso: string | null;
  expired: boolean;
}

export interface LeadPageProps {
  communityName: string;
  staff: StaffViewer;
  timeZone: string;
  lead: {
    kind: LeadKind;
    id: number;
    name: string;
    email: string;
    phone: string;
    title: string;
    status: LeadStatus;
    /** Sent with "Not sure yet" as its community: filed under the first one (decision 050). */
    communityUnsure?: boolean;
  };
  /** Agent registrations only. */
  agent?: AgentCardView | null;
  owner: string | null;
  accounts: string[];
  followUp: string | null;
  buyer: BuyerLeadView[];
  timeline: TimelineEntryView[];
  /** The form that was refused, with its problems per field and the values typed. */
  refused?: { form: DeskForm; errors: Record<string, string>; values: Record<string, string> };
  /** A sentence saying what the last action did. */
  notice?: string;
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={id}>
      {error}
    </p>
  ) : null;
}

/** A date field holds only a date: anything else posted (by a script) is not shown again. */
function dateOnly(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

/** Which agent registered this buyer, and until when the registration protects the agent's claim. */
function AgentCard({ agent }: { agent: AgentCardView }) {
  return (
    <section aria-labelledby="agent-heading" className="desk-card">
      <h2 id="agent-heading">Registered by an agent</h2>
      <dl className="agent-facts">
        <div>
          <dt>Agent</dt>
          <dd>{agent.name}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${agent.email}`}>{agent.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(agent.phone)}>{agent.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Brokerage</dt>
          <dd>{agent.brokerage}</dd>
        </div>
        <div>
          <dt>License</dt>
          <dd>{agent.license}</dd>
        </div>
        <div>
          <dt>Protected until</dt>
          <dd>
            {agent.until && agent.untilIso ? (
              <>
                <time dateTime={agent.untilIso}>{agent.until}</time>
                {agent.expired ? <strong className="agent-expired"> (expired)</strong> : null}
              </>
            ) : (
              'No protection'
            )}
          </dd>
        </div>
        {agent.since ? (
          <div>
            <dt>Protected since</dt>
            <dd>{agent.since}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function Hidden({ csrfToken }: { csrfToken: string }) {
  return <input type="hidden" name="_csrf" value={csrfToken} />;
}

/**
 * One of the desk's one-field forms (owner, status, follow-up, a note): the field `control` renders with the id
 * `<form>-<field>`, its problem under it, and the button that posts it to `<base>/<form>`.
 */
function OneFieldForm(props: {
  base: string;
  csrfToken: string;
  form: DeskForm;
  field: string;
  label: string;
  error: string | undefined;
  button: string;
  wide?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  const { form, field } = props;
  return (
    <form
      method="post"
      action={`${props.base}/${form}`}
      className={props.wide ? 'desk-form desk-form-wide' : 'desk-form'}
    >
      <Hidden csrfToken={props.csrfToken} />
      <label htmlFor={`${form}-${field}`}>{props.label}</label>
      {props.children}
      <ErrorText id={`${form}-${field}-error`} error={props.error} />
      <button type="submit" className="button">
        {props.button}
      </button>
      {props.hint ? <p className="field-hint">{props.hint}</p> : null}
    </form>
  );
}

/**
 * One lead on the sales desk: the buyer behind it (every lead with the same e-mail or phone), the buyer's whole
 * timeline oldest first, and the desk's forms — owner, status, follow-up date, a note, a reply by e-mail. Plain
 * forms, no JavaScript needed.
 */
export function LeadPage(props: LeadPageProps) {
  const { communityName, staff, timeZone, lead, owner, accounts, followUp, buyer, timeline, refused } = props;
  const base = `/admin/leads/${lead.kind}/${lead.id}`;
  const errorsOf = (form: DeskForm) => (refused?.form === form ? refused.errors : {});
  const typed = (form: DeskForm, field: string, fallback = '') =>
    refused?.form === form ? (refused.values[field] ?? fallback) : fallback;
  const described = (form: DeskForm, field: string) => (errorsOf(form)[field] ? `${form}-${field}-error` : undefined);
  /** A field's link to its problem, and its invalid state, while its form is refused. */
  const problemOf = (form: DeskForm, field: string) => ({
    'aria-describedby': described(form, field),
    'aria-invalid': errorsOf(form)[field] ? true : undefined,
  });
  const formOf = (form: DeskForm, field: string) => ({
    base,
    csrfToken: staff.csrfToken,
    form,
    field,
    error: errorsOf(form)[field],
  });
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/messages">
      <p className="breadcrumb">
        <a href="/admin/messages">Messages</a>
      </p>
      <h1>{lead.name}</h1>
      <p className="message-meta">
        {lead.title} · <a href={`mailto:${lead.email}`}>{lead.email}</a>
        {/* An interest-list sign-up or an agent's client has no phone: no empty call link. */}
        {lead.phone ? (
          <>
            {' · '}
            <a href={telHref(lead.phone)}>{lead.phone}</a>
          </>
        ) : null}
      </p>
      {lead.communityUnsure ? <p className="message-meta">Community: Not sure yet</p> : null}
      {props.notice ? (
        <p className="alert alert-success" role="status">
          {props.notice}
        </p>
      ) : null}
      {refused ? (
        <p className="alert alert-error" role="alert">
          {Object.values(refused.errors).join(' ')}
        </p>
      ) : null}
      <div className="desk">
        <div className="desk-side">
          <section aria-labelledby="desk-heading" className="desk-card">
            <h2 id="desk-heading">Working this lead</h2>
            <OneFieldForm {...formOf('owner', 'username')} label="Owner" button="Set owner">
              <select
                id="owner-username"
                name="username"
                defaultValue={typed('owner', 'username', owner ?? '')}
                aria-describedby={described('owner', 'username')}
              >
                <option value="">Nobody</option>
                {accounts.map((account) => (
                  <option key={account} value={account}>
                    {account === staff.username ? `${account} (me)` : account}
                  </option>
                ))}
              </select>
            </OneFieldForm>
            <OneFieldForm {...formOf('status', 'status')} label="Status" button="Set status">
              <select id="status-status" name="status" defaultValue={typed('status', 'status', lead.status)}>
                {LEAD_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {LEAD_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </OneFieldForm>
            <OneFieldForm
              {...formOf('follow-up', 'date')}
              label="Follow up on"
              button="Set follow-up"
              hint="Leave the date empty to clear it."
            >
              <input
                id="follow-up-date"
                type="date"
                name="date"
                defaultValue={dateOnly(typed('follow-up', 'date', followUp ?? ''))}
                {...problemOf('follow-up', 'date')}
              />
            </OneFieldForm>
          </section>
          {props.agent ? <AgentCard agent={props.agent} /> : null}
          <section aria-labelledby="buyer-heading" className="desk-card">
            <h2 id="buyer-heading">This buyer’s leads ({buyer.length})</h2>
            <p className="field-hint">Every lead with the same e-mail address or phone number, newest first.</p>
            <ul className="buyer-leads">
              {buyer.map((item) => (
                <li key={`${item.kind}-${item.id}`}>
                  {item.current ? (
                    <strong aria-current="page">{item.label}</strong>
                  ) : (
                    <a href={item.href}>{item.label}</a>
                  )}{' '}
                  <time dateTime={item.at}>{formatInTimeZone(item.at, timeZone)}</time>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="desk-main">
          <section aria-labelledby="note-heading" className="desk-card">
            <h2 id="note-heading">Add a note</h2>
            <OneFieldForm
              {...formOf('notes', 'text')}
              label="Note (a call, a visit, what the buyer wants)"
              button="Add note"
              wide
            >
              <textarea
                id="notes-text"
                name="text"
                rows={3}
                maxLength={5000}
                required
                defaultValue={typed('notes', 'text')}
                {...problemOf('notes', 'text')}
              />
            </OneFieldForm>
          </section>
          <section aria-labelledby="reply-heading" className="desk-card">
            <h2 id="reply-heading">Reply by e-mail</h2>
            <form method="post" action={`${base}/reply`} className="desk-form desk-form-wide">
              <Hidden csrfToken={staff.csrfToken} />
              <p className="field-hint">
                {lead.email
                  ? `To ${lead.email}, from the website’s address under your name; the buyer’s answer comes to the sales team.`
                  : 'This buyer gave no e-mail address (a tour booked by phone): call them instead.'}
              </p>
              <label htmlFor="reply-subject">Subject</label>
              <input
                id="reply-subject"
                name="subject"
                maxLength={150}
                required
                defaultValue={typed('reply', 'subject', `Your visit to ${communityName}`)}
                {...problemOf('reply', 'subject')}
              />
              <ErrorText id="reply-subject-error" error={errorsOf('reply').subject} />
              <label htmlFor="reply-text">Message</label>
              <textarea
                id="reply-text"
                name="text"
                rows={6}
                maxLength={10000}
                required
                defaultValue={typed('reply', 'text')}
                {...problemOf('reply', 'text')}
              />
              <ErrorText id="reply-text-error" error={errorsOf('reply').text} />
              <button type="submit" className="button">
                Send e-mail
              </button>
            </form>
          </section>
          <section aria-labelledby="timeline-heading" className="desk-card">
            <h2 id="timeline-heading">Timeline ({timeline.length})</h2>
            <p className="field-hint">Everything about this buyer, oldest first. Times in {timeZone}.</p>
            <ol className="timeline">
              {timeline.map((entry, index) => (
                <li key={index} className="timeline-entry">
                  <p className="timeline-head">
                    <strong>{entry.label}</strong> · {entry.actor} ·{' '}
                    <time dateTime={entry.at}>{formatInTimeZone(entry.at, timeZone)}</time> ·{' '}
                    {entry.lead.href ? <a href={entry.lead.href}>{entry.lead.label}</a> : entry.lead.label}
                  </p>
                  {entry.lines.map((line, lineIndex) => (
                    <p key={lineIndex} className="timeline-text">
                      {line}
                    </p>
                  ))}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </AdminLayout>
  );
}
