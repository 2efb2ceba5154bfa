import type { BrowserSuite, OpenedPage, OpenOptions } from './support.js';
import { openPage, waitForHydration } from './support.js';

export type VisitPage = (path: string, options?: OpenOptions, widget?: string) => Promise<OpenedPage>;

/**
 * One page per kind of visitor (width, JavaScript on or off), kept for a whole test file. Each visit loads its
 * page afresh, with the pointer moved off the page first, so no test sees the page state another left; they share
 * only the context's renderer and HTTP cache, which a new context per test built again at about three times the
 * CPU. Cookies and storage are shared too: use it for tests that neither set nor read them.
 * `problems`, `requests` and `failures` hold the last visit's only.
 */
export function usePagePool(suite: BrowserSuite): VisitPage {
  const pool = new Map<string, Promise<OpenedPage>>();
  after(async () => {
    const pages = await Promise.allSettled(pool.values());
    await Promise.all(pages.map((page) => (page.status === 'fulfilled' ? page.value.context.close() : undefined)));
    pool.clear();
  });
  return async (path, options = {}, widget) => {
    const key = JSON.stringify(options);
    let entry = pool.get(key);
    if (!entry) pool.set(key, (entry = openPage(suite, options)));
    const opened = await entry;
    await opened.page.mouse.move(0, 0);
    for (const list of [opened.problems, opened.requests, opened.failures]) list.length = 0;
    await opened.page.goto(path);
    if (widget) await waitForHydration(opened.page, widget);
    return opened;
  };
}
