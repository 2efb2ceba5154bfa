import type { AuditEntry } from '../../src/shared/audit-entry.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { ScrollRegion } from './ScrollRegion.js';

interface AuditPageProps {
  communityName: string;
  staff: StaffViewer;
  rows: AuditEntry[];
  total: number;
  filter: { actor: string; action: string; from: string; to: string };
  actors: string[];
  actions: string[];
  csvHref: string;
  newer: string | null;
  older: string | null;
  zoneName: string;
}

function Choice({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: string[];
}) {
  return (
    <div className="staff-filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">All</option>
        {/* An empty actor (a failed sign-in, a password set at start) would be a second "All": its rows show under All. */}
        {options
          .filter((option) => option !== '')
          .map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
      </select>
    </div>
  );
}

/** The owner's audit trail: filter by person, action and dates, export what is shown as CSV. Read only. */
export function AuditPage(props: AuditPageProps) {
  const { communityName, staff, rows, filter } = props;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/audit">
      <h1>Audit log</h1>
      <p>
        Every sign-in, account change and change to the site, newest first; times in {props.zoneName}. Entries are never
        edited or deleted, only removed by age.
      </p>
      <form method="get" action="/admin/audit" className="lead-filter">
        <Choice id="audit-actor" label="Person" name="actor" value={filter.actor} options={props.actors} />
        <Choice id="audit-action" label="Action" name="action" value={filter.action} options={props.actions} />
        <div className="staff-filter-field">
          <label htmlFor="audit-from">From</label>
          <input id="audit-from" type="date" name="from" defaultValue={filter.from} />
        </div>
        <div className="staff-filter-field">
          <label htmlFor="audit-to">To</label>
          <input id="audit-to" type="date" name="to" defaultValue={filter.to} />
        </div>
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      <p>
        {props.total} {props.total === 1 ? 'entry' : 'entries'}. <a href={props.csvHref}>Download these as CSV</a>
      </p>
      {rows.length === 0 ? (
        <p>No entries.</p>
      ) : (
        <ScrollRegion labelledBy="audit-table-caption">
          <table className="team-table audit-table">
            <caption id="audit-table-caption" className="visually-hidden">
              Audit entries
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">On</th>
                <th scope="col">From</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.at}</td>
                  <td>{row.actor || '—'}</td>
                  <td>{row.action}</td>
                  <td>{row.target}</td>
                  <td>{row.ip}</td>
                  <td>
                    <code>{row.details}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <nav className="lead-pages" aria-label="Audit pages">
        {props.newer ? <a href={props.newer}>Newer</a> : null} {props.older ? <a href={props.older}>Older</a> : null}
      </nav>
    </AdminLayout>
  );
}
