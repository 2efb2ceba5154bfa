import type { Content } from '../../src/content/index.js';
import { Layout } from '../Layout.js';
import { PageHeading } from '../PageHeading.js';
import { InterestForm, type InterestFormState } from './InterestForm.js';
import { communityPath } from '../../src/render/community-path.js';

interface InterestPageProps {
  content: Content;
  path: string;
  /** After a plain post: the address was taken and a confirmation is on its way. */
  sent: boolean;
  state?: InterestFormState;
}

/** /interest: the form on a page of its own, where a post without JavaScript lands (its outcome, or its problems). */
export function InterestPage({ content, path, sent, state }: InterestPageProps) {
  return (
    <Layout content={content} path={path}>
      <PageHeading title="Get news of the next release" />
      {sent ? (
        <div className="container interest-outcome">
          <p className="alert alert-success" role="status">
            Thank you. Please check your e-mail: we have sent you a link to confirm your address. Until you open it you
            get nothing more from us.
          </p>
          <p>
            <a href={communityPath('/site-plan')}>See the homesites on the site plan</a>
          </p>
        </div>
      ) : (
        <InterestForm id="page" heading="Leave your e-mail" content={content} state={state} />
      )}
    </Layout>
  );
}
