import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { STAFF_ENV } from '../support/staff.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { signInAtForm } from './staff-sign-in-form.js';
import { screenshot, useBrowserSuite, waitForHydration, WIDTHS } from './support.js';

/** Where the screenshots a person looks at go (the promotions and nearby editors at both widths). */
const SHOTS = '/tmp/shots-editors-drag';

interface NearbyDraft {
  draft: { data: { tabs: { places: { name: string; latitude: number; longitude: number }[] }[] } } | null;
}

async function openEditor(page: Page, id: string): Promise<void> {
  await page.goto(`/admin/content/${id}`);
  await waitForHydration(page, 'ContentEditor');
  await page.locator('.content-drag-handle').first().waitFor();
}

/** The names of the first tab's places, in the form's order. */
function schoolNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('ol[data-list="tabs.0.places"] > li input[name$=".name"]')].map(
      (input) => `${input.name}=${input.value}`,
    ),
  );
}

/**
 * Drags by the mouse, in small steps as a hand does, from one handle up to the top of an item above it, and lets go
 * once the item is seen in its new place, as a hand waits to see it land (each swap animates for 150 ms, and on a
 * loaded machine the list follows the pointer late). A drag the page never picked up (no item lifted, seen only
 * when the machine is loaded: the browser starts the drag after the pointer has already moved on) is let go and
 * made again, as a person whose first try did not catch the item would; at most three tries.
 */
async function drag(page: Page, handle: Locator, onto: Locator): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await dragOnce(page, handle, onto)) return;
    if (attempt === 3) throw new Error('the item was not lifted in three tries');
  }
}

/** One try of `drag`: whether the page lifted the item (Sortable marks it with its ghost class while dragging). */
async function dragOnce(page: Page, handle: Locator, onto: Locator): Promise<boolean> {
  await onto.scrollIntoViewIfNeeded();
  const start = (await handle.boundingBox())!;
  const end = (await onto.boundingBox())!;
  const dragged = await handle.evaluateHandle((element) => element.closest('li')!);
  const target = await onto.elementHandle();
  const [x0, y0] = [start.x + start.width / 2, start.y + start.height / 2];
  const [x1, y1] = [end.x + end.width / 2, end.y + 10];
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const steps = 25;
  let lifted = false;
  for (let step = 1; step <= steps; step += 1) {
    await page.mouse.move(x0 + ((x1 - x0) * step) / steps, y0 + ((y1 - y0) * step) / steps);
    await page.waitForTimeout(15);
    lifted ||= await dragged.evaluate((item) => item.classList.contains('content-item-ghost'));
  }
  const landed = () =>
    page.evaluate(
      ([item, above]) => Boolean(above && item.compareDocumentPosition(above) & Node.DOCUMENT_POSITION_FOLLOWING),
      [dragged, target] as const,
    );
  // Held still at the destination, with the small tremor of a hand, for at most five seconds.
  for (let held = 0; lifted && held < 50 && !(await landed()); held += 1) {
    await page.mouse.move(x1, y1 + (held % 2));
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(100);
  await page.mouse.up();
  return lifted;
}

async function draftOf(page: Page): Promise<NearbyDraft['draft']> {
  return page.evaluate(async () => {
    const response = await fetch('/admin/content/nearby.json', { headers: { Accept: 'application/json' } });
    return ((await response.json()) as NearbyDraft).draft;
  });
}

async function saveDraft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save draft' }).first().click();
  await page.getByText(/Draft saved \(version \d+\)/).waitFor();
}

/**
 * Issue 28: lists are reordered by dragging too (the keyboard's Move up / Move down stay), and a map point is set
 * by typing its numbers or by a click on a small map next to them.
 */
