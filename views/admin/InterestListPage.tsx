import type { EditorNotice } from '../../src/shared/editor-notice.js';
import { INTEREST_UPDATE_RULES, INTEREST_UPDATES_PATH, ruleMaxLength } from '../../src/shared/reach-forms.js';
import { formatInTimeZone } from '../../src/shared/time-zone.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { FormField, Notice } from './FormField.js';
import { ScrollRegion } from './ScrollRegion.js';

export interface InterestEntryView {
  id: number;
  email: string;
  firstname: string;
  plan: string | null;
  state: 'pending' | 'confirmed' | 'unsubscribed';
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/** The update form's values as typed, and its problems, each named by its field. */
export interface InterestUpdateFormView {
  value: { subject: string; text: string; plan: string };
  errors: Partial<Record<'subject' | 'text' | 'plan', string>>;
}

/** A floor plan an update can be limited to, with how many confirmed entries asked about it. */
export interface InterestPlanOption {
  slug: string;
  name: string;
  confirmed: number;
}

/** A stored update as the preview shows it: the e-mail exactly as built for a recipient, and where it stands. */
export interface InterestUpdatePreview {
  id: number;
  from: string;
  subject: string;
  text: string;
  listUnsubscribe: string;
  /** The plan it is limited to (its name), or null: every confirmed entry. */
  plan: string | null;
  /** Confirmed entries it goes to now (before sending), or went to (once sent). */
  recipients: number;
  sent: { at: string; by: string } | null;
  /** SMTP is configured: sending can deliver. */
  mail: boolean;
}

export interface SentUpdateView {
  id: number;
  sentAt: string;
  sentBy: string;
  subject: string;
  plan: string | null;
  recipients: number;
  delivered: number;
}

interface InterestListPageProps {
  communityName: string;
  staff: StaffViewer;
  entries: InterestEntryView[];
  counts: Record<InterestEntryView['state'], number>;
  /** The state shown, or '' for all. */
  state: string;
  timeZone: string;
  plans: InterestPlanOption[];
  updateForm?: InterestUpdateFormView;
  preview?: InterestUpdatePreview;
  history: SentUpdateView[];
  notice?: EditorNotice;
}

/** The placeholder the preview shows where each recipient's e-mail has its own unsubscribe token. */
export const PREVIEW_UNSUBSCRIBE_TOKEN = 'each-recipients-own-token';

export const people = (count: number) => (count === 1 ? '1 person' : `${count.toLocaleString('en-US')} people`);

const STATE_LABELS = { pending: 'Pending', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' } as const;

function when(iso: string | null, timeZone: string) {
  return iso ? <time dateTime={iso}>{formatInTimeZone(iso, timeZone)}</time> : '—';
}

/**
 * The interest list for staff: every entry with its state (pending until the address is confirmed, confirmed,
 * unsubscribed), filtered by state, and its CSV export. Release e-mails go to the confirmed entries only.
 */
export function InterestListPage(props: InterestListPageProps) {
  const { communityName, staff, entries, counts, state, timeZone, preview, notice } = props;
  const states = ['confirmed', 'pending', 'unsubscribed'] as const;
  // A form sent back with problems comes first, where the reader lands, not below a long list.
  const formFirst = Object.keys(props.updateForm?.errors ?? {}).length > 0;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/interest">
      <div className="admin-title-row">
        <h1>Interest list</h1>
        <div className="interest-actions">
          <a className="button" href="#update-heading">
            Send an update
          </a>
          <a className="button" href="/admin/interest.csv" download>
            Export CSV
          </a>
        </div>
      </div>
      <p>
        People who asked for news of the next release. Only confirmed entries get the release e-mail, sent once when
        homesites go from future to available or quick move-in, and the updates you send below. Times in {timeZone}.
      </p>
      <Notice notice={notice} />
      {preview ? <UpdatePreview preview={preview} staff={staff} timeZone={timeZone} /> : null}
      {formFirst ? <UpdateForm {...props} /> : null}
      <nav aria-label="Interest list by state">
        <ul className="interest-states">
          <li>
            <a href="/admin/interest" aria-current={state === '' ? 'page' : undefined}>
              {`All (${counts.confirmed + counts.pending + counts.unsubscribed})`}
            </a>
          </li>
          {states.map((one) => (
            <li key={one}>
              <a href={`/admin/interest?state=${one}`} aria-current={state === one ? 'page' : undefined}>
                {`${STATE_LABELS[one]} (${counts[one]})`}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {entries.length === 0 ? (
        <p>None.</p>
      ) : (
        <ScrollRegion label="Interest-list entries">
          <table className="lead-sources interest-table">
            <caption>{state ? `${STATE_LABELS[state as keyof typeof STATE_LABELS]} entries` : 'Every entry'}</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">First name</th>
                <th scope="col">Plan</th>
                <th scope="col">State</th>
                <th scope="col">Signed up</th>
                <th scope="col">Confirmed</th>
                <th scope="col">Unsubscribed</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.email}</td>
                  <td>{entry.firstname}</td>
                  <td>{entry.plan ?? ''}</td>
                  <td>{STATE_LABELS[entry.state]}</td>
                  <td>{when(entry.createdAt, timeZone)}</td>
                  <td>{when(entry.confirmedAt, timeZone)}</td>
                  <td>{when(entry.unsubscribedAt, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {formFirst ? null : <UpdateForm {...props} />}
      <SentUpdates history={props.history} timeZone={timeZone} />
    </AdminLayout>
  );
}

/** The e-mail as each recipient gets it, and the one button that sends it (once). */
function UpdatePreview({
  preview,
  staff,
  timeZone,
}: {
  preview: InterestUpdatePreview;
  staff: StaffViewer;
  timeZone: string;
}) {
  const audience = preview.plan ? `confirmed entries who asked about ${preview.plan}` : 'every confirmed entry';
  return (
    <section className="upload-panel interest-preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">{preview.sent ? 'Sent update' : 'Preview: the e-mail as it will be sent'}</h2>
      {preview.sent ? (
        <p className="alert alert-success" role="status">
          Sent {formatInTimeZone(preview.sent.at, timeZone)} by {preview.sent.by} to {people(preview.recipients)}.
        </p>
      ) : (
        <p>
          It goes to {audience}: <strong>{people(preview.recipients)}</strong> now. Pending and unsubscribed entries get
          nothing.
        </p>
      )}
      <dl className="mail-preview-headers">
        <dt>From</dt>
        <dd>{preview.from}</dd>
        <dt>To</dt>
        <dd>{preview.sent ? people(preview.recipients) : `${audience} (${people(preview.recipients)})`}</dd>
        <dt>Subject</dt>
        <dd className="mail-preview-subject">{preview.subject}</dd>
        <dt>List-Unsubscribe</dt>
        <dd>
          <code>{preview.listUnsubscribe}</code>
        </dd>
      </dl>
      <pre className="mail-preview-text">{preview.text}</pre>
      <p className="field-hint">
        Each e-mail carries its recipient’s own unsubscribe link where this preview shows “{PREVIEW_UNSUBSCRIBE_TOKEN}”.
      </p>
      {preview.sent ? null : !preview.mail ? (
        <p className="alert alert-error">This site sends no e-mail (SMTP_URL is not set): it cannot be sent.</p>
      ) : preview.recipients === 0 ? (
        <p className="alert alert-error">No confirmed entry would get it: there is nobody to send it to yet.</p>
      ) : (
        <form method="post" action={`${INTEREST_UPDATES_PATH}/${preview.id}/send`} className="upload-form">
          <input type="hidden" name="_csrf" value={staff.csrfToken} />
          <button type="submit" className="button button-accent">
            {`Send to ${people(preview.recipients)}`}
          </button>
        </form>
      )}
    </section>
  );
}

/** The form for a new update: subject, plain text, and who gets it. Its first post only previews. */
function UpdateForm({ staff, plans, updateForm, counts, preview }: InterestListPageProps) {
  const value = updateForm?.value ?? { subject: '', text: '', plan: '' };
  const errors = updateForm?.errors ?? {};
  /** The first field with a problem takes the focus, so a keyboard or screen-reader user starts there. */
  const first = (['subject', 'text', 'plan'] as const).find((field) => errors[field]);
  const textDescribed = ['update-text-hint', errors.text ? 'update-text-error' : ''].filter(Boolean).join(' ');
  return (
    <section className="upload-panel interest-update-panel" aria-labelledby="update-heading">
      <h2 id="update-heading">Send an update to the list</h2>
      <p>
        A short note in plain text to the confirmed entries. You see it first exactly as it will be sent, with the
        footer every list e-mail carries (who sends it, why, the postal address and the unsubscribe link); it goes out
        only when you press “Send” there, and only once.
      </p>
      <form method="post" action={INTEREST_UPDATES_PATH} className="upload-form interest-update-form">
        <input type="hidden" name="_csrf" value={staff.csrfToken} />
        <FormField
          id="update-subject"
          label="Subject"
          name="subject"
          type="text"
          hint={`At most ${INTEREST_UPDATE_RULES.subject.max} characters.`}
          maxLength={ruleMaxLength(INTEREST_UPDATE_RULES.subject)}
          defaultValue={value.subject}
          error={errors.subject}
          autoFocus={first === 'subject'}
          required
        />
        <label htmlFor="update-text">Text</label>
        <span id="update-text-hint" className="field-hint">
          Plain text, at most {INTEREST_UPDATE_RULES.text.max.toLocaleString('en-US')} characters. Line breaks are kept.
        </span>
        <textarea
          id="update-text"
          name="text"
          rows={10}
          maxLength={ruleMaxLength(INTEREST_UPDATE_RULES.text)}
          defaultValue={value.text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={textDescribed}
          autoFocus={first === 'text'}
          required
        />
        {errors.text ? (
          <span id="update-text-error" className="field-error">
            {errors.text}
          </span>
        ) : null}
        <label htmlFor="update-plan">Who gets it</label>
        <select
          id="update-plan"
          name="plan"
          defaultValue={value.plan}
          aria-invalid={errors.plan ? true : undefined}
          aria-describedby={errors.plan ? 'update-plan-error' : undefined}
          autoFocus={first === 'plan'}
        >
          <option value="">{`Everyone confirmed (${counts.confirmed})`}</option>
          {plans.map((plan) => (
            <option key={plan.slug} value={plan.slug}>
              {`Only those who asked about ${plan.name} (${plan.confirmed})`}
            </option>
          ))}
        </select>
        {errors.plan ? (
          <span id="update-plan-error" className="field-error">
            {errors.plan}
          </span>
        ) : null}
        <button type="submit" className={preview && !preview.sent ? 'button' : 'button button-accent'}>
          {preview && !preview.sent ? 'Preview the changed update' : 'Preview'}
        </button>
      </form>
    </section>
  );
}

/** Every update sent: when, by whom, what, to how many (and how many have gone out so far). */
function SentUpdates({ history, timeZone }: { history: SentUpdateView[]; timeZone: string }) {
  return (
    <section className="upload-panel" aria-labelledby="sent-updates-heading">
      <h2 id="sent-updates-heading">Sent updates</h2>
      {history.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ScrollRegion labelledBy="sent-updates-heading">
          <table className="lead-sources interest-table interest-updates-table">
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">By</th>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Recipients</th>
                <th scope="col">Delivered</th>
              </tr>
            </thead>
            <tbody>
              {history.map((update) => (
                <tr key={update.id}>
                  <td>{when(update.sentAt, timeZone)}</td>
                  <td>{update.sentBy}</td>
                  <td>
                    <a href={`${INTEREST_UPDATES_PATH}/${update.id}`}>{update.subject}</a>
                  </td>
                  <td>{update.plan ? `Asked about ${update.plan}` : 'Everyone confirmed'}</td>
                  <td>{update.recipients}</td>
                  <td>{update.delivered}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
