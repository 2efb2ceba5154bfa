import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { BUILD_DIR, PUBLIC_BUILD_DIR } from '../../src/render/build-paths.js';
import { NEAR_VIEWPORT_MARGIN } from '../../widgets/when-near-viewport.js';
import { closeContexts, sharedBrowser } from '../support/browser.js';
import type { TestServer } from '../support/test-server.js';
import { isKept, returnBorrowedPages, startSuiteServer } from './worker-pages.js';

/** The two widths every widget must work at: a small phone and a laptop. */
export const WIDTHS = [375, 1280] as const;
/** The phone width of WIDTHS, for what does not depend on the width. */
export const PHONE_WIDTH = WIDTHS[0];
export const VIEWPORT_HEIGHT = 800;
export const SHOTS_DIR = '/tmp/widget-shots';

export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
}

/**
 * One real server (fresh SQLite database) per test file, started before its tests and closed after them, and the
 * worker's Chromium (shared by the files a worker runs). After the tests, the pages the file borrowed go back to the
 * worker, emptied (worker-pages.ts), and every other context the file opened is closed. Returns an object whose
 * fields are filled once `before` ran.
 */
export function useBrowserSuite(env: Record<string, string> = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  before(async function () {
    this.timeout(90_000);
    [suite.server, suite.browser] = await Promise.all([
      startSuiteServer({ LOG_LEVEL: 'silent', ...env }),
      sharedBrowser(),
    ]);
  });
  after(async () => {
    if (suite.server && suite.browser) await returnBorrowedPages(suite);
    await closeContexts(suite.browser, (context) => !isKept(context));
    await suite.server?.close();
  });
  return suite;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings and uncaught page errors, except the expected network failures. */
  problems: string[];
  /** Every URL the page requested, in order. */
  requests: string[];
  /** Requests to our own server that failed or answered 4xx/5xx (sample media aside, a sign of a broken build). */
  failures: string[];
}

export interface OpenOptions extends Pick<BrowserContextOptions, 'reducedMotion' | 'javaScriptEnabled'> {
  width?: number;
  height?: number;
}

/**
 * A network failure is expected here (no internet: map tiles never load) and is checked where it matters;
 * everything else the console reports is a problem.
 */
function isExpectedNetworkNoise(text: string): boolean {
  return text.startsWith('Failed to load resource');
}

/** The failed requests of each page opened here, for waitForHydration's error message. */
const openedPages = new WeakMap<Page, string[]>();

