import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { loadContent } from '../../src/content/index.js';
import { CAROUSEL } from '../../src/shared/constants.js';
import { reusedPage } from './reused-page.js';
import {
  nextFrame,
  openPage,
  screenshot,
  useBrowserSuite,
  VIEWPORT_HEIGHT,
  waitForHydration,
  waitUntil,
  WIDTHS,
  type OpenedPage,
} from './support.js';

/**
 * The home carousel (seed-spec §2, §4, §9): autoplay every 5000 ms, 800 ms animation, infinite loop, no arrow
 * buttons, title and tagline over it; plus the accessible extras: a pause/play button, a pause while hovered or
 * focused, no autoplay under prefers-reduced-motion. Timings are asserted with generous margins only.
 */
const TAGLINE = "Homes From The Mid 500's";
/** Longer than the 5 s interval plus the animation: a slide change would have shown by then. */
const HOLD_OBSERVATION_MS = 7_000;
/** A release must bring the next slide within one interval; slow shared machines get lots of slack. */
const RESUME_WITHIN_MS = 15_000;
/** Holds are watched on the page's own clock, run forward: one interval and the animation after a release. */
const ONE_STEP_MS = CAROUSEL.intervalMs + CAROUSEL.transitionMs;

/** The slide actually shown, read from the layout: the one covering most of the carousel ("2 of 4"). */
function visibleSlide(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const frame = document.querySelector('.hero-slides')!.getBoundingClientRect();
    let best: { label: string | null; area: number } = { label: null, area: 0 };
    for (const slide of document.querySelectorAll('.hero-slides [aria-roledescription="slide"]')) {
      const box = slide.getBoundingClientRect();
      const width = Math.min(box.right, frame.right) - Math.max(box.left, frame.left);
      const height = Math.min(box.bottom, frame.bottom) - Math.max(box.top, frame.top);
      const area = Math.max(0, width) * Math.max(0, height);
      if (area > best.area) best = { label: slide.getAttribute('aria-label'), area };
    }
    return best.label;
  });
}

/**
 * The 800 ms animation sweeps over slides in between (the loop rewinds from the last to the first): the slide
 * shown once the slide list runs no animation.
 */
async function settledSlide(page: Page): Promise<string | null> {
  await page.waitForFunction(() => document.querySelector('.hero-slides .slider')?.getAnimations().length === 0, null, {
    timeout: 10_000,
  });
  return visibleSlide(page);
}

/** The slide the carousel has selected ("2 of 4", from its dot): it changes as the animation starts. */
async function selectedSlide(page: Page): Promise<string | null> {
  const label = await page.locator('.hero-dot[aria-current="true"]').getAttribute('aria-label');
  return /\d+ of \d+$/.exec(label ?? '')?.[0] ?? null;
}

async function moveMouseOutsideCarousel(page: Page) {
  const viewport = page.viewportSize()!;
  await page.mouse.move(5, viewport.height - 5);
}

/** Waits for the carousel to leave `current`; returns when that happened and the slide it came to rest on. */
async function nextSlideAfter(page: Page, current: string | null, timeout = RESUME_WITHIN_MS) {
  await waitUntil(
    () => visibleSlide(page),
    (slide) => slide !== null && slide !== current,
    timeout,
    `a slide other than ${current}`,
  );
  const changedAt = Date.now();
  return { changedAt, slide: await settledSlide(page) };
}

type Hold = 'pause button' | 'hover' | 'keyboard focus' | 'reduced motion';

interface HoldOutcome {
  slidesDuringHold: (string | null)[];
  toggleLabelDuringHold: string;
  resumed: boolean;
  resumeError?: string;
}

/** Tabs forward until focus is (or is no longer) inside the slides; at most 40 presses. */
async function tabUntil(page: Page, inside: boolean) {
  for (let press = 0; press < 40; press += 1) {
    await page.keyboard.press('Tab');
    const focusInside = await page.evaluate(() => Boolean(document.activeElement?.closest('.hero-slides')));
    if (focusInside === inside) return;
  }
  throw new Error(`focus never went ${inside ? 'into' : 'out of'} the carousel`);
}

/**
 * Loads the home page afresh on `page` (whose clock is installed) and holds the carousel one way, then runs the
 * page's clock (timers, Date) past the autoplay interval at once: the slide must not change. Then releases the
 * hold and runs the clock one interval on: the slide must change.
 */
