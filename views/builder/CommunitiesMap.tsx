import { Widget } from '../../src/render/widget.js';
import { formatPrice } from '../../src/shared/homesite-rules.js';
import type { HomesMapConfig } from '../HomesPage.js';
import type { CommunityCard } from './CommunityCards.js';

/**
 * Every listed community as a pin on one map (the "Find your home" map widget, woken when it nears the viewport):
 * a pin's number is its homes available now, its popup links the community. Without JavaScript, or with no map
 * configured, nothing is drawn: the cards and the list beside it say the same.
 */
export function CommunitiesMap({ cards, map }: { cards: readonly CommunityCard[]; map: HomesMapConfig | undefined }) {
  if (!map || cards.length === 0) return null;
  return (
    <Widget
      name="HomesMap"
      hydrate="visible"
      props={{
        places: cards.map((card) => ({
          name: `${card.name}, ${card.city}`,
          lat: card.lat,
          lng: card.lng,
          count: card.availableNow,
          homes: [
            {
              title: card.name,
              url: card.href,
              priceText: card.priceFrom === null ? null : `from ${formatPrice(card.priceFrom)}`,
            },
          ],
        })),
        ...map,
      }}
    />
  );
}
