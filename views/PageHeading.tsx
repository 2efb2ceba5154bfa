import type { ReactNode } from 'react';

/** A page's heading band: its h1, an optional line above it (e.g. the way back up), and what follows it. */
export function PageHeading({
  title,
  eyebrow,
  children,
}: {
  title: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="page-heading">
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
