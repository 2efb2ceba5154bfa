import { spawn } from 'node:child_process';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/**
 * Debian's chromium-headless-shell (decision 021): the headless-only build of Chromium that Playwright itself runs
 * headless tests on, at about two thirds of the CPU of the full browser. `.ci/run` installs it.
 */
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Debian's full Chromium, what buyers run: the bench measures pages in it (tools/bench). */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

/** The browsers a machine may have, in the order the tests look for them (decision 043). */
export const SYSTEM_CHROMIUMS = [DEBIAN_HEADLESS_SHELL, FULL_CHROMIUM_PATH] as const;

/** A Chromium to launch: its executable, what it is, and the environment it needs beyond the process's own. */
export interface FoundChromium {
  executablePath: string;
  source: 'TEST_CHROMIUM' | 'system' | 'package';
  env?: Record<string, string>;
}

/** Where the package's browser is unpacked, once per version (a fresh `npm install` starts afresh). */
const PACKAGE_CACHE = path.resolve('node_modules/.cache/community-site');

async function isExecutable(file: string): Promise<boolean> {
  try {
    await fs.access(file, constants.X_OK);
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Decompresses a .br file, or a .tar.br into a folder. The tar is written out whole before the system's tar (in
 * every Debian) reads it: streamed into tar's stdin, tar may exit at the end-of-archive blocks while the padding
 * after them is still being written, and the write then fails with "Premature close".
 */
async function unbrotli(source: string, target: string): Promise<void> {
  if (!source.endsWith('.tar.br')) {
    await pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(target, { mode: 0o755 }));
    return;
  }
  await fs.mkdir(target, { recursive: true });
  const archive = `${target}.${path.basename(source, '.br')}`;
  try {
    await pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(archive));
    const tar = spawn('tar', ['-x', '-f', archive, '-C', target], { stdio: ['ignore', 'ignore', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      tar.once('error', reject);
      tar.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar ended with ${String(code)}`))));
    });
  } finally {
    await fs.rm(archive, { force: true });
  }
}

/**
 * The browser that `npm install` brings: @sparticuz/chromium ships a headless-shell build of Chromium as brotli
 * files, with the NSS libraries it links against (built for Amazon Linux, whose C library is older than Debian 12's)
 * and a font. Unpacked once into node_modules/.cache (about 5 CPU-seconds), into a folder of its own and then
 * renamed, so that workers starting together never launch a half-written file. Undefined when the package is not
 * installed (`npm install --omit=dev`).
 */
export async function packagedChromium(cache = PACKAGE_CACHE): Promise<FoundChromium | undefined> {
  let manifest: string;
  try {
    // Its exports name no package.json: the folder above its main file (build/index.js) holds it.
    manifest = path.join(createRequire(import.meta.url).resolve('@sparticuz/chromium'), '../../package.json');
  } catch {
    return undefined;
  }
  const { version } = JSON.parse(await fs.readFile(manifest, 'utf8')) as { version: string };
  const bin = path.join(path.dirname(manifest), 'bin');
  const folder = path.join(cache, `sparticuz-chromium-${version}`);
  const found: FoundChromium = {
    executablePath: path.join(folder, 'chromium'),
    source: 'package',
    env: {
      LD_LIBRARY_PATH: [path.join(folder, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_PATH: folder,
    },
  };
  if (await isExecutable(found.executablePath)) return found;
  await fs.mkdir(cache, { recursive: true });
  const partial = await fs.mkdtemp(`${folder}.partial-`);
  try {
    // One after another: a failure then leaves nothing still writing into the folder removed below.
    await unbrotli(path.join(bin, 'chromium.br'), path.join(partial, 'chromium'));
    // lib/ (the NSS libraries), and fonts/ with a fonts.conf for Lambda's folders, replaced below.
    await unbrotli(path.join(bin, 'al2023.tar.br'), partial);
    await unbrotli(path.join(bin, 'fonts.tar.br'), partial);
    // The package's font, and the system's where there are any (Debian's fonts-dejavu-core and others).
    await fs.writeFile(
      path.join(partial, 'fonts.conf'),
      '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n' +
        `  <dir>${path.join(folder, 'fonts')}</dir>\n  <dir>/usr/share/fonts</dir>\n` +
        `  <cachedir>${path.join(folder, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
    await fs.rename(partial, folder);
  } catch (error) {
    // Another worker renamed its copy first: use that one.
    if (!(await isExecutable(found.executablePath))) throw error;
  } finally {
    await fs.rm(partial, { recursive: true, force: true });
  }
  return found;
}

/**
 * The Chromium the tests run on, the first found of: the executable TEST_CHROMIUM names (which must then exist),
 * Debian's chromium-headless-shell, Debian's full chromium, and the one the @sparticuz/chromium package brings
 * (decision 043). None found is an error naming each place looked at: a browser test never turns into a skip.
 */
export async function findChromium(
  environment: Record<string, string | undefined> = process.env,
  systemPaths: readonly string[] = SYSTEM_CHROMIUMS,
  fromPackage: () => Promise<FoundChromium | undefined> = packagedChromium,
): Promise<FoundChromium> {
  const named = environment.TEST_CHROMIUM;
  if (named) {
    if (await isExecutable(named)) return { executablePath: named, source: 'TEST_CHROMIUM' };
    throw new Error(`No Chromium at ${named}, which TEST_CHROMIUM names`);
  }
  for (const executablePath of systemPaths) {
    if (await isExecutable(executablePath)) return { executablePath, source: 'system' };
  }
  const packaged = await fromPackage();
  if (packaged) return packaged;
  throw new Error(
    `No Chromium for the browser tests: none at ${systemPaths.join(' or ')}, and the @sparticuz/chromium package ` +
      "is not installed. Run `npm install` (it brings one), install Debian's " +
      '(apt-get install -y chromium-headless-shell fonts-dejavu-core), or name one in TEST_CHROMIUM.',
  );
}

let found: Promise<FoundChromium> | undefined;

/** findChromium's answer, looked for once per process. */
export function testChromium(): Promise<FoundChromium> {
  found ??= findChromium().catch((error: unknown) => {
    found = undefined;
    throw error;
  });
  return found;
}

/**
 * Chromium, headless, with the flags this machine needs (no sandbox as root, no background traffic): the tests'
 * (testChromium), or the one given (the bench's full Chromium), with the environment it needs.
 */
export async function launchBrowser(
  extraArgs: string[] = [],
  executablePath?: string,
  env?: Record<string, string>,
): Promise<Browser> {
  const browser: FoundChromium = executablePath ? { executablePath, source: 'system', env } : await testChromium();
  if (!(await isExecutable(browser.executablePath))) {
    throw new Error(
      `No Chromium at ${browser.executablePath}: the tests find TEST_CHROMIUM, Debian's chromium-headless-shell ` +
        '(apt-get install -y chromium-headless-shell fonts-dejavu-core) or the @sparticuz/chromium package; ' +
        'the bench runs on the full chromium (apt-get install -y chromium)',
    );
  }
  return chromium.launch({
    executablePath: browser.executablePath,
    ...(browser.env ? { env: { ...process.env, ...browser.env } } : {}),
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
 * How the tests' pages run their scripts: V8's baseline compiler at most (Sparkplug, no Maglev or TurboFan) and
 * garbage collection on the page's own thread. A test page lives for seconds, and axe or a widget's bundle ran
 * hot just long enough to be optimized for work it would not do again: the optimizing compilers and the collector's
 * helper threads cost more CPU than they saved (decision 057). Only the tests' browser: the bench measures
 * Chromium as a visitor runs it.
 */
export const TEST_PAGE_SCRIPT_FLAGS = '--js-flags=--max-opt=1 --single-threaded-gc';

/**
 * One Chromium for the whole process, launched on first use: a mocha worker runs its files one after another, and
 * each file (each test) works in browser contexts of its own, which share nothing. Launched again if it crashed.
 * Playwright closes it when the process exits.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser([TEST_PAGE_SCRIPT_FLAGS]).then(
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
