import { InterestForm } from './reach/InterestForm.js';
import { QUICK_MOVE_IN_PATH } from '../src/shared/constants.js';
import { Widget } from '../src/render/widget.js';
import type { LotMapProps } from '../src/shared/lot-map-props.js';
import type { HomesiteSummary } from './homesites/homesite-summary.js';
import { HomesiteTable } from './homesites/HomesiteTable.js';
import { Layout } from './Layout.js';
import { PageHeading } from './PageHeading.js';
import type { SiteProps } from './site-props.js';
import { communityPath } from '../src/render/community-path.js';

interface SitePlanPageProps extends SiteProps {
  map: { tileUrl: string; attribution: string; stylesheet: string };
  lotMap: LotMapProps;
  homesites: HomesiteSummary[];
  availableCount: number;
}

export function SitePlanPage({ content, path, map, lotMap, homesites, availableCount }: SitePlanPageProps) {
  const { community, media } = content;
  const { shapes, ...sentToBrowser } = lotMap;
  return (
    <Layout content={content} path={path}>
      <PageHeading title="Site Plan">
        <p>
          {`${homesites.length} homesites around a central park and pond; ${availableCount} available now.`} Tap a
          homesite to see what it is, or find it in the table below.
        </p>
        <p className="page-jumps">
          <a href="#homesite-table-heading">Every homesite as a list</a>
          <a href="#nearby">Jump to What’s nearby</a>
        </p>
      </PageHeading>
      <section className="container site-plan" id="homesites" aria-label="Site plan">
        <Widget name="LotMap" hydrate="visible" props={sentToBrowser} serverOnly={{ shapes }} />
        <p className="site-plan-links">
          <a href={media.sitePlan.src}>Open the full-size site plan drawing</a> ·{' '}
          <a href={communityPath(QUICK_MOVE_IN_PATH)}>Quick move-in homes</a>
        </p>
        <h2 id="homesite-table-heading">Every homesite</h2>
        <HomesiteTable homesites={homesites} caption={`All ${homesites.length} homesites at ${community.name}`} />
      </section>
      <InterestForm id="site-plan" heading="Get news of the next release" content={content} />
      <section className="nearby-section" id="nearby" aria-labelledby="nearby-heading">
        <div className="container">
          <h2 id="nearby-heading">{content.pages.sitePlanNearbyHeading}</h2>
          <Widget
            name="Nearby"
            hydrate="visible"
            props={{
              tabs: content.nearby,
              home: { name: community.name, latitude: community.latitude, longitude: community.longitude },
              tileUrl: map.tileUrl,
              attribution: map.attribution,
              stylesheet: map.stylesheet,
            }}
          />
          <p className="page-jumps">
            <a href="#homesites">Back to the site plan</a>
          </p>
        </div>
      </section>
    </Layout>
  );
}
