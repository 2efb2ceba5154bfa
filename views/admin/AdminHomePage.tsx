import { AdminLayout } from './AdminLayout.js';

interface AdminHomePageProps {
  communityName: string;
  staff: { username: string; csrfToken: string };
  counts: { carousel: number; unread: number; spam: number };
}

export function AdminHomePage({ communityName, staff, counts }: AdminHomePageProps) {
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
      </ul>
    </AdminLayout>
  );
}
