import type { Dialog, Page } from 'playwright-core';
import { openPage, VIEWPORT_HEIGHT, waitForHydration, type BrowserSuite, type OpenedPage } from './support.js';

export interface ReusedPage {
  /**
   * Loads `path` afresh at `width` (and waits until `widget`, if named, has hydrated): the routes, dialog handlers
   * and recorded problems, requests and failures of the test before are gone. `prepare` runs just before loading
   * (to route requests of this load).
   */
  visit(
    path: string,
    options?: {
      width?: number;
      height?: number;
      widget?: string;
      referer?: string;
      prepare?: (page: Page) => Promise<unknown>;
    },
  ): Promise<OpenedPage>;
}

/**
 * One browser page reused by the tests of a file or block: every new context or tab starts a Chromium renderer
 * process, which costs more CPU than the page loaded into it. Each test starts from a fresh navigation, so nothing
 * in the document carries over; what the browser keeps across them (the HTTP cache, cookies, storage) must not
 * matter to the tests that share it.
 */
export function reusedPage(
  suite: BrowserSuite,
  options: { javaScriptEnabled?: boolean; beforeVisit?: (page: Page) => Promise<void> } = {},
): ReusedPage {
  const { beforeVisit, ...contextOptions } = options;
  let opened: Promise<OpenedPage> | undefined;
  return {
    async visit(path, { width = 1280, height = VIEWPORT_HEIGHT, widget, referer, prepare } = {}) {
      opened ??= openPage(suite, { width, height, ...contextOptions });
      const current = await opened;
      const { page } = current;
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      page.removeAllListeners('dialog');
      for (const list of [current.problems, current.requests, current.failures]) list.length = 0;
      await page.setViewportSize({ width, height });
      await beforeVisit?.(page);
      await prepare?.(page);
      // Leaving a page with unsaved changes asks first: the test before has left it, so leave.
      const leave = (dialog: Dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss());
      page.on('dialog', leave);
      await page.goto(path, { referer }).finally(() => page.off('dialog', leave));
      if (widget) await waitForHydration(page, widget);
      return current;
    },
  };
}
