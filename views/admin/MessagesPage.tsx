import {
  FilterSelect,
  optionsLabelledBy,
  optionsNamedByValue,
  type FilterOption,
} from '../../src/shared/FilterSelect.js';
import {
  LEAD_KIND_LABELS,
  isLeadKind,
  LEAD_KINDS,
  LEAD_STATUSES,
  type LeadKind,
  type LeadStatus,
} from '../../src/shared/lead-context.js';
import { formatInTimeZone } from '../../src/shared/time-zone.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { telHref } from '../tel-href.js';
import type { LeadPerson } from '../../src/shared/lead-person.js';

/** One lead as the inbox shows it: a contact message, a tour booking, an interest-list entry or an agent's registration. */
export interface LeadView extends LeadPerson {
  kind: LeadKind;
  id: number;
  /** Messages: the subject line. */
  subject: string | null;
  message: string;
  /** When it arrived, as an ISO date-time (UTC). */
  createdAt: string;
  /** Messages: marked read by staff. Tours have no read mark. */
  read: boolean;
  /** Tours: the booked slot's start (ISO, UTC) and booked / cancelled / toured / no-show. */
  tourStart: string | null;
  tourStatus: string | null;
  status: LeadStatus;
  notes: string;
  /**
   * Where the visit began and what the buyer asked about, only the fields the lead carries; the homesite and the
   * plan link to the inbox narrowed to them (the other filters kept).
   */
  context: { label: string; value: string; href?: string }[];
  /** The sales desk: who owns the lead and when to follow up (YYYY-MM-DD), if set. */
  owner: string | null;
  followUp: string | null;
}

export interface InboxFilterView {
  kind: string;
  status: string;
  source: string;
  /** A homesite number, or empty. */
  homesite: string;
  /** A plan's slug, or empty. */
  plan: string;
  q: string;
  /** A username, OWNER_NOBODY (":nobody"), or empty for anyone. */
  owner: string;
  /** A community's slug, or empty for every community the account reaches. */
  community: string;
  spam: boolean;
}

export interface ErasureView {
  kind: LeadKind;
  leadId: number;
  erasedBy: string;
  erasedAt: string;
}

interface MessagesPageProps {
  communityName: string;
  staff: StaffViewer;
  leads: LeadView[];
  /** The community's IANA time zone: lead times are shown there, with the zone named. */
  timeZone: string;
  filter: InboxFilterView;
  /** utm_source values to filter by ("direct" is always offered). */
  sources: string[];
  /** The floor plans to filter by: slug and name. */
  plans: FilterOption[];
  /** The communities the account reaches (slug and name): a filter of its own when there is more than one. */
  communities?: FilterOption[];
  counts: { total: number; unread: number; spam: number };
  pages: { page: number; count: number; newer: string | null; older: string | null };
  /** Links between the leads and the spam view, keeping nothing else of the filter. */
  otherView: string;
  /** The list's query string, sent back with each form so staff return to the same page. */
  returnTo: string;
  erasures: ErasureView[];
  /** The accounts leads can be given to: the owner filter's choices. */
  accounts: string[];
}

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  touring: 'Touring',
  toured: 'Toured',
  contract: 'Contract',
  closed: 'Closed',
  lost: 'Lost',
};

const TOUR_STATUS_LABELS: Record<string, string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  toured: 'Toured',
  'no-show': 'No-show',
};

const KIND_FILTER_OPTIONS = LEAD_KINDS.map((kind) => ({ value: kind, label: LEAD_KIND_LABELS[kind].many }));

/** What deleting a lead of each kind deletes, in the erasure button's words. */
const ERASED_THING: Record<LeadKind, string> = {
  message: 'message',
  tour: 'tour',
  interest: 'interest-list entry',
  'agent-registration': 'registration',
};

/** The inbox's drop-downs: kind, lead status, source (the sources leads came from, "direct" first) and plan. */
function filterChoices(sources: string[], plans: FilterOption[]) {
  const sourceOptions = ['direct', ...sources.filter((source) => source !== 'direct')];
  return [
    { name: 'kind', label: 'Kind', anyLabel: 'Every kind', options: KIND_FILTER_OPTIONS },
    {
      name: 'status',
      label: 'Status',
      anyLabel: 'Any status',
      options: optionsLabelledBy(LEAD_STATUSES, LEAD_STATUS_LABELS),
    },
    { name: 'source', label: 'Source', anyLabel: 'Any source', options: optionsNamedByValue(sourceOptions) },
    { name: 'plan', label: 'Plan', anyLabel: 'Any plan', options: plans },
  ] as const;
}

