import type { Content } from '../../src/content/index.js';
import type { DescribeImage } from '../../src/render/images.js';
import { PageHeading } from '../PageHeading.js';
import { BuilderLayout } from './BuilderLayout.js';
import type { HomesMapConfig } from '../HomesPage.js';
import { CommunitiesMap } from './CommunitiesMap.js';
import { CommunityCards, type CommunityCard } from './CommunityCards.js';

/** The prices the search offers as an upper limit. */
const PRICE_STEPS = [400_000, 450_000, 500_000, 550_000, 600_000, 650_000, 700_000, 800_000];

interface BuilderHomePageProps {
  content: Content;
  path: string;
  image: DescribeImage;
  cards: readonly CommunityCard[];
  /** Bedroom counts the search form offers. */
  bedOptions: readonly number[];
  /** The map of the communities (a widget); without it, the cards alone. */
  map?: HomesMapConfig;
}

/** `/` on a builder's site: every public community as a card, and the search for a home across them. */
export function BuilderHomePage({ content, path, image, cards, bedOptions, map }: BuilderHomePageProps) {
  const selling = cards.filter((card) => card.status !== 'coming-soon');
  const comingSoon = cards.filter((card) => card.status === 'coming-soon');
  return (
    <BuilderLayout content={content} path={path}>
      <PageHeading title={`New homes by ${content.builder.name}`}>
        <p>
          {cards.length} communities. Search every one of them for a home, or open a community to see its site plan,
          plans and homes.
        </p>
      </PageHeading>
      <section className="container plans-index" aria-labelledby="search-heading">
        <h2 id="search-heading">Find your home</h2>
        <form method="get" action="/homes" className="homes-form">
          <div className="homes-fields">
            <div className="homes-field">
              <label htmlFor="search-beds">Bedrooms</label>
              <select id="search-beds" name="beds" defaultValue="">
                <option value="">Any</option>
                {bedOptions.map((beds) => (
                  <option key={beds} value={beds}>
                    {beds} or more
                  </option>
                ))}
              </select>
            </div>
            <div className="homes-field">
              <label htmlFor="search-price">Price up to</label>
              <select id="search-price" name="maxPrice" defaultValue="">
                <option value="">Any price</option>
                {PRICE_STEPS.map((price) => (
                  <option key={price} value={price}>
                    ${price.toLocaleString('en-US')}
                  </option>
                ))}
              </select>
            </div>
            <div className="homes-field">
              <label htmlFor="search-move-in">Ready to move in</label>
              <select id="search-move-in" name="moveIn" defaultValue="">
                <option value="">Any time</option>
                <option value="now">Now</option>
                <option value="3m">Within 3 months</option>
                <option value="6m">Within 6 months</option>
              </select>
            </div>
          </div>
          <div className="homes-actions">
            <button className="button button-accent" type="submit">
              Search homes
            </button>
          </div>
        </form>
      </section>
      <section className="container plans-index" aria-labelledby="communities-heading">
        <h2 id="communities-heading">Our communities</h2>
        <CommunityCards cards={selling} image={image} />
      </section>
      {map ? (
        <section className="container plans-index" aria-labelledby="map-heading">
          <h2 id="map-heading">On the map</h2>
          <p>Each pin is a community, with the number of homes available there now.</p>
          <CommunitiesMap cards={cards} map={map} />
        </section>
      ) : null}
      {comingSoon.length > 0 ? (
        <section className="container plans-index" aria-labelledby="coming-soon-heading">
          <h2 id="coming-soon-heading">Coming soon</h2>
          <CommunityCards cards={comingSoon} image={image} />
        </section>
      ) : null}
    </BuilderLayout>
  );
}
