import type { ReactNode } from 'react';

/** Said to screen readers after the name of every link that opens in a new tab. */
export const NEW_TAB_NOTICE = '(opens in a new tab)';

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link to another site (a lender, a partner): it opens in a new tab so the buyer keeps our page, without giving
 * the other page a handle on ours (noopener), and says so to screen readers.
 */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden">{` ${NEW_TAB_NOTICE}`}</span>
    </a>
  );
}
