import { CallAndEmail, VisitAddress } from './CallAndEmail.js';
import { formatCalendarDate } from '../src/shared/time-zone.js';
import { isCommunityContent, type SiteContent } from '../src/content/builder-content.js';
import { Layout } from './Layout.js';

/**
 * The privacy notice from the content, then whom to contact about it: a community's sales office, or on the
 * builder's own page the builder at its office. No widget: it ships no script.
 */
export function PrivacyPage({ content, path }: { content: SiteContent; path: string }) {
  const { privacy, builder } = content;
  return (
    <Layout content={content} path={path}>
      <div className="page-heading">
        <div className="container">
          <h1>Privacy notice</h1>
          <p>
            Last updated <time dateTime={privacy.updated}>{formatCalendarDate(privacy.updated)}</time>
          </p>
        </div>
      </div>
      <div className="container privacy">
        {privacy.sampleNote ? <p className="privacy-sample">{privacy.sampleNote}</p> : null}
        {privacy.intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {privacy.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <section aria-labelledby="privacy-contact">
          <h2 id="privacy-contact">
            {isCommunityContent(content) ? 'Contact the sales office' : `Contact ${builder.name}`}
          </h2>
          <ul className="contact-details">
            <CallAndEmail builder={builder} />
            {isCommunityContent(content) ? (
              <VisitAddress address={content.community.address} />
            ) : (
              <VisitAddress address={content.feed.postalAddress} label="Office" />
            )}
          </ul>
        </section>
      </div>
    </Layout>
  );
}