function FilterForm(props: {
  filter: InboxFilterView;
  sources: string[];
  plans: FilterOption[];
  communities: FilterOption[];
  accounts: string[];
  me: string;
}) {
  const { filter, sources, plans, communities, accounts, me } = props;
  return (
    <form className="lead-filter" method="get" action="/admin/messages">
      {filter.spam ? <input type="hidden" name="spam" value="1" /> : null}
      {filterChoices(sources, plans).map(({ name, ...choice }) => (
        <FilterSelect
          key={name}
          fieldClassName="lead-filter-field"
          id={`filter-${name}`}
          name={name}
          defaultValue={filter[name]}
          {...choice}
        />
      ))}
      {communities.length > 1 ? (
        <FilterSelect
          fieldClassName="lead-filter-field"
          id="filter-community"
          name="community"
          label="Community"
          anyLabel="Every community"
          defaultValue={filter.community}
          options={communities}
        />
      ) : null}
      <FilterSelect
        fieldClassName="lead-filter-field"
        id="filter-owner"
        name="owner"
        label="Owner"
        anyLabel="Anyone"
        defaultValue={filter.owner}
        options={[
          { value: ':nobody', label: 'Nobody (unassigned)' },
          ...accounts.map((account) => ({ value: account, label: account === me ? `${account} (me)` : account })),
        ]}
      />
      <div className="lead-filter-field">
        <label htmlFor="filter-homesite">Homesite</label>
        <input
          id="filter-homesite"
          name="homesite"
          inputMode="numeric"
          defaultValue={filter.homesite}
          placeholder="Any"
          size={6}
          autoComplete="off"
        />
      </div>
      <div className="lead-filter-field">
        <label htmlFor="filter-q">Search</label>
        <input
          id="filter-q"
          type="search"
          name="q"
          defaultValue={filter.q}
          placeholder="Name, e-mail, phone or homesite"
          size={24}
        />
      </div>
      <button type="submit" className="button">
        Filter
      </button>
      <a href={filter.spam ? '/admin/messages?spam=1' : '/admin/messages'}>Clear</a>
    </form>
  );
}

function leadTitle(lead: LeadView, timeZone: string): string {
  if (lead.kind === 'tour' && lead.tourStart) return `Tour on ${formatInTimeZone(lead.tourStart, timeZone)}`;
  return lead.subject ?? '';
}

