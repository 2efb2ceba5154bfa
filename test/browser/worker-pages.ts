import type { BrowserContext, Dialog } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/test-server.js';
import type { BrowserSuite, OpenedPage } from './support.js';

/**
 * Browser pages a mocha worker keeps from one test file to the next. A new page starts a Chromium renderer and
 * compiles the site's scripts afresh, some 1.5–2 CPU seconds before its first check; a page that has shown the site
 * before, at the same address, has both. The files of a worker run one after another, so each file's server listens
 * on the port the worker's first one got, and a page a file has done with goes back emptied of what the file left
 * (cookies, storage, routes, permissions, emulated media) for the next file to borrow. What the page keeps is what
 * a browser keeps between visits: its HTTP cache and compiled code.
 */
/**
 * A dialog handler for loading another page over one a test has left: leaving with unsaved changes asks first, and
 * the test has done with the page, so it leaves; any other dialog is dismissed.
 */
export function leaveWithoutAsking(dialog: Dialog): void {
  void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss());
}

/** Playwright's own timeout for actions and navigations, which a file may have changed on a page it borrowed. */
const PLAYWRIGHT_DEFAULT_TIMEOUT = 30_000;

interface KeptPage {
  opened: OpenedPage;
  javaScriptEnabled: boolean;
  borrowed: boolean;
}

const kept: KeptPage[] = [];
let workerPort: number | undefined;

/** Starts a file's server on the worker's port (or, when another process holds it now, on a new one). */
export async function startSuiteServer(env: Record<string, string>): Promise<TestServer> {
  if (workerPort !== undefined) {
    try {
      return await startTestServer(env, { port: workerPort });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      await discardKeptPages();
    }
  }
  const server = await startTestServer(env);
  workerPort = Number(new URL(server.url).port);
  return server;
}

/** A page kept by the worker for the file to use until its end, or a new one made by `open` and kept from now on. */
export async function borrowPage(
  suite: BrowserSuite,
  javaScriptEnabled: boolean,
  open: () => Promise<OpenedPage>,
): Promise<OpenedPage> {
  for (const entry of kept.filter((candidate) => !candidate.borrowed)) {
    const { context, page } = entry.opened;
    if (context.browser() !== suite.browser || page.isClosed()) {
      await forget(entry);
    } else if (entry.javaScriptEnabled === javaScriptEnabled) {
      entry.borrowed = true;
      return entry.opened;
    }
  }
  const entry = { opened: await open(), javaScriptEnabled, borrowed: true };
  kept.push(entry);
  return entry.opened;
}

/** Whether the context belongs to a kept page (the file's end closes every other context). */
export function isKept(context: BrowserContext): boolean {
  return kept.some((entry) => entry.opened.context === context);
}

/** At a file's end, while its server still runs: every page still borrowed, emptied, is ready for the next file. */
export async function returnBorrowedPages(suite: BrowserSuite): Promise<void> {
  for (const entry of kept.filter((candidate) => candidate.borrowed)) await giveBack(entry, suite);
}

/** A page a block of tests has done with (while the file's server runs), emptied, for the next block or file. */
export async function returnPage(suite: BrowserSuite, opened: OpenedPage): Promise<void> {
  const entry = kept.find((candidate) => candidate.opened === opened && candidate.borrowed);
  if (entry) await giveBack(entry, suite);
}

async function giveBack(entry: KeptPage, suite: BrowserSuite): Promise<void> {
  try {
    await empty(entry.opened, suite.server.url);
    entry.borrowed = false;
  } catch {
    await forget(entry); // a page that cannot be emptied (it crashed, or hangs) is not handed on
  }
}

/**
 * Leaves nothing of the file behind: its routes, dialog handlers, cookies, storage, permissions, media and timeouts.
 */
async function empty({ page, context }: OpenedPage, origin: string): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  page.removeAllListeners('dialog');
  page.on('dialog', leaveWithoutAsking);
  try {
    // Storage belongs to the address, which the next file's server shares: cleared from a document at it.
    if (new URL(page.url()).origin !== origin) await page.goto(`${origin}/robots.txt`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('about:blank');
  } finally {
    page.off('dialog', leaveWithoutAsking);
  }
  await context.clearCookies();
  await context.clearPermissions();
  page.setDefaultTimeout(PLAYWRIGHT_DEFAULT_TIMEOUT);
  page.setDefaultNavigationTimeout(PLAYWRIGHT_DEFAULT_TIMEOUT);
  await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
}

async function forget(entry: KeptPage): Promise<void> {
  kept.splice(kept.indexOf(entry), 1);
  await entry.opened.context.close().catch(() => undefined);
}

async function discardKeptPages(): Promise<void> {
  for (const entry of [...kept]) await forget(entry);
}
