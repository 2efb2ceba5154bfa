import type { DescribeImage } from '../../src/render/images.js';
import { Picture } from '../../src/shared/Picture.js';
import { coverSizes } from '../../src/shared/responsive-image.js';

/** One community as the builder's pages list it. */
export interface CommunityCard {
  slug: string;
  name: string;
  href: string;
  city: string;
  state: string;
  status: 'coming-soon' | 'selling' | 'sold-out' | 'closed';
  tagline: string;
  /** The lowest price of its offered plans; null while none has one. */
  priceFrom: number | null;
  /** Homesites available or ready to move in now. */
  availableNow: number;
  photo: { src: string; alt: string } | null;
  lat: number;
  lng: number;
}

export const STATUS_LABELS: Record<CommunityCard['status'], string> = {
  'coming-soon': 'Coming soon',
  selling: 'Now selling',
  'sold-out': 'Sold out',
  closed: 'Closed',
};

const CARD_WIDTH = [
  { media: '(min-width: 1100px)', width: '340px' },
  { media: '(min-width: 640px)', width: '45vw' },
  { width: '92vw' },
];

function priceLine(card: CommunityCard): string {
  if (card.status === 'sold-out') return 'Sold out';
  if (card.priceFrom === null) return 'Pricing coming soon';
  return `From $${card.priceFrom.toLocaleString('en-US')}`;
}

/** The communities as cards: photo, name, city, status, price from and homes available now. */
export function CommunityCards({
  cards,
  image,
  headingLevel = 3,
}: {
  cards: readonly CommunityCard[];
  image: DescribeImage;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="plan-cards community-cards">
      {cards.map((card, index) => {
        const photo = card.photo ? image(card.photo.src, card.photo.alt) : undefined;
        return (
          <li key={card.slug} className="card plan-card community-card">
            {photo ? (
              <Picture
                image={photo}
                sizes={coverSizes(photo, CARD_WIDTH, { aspectRatio: 3 / 2 })}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
              />
            ) : null}
            <div className="plan-card-body">
              <Heading>
                <a href={card.href}>{card.name}</a>
              </Heading>
              <p className="community-place">
                {card.city}, {card.state} · <span className="community-status">{STATUS_LABELS[card.status]}</span>
              </p>
              <p className="plan-price">{priceLine(card)}</p>
              <p>{card.tagline}</p>
              {card.status === 'coming-soon' ? (
                <p>
                  <a href={`${card.href}/interest`}>Join the interest list</a>
                </p>
              ) : (
                <p className="community-available">
                  {card.availableNow === 1 ? '1 home available now' : `${card.availableNow} homes available now`}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
