import type { Content } from '../src/content/index.js';

/** The counter block: 78 Home Lots, 4 Floor Plans (seed-spec §9). */
export function Counters({ content }: { content: Content }) {
  const { homeLots, floorPlans } = content.community.counters;
  return (
    <ul className="counters" aria-label="Community at a glance">
      <li className="counter">
        <span className="counter-value">{homeLots}</span> <span className="counter-label">Home Lots</span>
      </li>
      <li className="counter">
        <span className="counter-value">{floorPlans}</span> <span className="counter-label">Floor Plans</span>
      </li>
    </ul>
  );
}
