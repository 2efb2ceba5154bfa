import { Layout } from '../Layout.js';
import type { SiteProps } from '../site-props.js';
import type { HomesiteSummary } from './homesite-summary.js';

interface HomesitePageProps extends SiteProps {
  homesite: HomesiteSummary;
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One homesite: what it is now, what can be built on it, and how to ask about it. */
export function HomesitePage({ content, path, homesite }: HomesitePageProps) {
  return (
    <Layout content={content} path={path}>
      <div className="page-heading">
        <div className="container">
          <p className="eyebrow">
            <a href="/site-plan">Site plan</a>
          </p>
          <h1>{`Homesite ${homesite.lot}`}</h1>
          <p className="homesite-status" data-status={homesite.status}>
            {homesite.statusLabel}
          </p>
        </div>
      </div>
      <section className="container homesite-section" aria-label={`Homesite ${homesite.lot} facts`}>
        <dl className="homesite-facts">
          <Fact term="Status">{homesite.statusLabel}</Fact>
          {homesite.sqftText ? <Fact term="Lot size">{homesite.sqftText}</Fact> : null}
          {homesite.address ? <Fact term="Address">{homesite.address}</Fact> : null}
          {homesite.plan ? (
            <Fact term="Plan">
              {homesite.plan.href ? <a href={homesite.plan.href}>{homesite.plan.name}</a> : homesite.plan.name}
            </Fact>
          ) : null}
          {homesite.priceText ? (
            <Fact term={homesite.status === 'available' ? 'Homes from' : 'Price'}>{homesite.priceText}</Fact>
          ) : null}
          {homesite.readyText && homesite.status === 'quick-move-in' ? (
            <Fact term="Ready">{homesite.readyText}</Fact>
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
          <a className="button button-accent" href={`/contact?homesite=${homesite.lot}`}>
            {`Ask about homesite ${homesite.lot}`}
          </a>
          <a className="button" href={`/tours?homesite=${homesite.lot}`}>
            Schedule a tour
          </a>
          <a className="button" href="/site-plan">
            Back to the site plan
          </a>
        </p>
      </section>
    </Layout>
  );
}
