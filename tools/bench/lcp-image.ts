import type { Browser, Page, Response } from 'playwright-core';
import { sum } from './stats.js';

/** 375-px-wide phones: iPhone SE and 6/7/8 at 2× pixel ratio, iPhone X/11 Pro/mini at 3× (the largest image). */
export const PHONE_WIDTH = 375;
export const PIXEL_RATIOS = [2, 3] as const;

export interface LcpImageRow {
  page: string;
  pixelRatio: number;
  /** The LCP element as the browser reports it: tag, id/class. */
  element: string;
  /** The image's URL path, or undefined when the LCP element is text. */
  image: string | undefined;
  /** Bytes of the LCP image's response body (images are sent uncompressed). */
  imageBytes: number | undefined;
  lcpMs: number;
  /** Every image the page downloaded at this width, for context. */
  allImageBytes: number;
}

interface LcpEntrySummary {
  url: string;
  element: string;
  startTime: number;
}

/**
 * The page's final largest-contentful-paint entry (buffered, so the observer sees the ones already recorded).
 * No named functions inside: tsx (esbuild keepNames) would wrap them in a helper the page does not have.
 */
function readLcp(page: Page): Promise<LcpEntrySummary | null> {
  return page.evaluate(
    () =>
      new Promise<LcpEntrySummary | null>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { url: string; element: Element | null })[];
          const last = entries[entries.length - 1];
          if (!last) return resolve(null);
          const element = last.element;
          const classes = element?.className ? `.${String(element.className).trim().split(/\s+/).join('.')}` : '';
          const name = element
            ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes}`
            : '(removed)';
          resolve({ url: last.url, element: name, startTime: last.startTime });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(null), 2000);
      }),
  );
}

async function measureAt(browser: Browser, baseUrl: string, path: string, pixelRatio: number): Promise<LcpImageRow> {
  const context = await browser.newContext({
    viewport: { width: PHONE_WIDTH, height: 667 },
    deviceScaleFactor: pixelRatio,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const images: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image') images.push(response);
    });
    await page.goto(baseUrl + path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const lcp = await readLcp(page);
    const sizes = await Promise.all(
      images.map(async (response) => ({ url: response.url(), bytes: (await response.body()).length })),
    );
    const lcpImage = lcp?.url ? sizes.find((image) => image.url === lcp.url) : undefined;
    return {
      page: path,
      pixelRatio,
      element: lcp?.element ?? '(none reported)',
      image: lcp?.url ? new URL(lcp.url).pathname : undefined,
      imageBytes: lcpImage?.bytes,
      lcpMs: lcp?.startTime ?? NaN,
      allImageBytes: sum(sizes.map((image) => image.bytes)),
    };
  } finally {
    await context.close();
  }
}

/** For each page and pixel ratio: the LCP element of a 375-px-wide load, and the bytes of its image. */
export async function measureLcpImages(
  browser: Browser,
  baseUrl: string,
  pages: readonly string[],
): Promise<LcpImageRow[]> {
  const rows: LcpImageRow[] = [];
  for (const path of pages) {
    for (const pixelRatio of PIXEL_RATIOS) rows.push(await measureAt(browser, baseUrl, path, pixelRatio));
  }
  return rows;
}
