import type { Content } from '../src/content/index.js';
import { communityBase, communityPath, communityStatus } from '../src/render/community-path.js';
import { telHref } from './tel-href.js';

/**
 * A line under the nav of every page of a community that sells no homes now (contract wave 4, "Addresses"): sold
 * out (its pages stay and say so) or coming soon (its interest list open). Nothing while it is selling.
 */
export function CommunityStatusNotice({ content }: { content: Content }) {
  const status = communityStatus();
  const name = content.community.name;
  if (status === 'sold-out') {
    return (
      <p className="community-status-notice" role="note">
        <strong>{`${name} is sold out.`}</strong>
        {communityBase() === '' ? (
          <>
            {' '}
            Questions? Call <a href={telHref(content.builder.phone)}>{content.builder.phone}</a>.
          </>
        ) : (
          <>
            {' '}
            <a href="/communities">See our other communities</a>
          </>
        )}
      </p>
    );
  }
  if (status === 'coming-soon') {
    return (
      <p className="community-status-notice" role="note">
        <strong>{`${name} is coming soon.`}</strong> <a href={communityPath('/interest')}>Join the interest list</a> to
        hear first when homesites are released.
      </p>
    );
  }
  return null;
}
