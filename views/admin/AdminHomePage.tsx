import { AdminLayout } from './AdminLayout.js';
import type { HomesiteChangeView } from './homesite-change.js';
import { HomesiteChangeList } from './HomesiteChangeList.js';
import { DeskSummary, type DeskDashboardView } from './DeskSummary.js';

/** Real leads per utm_source ("direct" for none) and per week, oldest week first. */
export interface LeadSourceTable {
  /** Each week's first day, e.g. "Nov 16". */
  weeks: string[];
  rows: { source: string; perWeek: number[]; total: number }[];
}

interface AdminHomePageProps {
  communityName: string;
  staff: { username: string; csrfToken: string };
  counts: { carousel: number; unread: number; spam: number; newLeads: number; upcomingTours: number };
  leadSources: LeadSourceTable;
  recentHomesiteChanges?: HomesiteChangeView[];
  /** The community's IANA zone, for the times of those changes. */
  timeZone: string;
  desk?: DeskDashboardView;
}

function LeadSources({ table }: { table: LeadSourceTable }) {
  return (
    <section aria-labelledby="lead-sources-heading">
      <h2 id="lead-sources-heading">Leads per source, last {table.weeks.length} weeks</h2>
      <p>Real leads (messages and tours) per utm_source, each column a week starting on the day shown.</p>
      {table.rows.length === 0 ? (
        <p>No leads in these weeks.</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="lead-sources-heading" tabIndex={0}>
          <table className="lead-sources">
            <thead>
              <tr>
                <th scope="col">Source</th>
                {table.weeks.map((week) => (
                  <th key={week} scope="col">
                    {week}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.source}>
                  <th scope="row">{row.source}</th>
                  {row.perWeek.map((count, index) => (
                    <td key={table.weeks[index]}>{count}</td>
                  ))}
                  <td>{row.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function AdminHomePage(props: AdminHomePageProps) {
  const { communityName, staff, counts, leadSources, recentHomesiteChanges } = props;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin">
      <h1>Staff dashboard</h1>
      <ul className="admin-cards">
        <li>
          <a href="/admin/homepage-images" className="admin-card">
            <strong>Homepage images</strong>
            <span>{counts.carousel} images in the carousel: reorder, upload, delete</span>
          </a>
        </li>
        <li>
          <a href="/admin/floorplan-images" className="admin-card">
            <strong>Floor plan galleries</strong>
            <span>Reorder, upload and delete each plan’s photos</span>
          </a>
        </li>
        <li>
          <a href="/admin/messages" className="admin-card">
            <strong>Messages</strong>
            <span>
              {counts.unread} unread {counts.unread === 1 ? 'lead' : 'leads'}
              {counts.spam > 0 ? `, ${counts.spam} flagged as spam` : ''}
            </span>
            <span>{`${counts.newLeads} with status New`}</span>
          </a>
        </li>
        <li>
          <a href="/admin/tours" className="admin-card">
            <strong>Tours</strong>
            <span>{`${counts.upcomingTours} upcoming ${counts.upcomingTours === 1 ? 'tour' : 'tours'}`}</span>
          </a>
        </li>
        <li>
          <a href="/admin/homesites" className="admin-card">
            <strong>Homesites</strong>
            <span>Status, plan, price and ready date of every lot; CSV export and import</span>
          </a>
        </li>
      </ul>
      {props.desk ? <DeskSummary desk={props.desk} /> : null}
      <LeadSources table={leadSources} />
      {recentHomesiteChanges ? (
        <section aria-labelledby="homesite-changes-heading">
          <h2 id="homesite-changes-heading">Last homesite changes</h2>
          <HomesiteChangeList changes={recentHomesiteChanges} showLot timeZone={props.timeZone} />
        </section>
      ) : null}
    </AdminLayout>
  );
}
