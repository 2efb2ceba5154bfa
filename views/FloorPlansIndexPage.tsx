import { FloorPlanCards } from './FloorPlanCards.js';
import { Layout } from './Layout.js';
import { PageHeading } from './PageHeading.js';
import type { SiteProps } from './site-props.js';

export function FloorPlansIndexPage({ content, path, image }: SiteProps) {
  return (
    <Layout content={content} path={path}>
      <PageHeading title="Floor Plans">
        <p>{content.pages.floorPlansIntro}</p>
      </PageHeading>
      <section className="container plans-index" aria-label="All floor plans">
        <FloorPlanCards plans={content.floorPlans} image={image} headingLevel={2} eagerFirst />
      </section>
    </Layout>
  );
}
