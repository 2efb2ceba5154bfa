import type { HomesiteChangeView } from './homesite-change.js';

/** Changes, newest first: who, when, how, and each field's old → new. */
export function HomesiteChangeList({ changes, showLot }: { changes: HomesiteChangeView[]; showLot: boolean }) {
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
            <time dateTime={change.at}>{change.at.replace('T', ' ').slice(0, 16)} UTC</time> · {change.by} ·{' '}
            {change.source}
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
