import { expect } from 'chai';
import type { Dialog, Locator, Page } from 'playwright-core';
import { signInCookie, STAFF_ENV, STAFF_PASSWORD as PASSWORD } from '../support/staff.js';
import { reusedPage } from './reused-page.js';
import { nextFrame, screenshot, useBrowserSuite, type OpenedPage } from './support.js';

/**
 * The admin homepage images editor in Chromium (seed-spec §2 "Admin homepage images editor", §4 "Admin images",
 * §9 grid): sign in through the form, 2 per row on wide screens and 1 under 576 px, drag to reorder then Save
 * Changes, Move up / Move down from the keyboard, Delete after a confirm, "failed to load" for a broken image,
 * and a warning before leaving unsaved changes.
 */

interface CarouselRow {
  id: number;
  url: string;
  alt: string;
  sort_order: number;
}

describe('Admin images editor in a browser', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite({ ...STAFF_ENV, LOGIN_RATE_LIMIT: '100' });
  let seeded: CarouselRow[];
  /** A session of the staff account, signed in once through the login form (`name=value`). */
  let session: { name: string; value: string };
  // One page for the tests below that start signed in, each loading its page afresh with that session's cookie.
  const staffPage = reusedPage(suite, {
    beforeVisit: (page) => page.context().addCookies([{ ...session, url: suite.server.url }]),
  });

  before(async function () {
    this.timeout(90_000);
    seeded = await suite.server.db('homepage_images').select('id', 'url', 'alt', 'sort_order').orderBy('sort_order');
    expect(seeded).to.have.length(4);
    const [name, value] = (await signInCookie(suite.server.url)).split('=') as [string, string];
    session = { name, value };
  });
  beforeEach(async () => {
    await suite.server.db('homepage_images').delete();
    await suite.server.db('homepage_images').insert(seeded);
  });

  // And one signed out (its cookies cleared first) for the sign-in form.
  const signedOutPage = reusedPage(suite, { beforeVisit: (page) => page.context().clearCookies() });

  /** Opens /login signed out. */
  const openLogin = (width = 1280, height = 900) => signedOutPage.visit('/login', { width, height });

  /** Signs in through the real login form, open on the page. */
  async function signIn({ page }: OpenedPage): Promise<void> {
    await page.getByLabel('Username').fill('staff');
    await page.getByLabel('Password').fill(PASSWORD);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin'),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
  }

  /** Opens the editor signed in and waits until it has hydrated (its buttons are enabled). */
  async function openEditor(width = 1280, height = 900): Promise<OpenedPage> {
    const opened = await staffPage.visit('/admin/homepage-images', { width, height });
    await waitForEditor(opened.page);
    return opened;
  }

  async function waitForEditor(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Save Changes' }).and(page.locator(':enabled')).waitFor();
  }

  const cards = (page: Page) => page.locator('.editor-card');
  const urlsOnPage = (page: Page) =>
    cards(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.url ?? ''));
  const storedUrls = async () =>
    (await suite.server
      .db('homepage_images')
      .orderBy([{ column: 'sort_order' }, { column: 'id' }])
      .pluck('url')) as string[];

  async function boxes(page: Page) {
    const all = await cards(page).all();
    return Promise.all(
      all.map(async (card) => (await card.boundingBox()) as { x: number; y: number; width: number; height: number }),
    );
  }

  it('signs in through the login form and lands on the dashboard', async () => {
    const opened = await openLogin();
    await signIn(opened);
    await expect(await opened.page.locator('h1').textContent()).to.equal('Staff dashboard');
    expect(await opened.page.locator('.admin-user').textContent()).to.equal('Signed in as staff');
    const cookies = await opened.context.cookies();
    const sid = cookies.find((cookie) => cookie.name === 'sid');
    expect(sid?.httpOnly).to.equal(true);
    expect(sid?.sameSite).to.equal('Lax');
  });

  it('shows the wrong-password message on the form and stays on /login', async () => {
    const opened = await openLogin();
    await opened.page.getByLabel('Username').fill('staff');
    await opened.page.getByLabel('Password').fill('not the password');
    await opened.page.getByRole('button', { name: 'Sign in' }).click();
    await opened.page.getByRole('alert').waitFor();
    expect(await opened.page.getByRole('alert').textContent()).to.equal('Incorrect username or password.');
    expect(new URL(opened.page.url()).pathname).to.equal('/login');
    expect(await opened.page.getByLabel('Username').inputValue()).to.equal('staff');
  });

  it('lays the grid out 2 per row at 1280 px', async () => {
    const { page, problems } = await openEditor(1280);
    const [first, second, third, fourth] = await boxes(page);
    expect(first && second && third && fourth, 'four cards').to.not.equal(undefined);
    if (!first || !second || !third || !fourth) return;
    expect(Math.abs(first.y - second.y)).to.be.lessThan(1);
    expect(second.x).to.be.greaterThan(first.x + first.width - 1);
    expect(Math.abs(third.x - first.x)).to.be.lessThan(1);
    expect(third.y).to.be.greaterThan(first.y + first.height - 1);
    expect(Math.abs(fourth.y - third.y)).to.be.lessThan(1);
    expect(Math.abs(first.width - second.width)).to.be.lessThan(1);
    expect(problems).to.deep.equal([]);
  });

  it('lays the grid out 1 per row, stacked vertically, at 500 px', async () => {
    const { page } = await openEditor(500);
    const all = await boxes(page);
    expect(all).to.have.length(4);
    for (let index = 1; index < all.length; index += 1) {
      const above = all[index - 1] as { x: number; y: number; height: number; width: number };
      const box = all[index] as { x: number; y: number; width: number };
      expect(Math.abs(box.x - above.x), `card ${index + 1} x`).to.be.lessThan(1);
      expect(box.y, `card ${index + 1} y`).to.be.greaterThan(above.y + above.height - 1);
      expect(Math.abs(box.width - above.width)).to.be.lessThan(1);
    }
    expect((all[0] as { width: number }).width).to.be.greaterThan(400);
  });

  /** A real mouse drag (press, move in small steps, release) from one card's image to another's. */
  async function drag(page: Page, from: Locator, to: Locator) {
    await from.scrollIntoViewIfNeeded();
    const start = (await from.locator('.editor-image').boundingBox()) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    const end = (await to.locator('.editor-image').boundingBox()) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    const [x0, y0] = [start.x + start.width / 2, start.y + start.height / 2];
    const [x1, y1] = [end.x + end.width / 2, end.y + end.height / 2];
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    const steps = 25;
    for (let step = 1; step <= steps; step += 1) {
      await page.mouse.move(x0 + ((x1 - x0) * step) / steps, y0 + ((y1 - y0) * step) / steps);
      await page.waitForTimeout(15);
    }
    await page.waitForTimeout(100);
    await page.mouse.up();
  }

  it('reorders by dragging, saves with Save Changes, and a reload shows the new order', async () => {
    const { page, problems } = await openEditor(1280, 1100);
    const before = await urlsOnPage(page);
    expect(before).to.deep.equal(seeded.map((row) => row.url));
    await drag(page, cards(page).nth(0), cards(page).nth(3));
    await page.waitForFunction(
      (first) => document.querySelector<HTMLElement>('.editor-card')?.dataset.url !== first,
      before[0],
      { timeout: 5000 },
    );
    const dragged = await urlsOnPage(page);
    expect(dragged).to.not.deep.equal(before);
    expect([...dragged].sort()).to.deep.equal([...before].sort());
    expect(dragged.indexOf(before[0] as string), 'the dragged image moved down').to.be.greaterThan(0);
    expect(await page.locator('.editor-state').textContent()).to.equal('Unsaved changes');
    expect(await cards(page).locator('[data-testid="position"]').allTextContents()).to.deep.equal(['1', '2', '3', '4']);
    expect(await storedUrls(), 'nothing saved before Save Changes').to.deep.equal(before);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').filter({ hasText: 'The new order is saved.' }).waitFor();
    expect(await storedUrls()).to.deep.equal(dragged);
    await page.reload();
    await waitForEditor(page);
    expect(await urlsOnPage(page)).to.deep.equal(dragged);
    expect(problems).to.deep.equal([]);
  });

  it('reorders from the keyboard with Move down / Move up, announces each move, and keeps focus on the button', async () => {
    const { page } = await openEditor();
    const [a, b, c, d] = seeded as [CarouselRow, CarouselRow, CarouselRow, CarouselRow];
    const live = page.locator('.editor-messages[aria-live="polite"] .visually-hidden');

    await cards(page).nth(0).getByRole('button', { name: 'Move down' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (url) => document.querySelectorAll<HTMLElement>('.editor-card')[1]?.dataset.url === url,
      a.url,
    );
    expect(await urlsOnPage(page)).to.deep.equal([b.url, a.url, c.url, d.url]);
    expect(await live.textContent()).to.equal(`Moved “${a.alt}” to position 2 of 4.`);
    const focused = () =>
      page.evaluate(() => ({
        text: document.activeElement?.textContent ?? '',
        url: document.activeElement?.closest<HTMLElement>('.editor-card')?.dataset.url ?? '',
      }));
    expect(await focused()).to.deep.equal({ text: 'Move down', url: a.url });

    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (url) => document.querySelectorAll<HTMLElement>('.editor-card')[2]?.dataset.url === url,
      a.url,
    );
    expect(await live.textContent()).to.equal(`Moved “${a.alt}” to position 3 of 4.`);

    await cards(page).nth(3).getByRole('button', { name: 'Move up' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (url) => document.querySelectorAll<HTMLElement>('.editor-card')[2]?.dataset.url === url,
      d.url,
    );
    expect(await urlsOnPage(page)).to.deep.equal([b.url, c.url, d.url, a.url]);
    expect(await live.textContent()).to.equal(`Moved “${d.alt}” to position 3 of 4.`);
    expect(await focused()).to.deep.equal({ text: 'Move up', url: d.url });

    // At the ends the button that cannot move is disabled.
    expect(await cards(page).nth(0).getByRole('button', { name: 'Move up' }).isDisabled()).to.equal(true);
    expect(await cards(page).nth(3).getByRole('button', { name: 'Move down' }).isDisabled()).to.equal(true);

    await page.getByRole('button', { name: 'Save Changes' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'The new order is saved.' }).waitFor();
    expect(await storedUrls()).to.deep.equal([b.url, c.url, d.url, a.url]);
    expect(await focused(), 'focus stays on Save Changes while it saves').to.deep.equal({
      text: 'Save Changes',
      url: '',
    });
  });

  it('moves focus to Move up when Move down takes an image to the end', async () => {
    const { page } = await openEditor();
    const third = seeded[2] as CarouselRow;
    await cards(page).nth(2).getByRole('button', { name: 'Move down' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (url) => document.querySelectorAll<HTMLElement>('.editor-card')[3]?.dataset.url === url,
      third.url,
    );
    const focused = await page.evaluate(() => ({
      text: document.activeElement?.textContent ?? '',
      url: document.activeElement?.closest<HTMLElement>('.editor-card')?.dataset.url ?? '',
    }));
    expect(focused).to.deep.equal({ text: 'Move up', url: third.url });
  });

  it('deletes an image after the confirm dialog, and the list reloads without it', async () => {
    const { page } = await openEditor();
    const victim = seeded[1] as CarouselRow;
    const dialogs: string[] = [];
    page.once('dialog', (dialog: Dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await cards(page).nth(1).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'The image was deleted.' }).waitFor();
    expect(dialogs).to.deep.equal([`confirm: Delete “${victim.alt}”? This cannot be undone.`]);
    expect(await urlsOnPage(page)).to.deep.equal(seeded.filter((row) => row.url !== victim.url).map((row) => row.url));
    expect(await cards(page).locator('[data-testid="position"]').allTextContents()).to.deep.equal(['1', '2', '3']);
    expect(await storedUrls()).to.not.include(victim.url);
    expect(await storedUrls()).to.have.length(3);
    const focused = await page.evaluate(() => ({
      text: document.activeElement?.textContent ?? '',
      url: document.activeElement?.closest<HTMLElement>('.editor-card')?.dataset.url ?? '',
    }));
    expect(focused, 'focus goes to the Delete button of the card that took its place').to.deep.equal({
      text: 'Delete',
      url: (seeded[2] as CarouselRow).url,
    });
  });

  it('keeps the image when the confirm dialog is dismissed', async () => {
    const { page } = await openEditor();
    const deletes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/admin/delete/')) deletes.push(request.url());
    });
    const dismissed = new Promise<void>((resolve) =>
      page.once('dialog', (dialog: Dialog) => void dialog.dismiss().then(resolve)),
    );
    await cards(page).nth(0).getByRole('button', { name: 'Delete' }).click();
    await dismissed;
    // The click handler has returned from confirm() and run to its end: a delete call would have gone out.
    await nextFrame(page);
    expect(deletes, 'no delete call').to.deep.equal([]);
    expect(await cards(page).count()).to.equal(4);
    expect(await storedUrls()).to.deep.equal(seeded.map((row) => row.url));
  });

  it('shows the alt text "failed to load" for an image that does not load', async () => {
    await suite.server
      .db('homepage_images')
      .insert({ url: '/sample/carousel/no-such-photo.jpg', alt: 'A photo that is gone', sort_order: 10 });
    const { page } = await openEditor();
    const broken = page.locator('.editor-card[data-url="/sample/carousel/no-such-photo.jpg"]');
    await broken.scrollIntoViewIfNeeded();
    await broken.locator('img[alt="failed to load"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('img[alt="failed to load"]').count()).to.equal(1);
    for (const card of (await cards(page).all()).slice(0, 4)) {
      await card.scrollIntoViewIfNeeded();
      await card
        .locator('img')
        .evaluate((img: HTMLImageElement) =>
          img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
        );
      expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).to.be.greaterThan(0);
      expect(await card.locator('img').getAttribute('alt')).to.not.equal('failed to load');
    }
  });

  it('asks before leaving with unsaved changes, and not after saving', async () => {
    const { page } = await openEditor();
    const dialogs: string[] = [];
    let dismissed!: () => void;
    const firstDismissed = new Promise<void>((resolve) => (dismissed = resolve));
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss().then(dismissed);
    });
    await cards(page).nth(0).getByRole('button', { name: 'Move down' }).click();
    expect(await page.locator('.editor-state').textContent()).to.equal('Unsaved changes');
    await page.locator('.admin-nav a[href="/admin"]').click({ noWaitAfter: true });
    await firstDismissed;
    await nextFrame(page);
    expect(dialogs).to.deep.equal(['beforeunload']);
    expect(new URL(page.url()).pathname, 'dismissing the dialog stays on the editor').to.equal(
      '/admin/homepage-images',
    );
    expect(await page.locator('.editor-state').textContent()).to.equal('Unsaved changes');

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').filter({ hasText: 'The new order is saved.' }).waitFor();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin'),
      page.locator('.admin-nav a[href="/admin"]').click(),
    ]);
    expect(dialogs).to.deep.equal(['beforeunload']);
  });

  it('tells staff to sign in again when the session has ended, and keeps the local order', async () => {
    const { page, context } = await openEditor();
    await cards(page).nth(0).getByRole('button', { name: 'Move down' }).click();
    await context.clearCookies();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your session has ended. Sign in again, then retry.' }).waitFor();
    expect(await page.locator('.editor-state').textContent()).to.equal('Unsaved changes');
    expect(await storedUrls()).to.deep.equal(seeded.map((row) => row.url));
  });

  describe('screenshots', () => {
    before(async () => {
      await suite.server.db('contact_messages').insert([
        {
          firstname: 'Nina',
          lastname: 'Park',
          email: 'nina.park@example.com',
          phone: '(970) 555-0142',
          subject: 'Tour of the Canyon model',
          message: 'Could we visit on Saturday morning?\nWe have two kids.',
          is_spam: false,
        },
        {
          firstname: 'Omar',
          lastname: 'Reyes',
          email: 'omar@example.com',
          phone: '(303) 555-0188',
          subject: 'Lot 12 price',
          message: 'Is lot 12 still available?',
          is_spam: false,
          read_at: '2026-01-02 10:00:00',
        },
        {
          firstname: 'Win',
          lastname: 'Prize',
          email: 'spam@example.com',
          phone: '(111) 111-1111',
          subject: 'You won',
          message: 'http://spam.example',
          is_spam: true,
        },
      ]);
    });

    for (const width of [375, 1280]) {
      it(`renders /login, /admin, /admin/homepage-images and /admin/messages at ${width} px without sideways scrolling`, async () => {
        const opened = await openLogin(width, 800);
        const { page, problems } = opened;
        await screenshot(page, `login-${width}`, { fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), '/login').to.be.at.most(width);
        await signIn(opened);
        for (const [urlPath, name] of [
          ['/admin', 'admin'],
          ['/admin/homepage-images', 'homepage-images'],
          ['/admin/messages', 'messages'],
        ] as const) {
          await page.goto(urlPath);
          if (name === 'homepage-images') {
            await waitForEditor(page);
            for (const img of await page.locator('.editor-card img').all()) {
              await img.scrollIntoViewIfNeeded();
              await img.evaluate((element: HTMLImageElement) =>
                element.complete
                  ? undefined
                  : new Promise((resolve) => element.addEventListener('load', resolve, { once: true })),
              );
            }
            await page.evaluate(() => window.scrollTo(0, 0));
          }
          await screenshot(page, `${name}-${width}`, { fullPage: true });
          expect(await page.evaluate(() => document.documentElement.scrollWidth), urlPath).to.be.at.most(width);
        }
        expect(problems).to.deep.equal([]);
      });
    }
  });
});