/** A new browser context (so a test's state never leaks into the next) with one page, watched from the start. */
export async function openPage(suite: BrowserSuite, options: OpenOptions = {}): Promise<OpenedPage> {
  const { width = 1280, height = VIEWPORT_HEIGHT, ...contextOptions } = options;
  const context = await suite.browser.newContext({
    viewport: { width, height },
    baseURL: suite.server.url,
    ...contextOptions,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !isExpectedNetworkNoise(message.text())) {
      problems.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  const failures: string[] = [];
  const ownServer = (url: string) => url.startsWith(suite.server.url);
  page.on('request', (request) => requests.push(request.url()));
  page.on('requestfailed', (request) => {
    if (ownServer(request.url())) failures.push(`${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (ownServer(response.url()) && response.status() >= 400) failures.push(`${response.url()} ${response.status()}`);
  });
  openedPages.set(page, failures);
  return { page, context, problems, requests, failures };
}

/** Opens `path` in a fresh page and waits until the named widget has hydrated (its event handlers are live). */
export async function openWidgetPage(
  suite: BrowserSuite,
  urlPath: string,
  widget: string,
  options: OpenOptions = {},
): Promise<OpenedPage> {
  const opened = await openPage(suite, options);
  await opened.page.goto(urlPath);
  await waitForHydration(opened.page, widget);
  return opened;
}

export async function waitForHydration(page: Page, widget: string, timeout = 15_000): Promise<void> {
  try {
    await page.locator(`[data-widget="${widget}"][data-hydrated]`).waitFor({ state: 'attached', timeout });
  } catch (error) {
    // Say why: a script that failed to load (e.g. build/ rebuilt under a running server) or one that threw.
    const failed = (openedPages.get(page) ?? []).filter((entry) => !entry.includes('/sample/'));
    throw new Error(`${widget} did not hydrate on ${page.url()}; failed requests: ${failed.join(', ') || 'none'}`, {
      cause: error,
    });
  }
}

/**
 * Screenshots are for a person to look at, not checks: taken only when TEST_SCREENSHOTS is set
 * (`TEST_SCREENSHOTS=1 npx mocha test/browser/x.test.ts`), since each costs the browser about 0.2 s of CPU and a whole
 * run takes some sixty.
 */
const TAKE_SCREENSHOTS = Boolean(process.env.TEST_SCREENSHOTS);

/**
 * A screenshot of the page (or of one element) into `folder` (/tmp/widget-shots unless named), when TEST_SCREENSHOTS
 * is set. Either way an element is scrolled into view, as taking its screenshot does, so the test goes on from the
 * same page state.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  { folder = SHOTS_DIR, ...options }: { fullPage?: boolean; folder?: string } = {},
): Promise<void> {
  const element = 'scrollIntoViewIfNeeded' in target ? target : undefined;
  if (!TAKE_SCREENSHOTS) {
    await element?.scrollIntoViewIfNeeded();
    return;
  }
  await fs.mkdir(folder, { recursive: true });
  await target.screenshot({ path: path.join(folder, `${name}.png`), ...options });
}

/** Polls `read` until `accept` holds, returning the last value read; throws with that value after `timeout` ms. */
export async function waitUntil<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeout: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeout} ms waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/**
 * Resolves after the page painted one more frame and ran the tasks queued before it: whatever the page had set in
 * motion by now (a handler's console output, an error event) has been reported.
 */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/**
 * Whether the element lies within NEAR_VIEWPORT_MARGIN of the viewport, as the boot script and the widgets ask
 * it: once the page has loaded (the boot script starts watching then), from the first report of an
 * IntersectionObserver created after theirs, so their reports for this layout have been delivered too.
 */
export async function isNearViewport(page: Page, selector: string): Promise<boolean> {
  // No named helpers inside: tsx's keepNames would wrap them in a __name() the page does not have.
  return page.evaluate(
    async ({ selector, margin }) => {
      if (document.readyState !== 'complete')
        await new Promise((loaded) => window.addEventListener('load', loaded, { once: true }));
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no element matches ${selector}`);
      return new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver(
          (entries) => {
            observer.disconnect();
            resolve(entries.some((entry) => entry.isIntersecting));
          },
          { rootMargin: margin },
        );
        observer.observe(element);
      });
    },
    { selector, margin: NEAR_VIEWPORT_MARGIN },
  );
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * What a screen reader reads for an element (Chromium's accessibility tree, through the DevTools protocol):
 * its computed name, description and role.
 */
export async function accessibleNode(
  page: Page,
  selector: string,
): Promise<{ name: string; description: string; role: string }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })) as { nodeId: number };
    if (!nodeId) throw new Error(`no element matches ${selector}`);
    const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })) as {
      nodes: { name?: { value: string }; description?: { value: string }; role?: { value: string } }[];
    };
    const [node] = nodes;
    return {
      name: node?.name?.value ?? '',
      description: node?.description?.value ?? '',
      role: node?.role?.value ?? '',
    };
  } finally {
    await cdp.detach();
  }
}

/** The built files that hold Leaflet (from esbuild's metafile), as the URLs the page would request. */
export function leafletUrls(): string[] {
  const metafile = JSON.parse(readFileSync(path.join(BUILD_DIR, 'client-metafile.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  return Object.entries(metafile.outputs)
    .filter(([, output]) => Object.keys(output.inputs).some((input) => input.includes('node_modules/leaflet/')))
    .map(([file]) => `/${path.relative(PUBLIC_BUILD_DIR, path.resolve(file)).split(path.sep).join('/')}`);
}
