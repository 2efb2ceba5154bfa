import type { ReactNode } from 'react';

/** One fact of a homesite in its `<dl>`: a term and its value. */
export function HomesiteFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
