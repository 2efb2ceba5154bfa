import { expect } from 'chai';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { nuErrors, skipWithoutJava } from '../support/nu-checker.js';
import { STAFF_ENV } from '../support/staff.js';
import { axeViolations } from './axe-check.js';
import { reusedPage } from './reused-page.js';
import { signInAtForm } from './staff-sign-in-form.js';
import { screenshot, useBrowserSuite, waitForHydration, type OpenedPage } from './support.js';

/** Screenshots a person looks at: the outline editor and the checklist at both widths. */
const SHOTS = '/tmp/shots-outline';
const SLUG = 'juniper-ridge';
const NAME = 'Juniper Ridge';
/** The drawing uploaded: a 1,200 × 800 PNG, so its viewBox units are its pixels. */
const DRAWING = { width: 1200, height: 800 };

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { folder: SHOTS, fullPage: true });
}

/** A site-plan drawing as a land planner's PNG might look: a street and a row of blank lots. */
async function drawingPng(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${DRAWING.width}" height="${DRAWING.height}">` +
    `<rect width="1200" height="800" fill="#eef2e6"/><rect x="0" y="420" width="1200" height="60" fill="#c9c4b8"/>` +
    `<text x="600" y="460" font-size="28" text-anchor="middle" fill="#555">Juniper Ridge Drive</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Clicks the drawing at (x, y) in its own units. */
async function clickDrawing(page: Page, x: number, y: number): Promise<void> {
  // The drawing is as wide as the page: a person scrolls it into view to draw on it.
  await page.locator('.outline-svg').evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await page.locator('.outline-svg image').boundingBox())!;
  await page.mouse.click(box.x + (x / DRAWING.width) * box.width, box.y + (y / DRAWING.height) * box.height);
}

/** Whether the page is wider than the window (a horizontal scroll bar). */
function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * Issue 38: a marketing coordinator sets up a community from nothing in the browser, at a laptop's width: the new
 * community form, the drawing uploaded alone, four lots drawn over it (three with the mouse, one by keyboard), the
 * texts, an offered plan with its price and the tour hours in their editors, publish; the community is then on the
 * builder's home and in the homes search. The checklist and the outline editor then at a phone's width.
 */
describe('Setting up a community from nothing (browser)', function () {
  this.timeout(240_000);
  const suite = useBrowserSuite(STAFF_ENV);
  // One kept page, signed in by the first test; the phone-width test and the Nu check go on in its session.
  const tab = reusedPage(suite);
  let opened: OpenedPage;

  it('at 1280 px: creates, draws, fills the checklist, publishes, and the community is public', async () => {
    opened = await signInAtForm(tab, '/admin/communities/new', { width: 1280 });
    const { page, problems } = opened;
    const steps: string[] = [];
    const step = (what: string) => steps.push(what);

    // 1. The new community: name, address and pin, time zone.
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Web address').fill(SLUG);
    await page.getByLabel('Street').fill('400 Juniper Ridge Drive');
    await page.getByLabel('City').fill('Windsor');
    await page.getByLabel('State').fill('CO');
    await page.getByLabel('ZIP code').fill('80550');
    // The pin: a click on the map writes both numbers (the map's background, tiles, cannot load here).
    // The map wakes as it nears the viewport: a person scrolls down to it.
    await page.locator('.pin-map').scrollIntoViewIfNeeded();
    const pinMap = page.locator('.pin-map .leaflet-container');
    await pinMap.waitFor();
    expect(await axeViolations(page)).to.deep.equal([]);
    await pinMap.click({ position: { x: 200, y: 120 } });
    expect(await page.getByLabel('Latitude', { exact: true }).inputValue()).to.match(/^-?\d+\.\d{5}$/);
    expect(await page.getByLabel('Longitude', { exact: true }).inputValue()).to.match(/^-?\d+\.\d{5}$/);
    await page.getByLabel('Latitude', { exact: true }).fill('40.4775');
    await page.getByLabel('Longitude', { exact: true }).fill('-104.9014');
    await page.getByLabel('Time zone').fill('America/Denver');
    await Promise.all([
      page.waitForURL(`**/admin/communities/${SLUG}?done=created`),
      page.getByRole('button', { name: 'Create the community' }).click(),
    ]);
    step('create the community (9 fields)');
    expect(await page.locator('.step-missing').count()).to.be.greaterThan(0);

    // 2. The drawing, uploaded alone: the site-plan page goes on to the outline editor.
    await page.getByRole('link', { name: 'Draw the lots in the browser' }).click();
    await page.getByRole('link', { name: 'site-plan page' }).click();
    await page
      .getByLabel('Drawing')
      .setInputFiles({ name: 'juniper-ridge.png', mimeType: 'image/png', buffer: await drawingPng() });
    await Promise.all([
      page.waitForURL(`**/admin/communities/${SLUG}/outlines?done=drawing`),
      page.getByRole('button', { name: 'Upload the site plan' }).click(),
    ]);
    step('upload the drawing');
    await waitForHydration(page, 'OutlineEditor');

    // 3. Three lots with the mouse: closed by clicking the first corner, by Enter, and by the button. Lot 2 and 3
    //    start on their neighbor's corners (snapped there from a few pixels off).
    for (const [x, y] of [
      [100, 120],
      [300, 120],
      [300, 400],
      [100, 400],
      [101, 121],
    ] as const)
      await clickDrawing(page, x, y);
    await page.getByRole('button', { name: 'Lot 1', exact: true }).waitFor();
    for (const [x, y] of [
      [302, 121],
      [500, 120],
      [500, 400],
      [301, 399],
    ] as const)
      await clickDrawing(page, x, y);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Lot 2', exact: true }).waitFor();
    for (const [x, y] of [
      [501, 121],
      [700, 120],
      [700, 400],
      [500, 401],
    ] as const)
      await clickDrawing(page, x, y);
    await page.getByRole('button', { name: 'Close shape' }).click();
    await page.getByRole('button', { name: 'Lot 3', exact: true }).waitFor();
    step('draw three lots with the mouse (13 clicks)');
    // Lot 2 shares lot 1's right edge exactly: its first and last corners snapped to lot 1's second and third.
    const corners = async (row: number) =>
      ((await page.locator('.outline-table tbody tr').nth(row).locator('td').textContent()) ?? '').split('; ');
    const [lot1, lot2] = [await corners(0), await corners(1)];
    expect([lot2[0], lot2[3]]).to.deep.equal([lot1[1], lot1[2]]);

    // 4. One lot by keyboard: its corners typed, Enter in the second field adding each, then Close shape.
    const across = page.getByLabel('Across (x)');
    await across.focus();
    for (const [x, y] of [
      [700, 120],
      [900, 120],
      [900, 400],
      [700, 400],
    ]) {
      await page.keyboard.type(String(x));
      await page.keyboard.press('Tab');
      await page.keyboard.type(String(y));
      await page.keyboard.press('Enter');
      await across.focus();
    }
    await page.getByRole('button', { name: 'Close shape' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Lot 4', exact: true }).waitFor();
    step('type one lot by keyboard (8 numbers)');
    expect(await page.locator('.outline-live').textContent()).to.equal('Lot 4 drawn with 4 corners.');

    // A corner moved with the arrow keys (Shift: ten units), then undone with Ctrl+Z.
    // (The lot just closed is selected: choose another from the list, then lot 4 again.)
    for (const lot of ['Lot 1', 'Lot 4']) {
      await page.getByRole('button', { name: lot, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(`${lot} selected`).waitFor();
    }
    await page.getByRole('button', { name: '2: 900, 120' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+ArrowRight');
    await page.getByText('Corner 2 of lot 4 at 910, 120.').waitFor();
    await page.keyboard.press('Control+z');
    await page.getByText('Undone.').waitFor();
    expect(await page.getByLabel('Corner 2 across (x)').inputValue()).to.equal('900');

    // With the mouse: a lot selected on the drawing, its corner dragged (one undo step), and a copy put beside it;
    // both undone again.
    await page.getByLabel('Select and move').check();
    await clickDrawing(page, 600, 200);
    await page.getByText('Lot 3 selected: 4 corners.').waitFor();
    const lot3 = await corners(2);
    const box = (await page.locator('.outline-svg image').boundingBox())!;
    const at = (x: number, y: number) =>
      [box.x + (x / DRAWING.width) * box.width, box.y + (y / DRAWING.height) * box.height] as const;
    const corner = await page.locator('[data-corner="2"]').boundingBox();
    await page.mouse.move(corner!.x + corner!.width / 2, corner!.y + corner!.height / 2);
    await page.mouse.down();
    await page.mouse.move(...at(690, 450), { steps: 4 });
    await page.mouse.up();
    await page.getByText(/^Corner 3 of lot 3 moved to/).waitFor();
    await page.getByRole('button', { name: 'Copy beside it' }).click();
    await page.getByRole('button', { name: 'Lot 5', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await page.locator('.outline-table tbody tr').count()).to.equal(4);
    expect(await corners(2)).to.deep.equal(lot3);

    // Zoom works on the drawing's viewBox, and comes back to the whole drawing.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await page.locator('.outline-svg').getAttribute('viewBox')).to.equal('120 80 960 640');
    await page.getByRole('button', { name: 'Whole drawing' }).click();
    expect(await page.locator('.outline-svg').getAttribute('viewBox')).to.equal('0 0 1200 800');

    await page.locator('.outline-svg').focus();
    await shot(page, 'outline-editor-1280');
    expect(await axeViolations(page)).to.deep.equal([]);

    // 5. Saved: each lot a homesite, status future.
    await page.getByRole('button', { name: 'Save the outlines' }).click();
    await page.getByText('Saved: 4 lots. 4 new homesites to fill in on the Homesites page.').waitFor();
    step('save the outlines');

    // A gap in the numbers is named before anything is sent; a lot with a homesite left out, by the server.
    await page.getByRole('button', { name: 'Lot 4', exact: true }).click();
    await page.getByLabel('Renumber to').fill('6');
    await page.getByLabel('Renumber to').press('Enter');
    await page.getByText('Lot 4 is now lot 6.').waitFor();
    await page.getByRole('button', { name: 'Save the outlines' }).click();
    await page.getByText('Lots 4, 5 are not drawn: lots run 1 to 6 without a gap.').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Lot 4', exact: true }).click();
    await page.getByRole('button', { name: 'Delete lot 4' }).click();
    await page.getByText('Lot 4 deleted.').waitFor();
    await page.getByRole('button', { name: 'Save the outlines' }).click();
    await page.getByText('Homesite 4 has no shape in these outlines: every homesite needs one.').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Lot 4', exact: true }).waitFor();
    const lots = (await suite.server
      .db('homesites as h')
      .join('communities as c', 'c.id', 'h.community_id')
      .where('c.slug', SLUG)
      .orderBy('h.lot')
      .select('h.lot', 'h.status')) as { lot: number; status: string }[];
    expect(lots.map((row) => [row.lot, row.status])).to.deep.equal([1, 2, 3, 4].map((lot) => [lot, 'future']));

    // 6. The rest of the checklist, each in the editor it links to.
    const checklist = `/admin/communities/${SLUG}`;
    async function publishSection() {
      await Promise.all([
        page.waitForURL(/done=published/),
        page.getByRole('button', { name: 'Publish now' }).first().click(),
      ]);
    }
    async function fromChecklist(step: string) {
      await page.goto(checklist);
      await page.locator('.checklist li', { hasText: step }).getByRole('link', { name: 'Do it' }).click();
      await waitForHydration(page, 'ContentEditor');
    }
    await fromChecklist('Community texts');
    await page.locator('#f-tagline').fill('Ranch homes by the Poudre River trail');
    await publishSection();
    step('texts: the tagline, publish');

    await fromChecklist('An offered plan');
    await page.getByRole('button', { name: /^Add / }).first().click();
    await page.locator('#f-plans-0-plan').waitFor();
    const plan = page.locator('#f-plans-0-plan');
    if ((await plan.evaluate((element) => element.tagName)) === 'SELECT') await plan.selectOption({ index: 1 });
    else await plan.fill('sweetwater-ii');
    await page.locator('#f-plans-0-basePrice').fill('489900');
    await publishSection();
    step('an offered plan: add, choose, price, publish');

    await fromChecklist('Tour hours');
    await page.locator('#f-partiesPerSlot').fill('3');
    await publishSection();
    step('tour hours: change, publish');

    await page.goto(checklist);
    expect(await page.locator('.step-missing').allTextContents()).to.deep.equal([]);
    await shot(page, 'checklist-1280');
    expect(await axeViolations(page)).to.deep.equal([]);

    // 7. Publish: the builder's home and the homes search show it.
    await Promise.all([
      page.waitForURL(/done=published/),
      page.getByRole('button', { name: `Publish ${NAME}` }).click(),
    ]);
    step('publish');
    await page.goto('/');
    expect(await page.locator('main').innerText()).to.include(NAME);
    await page.goto('/homes');
    expect(await page.locator('main').innerText()).to.include(NAME);
    expect(problems).to.deep.equal([]);
    console.log(`      ${steps.length} steps: ${steps.join('; ')}`);
  });

  it('at 375 px: the checklist and the outline editor fit the phone, and axe finds nothing', async () => {
    const { page } = await tab.at(375);
    for (const [urlPath, name] of [
      [`/admin/communities/${SLUG}`, 'checklist-375'],
      [`/admin/communities/${SLUG}/outlines`, 'outline-editor-375'],
    ] as const) {
      await page.goto(urlPath);
      if (urlPath.endsWith('/outlines')) {
        await waitForHydration(page, 'OutlineEditor');
        await page.getByRole('button', { name: 'Lot 2', exact: true }).click();
        await page.getByLabel('Select and move').check();
      }
      expect(await overflows(page), `${urlPath} wider than the phone`).to.equal(false);
      expect(await axeViolations(page)).to.deep.equal([]);
      await shot(page, name);
    }
  });

  it('finds no Nu checker error on the outline editor and the checklist', async function () {
    skipWithoutJava(this);
    const cookie = (await opened.context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const documents = [];
    for (const urlPath of [`/admin/communities/${SLUG}`, `/admin/communities/${SLUG}/outlines`]) {
      const response = await fetch(`${suite.server.url}${urlPath}`, { headers: { Cookie: cookie } });
      expect(response.status).to.equal(200);
      documents.push({ label: urlPath, html: await response.text() });
    }
    expect(await nuErrors(documents)).to.deep.equal([]);
  });
});
