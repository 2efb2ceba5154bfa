import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The rules a page must pass: WCAG 2.1 levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * axe-core's WCAG violations on the page as it is now, or within the part `within` selects (a state just opened, when
 * the rest of the page was checked on the same load). Every rule runs on every element as usual; only the
 * violations are gathered (not every passing node of a long page). axe goes into the document once per load and
 * runs there for each state checked (AxeBuilder injects it again each time and finishes each run in an extra blank
 * page); a page with frames, which each need axe in them, goes through AxeBuilder.
 */
export async function axeResults(page: Page, within?: string): Promise<axe.Result[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS);
    return (await (within ? builder.include(within) : builder).analyze()).violations;
  }
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function')))
    await page.evaluate(`${axe.source}; axe.configure({ branding: { application: 'playwright' } });`);
  return page.evaluate(
    async ({ tags, within }) =>
      (
        await (window as AxeWindow).axe!.run(within ? { include: [within] } : document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
      ).violations,
    { tags: WCAG_TAGS, within },
  );
}

/** One message per violation: where, the rule, what it asks, and the first elements that fail it, with why. */
export function describeViolations(where: string, found: axe.Result[]): string[] {
  return found.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`)
        .join('\n'),
  );
}

/**
 * The violations on the page as it is now (or within the part `within` selects), described; `where` names the page
 * and state (the URL by default).
 */
export async function axeViolations(page: Page, where = page.url(), within?: string): Promise<string[]> {
  return describeViolations(where, await axeResults(page, within));
}