describe('Content editors: dragging list items and the map point (browser)', function () {
  this.timeout(180_000);
  const suite = useBrowserSuite(STAFF_ENV);
  // One page for every test (a new one starts a Chromium renderer); each test signs in afresh.
  const tab = reusedPage(suite);

  it('drags a place to the top, renumbered in place, saved in the new order, and Move down still works', async () => {
    // Tall enough for the first tab's three places (each with its map) in view at once: the hand drags within view.
    const { page, problems } = await signInAtForm(tab, '/admin/content', { width: 1280, height: 3400 });
    await openEditor(page, 'nearby');
    const before = await schoolNames(page);
    expect(before.map((entry) => entry.split('=')[0])).to.deep.equal([
      'tabs.0.places.0.name',
      'tabs.0.places.1.name',
      'tabs.0.places.2.name',
    ]);
    const names = before.map((entry) => entry.split('=')[1]!);
    const items = page.locator('ol[data-list="tabs.0.places"] > li');
    await drag(page, items.nth(2).locator('.content-drag-handle'), items.nth(0));
    await page.waitForFunction(
      (first) =>
        document.querySelector<HTMLInputElement>('#f-tabs-0-places-0-name')?.value === first &&
        document.querySelector('#f-tabs-0-places-0-name')?.closest('li')?.matches(':first-child'),
      names[2],
      { timeout: 5000 },
    );

    // Renumbered in place: names, ids, labels, buttons and the announcement say the new order.
    expect(await schoolNames(page)).to.deep.equal([
      `tabs.0.places.0.name=${names[2]}`,
      `tabs.0.places.1.name=${names[0]}`,
      `tabs.0.places.2.name=${names[1]}`,
    ]);
    const first = items.nth(0);
    expect(await first.locator('legend').first().textContent()).to.equal(`Place 1: ${names[2]}`);
    expect(await first.locator('label[for="f-tabs-0-places-0-latitude"]').count()).to.equal(1);
    expect(await first.locator('button[value="up:tabs.0.places.0"]').isDisabled()).to.equal(true);
    expect(await items.nth(2).locator('button[value="down:tabs.0.places.2"]').isDisabled()).to.equal(true);
    expect(await first.locator('.content-drag-handle').getAttribute('aria-label')).to.equal(
      `Drag to reorder: Place 1: ${names[2]}`,
    );
    await page.getByText('Place 3 moved to position 1 of 3.').waitFor({ state: 'attached' });
    // The form counts as changed: leaving asks first.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.type();
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForTimeout(100);
    expect(asked).to.equal('beforeunload');

    await saveDraft(page);
    expect((await draftOf(page))!.data.tabs[0]!.places.map((place) => place.name)).to.deep.equal([
      names[2],
      names[0],
      names[1],
    ]);
    await page.reload();
    await waitForHydration(page, 'ContentEditor');
    expect((await schoolNames(page)).map((entry) => entry.split('=')[1])).to.deep.equal([names[2], names[0], names[1]]);

    // Drag again, then the keyboard's Move down on the dragged item posts the form with the renamed buttons.
    await page.locator('.content-drag-handle').first().waitFor();
    await drag(page, items.nth(1).locator('.content-drag-handle'), items.nth(0));
    await page.waitForFunction(
      (name) => document.querySelector<HTMLInputElement>('#f-tabs-0-places-0-name')?.value === name,
      names[0],
      { timeout: 5000 },
    );
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Move down: Place 1: ${names[0]}`, exact: true }).focus();
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await page.locator('#f-tabs-0-places-0-name').waitFor();
    expect((await schoolNames(page)).map((entry) => entry.split('=')[1])).to.deep.equal([names[2], names[0], names[1]]);
    await page.waitForFunction(
      () => (document.activeElement as HTMLButtonElement | null)?.value === 'down:tabs.0.places.1',
      undefined,
      { timeout: 5000 },
    );
    expect(problems).to.deep.equal([]);
  });

  it('sets a place’s latitude and longitude by a click on its map, moves the pin as they are typed, and saves them', async () => {
    const { page, problems } = await signInAtForm(tab, '/admin/content', { width: 1280 });
    await openEditor(page, 'nearby');
    const latitude = page.locator('#f-tabs-0-places-1-latitude');
    const longitude = page.locator('#f-tabs-0-places-1-longitude');
    const holder = page.locator('.content-point-map[data-point="tabs.0.places.1"]');
    await holder.scrollIntoViewIfNeeded();
    const frame = holder.locator('.leaflet-container');
    await frame.waitFor();
    await holder.locator('.map-marker-pick').waitFor();
    expect(await frame.getAttribute('aria-label')).to.match(/^Map of Place 2: .+: click to set/);
    const typed = [await latitude.inputValue(), await longitude.inputValue()];

    // A click away from the pin puts the pin there and writes both numbers.
    const box = (await frame.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.25);
    await page.waitForFunction(
      ([lat, lng]) =>
        document.querySelector<HTMLInputElement>('#f-tabs-0-places-1-latitude')?.value !== lat &&
        document.querySelector<HTMLInputElement>('#f-tabs-0-places-1-longitude')?.value !== lng,
      typed,
      { timeout: 5000 },
    );
    const clicked = [Number(await latitude.inputValue()), Number(await longitude.inputValue())] as const;
    expect(clicked[0], 'north of where it was (clicked in the upper part)').to.be.greaterThan(Number(typed[0]));
    expect(clicked[1], 'east of where it was (clicked in the right part)').to.be.greaterThan(Number(typed[1]));

    // Typing moves the pin.
    const pinBefore = (await holder.locator('.map-marker-pick').boundingBox())!;
    await latitude.fill(String(clicked[0] - 0.002));
    await page.waitForFunction(
      (top) =>
        (document.querySelector('[data-point="tabs.0.places.1"] .map-marker-pick')?.getBoundingClientRect().top ??
          top) > top,
      pinBefore.y,
      { timeout: 5000 },
    );

    await saveDraft(page);
    const saved = (await draftOf(page))!.data.tabs[0]!.places[1]!;
    expect(saved.latitude).to.be.closeTo(clicked[0] - 0.002, 1e-9);
    expect(saved.longitude).to.equal(clicked[1]);
    expect(problems).to.deep.equal([]);
  });

  it('has no axe violations on the promotions, nearby and community editors with handles and maps, and screenshots them', async () => {
    for (const width of WIDTHS) {
      const { page } = await signInAtForm(tab, '/admin/content', { width });
      const found: string[] = [];
      for (const id of ['promotions', 'nearby', 'community', 'floor-plans']) {
        await openEditor(page, id);
        if (id === 'nearby' || id === 'community') {
          // Every map drawn (each draws as it nears the viewport), as a person scrolling through sees them.
          for (const holder of await page.locator('.content-point-map').all()) {
            await holder.scrollIntoViewIfNeeded();
            await holder.locator('.map-marker-pick').waitFor();
          }
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        found.push(...(await axeViolations(page)).map((violation) => `${id} at ${width}: ${violation}`));
        if (id === 'promotions' || id === 'nearby')
          await screenshot(page, `${id}-${width}`, { folder: SHOTS, fullPage: true });
      }
      expect(found).to.deep.equal([]);
    }
  });
});
