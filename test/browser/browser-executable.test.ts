import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  DEBIAN_HEADLESS_SHELL,
  FULL_CHROMIUM_PATH,
  findChromium,
  launchBrowser,
  packagedChromium,
  SYSTEM_CHROMIUMS,
  type FoundChromium,
} from '../support/browser.js';

describe('The browser the tests launch', function () {
  let folder: string;
  /** An executable file standing in for a browser, at a path of this test's own. */
  let shell: string;
  let full: string;
  const fromPackage: FoundChromium = { executablePath: '/from/the/package/chromium', source: 'package' };
  const packaged = () => Promise.resolve(fromPackage);
  const noPackage = () => Promise.resolve(undefined);

  before(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'browser-lookup-'));
    shell = path.join(folder, 'chromium-headless-shell');
    full = path.join(folder, 'chromium');
    for (const file of [shell, full]) await fs.writeFile(file, '#!/bin/sh\n', { mode: 0o755 });
  });
  after(() => fs.rm(folder, { recursive: true, force: true }));

  it("looks for TEST_CHROMIUM, Debian's headless shell, Debian's chromium, then the npm package's", () => {
    expect(SYSTEM_CHROMIUMS).to.deep.equal([DEBIAN_HEADLESS_SHELL, FULL_CHROMIUM_PATH]);
    expect(DEBIAN_HEADLESS_SHELL).to.equal('/usr/bin/chromium-headless-shell');
    expect(FULL_CHROMIUM_PATH).to.equal('/usr/bin/chromium');
  });

  it('takes the one TEST_CHROMIUM names before any other', async () => {
    const found = await findChromium({ TEST_CHROMIUM: full }, [shell, full], packaged);
    expect(found).to.deep.equal({ executablePath: full, source: 'TEST_CHROMIUM' });
  });

  it('fails naming TEST_CHROMIUM when what it names is missing, rather than running on another browser', async () => {
    const error = await findChromium({ TEST_CHROMIUM: '/usr/bin/no-such-chromium' }, [shell], packaged).then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message).to.include('/usr/bin/no-such-chromium').and.include('TEST_CHROMIUM');
  });

  it("takes Debian's headless shell, then Debian's full chromium, when TEST_CHROMIUM is not set", async () => {
    expect(await findChromium({}, [shell, full], packaged)).to.deep.equal({ executablePath: shell, source: 'system' });
    expect(await findChromium({ TEST_CHROMIUM: '' }, [path.join(folder, 'none'), full], packaged)).to.deep.equal({
      executablePath: full,
      source: 'system',
    });
    // A folder or a file that cannot be run is not a browser.
    await fs.writeFile(path.join(folder, 'not-executable'), '', { mode: 0o644 });
    expect(await findChromium({}, [folder, path.join(folder, 'not-executable')], packaged)).to.equal(fromPackage);
  });

  it('takes the npm package’s browser where the system has none', async () => {
    expect(await findChromium({}, [path.join(folder, 'none')], packaged)).to.equal(fromPackage);
  });

  it('fails, naming every place it looked and how to get a browser, when there is none at all', async () => {
    const error = await findChromium({}, ['/usr/bin/no-such-shell', '/usr/bin/no-such-chromium'], noPackage).then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message)
      .to.include('/usr/bin/no-such-shell')
      .and.include('/usr/bin/no-such-chromium')
      .and.include('npm install')
      .and.include('apt-get install -y chromium-headless-shell')
      .and.include('TEST_CHROMIUM');
  });

  it('names the missing executable, the package to install and TEST_CHROMIUM when it cannot start one', async () => {
    const error = await launchBrowser([], '/usr/bin/no-such-chromium').then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message)
      .to.include('/usr/bin/no-such-chromium')
      .and.include('apt-get install -y chromium-headless-shell')
      .and.include('TEST_CHROMIUM');
  });

  it('opens a page in the browser that `npm install` brings, with its own libraries and font', async function () {
    this.timeout(120_000);
    const found = await packagedChromium();
    expect(found, '@sparticuz/chromium is installed (a devDependency)').to.not.equal(undefined);
    expect(found?.env?.LD_LIBRARY_PATH).to.match(/sparticuz-chromium-[\d.]+\/lib/);
    // The same unpacked copy next time: no second unpacking.
    expect(await packagedChromium()).to.deep.equal(found);
    const browser = await launchBrowser([], found!.executablePath, found!.env);
    try {
      const page = await browser.newPage();
      await page.setContent('<p style="font: 20px sans-serif">Summit Lane</p>');
      const width = await page.locator('p').evaluate((p) => p.getBoundingClientRect().width);
      expect(await page.textContent('p')).to.equal('Summit Lane');
      expect(width, 'the text has a font to be laid out in').to.be.greaterThan(50);
    } finally {
      await browser.close();
    }
  });
});
