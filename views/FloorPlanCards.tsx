import { planPriceText } from '../src/shared/plan-price.js';
import type { FloorPlan } from '../src/content/index.js';
import { bedsFact, formatBaths, formatSquareFeet, garageFact } from '../src/content/plan-facts.js';
import type { DescribeImage } from '../src/render/images.js';
import { Picture } from '../src/shared/Picture.js';
import { coverSizes } from '../src/shared/responsive-image.js';
import { communityPath } from '../src/render/community-path.js';

/** The card's photo box (site.css `.plan-card img`): the card's width per layout, 3:2, cover. */
const CARD_WIDTH = [
  { media: '(min-width: 1100px)', width: '260px' },
  { media: '(min-width: 640px)', width: '45vw' },
  { width: '92vw' },
];
const CARD_HEIGHT = { aspectRatio: 3 / 2 };

export function PlanFacts({ plan }: { plan: FloorPlan }) {
  return (
    <dl className="plan-facts">
      <div>
        <dt>Beds</dt>
        <dd>{bedsFact(plan)}</dd>
      </div>
      <div>
        <dt>Baths</dt>
        <dd>{formatBaths(plan.baths)}</dd>
      </div>
      <div>
        <dt>Sq ft</dt>
        <dd>{formatSquareFeet(plan.squareFeet)}</dd>
      </div>
      <div>
        <dt>Garage</dt>
        <dd>{garageFact(plan)}</dd>
      </div>
    </dl>
  );
}

interface FloorPlanCardsProps {
  plans: FloorPlan[];
  image: DescribeImage;
  headingLevel?: 2 | 3;
  /** When the cards open the page, the first image is its largest paint: load it at once. */
  eagerFirst?: boolean;
}

export function FloorPlanCards({ plans, image, headingLevel = 3, eagerFirst = false }: FloorPlanCardsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="plan-cards">
      {plans.map((plan, index) => {
        const cover = image(plan.cover.src, plan.cover.alt);
        return (
          <li key={plan.slug} className="card plan-card">
            <Picture
              image={cover}
              sizes={coverSizes(cover, CARD_WIDTH, CARD_HEIGHT)}
              loading={eagerFirst && index === 0 ? 'eager' : 'lazy'}
              fetchPriority={eagerFirst && index === 0 ? 'high' : undefined}
            />
            <div className="plan-card-body">
              <Heading>
                <a href={communityPath(`/floor-plans/${plan.slug}`)}>{plan.name}</a>
              </Heading>
              <p className="plan-price">{planPriceText(plan.basePrice)}</p>
              <PlanFacts plan={plan} />
              <p>{plan.summary}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
