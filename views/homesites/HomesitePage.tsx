import { askAboutHomesiteHref } from '../../src/shared/homesite-links.js';
import { Layout } from '../Layout.js';
import { PageHeading } from '../PageHeading.js';
import { PaymentEstimate, type PaymentEstimateProps } from '../PaymentEstimate.js';
import { HomesiteFact } from './HomesiteFact.js';
import type { SiteProps } from '../site-props.js';
import type { HomesiteSummary } from './homesite-summary.js';
import { communityPath } from '../../src/render/community-path.js';

interface HomesitePageProps extends SiteProps {
  homesite: HomesiteSummary;
  /** The monthly payment estimate at the homesite's price (none while financing is not set or no price shows). */
  paymentEstimate?: PaymentEstimateProps;
}

/** One homesite: what it is now, what can be built on it, and how to ask about it. */
export function HomesitePage({ content, path, homesite, paymentEstimate }: HomesitePageProps) {
  return (
    <Layout content={content} path={path}>
      <PageHeading title={`Homesite ${homesite.lot}`} eyebrow={<a href={communityPath('/site-plan')}>Site plan</a>}>
        <p className="homesite-status" data-status={homesite.status}>
          {homesite.statusLabel}
        </p>
      </PageHeading>
      <section className="container homesite-section" aria-label={`Homesite ${homesite.lot} facts`}>
        <dl className="homesite-facts">
          <HomesiteFact term="Status">{homesite.statusLabel}</HomesiteFact>
          {homesite.sqftText ? <HomesiteFact term="Lot size">{homesite.sqftText}</HomesiteFact> : null}
          {homesite.address ? <HomesiteFact term="Address">{homesite.address}</HomesiteFact> : null}
          {homesite.plan ? (
            <HomesiteFact term="Plan">
              {homesite.plan.href ? <a href={homesite.plan.href}>{homesite.plan.name}</a> : homesite.plan.name}
            </HomesiteFact>
          ) : null}
          {homesite.priceText ? (
            <HomesiteFact term={homesite.status === 'available' ? 'Homes from' : 'Price'}>
              {homesite.priceText}
            </HomesiteFact>
          ) : null}
          {homesite.readyText && homesite.status === 'quick-move-in' ? (
            <HomesiteFact term="Ready">{homesite.readyText}</HomesiteFact>
          ) : null}
        </dl>
        {homesite.plan === null && homesite.fits.length > 0 ? (
          <>
            <h2>Plans that fit this homesite</h2>
            <ul className="homesite-fits">
              {homesite.fits.map((plan) => (
                <li key={plan.name}>{plan.href ? <a href={plan.href}>{plan.name}</a> : plan.name}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="homesite-actions">
          <a className="button button-accent" href={communityPath(askAboutHomesiteHref(homesite.lot))}>
            {`Ask about homesite ${homesite.lot}`}
          </a>
          <a className="button" href={communityPath(`/tours?homesite=${homesite.lot}`)}>
            Schedule a tour
          </a>
          <a className="button" href={communityPath('/site-plan')}>
            Back to the site plan
          </a>
        </p>
      </section>
      {paymentEstimate ? <PaymentEstimate {...paymentEstimate} /> : null}
    </Layout>
  );
}
