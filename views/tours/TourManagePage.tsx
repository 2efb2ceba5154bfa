import { ExternalLink } from '../ExternalLink.js';
import { Layout } from '../Layout.js';
import type { SiteProps } from '../site-props.js';
import { telHref } from '../tel-href.js';
import { communityPath } from '../../src/render/community-path.js';

export interface ManagedTour {
  name: string;
  dateLabel: string;
  timeLabel: string;
  status: 'booked' | 'cancelled' | 'toured' | 'no-show';
  /** A booked tour that has not started yet can be cancelled (and is worth adding to a calendar). */
  cancellable: boolean;
  manage: string;
  ics: string;
}

interface TourManagePageProps extends SiteProps {
  tour: ManagedTour;
  address: string;
  directions: string;
  /** What just happened on this page, said at the top. */
  notice?: 'booked' | 'not-cancellable' | 'already-cancelled';
}

const NOTICES = {
  booked: 'Your tour is booked. Keep this page: it is the only way to see or cancel your booking.',
  'not-cancellable': 'This tour can no longer be cancelled online; please call us.',
  'already-cancelled': 'This tour was already cancelled.',
} as const;

const STATUS_LABELS = { booked: 'Booked', cancelled: 'Cancelled', toured: 'Toured', 'no-show': 'Missed' } as const;

/** Who, when, where and the booking's state: the same facts on the buyer's page and on the cancel step. */
export function TourFacts({ tour, address, directions }: Pick<TourManagePageProps, 'tour' | 'address' | 'directions'>) {
  return (
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
      <dd className={`tour-status tour-status-${tour.status}`}>{STATUS_LABELS[tour.status]}</dd>
    </dl>
  );
}

export function TourManagePage({ content, path, tour, address, directions, notice }: TourManagePageProps) {
  const { builder } = content;
  const cancelled = tour.status === 'cancelled';
  const call = <a href={telHref(builder.phone)}>{builder.phone}</a>;
  return (
    <Layout content={content} path={path}>
      <section className="tour-manage container" aria-labelledby="tour-heading">
        <h1 id="tour-heading">{cancelled ? 'Your tour is cancelled' : 'Your model home tour'}</h1>
        {notice ? (
          <p className={`alert ${notice === 'booked' ? 'alert-success' : 'alert-error'}`} role="status">
            {NOTICES[notice]}
          </p>
        ) : null}
        {cancelled ? (
          <p className="tour-cancelled-note">
            The tour you had booked for {tour.dateLabel} at {tour.timeLabel} is cancelled.
          </p>
        ) : null}
        <TourFacts tour={tour} address={address} directions={directions} />
        {tour.cancellable ? (
          <>
            <p>
              <a className="button" href={tour.ics} download>
                Add to calendar (.ics)
              </a>
            </p>
            {/* A step, not the cancellation: the next page asks "Cancel this tour?" (it works without JavaScript). */}
            <form method="get" action={`${tour.manage}/cancel`} className="tour-cancel">
              <button className="button button-accent" type="submit">
                Cancel my tour
              </button>
            </form>
            <p>Need to change the time? Cancel this tour and book another, or call us at {call}.</p>
          </>
        ) : (
          <>
            <p className="tour-book-again">
              <a className="button button-accent" href={communityPath('/tours')}>
                Book another time
              </a>
            </p>
            <p>Questions? Call us at {call}.</p>
          </>
        )}
      </section>
    </Layout>
  );
}
