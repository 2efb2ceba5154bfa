import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { loadContent } from '../../src/content/index.js';
import { reusedPage, type ReusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, waitForHydration, waitUntil } from './support.js';

/**
 * Every marker of the active Nearby tab is on the map at every width: wholly inside it and clear of Leaflet's
 * controls (the zoom buttons, the attribution). The seed's zoom (13, Medical 10) is the closest the map goes;
 * it zooms out as far as the places need. Tiles never load here (no internet, and refused anyway): the markers
 * are placed all the same. One load of the page per width: each tab is opened from the first tab, as after a load.
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

async function openNearby(tab: ReusedPage, width: number) {
  const opened = await tab.visit('/site-plan', { width });
  await opened.page.locator('#nearby-heading').scrollIntoViewIfNeeded();
  await waitForHydration(opened.page, 'Nearby');
  await opened.page.locator('.nearby-map').scrollIntoViewIfNeeded();
  await opened.page.locator('.nearby .map-marker-home').waitFor();
  return opened;
}

const overlaps = (a: MarkerView['box'], b: MarkerView['box']) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The map once `tab`'s markers (its places and the home, by their titles) and one zoom level of tiles are shown. */
function waitForTab(page: Page, tab: (typeof TABS)[number], width: number) {
  const titles = tab.places.map((place, index) => `${index + 1}. ${place.name}`);
  return waitUntil(
    () => readMap(page),
    (state) =>
      state.markers.length === tab.places.length + 1 &&
      titles.every((title) => state.markers.some((marker) => marker.title === title)) &&
      state.zooms.length === 1 &&
      state.controls.some((control) => control.name.includes('attribution')),
    5_000,
    `the ${tab.label} markers and tiles at ${width}px`,
  );
}

/** What is wrong with `map` for `tab`: a zoom closer than the seed's, a marker outside the map or under a control. */
function misplaced(map: Awaited<ReturnType<typeof readMap>>, tab: (typeof TABS)[number], width: number): string[] {
  const where = `${tab.label} at ${width}px`;
  const found: string[] = [];
  if (!(map.zooms[0]! <= tab.zoom)) found.push(`${where}: zoom ${map.zooms[0]} is above the seed's ${tab.zoom}`);
  for (const marker of map.markers) {
    const { box } = marker;
    const inside =
      box.left >= map.frame.left &&
      box.right <= map.frame.right &&
      box.top >= map.frame.top &&
      box.bottom <= map.frame.bottom;
    if (!inside) found.push(`${where}: ${marker.title} is not wholly inside the map`);
    for (const control of map.controls) {
      if (overlaps(box, control.box)) found.push(`${where}: ${marker.title} is under ${control.name}`);
    }
  }
  return found;
}

describe('Nearby map shows every marker of the active tab', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();
  const sitePlan = reusedPage(suite);
  const [first] = TABS;
  const seedZoom = TABS.find((tab) => tab.label === 'Schools')!.zoom;

  for (const width of WIDTHS) {
    const also =
      width === 1280 ? `; on load it keeps the seed zoom where the places fit at it (Schools: ${seedZoom})` : '';
    it(`at ${width}px, on every tab (${TABS.map((tab) => tab.label).join(', ')}): every marker inside the map, none under a control, zoom at most the seed's${also}`, async () => {
      const { page, problems } = await openNearby(sitePlan, width);
      if (width === 1280) {
        const loaded = await waitUntil(
          () => readMap(page),
          (state) => state.zooms.length === 1,
          5_000,
          'tiles',
        );
        expect(loaded.zooms, 'zoom on load at 1280px').to.deep.equal([seedZoom]);
      }
      const found: string[] = [];
      for (const tab of TABS) {
        await page.getByRole('tab', { name: tab.label }).click();
        found.push(...misplaced(await waitForTab(page, tab, width), tab, width));
        await screenshot(page.locator('.nearby-map'), `nearby-fit-${tab.id}-${width}`);
        if (tab !== first) {
          // Back to the first tab, so that the next tab opens from it as it would after a load.
          await page.getByRole('tab', { name: first!.label }).click();
          await waitForTab(page, first!, width);
        }
      }
      expect(found, found.join('\n')).to.deep.equal([]);
      expect(problems, problems.join('\n')).to.deep.equal([]);
    });
  }
});
