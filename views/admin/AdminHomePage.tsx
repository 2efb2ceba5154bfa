import { mayVisit } from '../../src/shared/permissions.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import type { HomesiteChangeView } from './homesite-change.js';
import { HomesiteChangeList } from './HomesiteChangeList.js';
import { DeskSummary, type DeskDashboardView } from './DeskSummary.js';
import { ScrollRegion } from './ScrollRegion.js';

/** Real leads per utm_source ("direct" for none) and per week, oldest week first. */
export interface LeadSourceTable {
  /** Each week's first day, e.g. "Nov 16". */
  weeks: string[];
  rows: { source: string; perWeek: number[]; total: number }[];
}

interface AdminHomePageProps {
  communityName: string;
  staff: StaffViewer;
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
        <ScrollRegion labelledBy="lead-sources-heading">
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
        </ScrollRegion>
      )}
    </section>
  );
}

type Counts = AdminHomePageProps['counts'];

/** The dashboard's cards; each reader sees those of the areas their role may use (the permission table). */
function cards(counts: Counts): { href: string; title: string; lines: string[] }[] {
  return [
    {
      href: '/admin/content',
      title: 'Content',
      lines: ['Every text, price, plan and date of the public site: drafts, preview, publishing, history'],
    },
    {
      href: '/admin/homepage-images',
      title: 'Homepage images',
      lines: [`${counts.carousel} images in the carousel: reorder, upload, delete`],
    },
    {
      href: '/admin/floorplan-images',
      title: 'Floor plan galleries',
      lines: ['Reorder, upload and delete each plan’s photos'],
    },
    {
      href: '/admin/messages',
      title: 'Messages',
      lines: [
        `${counts.unread} unread ${counts.unread === 1 ? 'lead' : 'leads'}${counts.spam > 0 ? `, ${counts.spam} flagged as spam` : ''}`,
        `${counts.newLeads} with status New`,
      ],
    },
    {
      href: '/admin/tours',
      title: 'Tours',
      lines: [`${counts.upcomingTours} upcoming ${counts.upcomingTours === 1 ? 'tour' : 'tours'}`],
    },
    {
      href: '/admin/homesites',
      title: 'Homesites',
      lines: ['Status, plan, price and ready date of every lot; CSV export and import'],
    },
    { href: '/admin/team', title: 'Team', lines: ['Accounts, roles, invitations, two-factor'] },
    { href: '/admin/audit', title: 'Audit log', lines: ['Who did what, when, from where'] },
  ];
}

export function AdminHomePage(props: AdminHomePageProps) {
  const { communityName, staff, counts, leadSources, recentHomesiteChanges } = props;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin">
      <h1>Staff dashboard</h1>
      <ul className="admin-cards">
        {cards(counts)
          .filter((card) => mayVisit(staff.role, card.href))
          .map((card) => (
            <li key={card.href}>
              <a href={card.href} className="admin-card">
                <strong>{card.title}</strong>
                {card.lines.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </a>
            </li>
          ))}
      </ul>
      {props.desk && mayVisit(staff.role, '/admin/messages') ? <DeskSummary desk={props.desk} /> : null}
      {mayVisit(staff.role, '/admin/messages') ? <LeadSources table={leadSources} /> : null}
      {recentHomesiteChanges ? (
        <section aria-labelledby="homesite-changes-heading">
          <h2 id="homesite-changes-heading">Last homesite changes</h2>
          <HomesiteChangeList changes={recentHomesiteChanges} showLot timeZone={props.timeZone} />
        </section>
      ) : null}
    </AdminLayout>
  );
}
