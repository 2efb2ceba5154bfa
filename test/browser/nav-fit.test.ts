import { expect } from 'chai';
import type { Frame, Page } from 'playwright-core';
import { PUBLIC_PAGES } from './public-pages.js';
import { reusedPage } from './reused-page.js';
import { useBrowserSuite, type BrowserSuite, type OpenedPage } from './support.js';

/**
 * The navigation bar fits at every width a visitor may have, 320 to 1920 px: no label wraps, nothing spills out
 * of the 64 px bar or off the screen, the page never scrolls sideways, and the open menu (below the breakpoint)
 * fits the screen too. A dense sweep, because a bar that fits at 375 and 1280 px wrapped between 768 and 992 (the name gives way below 1120).
 * The page sweeps in a same-origin frame whose width is set in one loop inside the browser: its media queries follow
 * the frame's width as a window's follow the window's, and each width is laid out and read with no round-trip.
 */
const SWEEP = [
  ...new Set([...Array.from({ length: 101 }, (_, step) => 320 + step * 16), 375, 390, 414, 767, 991, 1119]),
].sort((a, b) => a - b);
const HEIGHT = 800;

/**
 * One page of the site for the file, whose only content becomes a frame showing `path` at the sweep's first width
 * (a new frame each time, loaded afresh); with `scripts: false` the frame runs none (a sandbox without
 * allow-scripts), while the page holding it runs the sweep. (The frame is placed through the CSSOM: the CSP
 * refuses inline styles.) Each new browser context would start a Chromium renderer, which cost as much CPU as the
 * sweep itself.
 */
function useFramer(suite: BrowserSuite) {
  const holder = reusedPage(suite);
  let loaded: Promise<OpenedPage> | undefined;
  return async function openFramed(
    path: string,
    { scripts = true, reducedMotion = null }: { scripts?: boolean; reducedMotion?: 'reduce' | null } = {},
  ) {
    loaded ??= holder.visit('/privacy', { width: SWEEP[0], height: HEIGHT });
    const { page } = await loaded;
    await page.emulateMedia({ reducedMotion });
    await page.evaluate(
      ({ path, width, height, scripts }) => {
        const frame = document.createElement('iframe');
        if (!scripts) frame.sandbox.add('allow-same-origin');
        Object.assign(frame.style, {
          position: 'fixed',
          left: '0',
          top: '0',
          border: '0',
          margin: '0',
          maxWidth: 'none',
          width: `${width}px`,
          height: `${height}px`,
        });
        frame.src = path;
        document.body.replaceChildren(frame);
      },
      { path, width: SWEEP[0], height: HEIGHT, scripts },
    );
    const frame = await (await page.waitForSelector('iframe', { state: 'attached' })).contentFrame();
    if (!frame) throw new Error(`no frame for ${path}`);
    await frame.waitForLoadState('load');
    if (new URL(frame.url()).pathname !== new URL(path, 'http://x').pathname)
      throw new Error(`the frame shows ${frame.url()}, not ${path}`);
    return { page, frame };
  };
}

/**
 * Sets the frame to each width in turn and reads what does not fit there: "<width>px: <problem>" for each, none
 * when the bar fits at every width. With `unpainted`, the frame is hidden meanwhile (visibility: hidden, which
 * changes no layout): each width still takes a rendering update of its own, but nothing is painted, which costs
 * about a third less; a hidden frame is under no pointer, though, so a sweep after the pointer was used (a hover
 * opens a dropdown) keeps it shown.
 */
