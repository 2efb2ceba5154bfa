import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import type { HomesiteChangeView } from './homesite-change.js';
import { HomesiteChangeList } from './HomesiteChangeList.js';

interface HomesiteHistoryPageProps {
  communityName: string;
  staff: StaffViewer;
  lot: number;
  changes: HomesiteChangeView[];
  timeZone: string;
}

export function HomesiteHistoryPage({ communityName, staff, lot, changes, timeZone }: HomesiteHistoryPageProps) {
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/homesites">
      <p>
        <a href="/admin/homesites">All homesites</a>
      </p>
      <h1>History of homesite {lot}</h1>
      <HomesiteChangeList changes={changes} showLot={false} timeZone={timeZone} />
    </AdminLayout>
  );
}
