import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Carousel } from 'react-responsive-carousel';
import { CAROUSEL } from '../src/shared/constants.js';
import { Picture } from '../src/shared/Picture.js';
import type { ResponsiveImage } from '../src/shared/responsive-image.js';
import { useEnhanced } from './use-enhanced.js';
import { useStylesheet } from './use-stylesheet.js';

/** A photo with its `sizes`, worked out on the server for the hero's box (and named the same in the preload). */
type Slide = ResponsiveImage & { sizes: string };

interface HomeCarouselProps {
  title: string;
  tagline: string;
  slides: Slide[];
  /** The slideshow's stylesheet (widgets/HeroSlideshow.css): linked once the slideshow runs, not with the page. */
  stylesheet: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Starts playing unless the visitor asks for reduced motion (then only the play button starts it). */
function usePlaying() {
  const [playing, setPlaying] = useState(true);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    const stopIfReduced = () => {
      if (query.matches) setPlaying(false);
    };
    stopIfReduced();
    query.addEventListener('change', stopIfReduced);
    return () => query.removeEventListener('change', stopIfReduced);
  }, []);
  return [playing, setPlaying] as const;
}

/**
 * The home carousel (seed-spec §9: autoplay 5000 ms, 800 ms animation, infinite loop, no arrow buttons).
 * The server renders the first slide as the page's LCP image; the carousel takes over after hydration.
 * Beyond the seed (WCAG 2.2.2): a pause/play button, a pause while the pointer is over the slides or keyboard
 * focus is in them, no autoplay under reduced motion.
 */
export default function HomeCarousel({ title, tagline, slides, stylesheet }: HomeCarouselProps) {
  const enhanced = useEnhanced();
  const [playing, setPlaying] = usePlaying();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [current, setCurrent] = useState(0);
  // The server-rendered first slide stays on top, the very same element, until the slideshow first moves:
  // the page's largest paint is then that early image, never a copy painted later by the carousel.
  const [covered, setCovered] = useState(true);
  const slidesRef = useRef<HTMLDivElement>(null);

  const [first] = slides;
  // The server-rendered hero needs only the site's stylesheet; the slideshow shows once its own has loaded.
  const styled = useStylesheet(stylesheet, enhanced && slides.length > 1);
  const canRotate = enhanced && slides.length > 1 && styled;

  useEffect(() => {
    // For its infinite loop the library puts a copy of the last slide before the first and of the first after
    // the last; they are only ever seen mid-swipe, so assistive technology should not list them twice.
    const items = slidesRef.current?.querySelectorAll('.slider > li.slide');
    if (!canRotate || !items || items.length <= slides.length) return;
    items[0]?.setAttribute('aria-hidden', 'true');
    items[items.length - 1]?.setAttribute('aria-hidden', 'true');
  }, [canRotate, slides.length]);

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    // A mouse click on a dot focuses it too; only keyboard focus (focus-visible) holds the slideshow.
    setFocused(event.target.matches(':focus-visible'));
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  return (
    <section className="hero" aria-roledescription="carousel" aria-label="Photos of the community">
      {canRotate ? (
        <button type="button" className="hero-toggle" onClick={() => setPlaying((value) => !value)}>
          {playing ? 'Pause slideshow' : 'Play slideshow'}
        </button>
      ) : null}
      <div
        ref={slidesRef}
        className={covered ? 'hero-slides is-covered' : 'hero-slides'}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        {covered && first ? (
          <div className="hero-slide hero-cover">
            <Picture image={first} sizes={first.sizes} loading="eager" fetchPriority="high" capOnSmallScreens />
          </div>
        ) : null}
        {canRotate ? (
          <Carousel
            autoPlay={playing && !hovered && !focused}
            interval={CAROUSEL.intervalMs}
            transitionTime={CAROUSEL.transitionMs}
            infiniteLoop={CAROUSEL.infiniteLoop}
            showArrows={CAROUSEL.showArrows}
            // The library still renders hidden arrow buttons when showArrows is false: render none at all.
            renderArrowPrev={() => null}
            renderArrowNext={() => null}
            stopOnHover={false}
            showThumbs={false}
            showStatus={false}
            showIndicators
            swipeable
            emulateTouch
            onChange={(index) => {
              setCurrent(index);
              setCovered(false);
            }}
            labels={{ leftArrow: 'Previous photo', rightArrow: 'Next photo', item: 'Show photo' }}
            renderIndicator={(onClick, isSelected, index, label) => (
              <li key={index}>
                <button
                  type="button"
                  className="hero-dot"
                  aria-label={`${label} ${index + 1} of ${slides.length}`}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={onClick}
                />
              </li>
            )}
          >
            {slides.map((slide, index) => (
              <div
                key={slide.src}
                className="hero-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${slides.length}`}
                aria-hidden={index === current ? undefined : true}
              >
                <Picture
                  image={slide}
                  sizes={slide.sizes}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                  capOnSmallScreens
                />
              </div>
            ))}
          </Carousel>
        ) : null}
      </div>
      <div className="hero-overlay">
        <div className="container">
          <h1 className="hero-title">{title}</h1>
          <p className="hero-tagline">{tagline}</p>
        </div>
      </div>
    </section>
  );
}
