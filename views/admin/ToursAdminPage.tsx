import { AdminLayout, type StaffViewer } from './AdminLayout.js';

export interface StaffTour {
  id: number;
  time: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  about: string | null;
  status: 'booked' | 'cancelled' | 'toured' | 'no-show';
  /** Staff mark toured / no-show once the tour has started. */
  markable: boolean;
}

export interface StaffTourDay {
  date: string;
  label: string;
  tours: StaffTour[];
}

interface ToursAdminPageProps {
  communityName: string;
  staff: StaffViewer;
  days: StaffTourDay[];
  zoneName: string;
  from: string;
  earlier: string;
  later: string;
}

const STATUS_LABELS = { booked: 'Booked', cancelled: 'Cancelled', toured: 'Toured', 'no-show': 'No-show' } as const;

export function ToursAdminPage({ communityName, staff, days, zoneName, from, earlier, later }: ToursAdminPageProps) {
  const total = days.reduce((sum, day) => sum + day.tours.filter((tour) => tour.status !== 'cancelled').length, 0);
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/tours">
      <h1>Tours</h1>
      <p>
        {total} {total === 1 ? 'tour' : 'tours'} from {days[0]?.label ?? from}, times in {zoneName}.{' '}
        <a href={`/admin/tours?from=${earlier}`}>Earlier</a> · <a href="/admin/tours">Today</a> ·{' '}
        <a href={`/admin/tours?from=${later}`}>Later</a>
      </p>
      {days.map((day) => (
        <section key={day.date} className="tour-admin-day" aria-labelledby={`day-${day.date}`}>
          <h2 id={`day-${day.date}`}>{day.label}</h2>
          {day.tours.length === 0 ? (
            <p>No tours.</p>
          ) : (
            <ul className="message-list">
              {day.tours.map((tour) => (
                <li key={tour.id} className={tour.status === 'booked' ? 'message' : 'message is-read'}>
                  <h3>
                    {`${tour.time}: ${tour.name} `}
                    <span className="badge">{STATUS_LABELS[tour.status]}</span>
                  </h3>
                  <p className="message-meta">
                    <a href={`mailto:${tour.email}`}>{tour.email}</a> · {tour.phone}
                    {tour.about ? ` · ${tour.about}` : ''}
                  </p>
                  {tour.message ? <p className="message-body">{tour.message}</p> : null}
                  {tour.markable ? (
                    <div className="tour-admin-actions">
                      {(['toured', 'no-show'] as const)
                        .filter((status) => status !== tour.status)
                        .map((status) => (
                          <form key={status} method="post" action={`/admin/tours/${tour.id}/status`}>
                            <input type="hidden" name="_csrf" value={staff.csrfToken} />
                            <input type="hidden" name="status" value={status} />
                            <button type="submit" className="button">
                              {`Mark ${tour.name} as ${STATUS_LABELS[status].toLowerCase()}`}
                            </button>
                          </form>
                        ))}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </AdminLayout>
  );
}
