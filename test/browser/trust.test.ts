import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite } from './support.js';

/**
 * In a real browser: the consent sentence under the contact form with and without JavaScript (the hydrated form
 * keeps it), the tour form's, the privacy notice with no script at all, and the footer's Equal Housing Opportunity
 * logo at phone to desktop widths.
 */

/** The consent sentence's link in `formSelector`, checked visible and pointing at /privacy. */
async function expectConsent(page: Page, formSelector: string): Promise<void> {
  const link = page.locator(`${formSelector} .lead-consent a`);
  expect(await link.count(), `${formSelector}: consent link`).to.equal(1);
  expect(await link.isVisible(), `${formSelector}: consent link visible`).to.equal(true);
  expect(await link.getAttribute('href')).to.equal('/privacy');
  expect(await page.locator(`${formSelector} .lead-consent`).innerText()).to.match(/^By .* you agree that /);
}

describe('Trust: consent sentence, privacy notice and the Equal Housing Opportunity logo', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();
  // One page with JavaScript and one without, each test loading its page afresh.
  const withScript = reusedPage(suite);
  const withoutScript = reusedPage(suite, { javaScriptEnabled: false });

  it('shows the consent sentence under the contact form before it hydrates and without JavaScript', async () => {
    const { page } = await withoutScript.visit('/contact', { width: 375 });
    await expectConsent(page, 'form.contact-form');
  });

  it('keeps the consent sentence in the hydrated contact form, and its link opens the privacy notice', async () => {
    const { page, problems } = await withScript.visit('/contact', { width: 1280, widget: 'ContactForm' });
    await expectConsent(page, 'form.contact-form');
    await page.locator('form.contact-form .lead-consent a').click();
    await page.waitForURL('**/privacy');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).to.equal('Privacy notice');
    expect(problems, 'console problems (a hydration mismatch shows here)').to.deep.equal([]);
  });

  it('shows the consent sentence under the tour form', async () => {
    const { page } = await withScript.visit('/tours', { width: 375 });
    await expectConsent(page, 'form.tour-form');
  });

  it('loads no JavaScript on /privacy', async () => {
    // A script served from the browser's cache (the page before loaded it) is reported as a request too.
    const scripts: string[] = [];
    const recordScript = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    };
    const { page, requests } = await withScript.visit('/privacy', {
      width: 1280,
      prepare: async (page) => page.on('request', recordScript),
    });
    const status = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStatus,
    );
    expect(status, 'the privacy page, not the 404 page').to.equal(200);
    await page.waitForLoadState('networkidle');
    page.off('request', recordScript);
    expect(scripts).to.deep.equal([]);
    expect(requests.length, 'the page loaded its stylesheet').to.be.greaterThan(1);
  });

  for (const width of [320, 375, 768, 1280]) {
    it(`shows the Equal Housing Opportunity logo at 48 × 48 beside its statement, without sideways scrolling, at ${width} px`, async () => {
      const { page } = await withScript.visit('/', { width });
      const logo = page.getByRole('img', { name: 'Equal Housing Opportunity' });
      await logo.scrollIntoViewIfNeeded();
      const box = await logo.boundingBox();
      expect(box, 'logo box').to.not.equal(null);
      expect({ width: box!.width, height: box!.height }).to.deep.equal({ width: 48, height: 48 });
      const statement = await page.locator('.equal-housing p').boundingBox();
      expect(statement!.x, 'the statement is beside the logo').to.be.at.least(box!.x + box!.width);
      expect(statement!.x + statement!.width, 'the statement fits the page').to.be.at.most(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);
      await screenshot(page.locator('footer'), `footer-${width}`);
    });
  }
});
