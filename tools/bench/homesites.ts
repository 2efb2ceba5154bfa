/**
 * `npm run bench:homesites`: server-side figures of the lot map at scale. Starts the app in-process on a fresh
 * SQLite database holding 1,000 homesites (and a 1,000-lot outline file), then measures the median time of
 * GET /site-plan and GET /admin/homesites (rendered, never from the page cache) and of one bulk status change of
 * 500 lots. Writes its table into tools/bench/homesites-results.md, between the markers, leaving the rest of the
 * file as it is. Budgets (issue "Homesites"): 30 ms, 50 ms, 1 s.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startHomesitesBenchSite } from './homesites-site.js';
import { medianBy } from './stats.js';

const LOTS = 1000;
const RUNS = 30;
const WARM_UP_RUNS = 3;
const BULK_LOTS = 500;
const RESULTS = path.join('tools', 'bench', 'homesites-results.md');
const START = '<!-- bench:homesites -->';
const END = '<!-- /bench:homesites -->';

interface Timing {
  /** Wall time as the client sees it. */
  ms: number;
  /** CPU time of this process (server and the in-process client) meanwhile: what other load on the machine cannot inflate. */
  cpuMs: number;
}

async function timed(run: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

function median(timings: Timing[]): Timing {
  return { ms: medianBy(timings, (t) => t.ms).ms, cpuMs: medianBy(timings, (t) => t.cpuMs).cpuMs };
}

/** Puts `table` between the markers of the results file (or the whole file, when it has none yet). */
async function writeResults(table: string): Promise<void> {
  const before = await fs.readFile(RESULTS, 'utf8').catch(() => '');
  const start = before.indexOf(START);
  const end = before.indexOf(END);
  const block = `${START}\n${table}\n${END}`;
  const next =
    start >= 0 && end > start
      ? `${before.slice(0, start)}${block}${before.slice(end + END.length)}`
      : `# Homesites at scale\n\n${block}\n`;
  await fs.writeFile(RESULTS, next);
}

async function main(): Promise<void> {
  const site = await startHomesitesBenchSite(LOTS);
  const { url, staff } = site;
  try {
    // A query string keeps the page cache out of it: every request renders.
    const sitePlan: Timing[] = [];
    const admin: Timing[] = [];
    for (let run = 0; run < RUNS + WARM_UP_RUNS; run += 1) {
      const publicTime = await timed(async () => (await fetch(`${url}/site-plan?run=${run}`)).text());
      const adminTime = await timed(async () =>
        (await fetch(`${url}/admin/homesites?run=${run}`, { headers: { Cookie: staff.cookie } })).text(),
      );
      // The first runs warm up the JIT and the database.
      if (run >= WARM_UP_RUNS) {
        sitePlan.push(publicTime);
        admin.push(adminTime);
      }
    }
    const lots = Array.from({ length: BULK_LOTS }, (_, index) => index + 100);
    const bulk = await timed(async () => {
      const response = await fetch(`${url}/admin/homesites/bulk`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
        body: JSON.stringify({ lots, status: 'under-contract' }),
      });
      if (response.status !== 200) throw new Error(`bulk answered ${response.status}`);
    });
    const rows = [
      [`GET /site-plan, 1,000 homesites (median of ${RUNS})`, median(sitePlan), 30],
      [`GET /admin/homesites, 1,000 homesites (median of ${RUNS})`, median(admin), 50],
      [`POST /admin/homesites/bulk, ${BULK_LOTS} lots in one request`, bulk, 1000],
    ] as const;
    const table = [
      `Written by \`npm run bench:homesites\` on ${new Date().toISOString().slice(0, 16)}Z (${os.cpus().length} CPUs, ` +
        `Node ${process.version}, SQLite, load average ${os.loadavg()[0]?.toFixed(1)} at the end). Time as the ` +
        "client sees it over loopback (gzip, as a browser asks), page cache bypassed; CPU is this process's " +
        'CPU time meanwhile (server and the in-process client), which other load on the machine inflates less than the wall time. ' +
        'Run it with NODE_ENV=production (React production build).',
      '',
      '| Measure | ms | CPU ms | Budget (ms) | Within |',
      '|---|---:|---:|---:|---|',
      ...rows.map(
        ([label, timing, budget]) =>
          `| ${label} | ${timing.ms.toFixed(1)} | ${timing.cpuMs.toFixed(1)} | ${budget} | ${timing.ms <= budget ? 'yes' : 'NO'} |`,
      ),
    ].join('\n');
    console.log(table);
    await writeResults(table);
  } finally {
    await site.close();
  }
}

await main();
