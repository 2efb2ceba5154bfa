import autocannon from 'autocannon';

/** Both servers are asked for gzip, as a browser would. */
export const GZIP_HEADERS = { 'accept-encoding': 'gzip' } as const;
export const CONNECTIONS = 50;

export interface LoadOptions {
  url: string;
  /** Seconds; ignored when `amount` is set. */
  durationS?: number;
  /** Total requests to send. */
  amount?: number;
  /** Paths cycled through by every connection (a mix of pages); without it, `url` alone. */
  paths?: readonly string[];
}

export interface LoadRun {
  result: autocannon.Result;
  /** Every response's latency, ms, so several runs can be merged into exact percentiles. */
  latenciesMs: number[];
}

export interface LoadSummary {
  /** Completed requests divided by the time they took. */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Completed requests. */
  requests: number;
  non2xx: number;
  errors: number;
  durationS: number;
}

/** One autocannon run with the bench's fixed settings (50 connections, gzip). */
export function runLoad({ url, durationS, amount, paths }: LoadOptions): Promise<LoadRun> {
  const latenciesMs: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        headers: GZIP_HEADERS,
        ...(amount === undefined ? { duration: durationS ?? 10 } : { amount }),
        ...(paths ? { requests: paths.map((path) => ({ method: 'GET' as const, path })) } : {}),
      },
      (error: unknown, result: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve({ result, latenciesMs }),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latenciesMs.push(responseTime));
  });
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] as number;
}

/** One summary over several runs against the same target: totals, and percentiles over all their responses. */
export function summarizeLoad(runs: readonly LoadRun[]): LoadSummary {
  const latencies = runs.flatMap((run) => run.latenciesMs).sort((a, b) => a - b);
  const total = (pick: (result: autocannon.Result) => number) => runs.reduce((sum, run) => sum + pick(run.result), 0);
  const durationS = total((result) => result.duration);
  const requests = total((result) => result['2xx'] + result.non2xx);
  return {
    requestsPerSecond: requests / durationS,
    latencyP50Ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
    latencyP99Ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
    requests,
    non2xx: total((result) => result.non2xx),
    errors: total((result) => result.errors),
    durationS,
  };
}
