import type { Frame, Page } from 'playwright-core';
import { openPage, VIEWPORT_HEIGHT, waitForHydration, type BrowserSuite, type OpenedPage } from './support.js';
import { borrowPage, leaveWithoutAsking, returnPage } from './worker-pages.js';

export interface VisitOptions {
  width?: number;
  height?: number;
  /** Waits until this widget has hydrated. */
  widget?: string;
  referer?: string;
  /** What the load waits for: `load` unless told (`domcontentloaded` for a page whose scripts a test holds back). */
  waitUntil?: 'load' | 'domcontentloaded';
  /** Runs just before loading (to route requests of this load). */
  prepare?: (page: Page) => Promise<unknown>;
}

export interface ReusedPage {
  /**
   * Loads `path` afresh at `width` with the pointer off the page: the routes, dialog handlers and recorded
   * problems, requests and failures of the test before are gone.
   */
  visit(path: string, options?: VisitOptions): Promise<OpenedPage>;
  /** The page at `width` as the test before left it, for tests that load and drive it themselves. */
  at(width: number, height?: number): Promise<OpenedPage>;
}

/**
 * One browser page reused by the tests of a file or block: every new context or tab starts a Chromium renderer, which
 * costs more CPU than the page loaded into it, so one page serves every width (the viewport is resized before each
 * load), and the page is one the worker kept from an earlier file when it has one (worker-pages.ts: it goes back,
 * emptied, at the file's end). Each test starts from a fresh navigation, so nothing in the document carries over;
 * what the browser keeps across them (the HTTP cache; cookies and storage within the file) must not matter to the
 * tests that share it. JavaScript on or off is the context's, so each setting takes a page of its own.
 */
export function reusedPage(
  suite: BrowserSuite,
  options: { javaScriptEnabled?: boolean; beforeVisit?: (page: Page) => Promise<void> } = {},
): ReusedPage {
  const { beforeVisit, javaScriptEnabled = true } = options;
  let opened: Promise<OpenedPage> | undefined;
  // The block's end gives the page back (the file's end does, when the block is the file's own).
  after(async () => {
    const done = opened;
    opened = undefined;
    const page = await done?.catch(() => undefined);
    if (page) await returnPage(suite, page);
  });
  const borrowed = (width: number, height: number) =>
    (opened ??= borrowPage(suite, javaScriptEnabled, () => openPage(suite, { width, height, javaScriptEnabled })));
  return {
    async at(width, height = VIEWPORT_HEIGHT) {
      const current = await borrowed(width, height);
      await current.page.setViewportSize({ width, height });
      return current;
    },
    async visit(path, { width = 1280, height = VIEWPORT_HEIGHT, widget, referer, prepare, waitUntil } = {}) {
      const current = await borrowed(width, height);
      const { page } = current;
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      page.removeAllListeners('dialog');
      for (const list of [current.problems, current.requests, current.failures]) list.length = 0;
      // A pointer left over a lot or a thumbnail by the test before would hover it in the new page.
      await page.mouse.move(0, 0);
      await page.setViewportSize({ width, height });
      await beforeVisit?.(page);
      await prepare?.(page);
      page.on('dialog', leaveWithoutAsking);
      // What the page before still reports until this load commits (a chunk it was loading fails as it is left) is
      // not a problem of this visit: the page's events arrive in order, so those are the ones before the commit.
      let reportedBefore: number | undefined;
      const committed = (frame: Frame) => {
        if (frame === page.mainFrame()) reportedBefore ??= current.problems.length;
      };
      page.on('framenavigated', committed);
      await page.goto(path, { referer, ...(waitUntil && { waitUntil }) }).finally(() => {
        page.off('dialog', leaveWithoutAsking);
        page.off('framenavigated', committed);
      });
      current.problems.splice(0, reportedBefore ?? 0);
      if (widget) await waitForHydration(page, widget);
      return current;
    },
  };
}
