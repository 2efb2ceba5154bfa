import { formatInTimeZone } from '../../src/shared/time-zone.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';

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

interface InterestListPageProps {
  communityName: string;
  staff: StaffViewer;
  entries: InterestEntryView[];
  counts: Record<InterestEntryView['state'], number>;
  /** The state shown, or '' for all. */
  state: string;
  timeZone: string;
}

const STATE_LABELS = { pending: 'Pending', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' } as const;

function when(iso: string | null, timeZone: string) {
  return iso ? <time dateTime={iso}>{formatInTimeZone(iso, timeZone)}</time> : '—';
}

/**
 * The interest list for staff: every entry with its state (pending until the address is confirmed, confirmed,
 * unsubscribed), filtered by state, and its CSV export. Release e-mails go to the confirmed entries only.
 */
export function InterestListPage({ communityName, staff, entries, counts, state, timeZone }: InterestListPageProps) {
  const states = ['confirmed', 'pending', 'unsubscribed'] as const;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/interest">
      <div className="admin-title-row">
        <h1>Interest list</h1>
        <a className="button" href="/admin/interest.csv" download>
          Export CSV
        </a>
      </div>
      <p>
        People who asked for news of the next release. Only confirmed entries get the release e-mail, sent once when
        homesites go from future to available or quick move-in. Times in {timeZone}.
      </p>
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
        <div className="table-scroll" role="region" aria-label="Interest-list entries" tabIndex={0}>
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
        </div>
      )}
    </AdminLayout>
  );
}
