import { Widget } from '../src/render/widget.js';
import { LENDERS_HREF } from '../src/shared/constants.js';
import type { ResponsiveImage } from '../src/shared/responsive-image.js';
import { Picture } from '../src/shared/Picture.js';
import { Counters, type CounterFigures } from './Counters.js';
import { FloorPlanCards } from './FloorPlanCards.js';
import { Layout } from './Layout.js';
import type { SiteProps } from './site-props.js';

export const HERO_SIZES = '100vw';

interface HomePageProps extends SiteProps {
  slides: ResponsiveImage[];
  counters: CounterFigures;
}

export function HomePage({ content, path, image, slides, counters }: HomePageProps) {
  const { community, media } = content;
  return (
    <Layout content={content} path={path}>
      <Widget
        name="HomeCarousel"
        props={{ title: community.title, tagline: community.tagline, slides, sizes: HERO_SIZES }}
        className="hero-widget"
      />
      <section className="intro container" aria-labelledby="intro-heading">
        <div className="intro-text">
          <h2 id="intro-heading">A neighbourhood made for the way you live</h2>
          <p>{community.description}</p>
          <a className="button button-accent" href={LENDERS_HREF}>
            Get Pre-Qualified
          </a>
        </div>
        <Counters figures={counters} />
      </section>
      <section className="plans-section" aria-labelledby="plans-heading">
        <div className="container">
          <h2 id="plans-heading">Four floor plans</h2>
          <FloorPlanCards plans={content.floorPlans} image={image} />
        </div>
      </section>
      <section className="offer container" aria-labelledby="offer-heading">
        <div className="offer-text">
          <h2 id="offer-heading">Special offer</h2>
          <p>
            Ask about this month’s incentive on select homesites. Our sales counselors can tell you which homes qualify.
          </p>
          <a className="button" href="/contact">
            Ask about the offer
          </a>
        </div>
        <Picture
          image={image(media.specialOffer.src, media.specialOffer.alt)}
          sizes="(min-width: 900px) 420px, 92vw"
          className="offer-flyer"
        />
      </section>
    </Layout>
  );
}
