import { AdminLayout } from './AdminLayout.js';
import type { HomesiteChangeView } from './homesite-change.js';
import { HomesiteChangeList } from './HomesiteChangeList.js';

interface AdminHomePageProps {
  communityName: string;
  staff: { username: string; csrfToken: string };
  counts: { carousel: number; unread: number; spam: number };
  recentHomesiteChanges?: HomesiteChangeView[];
}

export function AdminHomePage({ communityName, staff, counts, recentHomesiteChanges }: AdminHomePageProps) {
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
          </a>
        </li>
        <li>
          <a href="/admin/homesites" className="admin-card">
            <strong>Homesites</strong>
            <span>Status, plan, price and ready date of every lot; CSV export and import</span>
          </a>
        </li>
      </ul>
      {recentHomesiteChanges ? (
        <section aria-labelledby="homesite-changes-heading">
          <h2 id="homesite-changes-heading">Last homesite changes</h2>
          <HomesiteChangeList changes={recentHomesiteChanges} showLot />
        </section>
      ) : null}
    </AdminLayout>
  );
}
