import { Layout } from '../Layout.js';
import { PageHeading } from '../PageHeading.js';
import type { SiteProps } from '../site-props.js';
import type { HomesiteSummary } from './homesite-summary.js';
import { QuickMoveInList } from './QuickMoveInList.js';
import { communityPath } from '../../src/render/community-path.js';

interface QuickMoveInPageProps extends SiteProps {
  homes: HomesiteSummary[];
}

export function QuickMoveInPage({ content, path, homes }: QuickMoveInPageProps) {
  return (
    <Layout content={content} path={path}>
      <PageHeading title="Quick move-in homes">
        <p>Homes built or being built at {content.community.name}, with a plan, a price and a date you can move in.</p>
      </PageHeading>
      <section className="container homesite-section" aria-label="Quick move-in homes">
        {homes.length > 0 ? (
          <QuickMoveInList homes={homes} headingLevel={2} />
        ) : (
          <p>
            No quick move-in homes right now. See the <a href={communityPath('/site-plan')}>site plan</a> for homesites
            you can build on, or <a href={communityPath('/contact')}>ask a sales counselor</a> what is coming.
          </p>
        )}
      </section>
    </Layout>
  );
}
