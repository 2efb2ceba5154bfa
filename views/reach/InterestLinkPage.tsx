import type { Content } from '../../src/content/index.js';
import { Layout } from '../Layout.js';
import { PageHeading } from '../PageHeading.js';
import { communityPath } from '../../src/render/community-path.js';

type Outcome = 'confirmed' | 'still-unsubscribed' | 'ask-unsubscribe' | 'unsubscribed';

interface InterestLinkPageProps {
  content: Content;
  path: string;
  outcome: Outcome;
  /** The address the link is for, shown so the reader knows which list entry it is. */
  email: string;
}

const TITLES: Record<Outcome, string> = {
  confirmed: 'You are on the list',
  'still-unsubscribed': 'You are unsubscribed',
  'ask-unsubscribe': 'Unsubscribe from release news',
  unsubscribed: 'You are unsubscribed',
};

/**
 * The pages the interest list's e-mailed links open: the confirmation, and the unsubscribe link's one button (a
 * GET never unsubscribes: mail scanners open links; the button, or a mail client's RFC 8058 POST, does).
 */
export function InterestLinkPage({ content, path, outcome, email }: InterestLinkPageProps) {
  const { community, builder } = content;
  return (
    <Layout content={content} path={path}>
      <PageHeading title={TITLES[outcome]} />
      <div className="container interest-outcome">
        {outcome === 'confirmed' ? (
          <>
            <p className="alert alert-success" role="status">
              {`Thank you: ${email} is confirmed. ${builder.name} will e-mail you when new homesites at ${community.name} are released.`}
            </p>
            <p>
              Every e-mail has a link to unsubscribe with one click.{' '}
              <a href={communityPath('/site-plan')}>See the site plan</a>
            </p>
          </>
        ) : null}
        {outcome === 'still-unsubscribed' ? (
          <p>
            {`${email} unsubscribed from release news, so this link no longer confirms it. To hear from us again, sign up on `}
            <a href={communityPath('/interest')}>the interest list page</a>.
          </p>
        ) : null}
        {outcome === 'ask-unsubscribe' ? (
          <form method="post" action={path} className="interest-unsubscribe">
            <p>{`Stop the e-mails about new homesites at ${community.name} to ${email}?`}</p>
            <button type="submit" className="button button-accent">
              Unsubscribe
            </button>
          </form>
        ) : null}
        {outcome === 'unsubscribed' ? (
          <>
            <p className="alert alert-success" role="status">
              {`${email} is unsubscribed: ${builder.name} sends it no more release news.`}
            </p>
            <p>
              Changed your mind? <a href={communityPath('/interest')}>Sign up again</a>.
            </p>
          </>
        ) : null}
      </div>
    </Layout>
  );
}
