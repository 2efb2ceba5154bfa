import type { HomesiteSummary } from './homesite-summary.js';

/** Every homesite as a table: the no-JavaScript and screen-reader way to what the lot map shows. */
export function HomesiteTable({ homesites, caption }: { homesites: HomesiteSummary[]; caption: string }) {
  return (
    <div className="homesite-table-wrap">
      <table className="homesite-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Homesite</th>
            <th scope="col">Status</th>
            <th scope="col">Plan</th>
            <th scope="col">Price</th>
            <th scope="col">Lot size</th>
          </tr>
        </thead>
        <tbody>
          {homesites.map((homesite) => (
            <tr key={homesite.lot} data-lot={homesite.lot} data-status={homesite.status}>
              <th scope="row">
                <a href={homesite.href} aria-label={`Homesite ${homesite.lot}`}>
                  {homesite.lot}
                </a>
              </th>
              <td>{homesite.statusLabel}</td>
              <td>{homesite.plan?.name ?? '—'}</td>
              <td>{homesite.priceText ?? '—'}</td>
              <td>{homesite.sqftText ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
