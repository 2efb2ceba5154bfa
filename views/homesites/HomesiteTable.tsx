import type { HomesiteSummary } from './homesite-summary.js';
import { homesiteTableRows } from './homesite-table-rows.js';

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
        <tbody dangerouslySetInnerHTML={{ __html: homesiteTableRows(homesites) }} />
      </table>
    </div>
  );
}
