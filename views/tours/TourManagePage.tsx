import { ExternalLink } from '../ExternalLink.js';
import { Layout } from '../Layout.js';
import type { SiteProps } from '../site-props.js';
import { telHref } from '../tel-href.js';

export interface ManagedTour {
  name: string;
  dateLabel: string;
  timeLabel: string;
  status: 'booked' | 'cancelled' | 'toured' | 'no-show';
  /** A booked tour that has not started yet can be cancelled. */
  cancellable: boolean;
  manage: string;
  ics: string;
}

interface TourManagePageProps extends SiteProps {
  tour: ManagedTour;
  address: string;
  directions: string;
  /** What just happened on this page, said at the top. */
  notice?: 'booked' | 'cancelled' | 'not-cancellable';
}

const NOTICES = {
  booked: 'Your tour is booked. Keep this page: it is the only way to see or cancel your booking.',
  cancelled: 'Your tour is cancelled. We hope to see you another time.',
  'not-cancellable': 'This tour can no longer be cancelled online; please call us.',
} as const;

export function TourManagePage({ content, path, tour, address, directions, notice }: TourManagePageProps) {
  const { builder } = content;
  return (
    <Layout content={content} path={path}>
      <section className="tour-manage container" aria-labelledby="tour-heading">
        <h1 id="tour-heading">Your model home tour</h1>
        {notice ? (
          <p className={`alert ${notice === 'not-cancellable' ? 'alert-error' : 'alert-success'}`} role="status">
            {NOTICES[notice]}
          </p>
        ) : null}
        <dl className="tour-facts">
          <dt>Who</dt>
          <dd>{tour.name}</dd>
          <dt>When</dt>
          <dd>
            {tour.dateLabel}, {tour.timeLabel}
          </dd>
          <dt>Where</dt>
          <dd>
            {address} (<ExternalLink href={directions}>directions</ExternalLink>)
          </dd>
          <dt>Status</dt>
          <dd className={`tour-status tour-status-${tour.status}`}>
            {tour.status === 'booked'
              ? 'Booked'
              : tour.status === 'cancelled'
                ? 'Cancelled'
                : tour.status === 'toured'
                  ? 'Toured'
                  : 'Missed'}
          </dd>
        </dl>
        <p>
          <a className="button" href={tour.ics} download>
            Add to calendar (.ics)
          </a>
        </p>
        {tour.cancellable ? (
          <form method="post" action={`${tour.manage}/cancel`} className="tour-cancel">
            <button className="button button-accent" type="submit">
              Cancel my tour
            </button>
          </form>
        ) : null}
        <p>
          Need to change the time? Cancel here and book another, or call us at{' '}
          <a href={telHref(builder.phone)}>{builder.phone}</a>.
        </p>
      </section>
    </Layout>
  );
}
