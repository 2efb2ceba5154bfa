import { Widget } from '../src/render/widget.js';
import type { ContactPageState } from '../src/shared/contact-form.js';
import { CallAndEmail, VisitAddress } from './CallAndEmail.js';
import { Layout } from './Layout.js';
import type { SiteProps } from './site-props.js';

interface ContactPageProps extends SiteProps {
  /** Outcome of a plain form post (no JavaScript): the values and problems, or a sent message. */
  initial: ContactPageState;
}

export function ContactPage({ content, path, initial }: ContactPageProps) {
  const { builder, community } = content;
  return (
    <Layout content={content} path={path} showQuestions={false}>
      <section className="contact container" aria-labelledby="contact-heading">
        <div className="contact-intro">
          <h1 id="contact-heading">Contact Us</h1>
          <p>{content.pages.contactIntro}</p>
          <ul className="contact-details">
            <CallAndEmail builder={builder} />
            <VisitAddress address={community.address} />
            <li>{community.salesHours}</li>
          </ul>
        </div>
        <Widget
          name="ContactForm"
          props={{
            initialValues: initial.values ?? {},
            initialErrors: initial.errors ?? {},
            initialStatus: initial.status ?? 'idle',
            ...(initial.notice ? { initialNotice: initial.notice } : {}),
            ...(initial.plan ? { plan: initial.plan } : {}),
            consent: { builder: builder.name, community: community.name },
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
