import { Widget } from '../src/render/widget.js';
import { LENDERS_HREF } from '../src/shared/constants.js';
import { coverSizes, type ResponsiveImage } from '../src/shared/responsive-image.js';
import type { Promotion } from '../src/content/index.js';
import { Counters, type CounterFigures } from './Counters.js';
import { FloorPlanCards } from './FloorPlanCards.js';
import { Layout } from './Layout.js';
import { Promotions } from './Promotions.js';
import { InterestForm } from './reach/InterestForm.js';
import type { SiteProps } from './site-props.js';
import { communityPath } from '../src/render/community-path.js';

/** What the hero's photos are drawn in (site.css `.hero`): the full width, clamp(380px, 72vh, 720px) tall, cover. */
const HERO_WIDTH = [{ width: '100vw' }];
const HERO_HEIGHT = { length: 'clamp(380px, 72vh, 720px)' };

/** A hero photo's `sizes`: the same string for its <img> and for the preload, so the browser fetches it once. */
export function heroSizes(slide: ResponsiveImage): string {
  return coverSizes(slide, HERO_WIDTH, HERO_HEIGHT);
}

interface HomePageProps extends SiteProps {
  slides: ResponsiveImage[];
  counters: CounterFigures;
  /** The promotions showing today. */
  promotions: Promotion[];
  /** The slideshow's stylesheet, linked by the carousel once it runs. */
  stylesheet: string;
}

export function HomePage({ content, path, image, slides, counters, promotions, stylesheet }: HomePageProps) {
  const { community } = content;
  return (
    <Layout content={content} path={path}>
      <Widget
        name="HomeCarousel"
        props={{
          title: community.title,
          tagline: community.tagline,
          slides: slides.map((slide) => ({ ...slide, sizes: heroSizes(slide) })),
          stylesheet,
        }}
        className="hero-widget"
      />
      <section className="intro container" aria-labelledby="intro-heading">
        <div className="intro-text">
          <h2 id="intro-heading">{content.pages.introHeading}</h2>
          <p>{community.description}</p>
          <a className="button button-accent" href={communityPath(LENDERS_HREF)}>
            Get Pre-Qualified
          </a>{' '}
          <a className="button" href={communityPath('/tours')}>
            Schedule a tour
          </a>
        </div>
        <Counters figures={counters} />
      </section>
      <section className="plans-section" aria-labelledby="plans-heading">
        <div className="container">
          <h2 id="plans-heading">{content.pages.plansHeading}</h2>
          <FloorPlanCards plans={content.floorPlans} image={image} />
        </div>
      </section>
      <Promotions promotions={promotions} heading={content.pages.promotionsHeading} image={image} askHref="/contact" />
      <InterestForm id="home" heading="Get news of the next release" content={content} />
    </Layout>
  );
}
