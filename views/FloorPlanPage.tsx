import type { FloorPlan, Promotion } from '../src/content/index.js';
import { planPriceText } from '../src/shared/plan-price.js';
import { Promotions } from './Promotions.js';
import { Widget } from '../src/render/widget.js';
import { askAboutPlanHref } from '../src/shared/contact-form.js';
import type { ResponsiveImage } from '../src/shared/responsive-image.js';
import { PlanFacts } from './FloorPlanCards.js';
import type { HomesiteSummary } from './homesites/homesite-summary.js';
import { QuickMoveInList } from './homesites/QuickMoveInList.js';
import { Layout } from './Layout.js';
import { PaymentEstimate, type PaymentEstimateProps } from './PaymentEstimate.js';
import type { SiteProps } from './site-props.js';
import { communityPath } from '../src/render/community-path.js';

interface FloorPlanPageProps extends SiteProps {
  plan: FloorPlan;
  /** The staff-managed gallery in order (its drawings, then its photos). */
  images: (ResponsiveImage & { caption?: string })[];
  /** Quick move-in homes of this plan (none: no section). */
  quickMoveIns?: HomesiteSummary[];
  /** The promotions showing today that apply to this plan. */
  promotions?: Promotion[];
  /** The monthly payment estimate at the plan's price (none while financing is not set or the plan has no price). */
  paymentEstimate?: PaymentEstimateProps;
}

export function FloorPlanPage({
  content,
  path,
  image,
  plan,
  images,
  quickMoveIns = [],
  promotions = [],
  paymentEstimate,
}: FloorPlanPageProps) {
  return (
    <Layout content={content} path={path}>
      <div className="page-heading">
        <div className="container">
          <p className="eyebrow">Floor plan</p>
          <h1>{plan.name}</h1>
          <p className="plan-price">{planPriceText(plan.basePrice)}</p>
          <p>{plan.summary}</p>
          <PlanFacts plan={plan} />
        </div>
      </div>
      <section className="container gallery-section" aria-labelledby="gallery-heading">
        <h2 id="gallery-heading">{plan.name} gallery</h2>
        {images.length > 0 ? (
          <Widget name="FloorPlanGallery" props={{ planName: plan.name, images }} />
        ) : (
          <p>Photos of this plan are coming soon. Contact us for a tour of the model home.</p>
        )}
        <p className="gallery-cta">
          <a className="button button-accent" href={communityPath(askAboutPlanHref(plan.slug))}>
            Ask about {plan.name}
          </a>{' '}
          <a className="button" href={communityPath(`/tours?plan=${encodeURIComponent(plan.slug)}`)}>
            Schedule a tour
          </a>
        </p>
      </section>
      {paymentEstimate ? <PaymentEstimate {...paymentEstimate} /> : null}
      <Promotions
        promotions={promotions}
        heading={content.pages.promotionsHeading}
        image={image}
        askHref={askAboutPlanHref(plan.slug)}
      />
      {quickMoveIns.length > 0 ? (
        <section className="container homesite-section" aria-labelledby="qmi-heading">
          <h2 id="qmi-heading">{plan.name} quick move-in homes</h2>
          <QuickMoveInList homes={quickMoveIns} />
        </section>
      ) : null}
    </Layout>
  );
}
