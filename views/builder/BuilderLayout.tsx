import type { ReactNode } from 'react';
import type { Content } from '../../src/content/index.js';
import { PRIVACY_PATH } from '../../src/shared/LeadConsent.js';
import { EqualHousingLogo } from '../EqualHousingLogo.js';

/** The builder's own pages' links (contract wave 4, issue: "Communities, Find your home, Plans, Contact"). */
export const BUILDER_NAV = [
  { href: '/communities', label: 'Communities' },
  { href: '/homes', label: 'Find your home' },
  { href: '/plans', label: 'Plans' },
  { href: '/contact', label: 'Contact' },
] as const;

interface BuilderLayoutProps {
  /** The builder-wide parts of the content (builder, legal texts); any community's content carries the same. */
  content: Content;
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
          <button className="button menu-toggle" type="button" popoverTarget="site-menu" aria-controls="site-menu">
            <span className="menu-icon" aria-hidden="true" />
            <span className="menu-label">Menu</span>
          </button>
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
        <div className="container footer-legal">
          <div className="equal-housing">
            <EqualHousingLogo size={48} />
            <p>
              <strong>Equal Housing Opportunity.</strong> {content.equalHousing}
            </p>
          </div>
          <p className="disclaimer">{content.disclaimer}</p>
          {content.sampleNotice ? <p className="sample-notice">{content.sampleNotice}</p> : null}
          <p>
            © {new Date().getFullYear()} {builder.name} ·{' '}
            <a className="footer-privacy" href={PRIVACY_PATH}>
              Privacy notice
            </a>{' '}
            ·{' '}
            <a className="footer-agents" href="/agents">
              For real-estate agents
            </a>
          </p>
        </div>
      </footer>
    </>
  );
}
