import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { ramTemporaryFolder, RAM_FOLDER, MINIMUM_FREE_BYTES } = require('../support/ram-temporary-folder.cjs') as {
  ramTemporaryFolder(ramFolder?: string, minimumFreeBytes?: number): string | undefined;
  RAM_FOLDER: string;
  MINIMUM_FREE_BYTES: number;
};

/** Whether this machine's /dev/shm qualifies: there, writable, with room. */
function ramFolderQualifies(): boolean {
  try {
    const { bavail, bsize } = fs.statfsSync(RAM_FOLDER);
    fs.accessSync(RAM_FOLDER, fs.constants.W_OK);
    return bavail * bsize >= MINIMUM_FREE_BYTES;
  } catch {
    return false;
  }
}

/** The tests' temporary files go to a RAM disk where there is a roomy one (test/support/ram-temporary-folder.cjs). */
describe('The tests’ temporary folder', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ram-folder-'));
  });
  afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('is a folder of the tests’ own in a writable folder with room, open to every user as /tmp is', () => {
    const folder = ramTemporaryFolder(scratch, 0);
    expect(folder).to.equal(path.join(scratch, 'community-site-tests'));
    expect(fs.statSync(folder!).mode & 0o7777).to.equal(0o1777);
  });

  it('is none where the folder is missing or has too little room', () => {
    expect(ramTemporaryFolder(path.join(scratch, 'missing'), 0)).to.equal(undefined);
    expect(ramTemporaryFolder(scratch, Number.MAX_SAFE_INTEGER)).to.equal(undefined);
    expect(fs.readdirSync(scratch)).to.deep.equal([]);
  });

  it('is where this run’s files go: under /dev/shm when it qualifies (unless TEST_TMPDIR=disk), else the system’s folder', function () {
    if (process.env.TMPDIR && !process.env.TMPDIR.startsWith(`${RAM_FOLDER}/`)) this.skip(); // set by the person
    const wanted = ramFolderQualifies() && process.env.TEST_TMPDIR !== 'disk';
    const expected = wanted ? path.join(RAM_FOLDER, 'community-site-tests') : undefined;
    if (expected) expect(os.tmpdir()).to.equal(expected);
    else expect(os.tmpdir().startsWith(`${RAM_FOLDER}/`)).to.equal(false);
  });
});
