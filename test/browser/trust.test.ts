import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openPage, SHOTS_DIR, useBrowserSuite, waitForHydration } from './support.js';

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

  it('shows the consent sentence under the contact form before it hydrates and without JavaScript', async () => {
    const { page, context } = await openPage(suite, { width: 375, javaScriptEnabled: false });
    await page.goto('/contact');
    await expectConsent(page, 'form.contact-form');
    await context.close();
  });

  it('keeps the consent sentence in the hydrated contact form, and its link opens the privacy notice', async () => {
    const { page, context, problems } = await openPage(suite, { width: 1280 });
    await page.goto('/contact');
    await waitForHydration(page, 'ContactForm');
    await expectConsent(page, 'form.contact-form');
    await page.locator('form.contact-form .lead-consent a').click();
    await page.waitForURL('**/privacy');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).to.equal('Privacy notice');
    expect(problems, 'console problems (a hydration mismatch shows here)').to.deep.equal([]);
    await context.close();
  });

  it('shows the consent sentence under the tour form', async () => {
    const { page, context } = await openPage(suite, { width: 375 });
    await page.goto('/tours');
    await expectConsent(page, 'form.tour-form');
    await context.close();
  });

  it('loads no JavaScript on /privacy', async () => {
    const { page, context, requests } = await openPage(suite, { width: 1280 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto('/privacy');
    expect(response?.status(), 'the privacy page, not the 404 page').to.equal(200);
    await page.waitForLoadState('networkidle');
    expect(scripts).to.deep.equal([]);
    expect(requests.length, 'the page loaded its stylesheet').to.be.greaterThan(1);
    await context.close();
  });

  for (const width of [320, 375, 768, 1280]) {
    it(`shows the Equal Housing Opportunity logo at 48 × 48 beside its statement, without sideways scrolling, at ${width} px`, async () => {
      const { page, context } = await openPage(suite, { width });
      await page.goto('/');
      const logo = page.getByRole('img', { name: 'Equal Housing Opportunity' });
      await logo.scrollIntoViewIfNeeded();
      const box = await logo.boundingBox();
      expect(box, 'logo box').to.not.equal(null);
      expect({ width: box!.width, height: box!.height }).to.deep.equal({ width: 48, height: 48 });
      const statement = await page.locator('.equal-housing p').boundingBox();
      expect(statement!.x, 'the statement is beside the logo').to.be.at.least(box!.x + box!.width);
      expect(statement!.x + statement!.width, 'the statement fits the page').to.be.at.most(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);
      await page.locator('footer').screenshot({ path: `${SHOTS_DIR}/footer-${width}.png` });
      await context.close();
    });
  }
});
