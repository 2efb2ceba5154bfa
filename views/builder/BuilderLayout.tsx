import type { ReactNode } from 'react';
import type { BuilderContent } from '../../src/content/builder-content.js';
import { LegalFooter } from '../LegalFooter.js';
import { MenuToggle } from '../MenuToggle.js';

/** The builder's own pages' links (contract wave 4, issue: "Communities, Find your home, Plans, Contact"). */
export const BUILDER_NAV = [
  { href: '/communities', label: 'Communities' },
  { href: '/homes', label: 'Find your home' },
  { href: '/plans', label: 'Plans' },
  { href: '/contact', label: 'Contact' },
] as const;

interface BuilderLayoutProps {
  /** The builder-wide parts of the content (builder, legal texts); a community's content carries the same. */
  content: BuilderContent;
  path: string;
  children: ReactNode;
}

/** The frame of the builder's pages on a site of several communities: its nav, and the legal footer. */
export function BuilderLayout({ content, path, children }: BuilderLayoutProps) {
  const { builder } = content;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <nav className="site-nav" aria-label="Main">
          <a className="brand" href="/" aria-label={`${builder.name} home`}>
            <span className="brand-mark" aria-hidden="true">
              ⌂
            </span>
            <span className="brand-name">{builder.name}</span>
          </a>
          <MenuToggle />
          <div id="site-menu" className="site-menu" popover="auto">
            <ul className="nav-links">
              {BUILDER_NAV.map((link) => (
                <li key={link.href}>
                  <a href={link.href} {...(path === link.href ? { 'aria-current': 'page' as const } : {})}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <LegalFooter content={content} />
      </footer>
    </>
  );
}
