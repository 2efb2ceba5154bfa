import { mayVisit } from '../../src/shared/permissions.js';
import type { EditorNotice } from '../../src/shared/editor-notice.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { Notice } from './FormField.js';
import { ScrollRegion } from './ScrollRegion.js';

/** A community as the list shows it. */
export interface CommunityListItem {
  slug: string;
  name: string;
  statusLabel: string;
  public: boolean;
  homesites: number;
  url: string;
}

interface CommunitiesPageProps {
  communityName: string;
  staff: StaffViewer;
  communities: CommunityListItem[];
  notice?: EditorNotice;
}

/** GET /admin/communities: the account's communities, each a link to its checklist; owners open a new one here. */
export function CommunitiesPage({ communityName, staff, communities, notice }: CommunitiesPageProps) {
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/communities">
      <h1>Communities</h1>
      <Notice notice={notice} />
      {mayVisit(staff.role, '/admin/communities/new') ? (
        <p>
          <a className="button" href="/admin/communities/new">
            New community
          </a>
        </p>
      ) : null}
      <ScrollRegion label="Communities">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Community</th>
              <th scope="col">Status</th>
              <th scope="col">On the public site</th>
              <th scope="col">Homesites</th>
            </tr>
          </thead>
          <tbody>
            {communities.map((community) => (
              <tr key={community.slug}>
                <th scope="row">
                  <a href={`/admin/communities/${community.slug}`}>{community.name}</a>
                </th>
                <td>{community.statusLabel}</td>
                <td>{community.public ? <a href={community.url}>{community.url}</a> : 'Not yet'}</td>
                <td>{community.homesites}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </AdminLayout>
  );
}
