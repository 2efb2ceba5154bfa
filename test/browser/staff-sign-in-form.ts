import { STAFF_PASSWORD } from '../support/staff.js';
import type { ReusedPage, VisitOptions } from './reused-page.js';
import type { OpenedPage } from './support.js';

/**
 * Signs in as the staff account in `tab` with the sign-in form, as a person does, and lands on `next`. The tab's
 * cookies are cleared first: a session left by the test before would skip the form.
 */
export async function signInAtForm(
  tab: ReusedPage,
  next: string,
  options: Pick<VisitOptions, 'width' | 'height'> = {},
): Promise<OpenedPage> {
  const opened = await tab.visit(`/login?next=${encodeURIComponent(next)}`, {
    ...options,
    prepare: (page) => page.context().clearCookies(),
  });
  const { page } = opened;
  await page.getByLabel('Username').fill('staff');
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname === next),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  return opened;
}
