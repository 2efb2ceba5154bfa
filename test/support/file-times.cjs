// How long each test file took in the last full run, and the CPU it used, kept between runs so that the next one
// hands the files out in a good order (file-order.cjs): mocha gives the next file to whichever worker is free, so a
// long file started last would run alone at the end while the other workers sit idle.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** Wall time (ms) and CPU seconds per file, by path relative to the project, merged run after run. */
const RECORD = path.resolve('node_modules/.cache/community-site/test-file-times.json');
/**
 * The times of a calm whole run on the project's 2-core machine, kept in the repository: a fresh clone has no record
 * of its own, and would otherwise hand its files out by name (npm run test:save-times writes it from the record).
 */
const BASELINE = path.resolve('test/file-times.json');
/** The run's log, one JSON line per file, written by the workers; named by .mocharc.cjs for its own run only. */
const LOG_VARIABLE = 'TEST_FILE_TIMES_LOG';
const OWNER_VARIABLE = 'TEST_FILE_TIMES_OWNER';

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * The times to order a run by: { ms, cpuSeconds } by file (a number, the wall alone, in records written before the
 * CPU was kept), this checkout's own where it has run the file, else the repository's baseline.
 */
function readRecord({ record = RECORD, baseline = BASELINE } = {}) {
  return { ...readJson(baseline), ...readJson(record) };
}

/**
 * Writes this checkout's record as the repository's baseline: the test files that exist now, each with its wall
 * time and CPU seconds, in the order of their names (so that a new baseline's diff shows what changed).
 */
function saveBaseline({ record = RECORD, baseline = BASELINE, exists = fs.existsSync } = {}) {
  const times = readJson(record);
  const kept = Object.keys(times)
    .filter((file) => typeof times[file]?.cpuSeconds === 'number' && exists(file))
    .sort()
    .map((file) => [file, { ms: times[file].ms, cpuSeconds: Math.round(times[file].cpuSeconds * 100) / 100 }]);
  fs.writeFileSync(baseline, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
  return kept.length;
}

/** Starts this process's run log (called from .mocharc.cjs, before the workers start). */
function startRunLog() {
  const log = path.join(os.tmpdir(), `community-site-test-times-${process.pid}.jsonl`);
  fs.rmSync(log, { force: true });
  process.env[LOG_VARIABLE] = log;
  process.env[OWNER_VARIABLE] = String(process.pid);
}

/**
 * The run's per-file times, merged into the record, slowest first. Empty unless this process or its parent (mocha
 * runs itself again in a child to pass node options) started the log: not in a mocha run inside a test.
 */
function finishRunLog() {
  const log = process.env[LOG_VARIABLE];
  const owner = process.env[OWNER_VARIABLE];
  if (!log || ![process.pid, process.ppid].map(String).includes(owner) || !fs.existsSync(log)) return [];
  const times = fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  fs.rmSync(log, { force: true });
  const record = readJson(RECORD);
  for (const { file, ms, cpuSeconds } of times) record[file] = cpuSeconds === undefined ? ms : { ms, cpuSeconds };
  fs.mkdirSync(path.dirname(RECORD), { recursive: true });
  fs.writeFileSync(RECORD, `${JSON.stringify(record, null, 1)}\n`);
  return times.sort((a, b) => b.ms - a.ms);
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** /proc/PID/stat, for the fields after the command name: parent, own CPU ticks, and ended children's ticks. */
function procStat(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return {
      pid: Number(pid),
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined; // not Linux, or the process has just ended
  }
}

/**
 * CPU seconds used so far by this process and by everything it started (Chromium, servers, java): the running
 * ones from /proc, the ended ones as their parents' children's time. Undefined where there is no /proc.
 */
function cpuOfProcessTree() {
  const self = procStat(process.pid);
  if (!self) return undefined;
  const childrenOf = new Map();
  for (const name of fs.readdirSync('/proc')) {
    const entry = /^\d+$/.test(name) ? procStat(name) : undefined;
    if (entry) childrenOf.set(entry.ppid, [...(childrenOf.get(entry.ppid) ?? []), entry]);
  }
  let ticks = 0;
  const pending = [self];
  while (pending.length > 0) {
    const next = pending.pop();
    ticks += next.ticks;
    pending.push(...(childrenOf.get(next.pid) ?? []));
  }
  return ticks / TICKS_PER_SECOND;
}

let started = 0;
let cpuAtStart;

/**
 * Root hooks: in a parallel run they run once per file, in that file's worker, and log its wall time. A serial run
 * of several files runs them once for all, and logs nothing.
 */
const mochaHooks = {
  beforeAll() {
    started = Date.now();
    cpuAtStart = cpuOfProcessTree();
  },
  afterAll() {
    const log = process.env[LOG_VARIABLE];
    const files = new Set(this.test.parent.suites.map((suite) => suite.file).filter(Boolean));
    if (!log || files.size !== 1) return;
    const file = path.relative(process.cwd(), [...files][0]);
    const ms = Date.now() - started;
    const cpu = cpuOfProcessTree();
    const cpuSeconds = cpu === undefined || cpuAtStart === undefined ? undefined : cpu - cpuAtStart;
    fs.appendFileSync(log, `${JSON.stringify({ file, ms, cpuSeconds })}\n`);
  },
};

module.exports = { startRunLog, readRecord, saveBaseline, finishRunLog, mochaHooks };

// npm run test:save-times
if (require.main === module && process.argv[2] === '--save-baseline') {
  const count = saveBaseline();
  console.log(`${path.relative(process.cwd(), BASELINE)}: the times of ${count} test files`);
}
