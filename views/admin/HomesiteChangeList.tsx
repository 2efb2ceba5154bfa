import { formatInTimeZone } from '../../src/shared/time-zone.js';
import type { HomesiteChangeView } from './homesite-change.js';

interface HomesiteChangeListProps {
  changes: HomesiteChangeView[];
  showLot: boolean;
  /** The community's IANA zone: every staff time is shown there, the zone named. */
  timeZone: string;
}

/** Changes, newest first: who, when (at the community), how, and each field's old → new. */
export function HomesiteChangeList({ changes, showLot, timeZone }: HomesiteChangeListProps) {
  if (changes.length === 0) return <p>No changes recorded yet.</p>;
  return (
    <ol className="homesite-changes">
      {changes.map((change) => (
        <li key={change.id}>
          <p className="homesite-change-meta">
            {showLot ? (
              <>
                <a href={`/admin/homesites/${change.lot}/history`}>Homesite {change.lot}</a> ·{' '}
              </>
            ) : null}
            <time dateTime={change.at}>{formatInTimeZone(change.at, timeZone)}</time> · {change.by} · {change.source}
          </p>
          <ul>
            {change.fields.map((field) => (
              <li key={field.field}>
                <strong>{field.field}</strong>: {field.from} → {field.to}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
