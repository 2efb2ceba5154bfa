import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { loadContent } from '../../src/content/index.js';
import { reusedPage, type ReusedPage } from './reused-page.js';
import {
  isNearViewport,
  leafletUrls,
  nextFrame,
  screenshot,
  useBrowserSuite,
  waitForHydration,
  waitUntil,
  WIDTHS,
  VIEWPORT_HEIGHT,
  type BrowserSuite,
} from './support.js';

/**
 * The Nearby section on /site-plan (seed-spec §2 "Nearby section", §4, §9): four tabs, a numbered list per tab
 * and a Leaflet map (30vh; zoom 13, 10 for Medical, or further out where a narrow map needs it to show every
 * marker: test/browser/nearby-fit.test.ts) with numbered markers and one for the community. The map
 * code loads only when the section nears the viewport. There is no internet here, and tiles are refused
 * anyway so the outcome is the same everywhere: the map must work without them.
 */
const content = loadContent();
const HOME = { latitude: content.community.latitude, longitude: content.community.longitude };
const TABS = content.nearby;
const SEED_ZOOM: Record<string, number> = { Schools: 13, Medical: 10, Grocery: 13, Parks: 13 };
/** Seed-spec §2: the distance ranges the tabs show (Schools has none). */
const SEED_DISTANCES: Record<string, [number, number]> = { Medical: [16, 20], Grocery: [1.0, 3.1], Parks: [2.7, 5.3] };

