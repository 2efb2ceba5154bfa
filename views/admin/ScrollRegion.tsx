import type { ReactNode } from 'react';

/**
 * A wide table's box that scrolls sideways on a narrow screen: a named region that the keyboard can reach (tabIndex
 * 0), so it can be scrolled without a mouse (axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  labelledBy,
  label,
  children,
}: {
  labelledBy?: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={labelledBy} aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
