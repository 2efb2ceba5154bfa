import type { Content } from '../../src/content/index.js';
import type { DescribeImage } from '../../src/render/images.js';
import { PageHeading } from '../PageHeading.js';
import { BuilderLayout } from './BuilderLayout.js';
import { CommunityCards, type CommunityCard } from './CommunityCards.js';

interface BuilderHomePageProps {
  content: Content;
  path: string;
  image: DescribeImage;
  cards: readonly CommunityCard[];
  /** Bedroom counts the search form offers. */
  bedOptions: readonly number[];
}

/** `/` on a builder's site: every public community as a card, and the search for a home across them. */
export function BuilderHomePage({ content, path, image, cards, bedOptions }: BuilderHomePageProps) {
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
      <section className="container builder-search" aria-labelledby="search-heading">
        <h2 id="search-heading">Find your home</h2>
        <form method="get" action="/homes" className="builder-search-form">
          <label>
            Bedrooms (at least)
            <select name="beds" defaultValue="">
              <option value="">Any</option>
              {bedOptions.map((beds) => (
                <option key={beds} value={beds}>
                  {beds}+
                </option>
              ))}
            </select>
          </label>
          <label>
            Price up to
            <input type="number" name="maxPrice" min={0} step={10000} inputMode="numeric" autoComplete="off" />
          </label>
          <label>
            Ready to move in
            <select name="moveIn" defaultValue="">
              <option value="">Any time</option>
              <option value="now">Now</option>
              <option value="3m">Within 3 months</option>
              <option value="6m">Within 6 months</option>
            </select>
          </label>
          <button className="button button-accent" type="submit">
            Search homes
          </button>
        </form>
      </section>
      <section className="container" aria-labelledby="communities-heading">
        <h2 id="communities-heading">Our communities</h2>
        <CommunityCards cards={selling} image={image} />
      </section>
      {comingSoon.length > 0 ? (
        <section className="container" aria-labelledby="coming-soon-heading">
          <h2 id="coming-soon-heading">Coming soon</h2>
          <CommunityCards cards={comingSoon} image={image} />
        </section>
      ) : null}
    </BuilderLayout>
  );
}
