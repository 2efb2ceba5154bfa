import type { Content } from '../src/content/index.js';
import { QUICK_MOVE_IN_PATH } from '../src/shared/constants.js';
import { ExternalLink } from './ExternalLink.js';
import { LegalFooter } from './LegalFooter.js';
import { communityBase, communityPath } from '../src/render/community-path.js';

export function SiteFooter({ content }: { content: Content }) {
  const { builder, partners, community } = content;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <img
            src={builder.logo.src}
            alt={builder.logo.alt}
            width={240}
            height={60}
            loading="lazy"
            className="builder-logo"
          />
          <p className="builder-name">
            {community.name} is a community by <strong>{builder.name}</strong>
          </p>
          <p>
            {community.address.street}, {community.address.city}, {community.address.region}{' '}
            {community.address.postalCode}
          </p>
        </div>
        <nav className="footer-nav" aria-label="Footer">
          <ul>
            <li>
              <a href={communityPath('/')}>Home</a>
            </li>
            <li>
              <a href={communityPath('/about')}>About</a>
            </li>
            <li>
              <a href={communityPath('/site-plan')}>Site Plan</a>
            </li>
            <li>
              <a href={communityPath('/floor-plans')}>Floor Plans</a>
            </li>
            <li>
              <a href={communityPath(QUICK_MOVE_IN_PATH)}>Quick Move-In Homes</a>
            </li>
            <li>
              <a href={communityPath('/tours')}>Schedule a Tour</a>
            </li>
            <li>
              <a href={communityPath('/contact')}>Contact Us</a>
            </li>
            {communityBase() === '' ? null : (
              <li>
                <a href="/communities">All communities</a>
              </li>
            )}
          </ul>
        </nav>
        <div className="footer-partners">
          <p className="footer-heading">Our partners</p>
          <ul className="partner-logos">
            {partners.map((partner) => (
              <li key={partner.name}>
                <ExternalLink href={partner.href}>
                  <img src={partner.logo.src} alt={partner.logo.alt} width={180} height={60} loading="lazy" />
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <LegalFooter content={content} />
    </footer>
  );
}
