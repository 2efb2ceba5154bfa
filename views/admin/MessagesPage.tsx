import { formatInTimeZone } from '../../src/shared/time-zone.js';
import { AdminLayout } from './AdminLayout.js';
import { telHref } from '../tel-href.js';

/** One lead as the inbox shows it. */
export interface MessageView {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** When it arrived, as an ISO date-time (UTC). */
  createdAt: string;
  read: boolean;
  spam: boolean;
}

interface MessagesPageProps {
  communityName: string;
  staff: { username: string; csrfToken: string };
  messages: MessageView[];
  /** The community's IANA time zone: lead times are shown there, with the zone named. */
  timeZone: string;
}

interface MessageListProps {
  messages: MessageView[];
  csrfToken: string;
  timeZone: string;
}

function MessageList({ messages, csrfToken, timeZone }: MessageListProps) {
  if (messages.length === 0) return <p>None yet.</p>;
  return (
    <ol className="message-list">
      {messages.map((message) => (
        <li key={message.id} className={message.read ? 'message is-read' : 'message is-unread'}>
          <article aria-labelledby={`message-${message.id}`}>
            <header className="message-header">
              <h3 id={`message-${message.id}`}>
                {message.read ? null : <span className="badge">New</span>} {message.subject}
              </h3>
              <p className="message-meta">
                {message.firstname} {message.lastname} · <a href={`mailto:${message.email}`}>{message.email}</a> ·{' '}
                <a href={telHref(message.phone)}>{message.phone}</a> ·{' '}
                <time dateTime={message.createdAt}>{formatInTimeZone(message.createdAt, timeZone)}</time>
              </p>
            </header>
            <p className="message-body">{message.message}</p>
            <form method="post" action={`/admin/messages/${message.id}/read`}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="read" value={message.read ? 'false' : 'true'} />
              <button type="submit" className="button">
                {message.read ? 'Mark as unread' : 'Mark as read'}
              </button>
            </form>
          </article>
        </li>
      ))}
    </ol>
  );
}

/** The lead inbox: every stored message newest first, spam kept apart; a CSV export of all of them. */
export function MessagesPage({ communityName, staff, messages, timeZone }: MessagesPageProps) {
  const leads = messages.filter((message) => !message.spam);
  const spam = messages.filter((message) => message.spam);
  const unread = leads.filter((message) => !message.read).length;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/messages">
      <div className="admin-title-row">
        <h1>Messages</h1>
        <a className="button" href="/admin/messages.csv" download>
          Export CSV
        </a>
      </div>
      <section aria-labelledby="leads-heading">
        <h2 id="leads-heading">
          Leads ({leads.length}, {unread} unread)
        </h2>
        <MessageList messages={leads} csrfToken={staff.csrfToken} timeZone={timeZone} />
      </section>
      <section aria-labelledby="spam-heading" className="spam-section">
        <h2 id="spam-heading">Flagged as spam ({spam.length})</h2>
        <MessageList messages={spam} csrfToken={staff.csrfToken} timeZone={timeZone} />
      </section>
    </AdminLayout>
  );
}
