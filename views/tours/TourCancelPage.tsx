import { Layout } from '../Layout.js';
import type { SiteProps } from '../site-props.js';
import { TourFacts, type ManagedTour } from './TourManagePage.js';

interface TourCancelPageProps extends SiteProps {
  tour: ManagedTour;
  address: string;
  directions: string;
}

/** The step before cancelling: one tap on the buyer's page never cancels a tour by itself. */
export function TourCancelPage({ content, path, tour, address, directions }: TourCancelPageProps) {
  return (
    <Layout content={content} path={path}>
      <section className="tour-manage container" aria-labelledby="tour-heading">
        <h1 id="tour-heading">Cancel this tour?</h1>
        <p>
          Your tour on {tour.dateLabel} at {tour.timeLabel} will be cancelled, and its time offered to other buyers.
        </p>
        <TourFacts tour={tour} address={address} directions={directions} />
        <form method="post" action={`${tour.manage}/cancel`} className="tour-cancel tour-cancel-confirm">
          <button className="button button-accent" type="submit">
            Yes, cancel my tour
          </button>
          <a className="button" href={tour.manage}>
            No, keep my tour
          </a>
        </form>
      </section>
    </Layout>
  );
}
