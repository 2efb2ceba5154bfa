import fs from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/**
 * The browser the tests run on: Debian's chromium-headless-shell (decision 021), the headless-only build of
 * Chromium that Playwright itself runs headless tests on, at about two thirds of the CPU of the full browser.
 * TEST_CHROMIUM names another build of the same browser, e.g. TEST_CHROMIUM=/usr/bin/chromium for the full one.
 */
export const CHROMIUM_PATH = process.env.TEST_CHROMIUM || '/usr/bin/chromium-headless-shell';

/** Debian's full Chromium, what buyers run: the bench measures pages in it (tools/bench). */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

/** Chromium, headless, with the flags this machine needs (no sandbox as root, no background traffic). */
export async function launchBrowser(extraArgs: string[] = [], executablePath = CHROMIUM_PATH): Promise<Browser> {
  await fs.access(executablePath).catch(() => {
    throw new Error(
      `No Chromium at ${executablePath}: the tests run on Debian's chromium-headless-shell ` +
        '(apt-get install -y chromium-headless-shell fonts-dejavu-core; TEST_CHROMIUM names another build), ' +
        'the bench on the full chromium (apt-get install -y chromium)',
    );
  });
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Less work for the same pages (measured on one test file: about a fifth less CPU): no WebGL rasterizer to
      // start (no page draws with WebGL), and no extra processes for site isolation (the tests visit one site).
      '--disable-software-rasterizer',
      '--disable-site-isolation-trials',
      // Renderers started on their own rather than forked from a zygote: the kernel's huge-page daemon then had
      // 3 CPU-seconds of work in a whole run instead of 16–18, and the suite cost 3–5 % less CPU (two pairs of runs).
      '--no-zygote',
      // Map tiles never load in a test, internet or not, and fail at once. (Not by page.route, which turns the
      // page's HTTP cache off: every load would fetch every script, style sheet and photo again.)
      '--host-resolver-rules=MAP *.openstreetmap.org ~NOTFOUND',
      ...extraArgs,
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for the whole process, launched on first use: a mocha worker runs its files one after another, and
 * each file (each test) works in browser contexts of its own, which share nothing. Launched again if it crashed.
 * Playwright closes it when the process exits.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then(
    (browser) => {
      browser.once('disconnected', () => {
        shared = undefined;
      });
      return browser;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

/**
 * Closes the contexts a file left open (a test that failed before closing its own), so none leaks into the next;
 * only those `which` selects, when given.
 */
export async function closeContexts(
  browser: Browser | undefined,
  which: (context: BrowserContext) => boolean = () => true,
): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).filter(which).map((context) => context.close()));
}
