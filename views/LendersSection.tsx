import type { Content } from '../src/content/index.js';
import { ExternalLink } from './ExternalLink.js';

export function LendersSection({ content }: { content: Content }) {
  return (
    <section id="lenders" className="lenders" aria-labelledby="lenders-heading" tabIndex={-1}>
      <div className="container">
        <h2 id="lenders-heading">{content.pages.lendersHeading}</h2>
        <p>{content.pages.lendersText}</p>
        <ul className="lender-list">
          {content.lenders.map((lender) => (
            <li key={lender.name}>
              <ExternalLink className="lender-card" href={lender.href}>
                <img src={lender.logo.src} alt="" width={240} height={80} loading="lazy" />
                <span>Get pre-approved with {lender.name}</span>
              </ExternalLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