async function observeHold(page: Page, hold: Hold): Promise<HoldOutcome> {
  await page.emulateMedia({ reducedMotion: hold === 'reduced motion' ? 'reduce' : 'no-preference' });
  await page.goto('/');
  await waitForHydration(page, 'HomeCarousel');
  await page.locator('.hero-toggle').waitFor();
  const toggle = page.locator('.hero-toggle');
  if (hold === 'pause button') {
    await toggle.click();
    await moveMouseOutsideCarousel(page);
  } else if (hold === 'hover') {
    const box = (await page.locator('.hero-slides').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
  } else if (hold === 'keyboard focus') {
    await tabUntil(page, true);
  }
  await nextFrame(page);
  const slidesDuringHold = [await settledSlide(page), await selectedSlide(page)];
  const toggleLabelDuringHold = (await toggle.textContent()) ?? '';
  await page.clock.runFor(HOLD_OBSERVATION_MS);
  await nextFrame(page);
  slidesDuringHold.push(await selectedSlide(page), await settledSlide(page));
  if (hold === 'pause button' || hold === 'reduced motion') {
    await toggle.click();
    await moveMouseOutsideCarousel(page);
  } else if (hold === 'hover') {
    await moveMouseOutsideCarousel(page);
  } else {
    await tabUntil(page, false);
  }
  await nextFrame(page);
  const released = await selectedSlide(page);
  await page.clock.runFor(ONE_STEP_MS);
  await nextFrame(page);
  const next = await selectedSlide(page);
  return next !== released
    ? { slidesDuringHold, toggleLabelDuringHold, resumed: true }
    : {
        slidesDuringHold,
        toggleLabelDuringHold,
        resumed: false,
        resumeError: `still on ${next} ${ONE_STEP_MS} ms after the release`,
      };
}

describe('Home carousel', function () {
  const suite = useBrowserSuite();
  // One page with JavaScript, one without and one on a clock the test runs, for both widths (each check loads the
  // home page afresh): every new browser context starts a Chromium renderer, which costs more than a load.
  const live = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });
  let clocked: Promise<OpenedPage> | undefined;
  after(async () => {
    await (await clocked)?.context.close();
  });
  async function clockPage(width: number): Promise<Page> {
    clocked ??= openPage(suite, { width }).then(async (opened) => {
      // Installed before the page loads; until it is run forward, the page's time flows as usual.
      await opened.page.clock.install();
      return opened;
    });
    const { page } = await clocked;
    await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
    return page;
  }

  for (const width of WIDTHS) {
    describe(`at ${width}px`, function () {
      this.timeout(60_000);

      /**
       * One hydrated page for the checks that only read it (they run first, while it shows the first slide and
       * no check has touched it); the checks that let it run load it again.
       */
      let shared: OpenedPage;
      before(async function () {
        this.timeout(60_000);
        shared = await live.visit('/', { width, widget: 'HomeCarousel' });
        await shared.page.locator('.hero-toggle').waitFor();
      });

      it('hydrates without any console error, warning or page error', async () => {
        const { page, problems } = shared;
        await nextFrame(page);
        expect(problems, problems.join('\n')).to.deep.equal([]);
        expect(await visibleSlide(page)).to.match(/^1 of \d+$/);
      });

      it(`shows the community title and "${TAGLINE}" over the slides`, async () => {
        const { page } = shared;
        const hero = page.locator('section.hero');
        expect(await hero.locator('h1').textContent()).to.equal(loadContent().community.title);
        expect(await hero.locator('.hero-tagline').textContent()).to.equal(TAGLINE);
        const slides = (await page.locator('.hero-slides').boundingBox())!;
        for (const text of [hero.locator('h1'), hero.locator('.hero-tagline')]) {
          const box = (await text.boundingBox())!;
          expect(box.y, 'text starts inside the carousel').to.be.greaterThanOrEqual(slides.y);
          expect(box.y + box.height, 'text ends inside the carousel').to.be.lessThanOrEqual(slides.y + slides.height);
          expect(box.x + box.width).to.be.lessThanOrEqual(slides.x + slides.width);
        }
        await screenshot(page, `carousel-${width}`);
      });

      it('loads the later slides lazily once the carousel runs', async () => {
        const { page } = shared;
        const slides = await page.locator('.hero-slides [aria-roledescription="slide"]').evaluateAll((elements) =>
          elements.map((slide) => ({
            label: slide.getAttribute('aria-label'),
            loading: slide.querySelector('img')?.getAttribute('loading'),
          })),
        );
        const total = Number(slides[0]?.label?.split(' of ')[1]);
        expect(total, 'several slides').to.be.greaterThan(1);
        for (const slide of slides) {
          expect(slide.loading, slide.label ?? '').to.equal(slide.label === `1 of ${total}` ? 'eager' : 'lazy');
        }
      });

      it('has no arrow buttons, only the slide dots and the pause button', async () => {
        const { page, problems } = shared;
        expect(await page.locator('.hero .control-arrow').count()).to.equal(0);
        const names = await page
          .locator('.hero button')
          .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent));
        expect(names.filter((name) => /previous|next|arrow/i.test(name ?? ''))).to.deep.equal([]);
        expect(names).to.include('Pause slideshow');
        expect(problems).to.deep.equal([]);
      });

      it('shows a visible pause button over the carousel', async () => {
        const { page } = shared;
        const toggle = page.getByRole('button', { name: 'Pause slideshow' });
        expect(await toggle.isVisible()).to.equal(true);
        const box = (await toggle.boundingBox())!;
        const hero = (await page.locator('section.hero').boundingBox())!;
        expect(box.x).to.be.greaterThanOrEqual(hero.x);
        expect(box.x + box.width).to.be.lessThanOrEqual(hero.x + hero.width);
        expect(box.y + box.height).to.be.lessThanOrEqual(hero.y + hero.height);
        expect(box.height, 'a comfortable target').to.be.greaterThanOrEqual(24);
      });

      it('server-renders the first slide eagerly with fetchpriority=high and a srcset', async () => {
        // Without JavaScript the page shows exactly what the server rendered.
        const { page } = await withoutScript.visit('/', { width });
        const images = page.locator('.hero-slides img');
        expect(await images.count(), 'only the first slide is in the server HTML').to.equal(1);
        const first = images.first();
        expect(await first.getAttribute('loading')).to.equal('eager');
        expect(await first.getAttribute('fetchpriority')).to.equal('high');
        expect(await first.getAttribute('srcset')).to.match(/ \d+w/);
        expect(
          await first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          'first slide loaded',
        ).to.equal(true);
      });

      // The real clock: this is the claim about timing. The page is loaded again, so that it starts on slide 1.
      it('advances on its own about every 5 seconds with an 800 ms slide animation', async () => {
        const { page, problems } = shared;
        await page.goto('/');
        await waitForHydration(page, 'HomeCarousel');
        await moveMouseOutsideCarousel(page);
        expect(
          await page.locator('.hero .slider').evaluate((list: HTMLElement) => list.style.transitionDuration),
        ).to.equal('800ms');
        const first = await visibleSlide(page);
        const second = await nextSlideAfter(page, first);
        const third = await nextSlideAfter(page, second.slide);
        const interval = third.changedAt - second.changedAt;
        expect(interval, 'time between two automatic slide changes').to.be.within(4_000, 12_000);
        expect([first, second.slide, third.slide]).to.deep.equal(['1 of 4', '2 of 4', '3 of 4']);
        const thirdLoaded = await waitUntil(
          () =>
            page.evaluate((label) => {
              const slide = [...document.querySelectorAll('.hero-slides [aria-roledescription="slide"]')].find(
                (element) => element.getAttribute('aria-label') === label && !element.closest('[aria-hidden="true"]'),
              );
              const image = slide?.querySelector('img');
              return Boolean(image?.complete && image.naturalWidth > 0);
            }, third.slide),
          Boolean,
          3_000,
          'the third slide image to load',
        );
        expect(thirdLoaded, 'the lazily loaded slide shows its image').to.equal(true);
        expect(problems, problems.join('\n')).to.deep.equal([]);
      });

      // Any slide may be on show: the test picks the last one itself.
      it('loops from the last slide back to the first', async () => {
        const { page } = shared;
        const dots = page.locator('.hero-dot');
        const count = await dots.count();
        expect(count).to.equal(4);
        await dots.nth(count - 1).click();
        await moveMouseOutsideCarousel(page);
        await waitUntil(
          () => visibleSlide(page),
          (slide) => slide === `${count} of ${count}`,
          5_000,
          'the last slide',
        );
        await screenshot(page, `carousel-last-slide-${width}`);
        expect((await nextSlideAfter(page, `${count} of ${count}`)).slide).to.equal(`1 of ${count}`);
      });

      describe('pausing', () => {
        const outcomes = new Map<Hold, HoldOutcome>();
        const holds: Hold[] = ['pause button', 'hover', 'keyboard focus', 'reduced motion'];

        // The page whose clock the test runs, loaded afresh for each hold: no hold sees what another left.
        before(async function () {
          this.timeout(90_000);
          const page = await clockPage(width);
          for (const hold of holds) outcomes.set(hold, await observeHold(page, hold));
        });

        function expectHeldThenResumed(hold: Hold) {
          const outcome = outcomes.get(hold)!;
          expect(
            new Set(outcome.slidesDuringHold).size,
            `slides seen while held by ${hold}: ${outcome.slidesDuringHold.join(', ')}`,
          ).to.equal(1);
          expect(outcome.resumed, outcome.resumeError).to.equal(true);
        }

        it('stops with the visible pause button and starts again with play', () => {
          expect(outcomes.get('pause button')!.toggleLabelDuringHold).to.equal('Play slideshow');
          expectHeldThenResumed('pause button');
        });

        it('pauses while the pointer is over the slides and resumes when it leaves', () => {
          expectHeldThenResumed('hover');
        });

        it('pauses while keyboard focus is inside the carousel and resumes when focus leaves', () => {
          expectHeldThenResumed('keyboard focus');
        });

        it('does not autoplay when the visitor prefers reduced motion, until play is pressed', () => {
          expect(outcomes.get('reduced motion')!.toggleLabelDuringHold).to.equal('Play slideshow');
          expectHeldThenResumed('reduced motion');
        });
      });
    });
  }
});
