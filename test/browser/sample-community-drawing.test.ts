import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { generateSampleCommunities } from '../../src/content/sample-communities.js';
import { closeContexts, sharedBrowser } from '../support/browser.js';
import { screenshot } from './support.js';

const SHOTS = '/tmp/sample-communities';

/**
 * A generated sample community's drawing as Chromium shows it (the drawing's facts without a browser:
 * test/content/sample-communities.test.ts).
 */
describe('Sample communities: the drawing in a browser', function () {
  this.timeout(60_000);
  after(async () => closeContexts(await sharedBrowser()));

  it('loads as an image of the outlines’ size, with the lot outlines over it', async () => {
    const community = generateSampleCommunities(3, loadContent())[0]!;
    const viewBox = /<svg\b[^>]*\bviewBox="([^"]+)"/.exec(community.drawingSvg)?.[1];
    const [, , width, height] = viewBox!.split(' ').map(Number);
    const browser = await sharedBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const source = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const overlay = community.outlinesSvg.replace(/fill="none"/g, 'fill="#2f8a4f" fill-opacity="0.5" stroke="#1b1f24"');
    await page.setContent(
      `<div style="position:relative;width:1200px"><img id="drawing" src="${source(community.drawingSvg)}" ` +
        `style="display:block;width:100%"><img src="${source(overlay)}" style="position:absolute;inset:0;width:100%"></div>`,
    );
    const size = await page.$eval('#drawing', async (image: HTMLImageElement) => {
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(size).to.deep.equal([width, height]);
    await screenshot(page, community.slug, { folder: SHOTS, fullPage: true });
    await context.close();
  });
});
