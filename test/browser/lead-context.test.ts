import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { loadAssetManifest } from '../../src/render/asset-manifest.js';
import { holdHydration } from './hold-hydration.js';
import { reusedPage } from './reused-page.js';
import { useBrowserSuite, waitForHydration, waitUntil } from './support.js';

/**
 * Contract, "Leads with context": the site fills the lead forms' context by itself from the visit's first landing
 * page, with no third-party script and no cookie (docs/decisions/016-lead-context.md). A buyer lands with UTM
 * parameters from another site, browses, and sends a message or books a tour: the stored lead says where the
 * visit began, not the page just before the form.
 */
const BUYER = { firstname: 'Ada', lastname: 'Lovelace', phone: '(970) 555-0199' };

/** Follows the page's first link to `href` as a click would (a real navigation, with its Referer). */
async function follow(page: Page, href: string): Promise<void> {
  const expected = new URL(href, page.url()).href;
  await Promise.all([
    page.waitForURL(expected),
    page.evaluate((target) => document.querySelector<HTMLAnchorElement>(`a[href="${target}"]`)?.click(), href),
  ]);
}

/** Elements a browser would run: data islands (JSON-LD, widget props) are not code. */
const runnableScripts = (page: Page) =>
  page.locator('script:not([type="application/ld+json"]):not([type="application/json"]), link[rel="modulepreload"]');

describe('Leads carry the first landing page of the visit', function () {
  this.timeout(90_000);
  const suite = useBrowserSuite({ CONTACT_RATE_LIMIT: '0' });
  // One tab for every test. Each test is a new visit: the tab's sessionStorage, where the site keeps the visit's
  // first landing page, is emptied before it lands, as a new tab has it.
  const tab = reusedPage(suite);
  const land = (path: string, referer: string) =>
    tab.visit(path, {
      referer,
      prepare: (page) =>
        page.evaluate(() => {
          try {
            sessionStorage.clear();
          } catch {
            // about:blank, before the first visit: nothing stored.
          }
        }),
    });
  const lead = (table: 'contact_messages' | 'tours', email: string) =>
    waitUntil(
      () => suite.server.db(table).where({ email }).first(),
      (row) => row !== undefined,
      10_000,
      `the ${table} row for ${email}`,
    );

  it('a message sent after browsing two pages carries the landing page, its UTM parameters and the referrer', async () => {
    const { page, problems } = await land(
      '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_content=hero',
      'https://search.example/results?q=maple+hollow',
    );
    await follow(page, '/about');
    await follow(page, '/floor-plans/canyon');
    await follow(page, '/contact');
    await waitForHydration(page, 'ContactForm');
    const email = `landing-${Date.now()}@example.com`;
    const form = page.locator('form.contact-form');
    for (const [name, value] of Object.entries({ ...BUYER, email, subject: 'Hello', message: 'Open on Sunday?' }))
      await form.locator(`[name="${name}"]`).fill(value);
    await form.locator('button[type="submit"]').click();
    await page.getByText('Thank you for contacting us!').waitFor();

    expect(await lead('contact_messages', email)).to.include({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: null,
      utm_content: 'hero',
      referrer: 'https://search.example/results?q=maple+hollow',
      landing_page: '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_content=hero',
    });
    expect(await page.context().cookies(), 'cookies').to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('a tour booked after browsing two pages carries them too, on a page that loads no React', async () => {
    const { page, problems, requests } = await land(
      '/floor-plans/overlook?utm_source=billboard&utm_campaign=fall',
      'https://maps.example/',
    );
    await follow(page, '/about');
    await follow(page, '/');
    // The home page's own widget code loads once its largest image has painted (or up to 3 s later, when no paint is
    // reported), after its load event and maybe after the network was quiet: wait for the widget itself, so that
    // every script requested after this is the tour page's.
    await waitForHydration(page, 'HomeCarousel');
    await page.waitForLoadState('networkidle');
    const before = requests.length;
    await follow(page, '/tours');
    const email = `tour-${Date.now()}@example.com`;
    await page.locator('form.tour-form input[name="start"]:not([disabled])').first().check();
    for (const [name, value] of Object.entries({ ...BUYER, email }))
      await page.locator(`form.tour-form [name="${name}"]`).fill(value);
    await Promise.all([
      page.waitForURL(/\/tours\/[A-Za-z0-9_-]{43}$/),
      page.locator('form.tour-form').evaluate((f: HTMLFormElement) => f.requestSubmit()),
    ]);

    expect(await lead('tours', email)).to.include({
      utm_source: 'billboard',
      utm_medium: null,
      utm_campaign: 'fall',
      referrer: 'https://maps.example/',
      landing_page: '/floor-plans/overlook?utm_source=billboard&utm_campaign=fall',
    });
    // The tour page runs the boot script, what it imports and the phone formatting, nothing else: no React, no widget.
    const boot = loadAssetManifest().boot;
    const scripts = requests
      .slice(before)
      .map((url) => new URL(url))
      .filter((url) => url.origin === suite.server.url && /\.m?js$/.test(url.pathname))
      .map((url) => url.pathname);
    expect(scripts).to.include(boot.js);
    const others = scripts.filter((script) => script !== boot.js && !boot.imports.includes(script));
    expect(others.filter((script) => !/^\/assets\/phone-input-\w+\.js$/.test(script))).to.deep.equal([]);
    expect(await page.context().cookies(), 'cookies').to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('a visit that lands on a page without script takes that page as its landing page', async () => {
    const { page } = await land('/about?utm_source=flyer', 'https://flyer.example/');
    expect(await runnableScripts(page).count(), 'scripts on /about').to.equal(0);
    await follow(page, '/contact');
    await waitForHydration(page, 'ContactForm');
    const email = `no-script-landing-${Date.now()}@example.com`;
    const form = page.locator('form.contact-form');
    for (const [name, value] of Object.entries({ ...BUYER, email, subject: 'Hi', message: 'Lots left?' }))
      await form.locator(`[name="${name}"]`).fill(value);
    await form.locator('button[type="submit"]').click();
    await page.getByText('Thank you for contacting us!').waitFor();
    expect(await lead('contact_messages', email)).to.include({
      utm_source: 'flyer',
      landing_page: '/about?utm_source=flyer',
    });
    expect(await page.context().cookies(), 'cookies').to.deep.equal([]);
  });

  it('a form sent before the widget hydrates carries the first landing page', async () => {
    const { page } = await land('/?utm_source=early', 'https://early.example/');
    await follow(page, '/about');
    // The widget's code is held back: the form stays the server's plain form and posts itself.
    const hold = await holdHydration(page);
    await follow(page, '/contact');
    await waitUntil(async () => hold.requested(), Boolean, 10_000, 'the page to ask for React');
    const email = `before-hydration-${Date.now()}@example.com`;
    const form = page.locator('form.contact-form');
    for (const [name, value] of Object.entries({ ...BUYER, email, subject: 'Hi', message: 'Quick one' }))
      await form.locator(`[name="${name}"]`).fill(value);
    expect(await page.locator('[data-widget="ContactForm"][data-hydrated]').count(), 'not hydrated').to.equal(0);
    await Promise.all([page.waitForURL(/\/contact\?sent=1$/), form.locator('button[type="submit"]').click()]);
    expect(await lead('contact_messages', email)).to.include({
      utm_source: 'early',
      referrer: 'https://early.example/',
      landing_page: '/?utm_source=early',
    });
    hold.release();
  });
});
