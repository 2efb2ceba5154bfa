import type { Content, FloorPlan } from '../../src/content/index.js';
import type { DescribeImage } from '../../src/render/images.js';
import { planPriceText } from '../../src/shared/plan-price.js';
import { PlanFacts } from '../FloorPlanCards.js';
import { PageHeading } from '../PageHeading.js';
import { BuilderLayout } from './BuilderLayout.js';

/** A community that offers a plan, at its price there. */
export interface PlanOffering {
  community: string;
  city: string;
  href: string;
  basePrice: number | null;
}

/** `/plans/<plan>`: a plan of the builder's library, and every community that offers it with its price there. */
export function LibraryPlanPage(props: {
  content: Content;
  path: string;
  image: DescribeImage;
  plan: FloorPlan;
  offerings: readonly PlanOffering[];
}) {
  const { content, path, image, plan, offerings } = props;
  const cover = image(plan.cover.src, plan.cover.alt);
  return (
    <BuilderLayout content={content} path={path}>
      <PageHeading title={plan.name} eyebrow={<a href="/plans">All plans</a>}>
        <p>{plan.summary}</p>
      </PageHeading>
      <section className="container plans-index library-plan" aria-label="The plan">
        <img src={cover.src} alt={cover.alt} width={cover.width} height={cover.height} className="library-plan-cover" />
        <PlanFacts plan={plan} />
      </section>
      <section className="container plans-index" aria-labelledby="offered-heading">
        <h2 id="offered-heading">Where it is built</h2>
        {offerings.length === 0 ? (
          <p>No community offers this plan right now.</p>
        ) : (
          <ul className="plan-offerings">
            {offerings.map((offering) => (
              <li key={offering.href}>
                <a href={offering.href}>{offering.community}</a> ({offering.city}): {planPriceText(offering.basePrice)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </BuilderLayout>
  );
}

/** `/plans`: the builder's plan library, each plan with the number of communities offering it. */
export function PlansPage(props: {
  content: Content;
  path: string;
  plans: readonly { plan: FloorPlan; communities: number; priceFrom: number | null }[];
}) {
  const { content, path, plans } = props;
  return (
    <BuilderLayout content={content} path={path}>
      <PageHeading title="Plans">
        <p>Every plan {content.builder.name} builds, and where.</p>
      </PageHeading>
      <section className="container plans-index" aria-label="Plans">
        <ul className="plan-offerings">
          {plans.map(({ plan, communities, priceFrom }) => (
            <li key={plan.slug}>
              <a href={`/plans/${plan.slug}`}>{plan.name}</a>: {plan.beds} beds,{' '}
              {plan.squareFeet.toLocaleString('en-US')} sq ft · {planPriceText(priceFrom)} ·{' '}
              {communities === 1 ? 'in 1 community' : `in ${communities} communities`}
            </li>
          ))}
        </ul>
      </section>
    </BuilderLayout>
  );
}
