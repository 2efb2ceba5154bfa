import { useEffect, useState } from 'react';
import { Carousel } from 'react-responsive-carousel';
import { CAROUSEL } from '../src/shared/constants.js';
import { Picture } from '../src/shared/Picture.js';
import type { ResponsiveImage } from '../src/shared/responsive-image.js';
import { useEnhanced } from './use-enhanced.js';

interface HomeCarouselProps {
  title: string;
  tagline: string;
  slides: ResponsiveImage[];
  sizes: string;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The home carousel (seed-spec §9: autoplay 5000 ms, 800 ms animation, infinite loop, no arrow buttons).
 * The server renders the first slide as the page's LCP image; the carousel takes over after hydration.
 * Beyond the seed: a pause/play control, a pause while hovered or focused, no autoplay under reduced motion.
 */
export default function HomeCarousel({ title, tagline, slides, sizes }: HomeCarouselProps) {
  const enhanced = useEnhanced();
  const [playing, setPlaying] = useState(true);
  const [focused, setFocused] = useState(false);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
  }, []);

  const [first] = slides;
  const canRotate = enhanced && slides.length > 1;

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Photos of the community"
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="hero-slides">
        {canRotate ? (
          <Carousel
            autoPlay={playing && !focused}
            interval={CAROUSEL.intervalMs}
            transitionTime={CAROUSEL.transitionMs}
            infiniteLoop={CAROUSEL.infiniteLoop}
            showArrows={CAROUSEL.showArrows}
            stopOnHover
            showThumbs={false}
            showStatus={false}
            showIndicators
            swipeable
            emulateTouch
            selectedItem={current}
            onChange={setCurrent}
            ariaLabel={undefined}
            labels={{ leftArrow: 'Previous photo', rightArrow: 'Next photo', item: 'Show photo' }}
          >
            {slides.map((slide, index) => (
              <div
                key={slide.src}
                className="hero-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${slides.length}`}
              >
                <Picture
                  image={slide}
                  sizes={sizes}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                />
              </div>
            ))}
          </Carousel>
        ) : first ? (
          <div className="hero-slide">
            <Picture image={first} sizes={sizes} loading="eager" fetchPriority="high" />
          </div>
        ) : null}
      </div>
      <div className="hero-overlay">
        <div className="container">
          <h1 className="hero-title">{title}</h1>
          <p className="hero-tagline">{tagline}</p>
        </div>
      </div>
      {canRotate ? (
        <button
          type="button"
          className="hero-toggle"
          aria-pressed={!playing}
          onClick={() => setPlaying((value) => !value)}
        >
          {playing ? 'Pause slideshow' : 'Play slideshow'}
        </button>
      ) : null}
    </section>
  );
}
