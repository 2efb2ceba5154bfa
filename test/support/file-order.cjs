// The order the test files are handed out in. Mocha gives the next file of its list to whichever worker is free, so
// the list decides which files run side by side: three workers share two cores, and a file that mostly waits
// (another instance's 2 s poll, an S3 outage's retry, a child process) leaves a core idle unless a file that computes
// runs beside it.

/**
 * The recorded walls were measured with three workers sharing two cores: a file alone takes about this share of
 * them (a whole-suite run simulated from its own record with it came within 2 % of the run's wall time).
 */
const WALL_ALONE_SHARE = 0.75;
/** How many of the longest files left a free worker chooses from. */
const CHOICES = 8;
/** How much better a shorter file must fill the cores than the longest to be taken before it (a share of one core). */
const FIT_MARGIN = 0.15;
/** A file's CPU share of its wall time when the record holds no CPU times at all (about the suite's median). */
const TYPICAL_CPU_SHARE = 0.7;

/** A record entry as { ms, cpuSeconds }: older records hold the wall alone, as a number. */
function entryOf(value) {
  if (typeof value === 'number') return { ms: value };
  return value && typeof value.ms === 'number' ? value : undefined;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Each file's time alone (s) and the share of a core it keeps busy meanwhile, from the record (`times`: by the name
 * `nameOf` gives a file); a file the record does not know (a new one) counts as a middling one.
 */
function estimates(files, times, nameOf) {
  const known = files.map((file) => entryOf(times[nameOf(file)])).filter(Boolean);
  const middleMs = median(known.map((entry) => entry.ms)) ?? 0;
  const shares = known.filter((entry) => entry.cpuSeconds !== undefined && entry.ms > 0);
  const middleShare = median(shares.map((entry) => (entry.cpuSeconds * 1000) / entry.ms)) ?? TYPICAL_CPU_SHARE;
  return files.map((file) => {
    const entry = entryOf(times[nameOf(file)]) ?? { ms: middleMs };
    const wall = entry.ms / 1000;
    const cpu = entry.cpuSeconds ?? wall * middleShare;
    const alone = Math.max(cpu, wall * WALL_ALONE_SHARE);
    return { file, alone, share: alone > 0 ? Math.min(1, cpu / alone) : 0 };
  });
}

/**
 * The files in the order to hand them out: a run of `workers` on `cores` simulated from the record, where the files
 * running share the cores (each slowed alike once they ask for more than there is), and a free worker takes, of the
 * longest files left, the one whose CPU use best fills what the running files leave of the cores. Longest first
 * (the order before) starts the long files early so that none runs alone at the end; this keeps that, and no longer
 * starts three files that mostly wait together, or three that only compute.
 */
function dispatchOrder(files, times, { workers, cores, nameOf = (file) => file }) {
  const left = estimates(files, times, nameOf).sort((a, b) => b.alone - a.alone || a.file.localeCompare(b.file));
  const running = [];
  const order = [];
  while (left.length > 0) {
    while (running.length < workers && left.length > 0) {
      const room = cores - running.reduce((sum, run) => sum + run.job.share, 0);
      let pick = left[0];
      for (const job of left.slice(1, CHOICES))
        if (Math.abs(room - job.share) < Math.abs(room - pick.share) - FIT_MARGIN) pick = job;
      left.splice(left.indexOf(pick), 1);
      order.push(pick.file);
      running.push({ job: pick, remaining: pick.alone });
    }
    const demand = running.reduce((sum, run) => sum + run.job.share, 0);
    const speed = demand > cores ? cores / demand : 1;
    const step = Math.min(...running.map((run) => run.remaining / speed));
    for (const run of running) run.remaining -= step * speed;
    for (let index = running.length - 1; index >= 0; index--)
      if (running[index].remaining <= 1e-9) running.splice(index, 1);
  }
  return order;
}

module.exports = { dispatchOrder };
