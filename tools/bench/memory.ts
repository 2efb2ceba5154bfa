import type autocannon from 'autocannon';
import { runLoad, summarizeLoad, type LoadSummary } from './load.js';
import { readMemory, type MemoryReading } from './server.js';

export const MEMORY_REQUESTS = 100_000;
const WARM_UP_S = 3;

export interface MemoryResult {
  pages: readonly string[];
  afterWarmUp: MemoryReading;
  afterRequests: MemoryReading;
  /** VmRSS after the requests minus VmRSS after warm-up, KiB. */
  growthKiB: number;
  load: LoadSummary;
}

/**
 * Resident memory of the server process after a warm-up over a mix of pages, and again after 100,000 more
 * requests over the same mix: a page cache or a leak that grows with traffic shows as growth.
 */
export async function measureMemory(
  url: string,
  pid: number,
  pages: readonly string[],
): Promise<{ result: MemoryResult; raw: autocannon.Result }> {
  await runLoad({ url, durationS: WARM_UP_S, paths: pages });
  const afterWarmUp = readMemory(pid);
  console.log(`memory: ${MEMORY_REQUESTS.toLocaleString('en-US')} requests over ${pages.length} pages`);
  const run = await runLoad({ url, amount: MEMORY_REQUESTS, paths: pages });
  const afterRequests = readMemory(pid);
  const result = {
    pages,
    afterWarmUp,
    afterRequests,
    growthKiB: afterRequests.rssKiB - afterWarmUp.rssKiB,
    load: summarizeLoad([run]),
  };
  return { result, raw: run.result };
}
