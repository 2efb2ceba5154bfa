import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import * as esbuild from 'esbuild';
import type { ConsoleMessage, Page } from 'playwright-core';
import { widgetLoaders } from '../../widgets/registry.js';
import { reusedPage } from './reused-page.js';
import { nextFrame, useBrowserSuite, waitForHydration } from './support.js';

/**
 * React's production build reports only some hydration mismatches (and those as minified errors); the
 * development build warns about every one, attributes included. So these pages run the widgets built in
 * development mode: every `/assets/*.js` request is answered from that build, and the console must stay clean.
 */
const ENTRIES = ['boot', ...Object.keys(widgetLoaders)];

async function buildDevelopmentWidgets(outdir: string): Promise<void> {
  await esbuild.build({
    entryPoints: ENTRIES.map((name) => ({
      in: path.resolve('widgets', name === 'boot' ? 'boot.ts' : `${name}.tsx`),
      out: name,
    })),
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    loader: { '.png': 'file', '.svg': 'file' },
    logLevel: 'error',
  });
}

/**
 * `/assets/Nearby-HASH.js` → the development `Nearby.js`; a development chunk by its own name; any other script
 * empty. The HTML loses its Subresource Integrity attributes, which pin the production bytes.
 */
async function serveDevelopmentBuild(page: Page, outdir: string): Promise<void> {
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() === 'document') {
      const response = await route.fetch();
      return route.fulfill({ response, body: (await response.text()).replace(/ integrity="[^"]*"/g, '') });
    }
    const { pathname } = new URL(request.url());
    if (!/^\/assets\/[^/]+\.js$/.test(pathname)) return route.fallback();
    const file = path.basename(pathname);
    const entry = ENTRIES.find((name) => file.startsWith(`${name}-`));
    const local = path.join(outdir, entry ? `${entry}.js` : file);
    // The production chunks named in modulepreload links are not used by the development entries.
    if (!fs.existsSync(local)) return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    return route.fulfill({ path: local, contentType: 'text/javascript' });
  });
}

describe('Hydration in React development mode', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();
  let outdir: string;

  before(async function () {
    this.timeout(90_000);
    outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'widgets-dev-'));
    await buildDevelopmentWidgets(outdir);
  });

  after(() => outdir && fs.rmSync(outdir, { recursive: true, force: true }));
  // One page for every check, each loading its page afresh with the development build routed in (a route turns
  // the page's HTTP cache off: every file comes through the route each time).
  const tab = reusedPage(suite);

  const pages: { path: string; widget: string; scrollTo?: string }[] = [
    { path: '/', widget: 'HomeCarousel' },
    { path: '/contact', widget: 'ContactForm' },
    { path: '/site-plan', widget: 'Nearby', scrollTo: '#nearby-heading' },
    { path: '/floor-plans/sweetwater-ii', widget: 'FloorPlanGallery' },
    { path: '/floor-plans/overlook', widget: 'FloorPlanGallery' },
  ];

  for (const { path: urlPath, widget, scrollTo } of pages) {
    it(`hydrates ${widget} on ${urlPath} with no mismatch warning or error`, async () => {
      const reactMessages: string[] = [];
      const recordMessage = (message: ConsoleMessage) => reactMessages.push(message.text());
      const { page, problems } = await tab.visit(urlPath, {
        prepare: async (page) => {
          await serveDevelopmentBuild(page, outdir);
          page.on('console', recordMessage);
        },
      });
      if (scrollTo) await page.locator(scrollTo).scrollIntoViewIfNeeded();
      await waitForHydration(page, widget);
      await nextFrame(page);
      expect(
        reactMessages.some((text) => text.includes('React DevTools')),
        'the development build of React ran',
      ).to.equal(true);
      expect(problems, problems.join('\n')).to.deep.equal([]);
      page.off('console', recordMessage);
    });
  }
});