function FollowUpForm({ lead, csrfToken, returnTo }: { lead: LeadView; csrfToken: string; returnTo: string }) {
  const key = `${lead.kind}-${lead.id}`;
  return (
    <form className="lead-follow-up" method="post" action={`/admin/messages/${lead.kind}/${lead.id}/follow-up`}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="return" value={returnTo} />
      <label htmlFor={`status-${key}`}>Status</label>
      <select id={`status-${key}`} name="status" defaultValue={lead.status}>
        {LEAD_STATUSES.map((status) => (
          <option key={status} value={status}>
            {LEAD_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      <label htmlFor={`notes-${key}`}>Notes</label>
      <textarea id={`notes-${key}`} name="notes" rows={2} maxLength={5000} defaultValue={lead.notes} />
      <button type="submit" className="button">
        Save
      </button>
    </form>
  );
}

interface LeadItemProps {
  lead: LeadView;
  csrfToken: string;
  timeZone: string;
  returnTo: string;
}

function LeadItem({ lead, csrfToken, timeZone, returnTo }: LeadItemProps) {
  const key = `${lead.kind}-${lead.id}`;
  const unread = lead.kind === 'message' && !lead.read;
  const name = `${lead.firstname} ${lead.lastname}`;
  return (
    <li id={`lead-${key}`} className={unread ? 'message is-unread' : 'message is-read'}>
      <article aria-labelledby={`title-${key}`}>
        <header className="message-header">
          <h3 id={`title-${key}`}>
            <span className={`badge badge-${lead.kind}`}>{LEAD_KIND_LABELS[lead.kind].one}</span>{' '}
            {unread ? <span className="badge">Unread</span> : null} {leadTitle(lead, timeZone)}
          </h3>
          <p className="message-meta">
            {name.trim() || lead.email} · <a href={`mailto:${lead.email}`}>{lead.email}</a>
            {lead.phone ? (
              <>
                {' '}
                · <a href={telHref(lead.phone)}>{lead.phone}</a>
              </>
            ) : null}{' '}
            · <time dateTime={lead.createdAt}>{formatInTimeZone(lead.createdAt, timeZone)}</time>
          </p>
          <p className="message-meta">
            <a href={`/admin/leads/${lead.kind}/${lead.id}`}>{`Open ${name}’s lead on the desk`}</a>
            {` · Owner: ${lead.owner ?? 'nobody'}`}
            {lead.followUp ? ` · Follow up on ${lead.followUp}` : ''}
          </p>
        </header>
        {lead.message ? <p className="message-body">{lead.message}</p> : null}
        <dl className="lead-context">
          {lead.kind === 'tour' && lead.tourStart ? (
            <div>
              <dt>Tour</dt>
              <dd>
                <time dateTime={lead.tourStart}>{formatInTimeZone(lead.tourStart, timeZone)}</time>
                {lead.tourStatus ? ` (${TOUR_STATUS_LABELS[lead.tourStatus] ?? lead.tourStatus})` : ''}
              </dd>
            </div>
          ) : null}
          {lead.context.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>{item.href ? <a href={item.href}>{item.value}</a> : item.value}</dd>
            </div>
          ))}
        </dl>
        <div className="lead-actions">
          <FollowUpForm lead={lead} csrfToken={csrfToken} returnTo={returnTo} />
          {lead.kind === 'message' ? (
            <form method="post" action={`/admin/messages/${lead.id}/read`}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="return" value={returnTo} />
              <input type="hidden" name="read" value={lead.read ? 'false' : 'true'} />
              <button type="submit" className="button">
                {lead.read ? 'Mark as unread' : 'Mark as read'}
              </button>
            </form>
          ) : null}
          <details className="lead-erase">
            <summary>Delete (erasure request)</summary>
            <p>
              Deletes everything this {ERASED_THING[lead.kind]} holds, for good
              {lead.kind === 'tour' ? ', and frees its place if the tour is still ahead' : ''}. The erasure log keeps
              only who deleted it and when.
            </p>
            <form method="post" action={`/admin/messages/${lead.kind}/${lead.id}/erase`}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="return" value={returnTo} />
              <button type="submit" className="button button-danger">
                {`Delete ${name.trim() || lead.email}’s ${ERASED_THING[lead.kind]}`}
              </button>
            </form>
          </details>
        </div>
      </article>
    </li>
  );
}

function Pagination({ pages }: { pages: MessagesPageProps['pages'] }) {
  if (pages.count <= 1) return null;
  return (
    <nav className="lead-pages" aria-label="Inbox pages">
      {pages.newer ? <a href={pages.newer}>Newer</a> : <span aria-hidden="true">Newer</span>}
      <span>
        Page {pages.page} of {pages.count}
      </span>
      {pages.older ? <a href={pages.older}>Older</a> : <span aria-hidden="true">Older</span>}
    </nav>
  );
}

function ErasureLog({ erasures, timeZone }: { erasures: ErasureView[]; timeZone: string }) {
  return (
    <section aria-labelledby="erasures-heading" className="erasure-log">
      <h2 id="erasures-heading">Erasure log</h2>
      {erasures.length === 0 ? (
        <p>No lead has been deleted.</p>
      ) : (
        <ul>
          {erasures.map((erasure) => (
            <li key={`${erasure.kind}-${erasure.leadId}-${erasure.erasedAt}`}>
              {`${LEAD_KIND_LABELS[erasure.kind].one} #${erasure.leadId} deleted by ${erasure.erasedBy}, `}
              <time dateTime={erasure.erasedAt}>{formatInTimeZone(erasure.erasedAt, timeZone)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The lead inbox: contact messages and tours together, newest first, 50 a page, filtered by plain GET links and
 * changed by plain form posts (no JavaScript); spam in a view of its own; a CSV export of every lead.
 */
export function MessagesPage(props: MessagesPageProps) {
  const { communityName, staff, leads, timeZone, filter, sources, plans, counts, pages, otherView, returnTo } = props;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/messages">
      <div className="admin-title-row">
        <h1>Messages</h1>
        {isLeadKind(filter.kind) ? (
          <a className="button" href={`/admin/messages.csv?kind=${filter.kind}`} download>
            Export CSV ({LEAD_KIND_LABELS[filter.kind].many})
          </a>
        ) : (
          <a className="button" href="/admin/messages.csv" download>
            Export CSV
          </a>
        )}
      </div>
      <p>
        Contact messages, tour bookings, interest-list sign-ups and agents’ registrations, newest first. Times in{' '}
        {timeZone}.
      </p>
      <p>
        <a href={`/admin/messages?owner=${encodeURIComponent(staff.username)}`}>My leads</a> ·{' '}
        <a href="/admin/messages?owner=%3Anobody">Unassigned leads</a>
      </p>
      <FilterForm
        filter={filter}
        sources={sources}
        plans={plans}
        communities={props.communities ?? []}
        accounts={props.accounts}
        me={staff.username}
      />
      <section aria-labelledby="leads-heading" className={filter.spam ? 'spam-section' : undefined}>
        <div className="admin-title-row">
          {filter.spam ? (
            <h2 id="leads-heading">Flagged as spam ({counts.total})</h2>
          ) : (
            <h2 id="leads-heading">
              Leads ({counts.total}, {counts.unread} unread)
            </h2>
          )}
          <a href={otherView}>{filter.spam ? 'Back to the leads' : `Flagged as spam (${counts.spam})`}</a>
        </div>
        {leads.length === 0 ? (
          <p>None.</p>
        ) : (
          <ol className="message-list">
            {leads.map((lead) => (
              <LeadItem
                key={`${lead.kind}-${lead.id}`}
                lead={lead}
                csrfToken={staff.csrfToken}
                timeZone={timeZone}
                returnTo={returnTo}
              />
            ))}
          </ol>
        )}
        <Pagination pages={pages} />
      </section>
      <ErasureLog erasures={props.erasures} timeZone={timeZone} />
    </AdminLayout>
  );
}
