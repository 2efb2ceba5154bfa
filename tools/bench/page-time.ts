import { medianBy } from './stats.js';

/** One staff page's server time, as the in-process benches (leads, desk) measure it. */
export interface PageTime {
  /** Wall time as the client sees it. */
  ms: number;
  /**
   * CPU time this process spent on the request, every thread of it: the server's work (SQLite runs in-process,
   * synchronously), gzip and the collector's helper threads, and the client's fetch. Other processes on a shared
   * machine stretch the wall time, much less this; with threads working in parallel it can exceed the wall time.
   */
  cpuMs: number;
}

/** Milliseconds `run` took. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** The median wall and CPU time of `runs` GETs of `url` (signed in by `cookie`), after `warmUp` unmeasured ones. */
export async function medianPageTime(
  url: string,
  cookie: string,
  { runs, warmUp }: { runs: number; warmUp: number },
): Promise<PageTime> {
  const times: PageTime[] = [];
  for (let run = 0; run < runs + warmUp; run += 1) {
    const cpu = process.cpuUsage();
    const ms = await timed(async () => {
      const response = await fetch(url, { headers: { Cookie: cookie } });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      await response.text();
    });
    const used = process.cpuUsage(cpu);
    if (run >= warmUp) times.push({ ms, cpuMs: (used.user + used.system) / 1000 });
  }
  return { ms: medianBy(times, (time) => time.ms).ms, cpuMs: medianBy(times, (time) => time.cpuMs).cpuMs };
}
