/** What the counter block shows: the homesites and available-now figures come from the database, not the content. */
export interface CounterFigures {
  homeLots: number;
  floorPlans: number;
  availableNow: number;
}

/** The counter block: 78 Home Lots, 4 Floor Plans (seed-spec §9), and how many lots are available now. */
export function Counters({ figures }: { figures: CounterFigures }) {
  const { homeLots, floorPlans, availableNow } = figures;
  return (
    <ul className="counters" aria-label="Community at a glance">
      <li className="counter">
        <span className="counter-main">
          <span className="counter-value">{homeLots}</span> <span className="counter-label">Home Lots</span>
        </span>{' '}
        <a className="counter-note" href="/site-plan">
          {`${availableNow} available now`}
        </a>
      </li>
      <li className="counter">
        <span className="counter-value">{floorPlans}</span> <span className="counter-label">Floor Plans</span>
      </li>
    </ul>
  );
}
