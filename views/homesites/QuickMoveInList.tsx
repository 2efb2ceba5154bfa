import { askAboutHomesiteHref } from '../../src/shared/homesite-links.js';
import type { HomesiteSummary } from './homesite-summary.js';
import { HomesiteFact } from './HomesiteFact.js';
import { communityPath } from '../../src/render/community-path.js';

/** Quick move-in homes as cards: plan, homesite, price, ready date, and a way to ask. */
export function QuickMoveInList({ homes, headingLevel = 3 }: { homes: HomesiteSummary[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="qmi-list">
      {homes.map((home) => (
        <li key={home.lot} className="qmi-card">
          <Heading className="qmi-title">
            <a href={home.href}>{`${home.plan?.name ?? 'Home'} on homesite ${home.lot}`}</a>
          </Heading>
          <dl className="qmi-facts">
            {home.priceText ? <HomesiteFact term="Price">{home.priceText}</HomesiteFact> : null}
            {home.readyText ? <HomesiteFact term="Ready">{home.readyText}</HomesiteFact> : null}
            {home.sqftText ? <HomesiteFact term="Lot size">{home.sqftText}</HomesiteFact> : null}
          </dl>
          <p className="qmi-address">{home.address}</p>
          <a className="button button-accent button-small" href={communityPath(askAboutHomesiteHref(home.lot))}>
            {`Ask about homesite ${home.lot}`}
          </a>
        </li>
      ))}
    </ul>
  );
}
