import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { PUBLIC_PAGES } from './public-pages.js';
import { openPage, useBrowserSuite } from './support.js';

/**
 * The navigation bar fits at every width a visitor may have, 320 to 1920 px: no label wraps, nothing spills out
 * of the 64 px bar or off the screen, the page never scrolls sideways, and the open menu (below the breakpoint)
 * fits the screen too. A dense sweep, because a bar that fits at 375 and 1280 px wrapped between 768 and 992 (the name gives way below 1120).
 */
const SWEEP = [
  ...new Set([...Array.from({ length: 101 }, (_, step) => 320 + step * 16), 375, 390, 414, 767, 991, 1119]),
].sort((a, b) => a - b);
const HEIGHT = 800;

/** What does not fit at the current width, read from the page; empty when the bar fits. */
function barProblems(page: Page): Promise<string[]> {
  // No named helpers inside: tsx's keepNames would wrap them in a __name() the page does not have.
  return page.evaluate(() => {
    const problems: string[] = [];
    const header = document.querySelector('.site-header')!.getBoundingClientRect();
    const nav = document.querySelector('.site-nav')!.getBoundingClientRect();
    const collapsed = getComputedStyle(document.querySelector('.menu-toggle')!).display !== 'none';
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > window.innerWidth) problems.push(`the page is ${scrollWidth} px wide`);

    for (const element of document.querySelectorAll<HTMLElement>('.site-nav *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name = `${element.tagName.toLowerCase()}.${element.className || '-'} "${(element.textContent ?? '').trim().slice(0, 20)}"`;
      // The open menu below the breakpoint lies over the page, under the bar: it must fit the screen's width.
      if (collapsed && element.closest('#site-menu')) {
        if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
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
        const style = getComputedStyle(element);
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
    const walker = document.createTreeWalker(document.querySelector('.site-nav')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(
        [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
      );
      if (tops.size > 1) problems.push(`"${node.textContent.trim()}" wraps onto ${tops.size} lines`);
    }
    const brand = document.querySelector<HTMLElement>('.brand-name')!;
    if (brand.scrollWidth > brand.clientWidth) problems.push(`the community name is cut ("${brand.textContent}")`);
    return problems;
  });
}

async function sweep(page: Page, widths: number[]): Promise<string[]> {
  const failures: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const problem of await barProblems(page)) failures.push(`${width}px: ${problem}`);
  }
  return failures;
}

describe('Navigation bar at every width from 320 to 1920 px', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();

  for (const path of PUBLIC_PAGES) {
    it(`keeps every label on one line inside the bar, without sideways scrolling, on ${path}`, async () => {
      const { page, context } = await openPage(suite, { width: SWEEP[0], height: HEIGHT, reducedMotion: 'reduce' });
      await page.goto(path);
      const failures = await sweep(page, SWEEP);
      expect(failures, failures.slice(0, 25).join('\n')).to.deep.equal([]);
      await context.close();
    });
  }

  it('fits the open menu on the screen below the breakpoint, and the bar still fits once the window widens', async () => {
    // A tablet turned from portrait to landscape with its menu open: the open menu must become the inline bar.
    const { page, context } = await openPage(suite, { width: SWEEP[0], height: HEIGHT, javaScriptEnabled: false });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await page.locator('#site-menu').evaluate((menu) => menu.matches(':popover-open'))).to.equal(true);
    const failures = await sweep(page, SWEEP);
    expect(await page.locator('#site-menu').evaluate((menu) => menu.matches(':popover-open'))).to.equal(true);
    expect(failures, failures.slice(0, 25).join('\n')).to.deep.equal([]);
    await context.close();
  });
});
