import { ROLE_LABELS } from '../../src/shared/permissions.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';

/** A staff page the reader's role does not include (403): the nav shows what it does include. */
export function ForbiddenPage({
  communityName,
  staff,
  path,
}: {
  communityName: string;
  staff: StaffViewer;
  path: string;
}) {
  return (
    <AdminLayout communityName={communityName} staff={staff} path={path}>
      <h1>Not part of your role</h1>
      <p>
        This page is not open to the {ROLE_LABELS[staff.role]} role. The menu above lists what is; an owner can change
        your role on the Team page.
      </p>
    </AdminLayout>
  );
}
