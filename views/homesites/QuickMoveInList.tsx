import type { HomesiteSummary } from './homesite-summary.js';

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
            {home.priceText ? (
              <div>
                <dt>Price</dt>
                <dd>{home.priceText}</dd>
              </div>
            ) : null}
            {home.readyText ? (
              <div>
                <dt>Ready</dt>
                <dd>{home.readyText}</dd>
              </div>
            ) : null}
            {home.sqftText ? (
              <div>
                <dt>Lot size</dt>
                <dd>{home.sqftText}</dd>
              </div>
            ) : null}
          </dl>
          <p className="qmi-address">{home.address}</p>
          <a className="button button-accent button-small" href={`/contact?homesite=${home.lot}`}>
            {`Ask about homesite ${home.lot}`}
          </a>
        </li>
      ))}
    </ul>
  );
}
