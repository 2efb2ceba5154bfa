import type { Page } from 'playwright-core';
import { STAFF_PASSWORD } from '../support/staff.js';
import type { ReusedPage, VisitOptions } from './reused-page.js';
import type { OpenedPage } from './support.js';

/** Fills the sign-in form on screen as the staff account and sends it, landing on `next`. */
async function sendSignInForm(page: Page, next: string): Promise<void> {
  await page.getByLabel('Username').fill('staff');
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname === next),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
}

const signInPath = (next: string) => `/login?next=${encodeURIComponent(next)}`;

/** Signs in as the staff account with the sign-in form, as a person does, in `page` as it is, to land on `next`. */
export async function signInWithForm(page: Page, next: string): Promise<void> {
  await page.goto(signInPath(next));
  await sendSignInForm(page, next);
}

/**
 * Signs in as the staff account in `tab` with the sign-in form, as a person does, and lands on `next`. The tab's
 * cookies are cleared first: a session left by the test before would skip the form.
 */
export async function signInAtForm(
  tab: ReusedPage,
  next: string,
  options: Pick<VisitOptions, 'width' | 'height'> = {},
): Promise<OpenedPage> {
  const opened = await tab.visit(signInPath(next), {
    ...options,
    prepare: (page) => page.context().clearCookies(),
  });
  await sendSignInForm(opened.page, next);
  return opened;
}