function sweep(page: Page, widths: number[], { unpainted }: { unpainted: boolean }): Promise<string[]> {
  // No named helpers inside: tsx's keepNames would wrap them in a __name() the page does not have.
  return page.evaluate(
    async ({ widths, unpainted }) => {
      const frame = document.querySelector('iframe')!;
      const view = frame.contentWindow!;
      const doc = view.document;
      const failures: string[] = [];
      if (unpainted) frame.style.visibility = 'hidden';
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      for (const width of widths) {
        frame.style.width = `${width}px`;
        // Set at the start of a frame, the width applies in that frame's update: read at the start of the next one.
        // (A frame's viewport takes its new size only then: reading its layout at once finds the old size.)
        await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
        const problems: string[] = [];
        // The frame's layout viewport is the width asked for, as a window's would be.
        if (doc.documentElement.clientWidth !== width || view.innerWidth !== width)
          problems.push(`the frame's viewport is ${view.innerWidth} px (${doc.documentElement.clientWidth} px inside)`);
        const header = doc.querySelector('.site-header')!.getBoundingClientRect();
        const nav = doc.querySelector('.site-nav')!.getBoundingClientRect();
        const collapsed = view.getComputedStyle(doc.querySelector('.menu-toggle')!).display !== 'none';
        const scrollWidth = doc.documentElement.scrollWidth;
        if (scrollWidth > view.innerWidth) problems.push(`the page is ${scrollWidth} px wide`);

        for (const element of doc.querySelectorAll<HTMLElement>('.site-nav *')) {
          const box = element.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) continue;
          const name = `${element.tagName.toLowerCase()}.${element.className || '-'} "${(element.textContent ?? '').trim().slice(0, 20)}"`;
          // The open menu below the breakpoint lies over the page, under the bar: it must fit the screen's width.
          if (collapsed && element.closest('#site-menu')) {
            if (box.left < -0.5 || box.right > view.innerWidth + 0.5)
              problems.push(`${name} leaves the screen (${Math.round(box.left)}–${Math.round(box.right)} px)`);
          } else if (
            box.left < nav.left - 0.5 ||
            box.right > nav.right + 0.5 ||
            box.top < header.top - 0.5 ||
            box.bottom > header.bottom + 0.5
          ) {
            problems.push(
              `${name} spills out of the bar (${Math.round(box.left)},${Math.round(box.top)} – ${Math.round(box.right)},${Math.round(box.bottom)})`,
            );
          }
          if (element.matches('a, button')) {
            // One line: the content box is no taller than one line of its text.
            const style = view.getComputedStyle(element);
            const lineHeight =
              style.lineHeight === 'normal' ? parseFloat(style.fontSize) * 1.2 : parseFloat(style.lineHeight);
            const content =
              box.height -
              parseFloat(style.paddingTop) -
              parseFloat(style.paddingBottom) -
              parseFloat(style.borderTopWidth) -
              parseFloat(style.borderBottomWidth);
            if (content > lineHeight * 1.5) problems.push(`${name} takes ${Math.round(content / lineHeight)} lines`);
          }
        }
        // No label breaks across lines: the pieces of each text run share one line.
        const walker = doc.createTreeWalker(doc.querySelector('.site-nav')!, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = doc.createRange();
          range.selectNodeContents(node);
          const tops = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
          );
          if (tops.size > 1) problems.push(`"${node.textContent.trim()}" wraps onto ${tops.size} lines`);
        }
        const brand = doc.querySelector<HTMLElement>('.brand-name')!;
        if (brand.scrollWidth > brand.clientWidth) problems.push(`the community name is cut ("${brand.textContent}")`);
        for (const problem of problems) failures.push(`${width}px: ${problem}`);
      }
      return failures;
    },
    { widths, unpainted },
  );
}

const isMenuOpen = (frame: Frame) => frame.locator('#site-menu').evaluate((menu) => menu.matches(':popover-open'));

describe('Navigation bar at every width from 320 to 1920 px', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();
  const openFramed = useFramer(suite);

  for (const path of PUBLIC_PAGES) {
    it(`keeps every label on one line inside the bar, without sideways scrolling, on ${path}`, async () => {
      const { page } = await openFramed(path, { reducedMotion: 'reduce' });
      const failures = await sweep(page, SWEEP, { unpainted: true });
      expect(failures, `${path}:\n${failures.slice(0, 25).join('\n')}`).to.deep.equal([]);
    });
  }

  it('fits the open menu on the screen below the breakpoint, and the bar still fits once the window widens', async () => {
    // A tablet turned from portrait to landscape with its menu open: the open menu must become the inline bar.
    const { page, frame } = await openFramed('/about', { scripts: false });
    await frame.getByRole('button', { name: 'Menu' }).click();
    expect(await isMenuOpen(frame), 'menu open before the sweep').to.equal(true);
    const failures = await sweep(page, SWEEP, { unpainted: false });
    expect(await isMenuOpen(frame), 'menu still open after the sweep').to.equal(true);
    expect(failures, `/about with the menu open:\n${failures.slice(0, 25).join('\n')}`).to.deep.equal([]);
  });
});
