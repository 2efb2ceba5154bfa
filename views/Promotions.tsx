import type { Promotion } from '../src/content/index.js';
import type { DescribeImage } from '../src/render/images.js';
import { Picture } from '../src/shared/Picture.js';
import { formatCalendarDate } from '../src/shared/time-zone.js';
import { communityPath } from '../src/render/community-path.js';

interface PromotionsProps {
  promotions: Promotion[];
  heading: string;
  image: DescribeImage;
  /** The contact link's question: the page's plan when there is one. */
  askHref: string;
}

/** The promotions showing today, each with its text, dates and flyer; nothing at all when none is. */
export function Promotions({ promotions, heading, image, askHref }: PromotionsProps) {
  if (promotions.length === 0) return null;
  return (
    <section className="offer container" aria-labelledby="offer-heading">
      <h2 id="offer-heading">{heading}</h2>
      {promotions.map((promotion, index) => (
        <article className="offer-item" key={`${promotion.title}-${index}`} aria-labelledby={`offer-${index}`}>
          <div className="offer-text">
            <h3 id={`offer-${index}`}>{promotion.title}</h3>
            <p>{promotion.text}</p>
            <p className="offer-dates">Until {formatCalendarDate(promotion.ends)}</p>
            <a className="button" href={communityPath(askHref)}>
              Ask about the offer
            </a>
          </div>
          {promotion.image ? (
            <Picture
              image={image(promotion.image.src, promotion.image.alt)}
              sizes="(min-width: 900px) 420px, 92vw"
              className="offer-flyer"
            />
          ) : null}
        </article>
      ))}
    </section>
  );
}
