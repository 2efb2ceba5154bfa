import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { loadContent } from '../../src/content/index.js';
import { openPage, screenshot, useBrowserSuite, waitForHydration, waitUntil, type BrowserSuite } from './support.js';

/**
 * Every marker of the active Nearby tab is on the map at every width: wholly inside it and clear of Leaflet's
 * controls (the zoom buttons, the attribution). The seed's zoom (13, Medical 10) is the closest the map goes;
 * it zooms out as far as the places need. Tiles never load here (no internet, and refused anyway): the markers
 * are placed all the same.
 */
const TABS = loadContent().nearby;
const WIDTHS = [320, 375, 768, 1280];

interface MarkerView {
  title: string;
  box: { left: number; top: number; right: number; bottom: number };
}

/** The map's box, its controls' boxes, its markers' boxes and the zoom of the tiles it asks for. */
function readMap(page: Page) {
  // No named helpers inside: tsx's keepNames would wrap them in a __name() the page does not have.
  return page.evaluate(() => {
    const map = document.querySelector('.nearby .leaflet-container')!;
    const { left, top, right, bottom } = map.getBoundingClientRect();
    return {
      frame: { left, top, right, bottom },
      controls: [...map.querySelectorAll('.leaflet-control')].map((control) => ({
        name: control.className,
        box: control.getBoundingClientRect().toJSON() as MarkerView['box'],
      })),
      markers: [...map.querySelectorAll('.map-marker')].map((marker) => ({
        title: marker.getAttribute('title') ?? '',
        box: marker.getBoundingClientRect().toJSON() as MarkerView['box'],
      })),
      zooms: [
        ...new Set(
          [...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((tile) =>
            Number(/\/(\d+)\/\d+\/\d+\.png/.exec(tile.src)?.[1]),
          ),
        ),
      ],
    };
  });
}

async function openNearby(suite: BrowserSuite, width: number) {
  const opened = await openPage(suite, { width });
  await opened.page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  await opened.page.goto('/site-plan');
  await opened.page.locator('#nearby-heading').scrollIntoViewIfNeeded();
  await waitForHydration(opened.page, 'Nearby');
  await opened.page.locator('.nearby-map').scrollIntoViewIfNeeded();
  await opened.page.locator('.nearby .map-marker-home').waitFor();
  return opened;
}

const overlaps = (a: MarkerView['box'], b: MarkerView['box']) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('Nearby map shows every marker of the active tab', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();

  for (const width of WIDTHS) {
    for (const tab of TABS) {
      it(`${tab.label} at ${width}px: every marker inside the map, none under a control, zoom at most ${tab.zoom}`, async () => {
        const { page, context, problems } = await openNearby(suite, width);
        await page.getByRole('tab', { name: tab.label }).click();
        const map = await waitUntil(
          () => readMap(page),
          (state) =>
            state.markers.length === tab.places.length + 1 &&
            state.zooms.length === 1 &&
            state.controls.some((control) => control.name.includes('attribution')),
          5_000,
          `the ${tab.label} markers and tiles`,
        );
        expect(map.zooms[0], 'zoom').to.be.at.most(tab.zoom);
        const outside: string[] = [];
        for (const marker of map.markers) {
          const { box } = marker;
          const inside =
            box.left >= map.frame.left &&
            box.right <= map.frame.right &&
            box.top >= map.frame.top &&
            box.bottom <= map.frame.bottom;
          if (!inside) outside.push(`${marker.title} is not wholly inside the map`);
          for (const control of map.controls) {
            if (overlaps(box, control.box)) outside.push(`${marker.title} is under ${control.name}`);
          }
        }
        expect(outside, outside.join('\n')).to.deep.equal([]);
        await screenshot(page.locator('.nearby-map'), `nearby-fit-${tab.id}-${width}`);
        expect(problems, problems.join('\n')).to.deep.equal([]);
        await context.close();
      });
    }
  }

  it('keeps the seed zoom where the places fit at it (Schools at 1280px: zoom 13)', async () => {
    const { page, context } = await openNearby(suite, 1280);
    const map = await waitUntil(
      () => readMap(page),
      (state) => state.zooms.length === 1,
      5_000,
      'tiles',
    );
    expect(map.zooms).to.deep.equal([TABS.find((tab) => tab.label === 'Schools')!.zoom]);
    await context.close();
  });
});
