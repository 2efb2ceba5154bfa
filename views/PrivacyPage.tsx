import { CallAndEmail, VisitAddress } from './CallAndEmail.js';
import { formatCalendarDate } from '../src/shared/time-zone.js';
import { Layout } from './Layout.js';
import type { SiteProps } from './site-props.js';

/** The privacy notice from the content, then the sales office to contact about it. No widget: it ships no script. */
export function PrivacyPage({ content, path }: SiteProps) {
  const { privacy, builder, community } = content;
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
          <h2 id="privacy-contact">Contact the sales office</h2>
          <ul className="contact-details">
            <CallAndEmail builder={builder} />
            <VisitAddress address={community.address} />
          </ul>
        </section>
      </div>
    </Layout>
  );
}
