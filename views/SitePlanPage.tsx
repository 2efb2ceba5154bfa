import { Widget } from '../src/render/widget.js';
import { Picture } from '../src/shared/Picture.js';
import { Layout } from './Layout.js';
import type { SiteProps } from './site-props.js';

interface SitePlanPageProps extends SiteProps {
  map: { tileUrl: string; attribution: string; stylesheet: string };
}

export function SitePlanPage({ content, path, image, map }: SitePlanPageProps) {
  const { community, media } = content;
  return (
    <Layout content={content} path={path}>
      <div className="page-heading">
        <div className="container">
          <h1>Site Plan</h1>
          <p>
            {community.counters.homeLots} homesites around a central park and pond. Ask a sales counselor which lots are
            available today.
          </p>
        </div>
      </div>
      <section className="container site-plan" aria-label="Site plan">
        <a href={media.sitePlan.src} className="site-plan-link">
          <Picture
            image={image(media.sitePlan.src, media.sitePlan.alt)}
            sizes="(min-width: 1200px) 1140px, 96vw"
            loading="eager"
            fetchPriority="high"
          />
        </a>
      </section>
      <section className="nearby-section" aria-labelledby="nearby-heading">
        <div className="container">
          <h2 id="nearby-heading">What’s nearby</h2>
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
        </div>
      </section>
    </Layout>
  );
}
