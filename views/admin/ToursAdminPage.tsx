import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { CalendarFeedPanel, type CalendarFeedView } from './CalendarFeedPanel.js';
import { telHref } from '../tel-href.js';

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
  /** A booked tour: staff may cancel or move it. */
  changeable: boolean;
  /** The lead's page on the sales desk. */
  href: string;
  /** How it was booked when staff booked it: walk-in or phone. */
  source: string | null;
}

export interface StaffTourDay {
  date: string;
  label: string;
  /** The sales center is closed that day. */
  closed: boolean;
  tours: StaffTour[];
}

/** Open times to choose from, one group per day. */
export interface SlotGroup {
  label: string;
  options: { value: string; label: string }[];
}

export type StaffBookingField = 'firstname' | 'lastname' | 'email' | 'phone' | 'start' | 'source';

interface ToursAdminPageProps {
  communityName: string;
  staff: StaffViewer;
  days: StaffTourDay[];
  zoneName: string;
  from: string;
  earlier: string;
  later: string;
  /** The open times a tour can be booked for. */
  slots: SlotGroup[];
  booking: { values: Partial<Record<StaffBookingField, string>>; errors: Partial<Record<StaffBookingField, string>> };
  calendarFeed: CalendarFeedView;
  /** What the last action did, or why it was refused. */
  notice?: { text: string; error: boolean };
}

const STATUS_LABELS = { booked: 'Booked', cancelled: 'Cancelled', toured: 'Toured', 'no-show': 'No-show' } as const;
/** A message longer than this is folded behind "more". */
const FOLD_AT = 160;

const BOOKING_FIELDS = [
  { field: 'firstname', label: 'First name', type: 'text', autoComplete: 'off', required: true },
  { field: 'lastname', label: 'Last name', type: 'text', autoComplete: 'off', required: true },
  // A caller may have no e-mail address (or not want to give one): the tour is then booked by phone alone.
  { field: 'email', label: 'E-mail (if they have one)', type: 'email', autoComplete: 'off', required: false },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off', required: true },
] as const;

