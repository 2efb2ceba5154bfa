// Where the tests' temporary files go: their SQLite databases, uploads, child servers' data and Chromium's profiles.
// The site runs SQLite as in production (WAL, synchronous=FULL: src/db/connect.ts), so every commit waits for the
// disk to flush, and that wait blocks the test's process, server and client alike. On a RAM-backed folder a flush
// returns at once: the same code, the same pragmas and the same files, without the disk's latency (one fuzzing file
// went from 73 s to 21 s, its CPU from 35 to 25 s; decision 055). A process killed mid-write (test/fault) loses
// what it would lose on a disk: only a power cut tells the two apart, and no test cuts the power.
const fs = require('node:fs');
const path = require('node:path');

/** Linux's RAM-backed shared-memory folder (tmpfs), in every Debian. */
const RAM_FOLDER = '/dev/shm';
/** Below this much free space (a container's /dev/shm is often 64 MB) the tests stay on the system's folder. */
const MINIMUM_FREE_BYTES = 2 * 1024 ** 3;

/**
 * A folder of the tests' own in `ramFolder` (/dev/shm) when it is there, writable and has `minimumFreeBytes` free;
 * else undefined.
 */
function ramTemporaryFolder(ramFolder = RAM_FOLDER, minimumFreeBytes = MINIMUM_FREE_BYTES) {
  try {
    const { bavail, bsize } = fs.statfsSync(ramFolder);
    if (bavail * bsize < minimumFreeBytes) return undefined;
    const folder = path.join(ramFolder, 'community-site-tests');
    if (!fs.existsSync(folder)) {
      fs.mkdirSync(folder, { recursive: true });
      // As /tmp: anyone may write (the tests' PostgreSQL runs as the postgres user), only the owner removes.
      fs.chmodSync(folder, 0o1777);
    }
    fs.accessSync(folder, fs.constants.W_OK);
    return folder;
  } catch {
    return undefined; // not Linux, no /dev/shm, or not writable
  }
}

/**
 * Points TMPDIR (os.tmpdir() reads it on every call) at the RAM folder for this process and everything it starts:
 * mocha's workers, child servers, Chromium. A TMPDIR set by the person running the tests is kept; TEST_TMPDIR=disk
 * keeps the system's folder.
 */
function useRamTemporaryFolder() {
  if (process.env.TMPDIR || process.env.TEST_TMPDIR === 'disk') return;
  const folder = ramTemporaryFolder();
  if (folder) process.env.TMPDIR = folder;
}

module.exports = { useRamTemporaryFolder, ramTemporaryFolder, RAM_FOLDER, MINIMUM_FREE_BYTES };
