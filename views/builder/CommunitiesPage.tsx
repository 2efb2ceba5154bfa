import type { Content } from '../../src/content/index.js';
import type { DescribeImage } from '../../src/render/images.js';
import { PageHeading } from '../PageHeading.js';
import { BuilderLayout } from './BuilderLayout.js';
import type { HomesMapConfig } from '../HomesPage.js';
import { CommunitiesMap } from './CommunitiesMap.js';
import { CommunityCards, STATUS_LABELS, type CommunityCard } from './CommunityCards.js';

/** `/communities` on a builder's site: the communities as a list, with where each is. */
export function CommunitiesPage(props: {
  content: Content;
  path: string;
  image: DescribeImage;
  cards: readonly CommunityCard[];
  /** The map of the communities (a widget); without it, the table alone. */
  map?: HomesMapConfig;
}) {
  const { content, path, image, cards, map } = props;
  return (
    <BuilderLayout content={content} path={path}>
      <PageHeading title="Our communities">
        <p>Every community where {content.builder.name} builds, with its status and the homes available now.</p>
      </PageHeading>
      <section className="container plans-index" aria-label="Communities">
        <CommunityCards cards={cards} image={image} headingLevel={2} />
      </section>
      <section className="container plans-index" aria-labelledby="where-heading">
        <h2 id="where-heading">Where they are</h2>
        <CommunitiesMap cards={cards} map={map} />
        <table className="community-table">
          <caption className="visually-hidden">Communities by place</caption>
          <thead>
            <tr>
              <th scope="col">Community</th>
              <th scope="col">City</th>
              <th scope="col">Status</th>
              <th scope="col">Homes available now</th>
            </tr>
          </thead>
          <tbody>
            {cards.map((card) => (
              <tr key={card.slug}>
                <th scope="row">
                  <a href={card.href}>{card.name}</a>
                </th>
                <td>
                  {card.city}, {card.state}
                </td>
                <td>{STATUS_LABELS[card.status]}</td>
                <td>{card.availableNow}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </BuilderLayout>
  );
}