export function SlotSelect(props: {
  id: string;
  slots: SlotGroup[];
  defaultValue?: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  return (
    <select
      id={props.id}
      name="start"
      required
      defaultValue={props.defaultValue ?? ''}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid ? true : undefined}
    >
      <option value="">Choose a time</option>
      {props.slots.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

function BookingForm({
  slots,
  booking,
  csrfToken,
}: Pick<ToursAdminPageProps, 'slots' | 'booking'> & { csrfToken: string }) {
  const { values, errors } = booking;
  const errorId = (field: StaffBookingField) => (errors[field] ? `book-${field}-error` : undefined);
  const error = (field: StaffBookingField) =>
    errors[field] ? (
      <p id={`book-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;
  return (
    <details className="desk-card tour-book" open={Object.keys(errors).length > 0 ? true : undefined}>
      <summary>Book a tour for a walk-in or a caller</summary>
      <form method="post" action="/admin/tours" className="tour-book-form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <fieldset className="tour-book-source">
          <legend>How did they reach us?</legend>
          {(['walk-in', 'phone'] as const).map((source) => (
            <label key={source}>
              <input
                type="radio"
                name="source"
                value={source}
                defaultChecked={(values.source ?? 'walk-in') === source}
              />{' '}
              {source === 'walk-in' ? 'Walk-in' : 'Phone call'}
            </label>
          ))}
          {error('source')}
        </fieldset>
        {BOOKING_FIELDS.map((input) => (
          <div key={input.field} className="tour-book-field">
            <label htmlFor={`book-${input.field}`}>{input.label}</label>
            <input
              id={`book-${input.field}`}
              name={input.field}
              type={input.type}
              autoComplete={input.autoComplete}
              required={input.required}
              defaultValue={values[input.field] ?? ''}
              aria-describedby={errorId(input.field)}
              aria-invalid={errors[input.field] ? true : undefined}
            />
            {error(input.field)}
          </div>
        ))}
        <div className="tour-book-field">
          <label htmlFor="book-start">Time</label>
          <SlotSelect
            id="book-start"
            slots={slots}
            defaultValue={values.start}
            describedBy={errorId('start')}
            invalid={Boolean(errors.start)}
          />
          {error('start')}
        </div>
        <button type="submit" className="button">
          Book the tour
        </button>
      </form>
    </details>
  );
}

function TourItem({ tour, csrfToken, from }: { tour: StaffTour; csrfToken: string; from: string }) {
  const folded = tour.message.length > FOLD_AT;
  return (
    <li className={tour.status === 'booked' ? 'message' : 'message is-read'}>
      <h3>
        {`${tour.time}: ${tour.name} `}
        <span className="badge">{STATUS_LABELS[tour.status]}</span>{' '}
        {tour.source ? (
          <span className="badge badge-message">{tour.source === 'phone' ? 'Phone' : 'Walk-in'}</span>
        ) : null}
      </h3>
      <p className="message-meta">
        <a href={`mailto:${tour.email}`}>{tour.email}</a> · <a href={telHref(tour.phone)}>{tour.phone}</a>
        {tour.about ? ` · ${tour.about}` : ''} · <a href={tour.href}>{`${tour.name}’s lead page`}</a>
      </p>
      {tour.message && !folded ? <p className="message-body">{tour.message}</p> : null}
      {folded ? (
        <details className="message-fold">
          <summary>
            <span className="message-body">{`${tour.message.slice(0, FOLD_AT)}…`}</span> <span>more</span>
          </summary>
          <p className="message-body">{tour.message}</p>
        </details>
      ) : null}
      {tour.markable || tour.changeable ? (
        <div className="tour-admin-actions">
          {tour.markable
            ? (['toured', 'no-show'] as const)
                .filter((status) => status !== tour.status)
                .map((status) => (
                  <form key={status} method="post" action={`/admin/tours/${tour.id}/status`}>
                    <input type="hidden" name="_csrf" value={csrfToken} />
                    <input type="hidden" name="status" value={status} />
                    <input type="hidden" name="from" value={from} />
                    <button type="submit" className="button">
                      {`Mark ${tour.name} as ${STATUS_LABELS[status].toLowerCase()}`}
                    </button>
                  </form>
                ))
            : null}
          {tour.changeable ? (
            <>
              <a className="button" href={`/admin/tours/${tour.id}/move`}>
                {`Move ${tour.name}’s tour`}
              </a>
              <details className="tour-cancel">
                <summary>Cancel…</summary>
                <form method="post" action={`/admin/tours/${tour.id}/cancel`}>
                  <input type="hidden" name="_csrf" value={csrfToken} />
                  <input type="hidden" name="from" value={from} />
                  <p>The place is freed and {tour.name} gets an e-mail saying the tour is cancelled.</p>
                  <button type="submit" className="button button-danger">
                    {`Cancel ${tour.name}’s tour`}
                  </button>
                </form>
              </details>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export function ToursAdminPage(props: ToursAdminPageProps) {
  const { communityName, staff, days, zoneName, from, earlier, later } = props;
  const total = days.reduce((sum, day) => sum + day.tours.filter((tour) => tour.status !== 'cancelled').length, 0);
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/tours">
      <h1>Tours</h1>
      {props.notice ? (
        <p
          className={props.notice.error ? 'alert alert-error' : 'alert alert-success'}
          role={props.notice.error ? 'alert' : 'status'}
        >
          {props.notice.text}
        </p>
      ) : null}
      <BookingForm slots={props.slots} booking={props.booking} csrfToken={staff.csrfToken} />
      <p>
        {total} {total === 1 ? 'tour' : 'tours'} from {days[0]?.label ?? from}, times in {zoneName}.{' '}
        <a href={`/admin/tours?from=${earlier}`}>Earlier</a> · <a href="/admin/tours">Today</a> ·{' '}
        <a href={`/admin/tours?from=${later}`}>Later</a>
      </p>
      {days.map((day) => (
        <section key={day.date} className="tour-admin-day" aria-labelledby={`day-${day.date}`}>
          <h2 id={`day-${day.date}`}>{day.label}</h2>
          {day.tours.length === 0 ? (
            <p>{day.closed ? 'Closed.' : 'No tours.'}</p>
          ) : (
            <ul className="message-list">
              {day.closed ? <li className="tour-closed">Closed: the sales center is closed this day.</li> : null}
              {day.tours.map((tour) => (
                <TourItem key={tour.id} tour={tour} csrfToken={staff.csrfToken} from={from} />
              ))}
            </ul>
          )}
        </section>
      ))}
      <CalendarFeedPanel feed={props.calendarFeed} csrfToken={staff.csrfToken} />
    </AdminLayout>
  );
}
