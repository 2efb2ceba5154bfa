/**
 * Takes full-page screenshots of every public page at phone and desktop widths, for a person to look at.
 * Usage: tsx scripts/screenshots.ts BASE_URL OUT_DIR [--no-js]
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../test/support/browser.js';

const PAGES = [
  '/',
  '/about',
  '/site-plan',
  '/floor-plans',
  '/floor-plans/sweetwater-ii',
  '/floor-plans/overlook',
  '/contact',
  '/missing-page',
];
const WIDTHS = [375, 1280];

async function main() {
  const [base = 'http://localhost:3000', out = 'screenshots'] = process.argv.slice(2);
  const javaScriptEnabled = !process.argv.includes('--no-js');
  await fs.mkdir(out, { recursive: true });
  const browser = await launchBrowser();
  for (const width of WIDTHS) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 800 : 900 },
      javaScriptEnabled,
    });
    const page = await context.newPage();
    for (const pagePath of PAGES) {
      await page.goto(base + pagePath, { waitUntil: 'networkidle' });
      // Scroll through the page so lazy images load, as they would for a person reading it.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const name = `${pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '-')}-${width}${javaScriptEnabled ? '' : '-nojs'}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: true });
    }
    await context.close();
  }
  await browser.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
