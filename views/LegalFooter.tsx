import type { Content } from '../src/content/index.js';
import { PRIVACY_PATH } from '../src/shared/LeadConsent.js';
import { EqualHousingLogo } from './EqualHousingLogo.js';

/** The builder-wide texts every public footer ends with (the `builder` and `legal` sections). */
export type LegalTexts = Pick<Content, 'builder' | 'equalHousing' | 'disclaimer' | 'sampleNotice'>;

/**
 * The legal end of every public page's footer, a community's and the builder's alike: the Equal Housing
 * Opportunity statement, the disclaimer, and the links to the privacy notice and the agents' page.
 */
export function LegalFooter({ content }: { content: LegalTexts }) {
  return (
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
        © {new Date().getFullYear()} {content.builder.name} ·{' '}
        <a className="footer-privacy" href={PRIVACY_PATH}>
          Privacy notice
        </a>{' '}
        ·{' '}
        <a className="footer-agents" href="/agents">
          For real-estate agents
        </a>
      </p>
    </div>
  );
}
