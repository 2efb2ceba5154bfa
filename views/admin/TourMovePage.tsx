import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { SlotSelect, type SlotGroup } from './ToursAdminPage.js';

interface TourMovePageProps {
  communityName: string;
  staff: StaffViewer;
  tour: { id: number; name: string; when: string; href: string };
  slots: SlotGroup[];
  /** Why the last choice was refused (a full or unknown time), and the time chosen. */
  error?: string;
  chosen?: string;
}

/** Moving one tour: the open times to choose from; the buyer is e-mailed the new time and calendar file. */
export function TourMovePage({ communityName, staff, tour, slots, error, chosen }: TourMovePageProps) {
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/tours">
      <p className="breadcrumb">
        <a href="/admin/tours">Tours</a>
      </p>
      <h1>{`Move ${tour.name}’s tour`}</h1>
      <p>
        Now on {tour.when}. <a href={tour.href}>{`${tour.name}’s lead page`}</a>
      </p>
      <form method="post" action={`/admin/tours/${tour.id}/move`} className="desk-card desk-form">
        <input type="hidden" name="_csrf" value={staff.csrfToken} />
        <label htmlFor="move-start">New time</label>
        <SlotSelect
          id="move-start"
          slots={slots}
          defaultValue={chosen}
          describedBy={error ? 'move-start-error' : undefined}
          invalid={Boolean(error)}
        />
        {error ? (
          <p id="move-start-error" className="field-error">
            {error}
          </p>
        ) : null}
        <p className="field-hint">
          The buyer gets an e-mail with the new time and a calendar file that replaces the old one.
        </p>
        <button type="submit" className="button">
          Move the tour
        </button>
      </form>
    </AdminLayout>
  );
}
