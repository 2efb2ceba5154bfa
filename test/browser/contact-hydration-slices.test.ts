import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { holdHydration } from './hold-hydration.js';
import { openPage, useBrowserSuite, waitForHydration, waitUntil } from './support.js';

/**
 * The contact form hydrates in slices (a React transition), so a phone's main thread is never held for the whole
 * of it: Lighthouse's Total Blocking Time on /contact came mostly from that one task. A visitor typing while
 * the slices run keeps every character.
 */

/**
 * The CPU of Lighthouse's phone (4× slower than this machine's): the form's hydration then takes several of React's
 * 5 ms slices (7 to 12 when measured), and the keys typed land between them too. Chromium's throttling keeps a core
 * busy for as long as the page runs, so it is set only once the page has loaded and asked for React (a 10× slowdown
 * cost this file twice the CPU and proved no more).
 */
const CPU_SLOWDOWN = 4;

/**
 * Records each task React's scheduler runs (it runs its work from a MessagePort's onmessage) and whether the form
 * was hydrated when the task ended. Set up before the page's scripts run.
 */
async function recordSchedulerTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { ms: number; hydratedAfter: boolean }[] = [];
    Object.assign(window, { schedulerTasks: tasks });
    const descriptor = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      ...descriptor,
      set(this: MessagePort, handler: ((event: MessageEvent) => void) | null) {
        const timed = handler
          ? (event: MessageEvent) => {
              const start = performance.now();
              handler.call(this, event);
              const hydratedAfter = document.querySelector('[data-widget="ContactForm"][data-hydrated]') !== null;
              tasks.push({ ms: performance.now() - start, hydratedAfter });
            }
          : null;
        descriptor.set!.call(this, timed);
      },
    });
  });
}

/**
 * Loads /contact with React held back, then slows the CPU (CPU_SLOWDOWN) once the page has asked for it: released,
 * React loads and hydrates on the slow CPU. Returns the release.
 */
async function loadSlowedBeforeReact(page: Page): Promise<() => void> {
  const hold = await holdHydration(page);
  await page.goto('/contact');
  await waitUntil(async () => hold.requested(), Boolean, 30_000, 'the page to ask for React');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return hold.release;
}

describe('Contact form hydration in slices', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite({ CONTACT_RATE_LIMIT: '0' });

  it(`hydrates over several tasks, not one, at ${CPU_SLOWDOWN}× CPU slowdown`, async () => {
    const { page, context, problems } = await openPage(suite, { width: 375 });
    await recordSchedulerTasks(page);
    const release = await loadSlowedBeforeReact(page);
    release();
    await waitForHydration(page, 'ContactForm', 90_000);
    const tasks = await page.evaluate(
      () => (window as unknown as { schedulerTasks: { ms: number; hydratedAfter: boolean }[] }).schedulerTasks,
    );
    const hydrating = tasks.filter((task) => !task.hydratedAfter);
    expect(hydrating.length, `tasks before the form was hydrated: ${JSON.stringify(tasks)}`).to.be.at.least(2);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('keeps every key typed while the slices run, and formats the phone', async () => {
    const { page, context, problems } = await openPage(suite, { width: 375 });
    const release = await loadSlowedBeforeReact(page);
    const message = page.locator('form.contact-form [name="message"]');
    await message.pressSequentially('We would like ');
    release();
    // Typed on while React loads and hydrates: some keys land before it, some between its slices, some after.
    await message.pressSequentially('to see the model home this weekend.');
    await page.locator('form.contact-form [name="phone"]').pressSequentially('9705550199');
    await waitForHydration(page, 'ContactForm', 90_000);
    expect(await message.inputValue()).to.equal('We would like to see the model home this weekend.');
    await waitUntil(
      () => page.locator('form.contact-form [name="phone"]').inputValue(),
      (value) => value === '(970) 555-0199',
      30_000,
      'the phone formatted',
    );
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
