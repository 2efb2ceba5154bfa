import { QUICK_MOVE_IN_PATH } from '../src/shared/constants.js';
import { communityPath } from '../src/render/community-path.js';

/** What the counter block shows: the homesites and available-now figures come from the database, not the content. */
export interface CounterFigures {
  homeLots: number;
  floorPlans: number;
  availableNow: number;
  /** Homesites with a quick move-in home: linked to their list when there are any. */
  quickMoveIn: number;
}

/** The counter block: 78 Home Lots, 4 Floor Plans (seed-spec §9), and how many lots are available now. */
export function Counters({ figures }: { figures: CounterFigures }) {
  const { homeLots, floorPlans, availableNow, quickMoveIn } = figures;
  return (
    <ul className="counters" aria-label="Community at a glance">
      <li className="counter">
        <span className="counter-main">
          <span className="counter-value">{homeLots}</span> <span className="counter-label">Home Lots</span>
        </span>{' '}
        <a className="counter-note" href={communityPath('/site-plan')}>
          {`${availableNow} available now`}
        </a>
      </li>
      <li className="counter">
        <span className="counter-main">
          <span className="counter-value">{floorPlans}</span> <span className="counter-label">Floor Plans</span>
        </span>
        {quickMoveIn > 0 ? (
          <>
            {' '}
            <a className="counter-note" href={communityPath(QUICK_MOVE_IN_PATH)}>
              {quickMoveIn === 1 ? '1 quick move-in home' : `${quickMoveIn} quick move-in homes`}
            </a>
          </>
        ) : null}
      </li>
    </ul>
  );
}
