import zlib from 'node:zlib';
import type { Browser, BrowserContextOptions, Page, Response } from 'playwright-core';
import type { BuildCatalog, ScriptInfo } from './build-catalog.js';
import { sum } from './stats.js';

export interface LoadedScript extends ScriptInfo {
  rawBytes: number;
  gzipBytes: number;
}

export interface PageScripts {
  page: string;
  scripts: LoadedScript[];
  rawBytes: number;
  gzipBytes: number;
}

export interface MapCheck {
  viewport: string;
  /** The Leaflet chunk of this build. */
  leafletChunk: string | undefined;
  loadedBeforeScroll: boolean;
  loadedAfterScroll: boolean;
  /** Scripts that arrived only after scrolling to the map. */
  afterScroll: LoadedScript[];
}

export interface JavaScriptResult {
  viewport: string;
  pages: PageScripts[];
  map: MapCheck[];
}

interface Viewport {
  name: string;
  options: BrowserContextOptions;
}

const DESKTOP: Viewport = { name: '1280×800', options: { viewport: { width: 1280, height: 800 } } };
const PHONE: Viewport = {
  name: '375×667 phone',
  options: { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};
const LAZY_CHUNK_TIMEOUT_MS = 15_000;

/**
 * Collects every script the page fetches over the network (module preloads included) from the moment it is
 * attached. Browser-internal scripts (chrome-extension:, e.g. the built-in PDF viewer of an embedded PDF) are not
 * the site's JavaScript and are left out.
 */
function recordScripts(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => {
    const fromNetwork = /^https?:$/.test(new URL(response.url()).protocol);
    if (fromNetwork && response.request().resourceType() === 'script') responses.push(response);
  });
  return responses;
}

async function measureScripts(responses: readonly Response[], catalog: BuildCatalog): Promise<LoadedScript[]> {
  const scripts: LoadedScript[] = [];
  for (const response of responses) {
    const body = await response.body();
    const info = catalog.describe(new URL(response.url()).pathname);
    scripts.push({ ...info, rawBytes: body.length, gzipBytes: zlib.gzipSync(body).length });
  }
  return scripts.sort((a, b) => b.rawBytes - a.rawBytes);
}

/** A real page load: until `load`, then until the network has been idle for 500 ms (lazy widgets included). */
async function loadFully(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
}

async function measurePage(
  browser: Browser,
  baseUrl: string,
  path: string,
  catalog: BuildCatalog,
): Promise<PageScripts> {
  const context = await browser.newContext(DESKTOP.options);
  try {
    const page = await context.newPage();
    const responses = recordScripts(page);
    await loadFully(page, baseUrl + path);
    const scripts = await measureScripts(responses, catalog);
    return {
      page: path,
      scripts,
      rawBytes: sum(scripts.map((s) => s.rawBytes)),
      gzipBytes: sum(scripts.map((s) => s.gzipBytes)),
    };
  } finally {
    await context.close();
  }
}

/** Loads the map page without scrolling, then scrolls the nearby section into view and waits for the map code. */
async function checkLazyMap(
  browser: Browser,
  url: string,
  viewport: Viewport,
  catalog: BuildCatalog,
): Promise<MapCheck> {
  const leafletChunk = catalog.leafletChunk;
  const isLeaflet = (response: Response) =>
    leafletChunk !== undefined && new URL(response.url()).pathname === leafletChunk;
  const context = await browser.newContext(viewport.options);
  try {
    const page = await context.newPage();
    const responses = recordScripts(page);
    await loadFully(page, url);
    const beforeCount = responses.length;
    const loadedBeforeScroll = responses.some(isLeaflet);
    const arrived = loadedBeforeScroll
      ? Promise.resolve(true)
      : page.waitForResponse(isLeaflet, { timeout: LAZY_CHUNK_TIMEOUT_MS }).then(
          () => true,
          () => false,
        );
    await page.locator('[data-widget="Nearby"]').scrollIntoViewIfNeeded();
    const loadedAfterScroll = await arrived;
    await page.waitForLoadState('networkidle');
    return {
      viewport: viewport.name,
      leafletChunk,
      loadedBeforeScroll,
      loadedAfterScroll,
      afterScroll: await measureScripts(responses.slice(beforeCount), catalog),
    };
  } finally {
    await context.close();
  }
}

/**
 * The JavaScript each public page really loads (Chromium, 1280×800, until the network is idle), per file and in
 * total, raw and gzip; and the map page's Leaflet chunk, which must wait until the map is scrolled to.
 */
export async function measureJavaScript(
  browser: Browser,
  baseUrl: string,
  pages: readonly string[],
  mapPage: string,
  catalog: BuildCatalog,
): Promise<JavaScriptResult> {
  const measured: PageScripts[] = [];
  for (const path of pages) measured.push(await measurePage(browser, baseUrl, path, catalog));
  const map: MapCheck[] = [];
  for (const viewport of [PHONE, DESKTOP]) map.push(await checkLazyMap(browser, baseUrl + mapPage, viewport, catalog));
  return { viewport: DESKTOP.name, pages: measured, map };
}