/** Web Mercator (Leaflet's default CRS) pixel position of a point at a zoom level. */
function project(latitude: number, longitude: number, zoom: number) {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return { x: ((longitude + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

interface MapState {
  zoomFromTiles: number[];
  home: { x: number; y: number } | null;
  markers: { number: string; title: string; x: number; y: number }[];
  size: { width: number; height: number };
}

/** What the map shows, read from the page: marker centres relative to the map and the zoom the tiles ask for. */
function readMap(page: Page): Promise<MapState> {
  // No named helpers inside: tsx's keepNames would wrap them in a __name() the page does not have.
  return page.evaluate(() => {
    const map = document.querySelector('.nearby .leaflet-container')!;
    const frame = map.getBoundingClientRect();
    const markers = [...map.querySelectorAll('.map-marker')].map((marker) => {
      const box = marker.getBoundingClientRect();
      return {
        home: marker.classList.contains('map-marker-home'),
        number: marker.textContent ?? '',
        title: marker.getAttribute('title') ?? '',
        x: box.left + box.width / 2 - frame.left,
        y: box.top + box.height / 2 - frame.top,
      };
    });
    const zooms = [...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((tile) =>
      Number(/\/(\d+)\/\d+\/\d+\.png/.exec(tile.src)?.[1]),
    );
    const home = markers.find((marker) => marker.home);
    return {
      zoomFromTiles: [...new Set(zooms)],
      home: home ? { x: home.x, y: home.y } : null,
      markers: markers.filter((marker) => !marker.home).map(({ number, title, x, y }) => ({ number, title, x, y })),
      size: { width: frame.width, height: frame.height },
    };
  });
}

/** /site-plan at `width`; `tileRequests()` lists the map tiles it has asked for (the test browser finds no tile host). */
async function openSitePlan(suite: BrowserSuite, tab: ReusedPage, width: number) {
  const tileHost = new URL(suite.server.config.map.tileUrl.replace(/\{[a-z]\}/g, 'a')).host;
  const opened = await tab.visit('/site-plan', { width });
  const tileRequests = () => opened.requests.filter((url) => new URL(url).host === tileHost);
  return { ...opened, tileRequests };
}

/** Scrolls down to the section, then to its map (on a phone the map lies below the list), as a visitor would. */
async function scrollToNearby(page: Page) {
  await page.locator('#nearby-heading').scrollIntoViewIfNeeded();
  await waitForHydration(page, 'Nearby');
  await page.locator('.nearby-map').scrollIntoViewIfNeeded();
  await page.locator('.nearby .map-marker-home').waitFor();
}

const withTiles = (page: Page, what: string) =>
  waitUntil(
    () => readMap(page),
    (state) => state.zoomFromTiles.length > 0,
    5_000,
    what,
  );

const selectedTabs = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').allTextContents();

/** Clicks a tab and waits until it is selected and the map shows its places' markers, in order. */
async function chooseTab(page: Page, label: string) {
  await page.getByRole('tab', { name: label }).click();
  const titles = TABS.find((tab) => tab.label === label)!.places.map((place, index) => `${index + 1}. ${place.name}`);
  await waitUntil(
    async () => ({ selected: await selectedTabs(page), titles: (await readMap(page)).markers.map((m) => m.title) }),
    (state) => state.selected[0] === label && JSON.stringify(state.titles) === JSON.stringify(titles),
    5_000,
    `${label} selected with its markers`,
  );
}

/**
 * Shows a tab freshly, as a visitor's click on it does: when it is already selected another tab is chosen first,
 * since choosing a tab resets the map's centre, zoom and markers (the reset itself is tested below).
 */
async function showTab(page: Page, label: string) {
  if ((await selectedTabs(page)).includes(label)) await chooseTab(page, label === 'Schools' ? 'Grocery' : 'Schools');
  await chooseTab(page, label);
}

const popupText = (page: Page) => page.locator('.nearby .leaflet-popup-content').allTextContents();

/**
 * Resolves once the map has ended the pan that opening a popup starts. A click Playwright finds the target moving
 * for is retried with the target scrolled into view at another alignment, which scrolls Leaflet's overflow-hidden
 * map box too; Leaflet puts that scroll back on the next frame, and the click then lands beside its target.
 */
async function panEnded(page: Page): Promise<void> {
  await page.locator('.nearby .leaflet-map-pane:not(.leaflet-pan-anim)').waitFor({ state: 'attached' });
}
const pressedPlaces = (page: Page) =>
  page.locator('.nearby .place-button[aria-pressed="true"] .place-name').allTextContents();

describe('Nearby section on /site-plan', function () {
  const suite = useBrowserSuite();

  for (const width of WIDTHS) {
    describe(`at ${width}px`, function () {
      this.timeout(45_000);
      // One page per width for all the tests below. Each test that needs a tab or a fresh map view sets it through
      // the UI first (showTab), so none reads what an earlier one left; only the first two read the page as it
      // loaded, and run before any test that changes it.
      let sitePlan: Awaited<ReturnType<typeof openSitePlan>>;
      let page: Page;
      /** The map as it first draws once scrolled to (Schools), read once. */
      let firstDrawn: Promise<MapState> | undefined;
      const showNearby = () => (firstDrawn ??= scrollToNearby(page).then(() => withTiles(page, 'the first tiles')));
      const expectNoProblems = () => expect(sitePlan.problems, sitePlan.problems.join('\n')).to.deep.equal([]);

      const tab = reusedPage(suite);
      before(async function () {
        this.timeout(60_000);
        sitePlan = await openSitePlan(suite, tab, width);
        page = sitePlan.page;
      });

      it('loads the Leaflet code and stylesheet only when the map nears the viewport', async () => {
        // At 1280px the whole section is far below the first screen; at 375px the section starts on it (and
        // hydrates), but its map lies below the tabs and the list, so Leaflet must still wait.
        const { requests } = sitePlan;
        const leaflet = leafletUrls();
        expect(leaflet, 'the build has a Leaflet chunk').to.have.length.greaterThan(0);
        // Once loaded, the page has looked whether the section is near (then it hydrates and watches its map).
        if (await isNearViewport(page, '[data-widget="Nearby"]')) {
          await page.locator('.nearby.is-enhanced .nearby-map').waitFor({ state: 'attached' });
          expect(await isNearViewport(page, '.nearby-map'), 'the map is near the viewport at load').to.equal(false);
        }
        const mapCode = (url: string) =>
          leaflet.includes(new URL(url).pathname) || /\/NearbyMap\.style-[^/]+\.css$/.test(url);
        expect(requests.filter(mapCode), 'map code requested before scrolling').to.deep.equal([]);
        expect(await page.locator('.leaflet-container').count()).to.equal(0);
        await showNearby();
        const loaded = requests.filter(mapCode).map((url) => new URL(url).pathname);
        expect(
          loaded.filter((url) => url.endsWith('.js')),
          'Leaflet chunk',
        ).to.have.length.greaterThan(0);
        expect(
          loaded.filter((url) => url.endsWith('.css')),
          "Leaflet's stylesheet",
        ).to.have.length(1);
        expectNoProblems();
      });

      it('shows four tabs with tab semantics, exactly one selected, Schools by default', async () => {
        await showNearby();
        const tabs = page.getByRole('tablist', { name: 'Nearby places' }).getByRole('tab');
        expect(await tabs.allTextContents()).to.deep.equal(['Schools', 'Medical', 'Grocery', 'Parks']);
        expect(await selectedTabs(page)).to.deep.equal(['Schools']);
        expect(await page.locator('[role="tab"][aria-selected="false"]').count()).to.equal(3);
        expect(
          await page.locator('[role="tab"][tabindex="0"]').allTextContents(),
          'one tab in the tab order',
        ).to.deep.equal(['Schools']);
        const panel = page.getByRole('tabpanel');
        expect(await panel.count()).to.equal(1);
        const panelId = await panel.getAttribute('id');
        for (const tab of await tabs.all()) expect(await tab.getAttribute('aria-controls')).to.equal(panelId);
        expect(await panel.getAttribute('aria-labelledby')).to.equal(
          await page.getByRole('tab', { name: 'Schools' }).getAttribute('id'),
        );
      });

      it('works offline: tiles fail, yet the markers show and no page error is thrown', async () => {
        await showNearby();
        await showTab(page, 'Schools');
        await waitUntil(
          async () => sitePlan.tileRequests().length,
          (count) => count > 0,
          5_000,
          'tile requests',
        );
        // Every tile has failed (a broken image is complete too) and the page has handled those errors.
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('.nearby img.leaflet-tile')].every((tile) => tile.complete),
        );
        await nextFrame(page);
        expect(await page.locator('.nearby .map-marker-home').isVisible()).to.equal(true);
        expect(await page.locator('.nearby .map-marker').count()).to.equal(TABS[0]!.places.length + 1);
        expectNoProblems();
      });

      it('draws the map 30vh tall, styled by Leaflet', async () => {
        await showNearby();
        const map = await readMap(page);
        expect(map.size.height).to.be.closeTo(VIEWPORT_HEIGHT * 0.3, 1);
        const styles = await page.locator('.nearby .leaflet-container').evaluate((element) => ({
          overflow: getComputedStyle(element).overflow,
          pane: getComputedStyle(element.querySelector('.leaflet-pane')!).position,
        }));
        expect(styles, "Leaflet's stylesheet applies").to.deep.equal({ overflow: 'hidden', pane: 'absolute' });
      });

      it('moves between tabs with the arrow keys, Home and End, focus following the selection', async () => {
        await showNearby();
        await showTab(page, 'Schools');
        await page.getByRole('tab', { name: 'Schools' }).focus();
        const selected = async () => {
          const names = await selectedTabs(page);
          const focused = await page.evaluate(() => document.activeElement?.textContent);
          expect(focused, 'focus is on the selected tab').to.equal(names[0]);
          return names;
        };
        const steps: [string, string][] = [
          ['ArrowRight', 'Medical'],
          ['ArrowRight', 'Grocery'],
          ['ArrowLeft', 'Medical'],
          ['Home', 'Schools'],
          ['ArrowLeft', 'Parks'],
          ['ArrowRight', 'Schools'],
          ['End', 'Parks'],
        ];
        for (const [key, expected] of steps) {
          await page.keyboard.press(key);
          expect(await selected(), `after ${key}`).to.deep.equal([expected]);
        }
        expectNoProblems();
      });

      for (const tab of TABS) {
        it(`lists the ${tab.label} places numbered with address and miles, and maps them at zoom ${SEED_ZOOM[tab.label]} or further out with the community marker`, async () => {
          await showNearby();
          await showTab(page, tab.label);
          const items = await page.locator('.nearby-panel .place-list > li').evaluateAll((elements) =>
            elements.map((item) => ({
              number: item.querySelector('.place-number')?.textContent,
              name: item.querySelector('.place-name')?.textContent,
              address: item.querySelector('.place-address')?.textContent,
              distance: item.querySelector('.place-distance')?.textContent,
            })),
          );
          expect(items).to.deep.equal(
            tab.places.map((place, index) => ({
              number: String(index + 1),
              name: place.name,
              address: place.address,
              distance: `${place.distanceMiles.toFixed(1)} mi`,
            })),
          );
          const range = SEED_DISTANCES[tab.label];
          if (range) {
            const miles = tab.places.map((place) => place.distanceMiles);
            expect(Math.min(...miles), 'nearest').to.be.at.least(range[0]);
            expect(Math.max(...miles), 'farthest').to.be.at.most(range[1]);
          }

          const map = await withTiles(page, 'tiles to be requested');
          expect(map.zoomFromTiles, 'one zoom level of tiles').to.have.length(1);
          const zoom = map.zoomFromTiles[0]!;
          expect(zoom, 'zoom of the tiles the map asks for').to.be.at.most(SEED_ZOOM[tab.label]!);
          expect(map.markers.map((marker) => marker.number)).to.deep.equal(
            tab.places.map((_, index) => String(index + 1)),
          );
          expect(map.markers.map((marker) => marker.title)).to.deep.equal(
            tab.places.map((place, index) => `${index + 1}. ${place.name}`),
          );
          expect(await page.locator('.nearby .map-marker-home').count(), 'one community marker').to.equal(1);
          expect(await page.locator('.nearby .map-marker-home').getAttribute('title')).to.equal(content.community.name);
          // The markers sit where the zoom puts them relative to the community marker (Web Mercator, 256 px tiles).
          const home = project(HOME.latitude, HOME.longitude, zoom);
          tab.places.forEach((place, index) => {
            const point = project(place.latitude, place.longitude, zoom);
            const marker = map.markers[index]!;
            expect(marker.x - map.home!.x, `${place.name} x`).to.be.closeTo(point.x - home.x, 2);
            expect(marker.y - map.home!.y, `${place.name} y`).to.be.closeTo(point.y - home.y, 2);
          });
          await screenshot(page.locator('.nearby-section'), `nearby-${tab.id}-${width}`);
          expectNoProblems();
        });
      }

      it('resets the centre, zoom and markers to those it first drew when switching tabs', async () => {
        const drawn = await showNearby();
        await showTab(page, 'Schools');
        const initial = await withTiles(page, 'tiles');
        // Move the map away: zoom in with the control and drag it.
        await page.locator('.nearby .leaflet-control-zoom-in').click();
        const box = (await page.locator('.nearby .leaflet-container').boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2 - 40, { steps: 5 });
        await page.mouse.up();
        const zoomedIn = initial.zoomFromTiles[0]! + 1;
        const shiftOf = (state: typeof initial) =>
          Math.hypot(state.home!.x - initial.home!.x, state.home!.y - initial.home!.y);
        // The zoom's tiles and the drag's pan land in their own frames: wait for both.
        const moved = await waitUntil(
          () => readMap(page),
          (state) => state.zoomFromTiles.includes(zoomedIn) && shiftOf(state) > 5,
          5_000,
          `zoom ${zoomedIn} and the map moved`,
        );
        expect(shiftOf(moved), 'the map did move').to.be.greaterThan(5);
        await chooseTab(page, 'Grocery');
        await chooseTab(page, 'Schools');
        const reset = await withTiles(page, 'tiles');
        for (const [reference, name] of [
          [initial, 'before moving'],
          [drawn, 'as first drawn'],
        ] as const) {
          expect(reset.zoomFromTiles, `zoom ${name}`).to.deep.equal(reference.zoomFromTiles);
          expect(reset.home!.x, `community marker x ${name}`).to.be.closeTo(reference.home!.x, 1);
          expect(reset.home!.y, `community marker y ${name}`).to.be.closeTo(reference.home!.y, 1);
          expect(reset.markers, `markers ${name}`).to.deep.equal(reference.markers);
        }
        expectNoProblems();
      });

      it('switches tabs in the middle of a zoom animation without a page error', async () => {
        await showNearby();
        await showTab(page, 'Schools');
        // Leaflet ends a zoom animation by a 250 ms timer; a tab chosen before it fires unmounts that map.
        await page.evaluate(async () => {
          document.querySelector<HTMLElement>('.nearby .leaflet-control-zoom-in')!.click();
          [...document.querySelectorAll<HTMLElement>('.nearby [role="tab"]')]
            .find((tab) => tab.textContent?.includes('Grocery'))!
            .click();
          await new Promise((resolve) => setTimeout(resolve, 400));
        });
        await chooseTab(page, 'Grocery');
        expectNoProblems();
      });

      it('opens a popup with the place name when a marker is clicked; closing it clears the selection', async () => {
        await showNearby();
        await showTab(page, 'Schools');
        const map = await readMap(page);
        // Click a marker well inside the map, clear of its edge.
        const index = map.markers.findIndex(
          (marker) =>
            marker.x > 30 && marker.x < map.size.width - 30 && marker.y > 30 && marker.y < map.size.height - 30,
        );
        expect(index, 'a marker fully inside the map').to.be.at.least(0);
        const place = TABS[0]!.places[index]!;
        await page.locator('.nearby .map-marker:not(.map-marker-home)').nth(index).click();
        await waitUntil(
          () => popupText(page),
          (texts) => texts.length === 1,
          5_000,
          'the popup',
        );
        expect(await popupText(page)).to.deep.equal([place.name]);
        expect(await pressedPlaces(page), 'the list shows the selection').to.deep.equal([place.name]);
        await screenshot(page, `nearby-popup-${width}`);
        await panEnded(page);
        await page.locator('.nearby .leaflet-popup-close-button').click();
        await waitUntil(
          () => popupText(page),
          (texts) => texts.length === 0,
          5_000,
          'the popup to close',
        );
        expect(await pressedPlaces(page), 'closing clears the selection').to.deep.equal([]);
        expectNoProblems();
      });

      it("opens the marker's popup when a list item is clicked", async () => {
        await showNearby();
        await showTab(page, 'Parks');
        const places = TABS.find((tab) => tab.label === 'Parks')!.places;
        for (const place of [places[1]!, places[2]!, places[0]!]) {
          await page.locator('.nearby .place-button', { hasText: place.name }).click();
          await waitUntil(
            () => popupText(page),
            (texts) => texts[0] === place.name,
            5_000,
            `the popup of ${place.name}`,
          );
          expect(await popupText(page)).to.deep.equal([place.name]);
          expect(await pressedPlaces(page)).to.deep.equal([place.name]);
          // The marker is in view (the map pans, animated, to show the popup above it).
          const number = String(places.indexOf(place) + 1);
          const inView = await waitUntil(
            () =>
              page.evaluate((text) => {
                const map = document.querySelector('.nearby .leaflet-container')!.getBoundingClientRect();
                const marker = [...document.querySelectorAll('.nearby .map-marker')].find(
                  (element) => element.textContent === text,
                )!;
                const box = marker.getBoundingClientRect();
                return box.left >= map.left && box.right <= map.right && box.top >= map.top && box.bottom <= map.bottom;
              }, number),
            Boolean,
            3_000,
            `the ${place.name} marker in view`,
          );
          expect(inView).to.equal(true);
        }
        await screenshot(page, `nearby-list-popup-${width}`);
        expectNoProblems();
      });
    });
  }
});
