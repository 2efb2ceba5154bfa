import { isCommunityContent, type SiteContent } from '../src/content/builder-content.js';
import { Widget } from '../src/render/widget.js';
import type { ContactPageState } from '../src/shared/contact-form.js';
import { CallAndEmail, VisitAddress } from './CallAndEmail.js';
import { Layout } from './Layout.js';

/** A community's sales office, as the builder's contact page lists it beside the community chooser. */
export interface SalesOffice {
  name: string;
  /** The community's home page. */
  href: string;
  address: { street: string; city: string; region: string; postalCode: string };
  salesHours: string;
}

interface ContactPageProps {
  /** A community's content, or on a builder's site of several communities the builder's own. */
  content: SiteContent;
  path: string;
  /** Outcome of a plain form post (no JavaScript): the values and problems, or a sent message. */
  initial: ContactPageState;
  /** On the builder's page: each public community's sales office, its address and hours. */
  offices?: readonly SalesOffice[];
}

export function ContactPage({ content, path, initial, offices = [] }: ContactPageProps) {
  const { builder } = content;
  const community = isCommunityContent(content) ? content.community : undefined;
  return (
    <Layout content={content} path={path} showQuestions={false}>
      <section className="contact container" aria-labelledby="contact-heading">
        <div className="contact-intro">
          <h1 id="contact-heading">Contact Us</h1>
          <p>{content.pages.contactIntro}</p>
          <ul className="contact-details">
            <CallAndEmail builder={builder} />
            {community ? (
              <>
                <VisitAddress address={community.address} />
                <li>{community.salesHours}</li>
              </>
            ) : null}
          </ul>
          {community ? null : (
            <section className="sales-offices" aria-labelledby="sales-offices-heading">
              <h2 id="sales-offices-heading">Our sales offices</h2>
              <ul className="sales-office-list">
                {offices.map((office) => (
                  <li key={office.href} className="sales-office">
                    <h3>
                      <a href={office.href}>{office.name}</a>
                    </h3>
                    <ul className="contact-details">
                      <VisitAddress address={office.address} />
                      <li>{office.salesHours}</li>
                    </ul>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <Widget
          name="ContactForm"
          props={{
            initialValues: initial.values ?? {},
            initialErrors: initial.errors ?? {},
            initialStatus: initial.status ?? 'idle',
            ...(initial.notice ? { initialNotice: initial.notice } : {}),
            ...(initial.plan ? { plan: initial.plan } : {}),
            consent: { builder: builder.name, community: community ? community.name : 'its communities' },
            ...(initial.homesite ? { homesite: initial.homesite } : {}),
            visit: initial.visit ?? {},
            ...(initial.communities ? { communities: initial.communities } : {}),
            ...(initial.community ? { community: initial.community } : {}),
          }}
        />
      </section>
    </Layout>
  );
}
