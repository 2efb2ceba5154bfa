import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMemory, startServer, type MemoryReading } from './server.js';

/** Requests in the mixed run: enough to show a per-request native leak (decision 049), few enough for a shared box. */
export const MIXED_REQUESTS = 10_000;
/** Requests in flight at once, as a handful of buyers and staff would keep a small instance busy. */
export const MIXED_CONCURRENCY = 4;
/** How often the run reads VmRSS. */
const READ_EVERY = 2_000;
const STAFF_USERNAME = 'bench';
/** Days of tour times asked for: every one a page the page cache never holds (`no-store`). */
const TOUR_DAYS = 14;

export interface MixedMemoryResult {
  requests: number;
  concurrency: number;
  /** The paths cycled through, each once, with `<date>` for the dates (14 tour days). */
  pages: string[];
  /** After each page was served once (a fresh server). */
  afterWarmUp: MemoryReading;
  /** VmRSS every READ_EVERY requests. */
  readings: { requests: number; rssKiB: number }[];
  afterRequests: MemoryReading;
  /** Answers other than 2xx (a staff page answering 403 would not measure that page). */
  failures: number;
  seconds: number;
}

function addDaysUtc(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** What the run cycles through: the public pages, the pages and calls about homes and tours, and staff pages. */
function mixedPages(): string[] {
  const tourDays = Array.from({ length: TOUR_DAYS }, (_, index) => `/tours?day=${addDaysUtc(index + 1)}`);
  const homes = Array.from({ length: 10 }, (_, index) => `/homesites/${index + 1}`);
  return [
    ...['/', '/about', '/floor-plans', '/floor-plans/canyon', '/contact', '/privacy', '/agents', '/interest'],
    ...['/tours', ...tourDays, `/api/tour-slots?from=${addDaysUtc(1)}&days=31`],
    ...['/site-plan', '/quick-move-in', '/api/homesites', '/feeds/bdx.xml', ...homes],
    ...['/admin', '/admin/tours', '/admin/messages', '/admin/homesites', '/admin/content', '/admin/interest'],
    ...['/admin/audit', '/admin/team', '/admin/account'],
  ];
}

/** Signs the bench's owner account in over "HTTPS" (the proxy header, TRUST_PROXY=1): the session cookie pair. */
async function signIn(url: string, password: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-Proto': 'https' },
    body: new URLSearchParams({ username: STAFF_USERNAME, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => /^(__Host-)?sid=./.test(pair));
  if (response.status !== 303 || !cookie) throw new Error(`the bench account could not sign in (${response.status})`);
  return cookie;
}

/**
 * Resident memory of a fresh production server (its own SQLite, an owner account) over 10,000 requests that mix
 * public pages, the tour-day pages the page cache never holds, homesite pages and calls, and staff pages, four at
 * a time, read every 2,000. A cost that grows per request outside the JavaScript heap (decision 049) shows here.
 */
export async function measureMixedMemory(workDir: string, dataDir: string): Promise<MixedMemoryResult> {
  const password = crypto.randomBytes(24).toString('base64url');
  const server = await startServer(workDir, dataDir, {
    ADMIN_USERNAME: STAFF_USERNAME,
    ADMIN_PASSWORD: password,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  });
  try {
    const cookie = await signIn(server.url, password);
    const pages = mixedPages();
    let failures = 0;
    const get = async (page: string) => {
      const response = await fetch(`${server.url}${page}`, {
        headers: { Cookie: cookie, 'X-Forwarded-Proto': 'https', 'Accept-Encoding': 'br, gzip' },
      });
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
    };
    for (const page of pages) await get(page);
    const afterWarmUp = readMemory(server.pid);
    failures = 0;
    const readings: MixedMemoryResult['readings'] = [];
    const startedAt = performance.now();
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < MIXED_REQUESTS; index = next++) {
        await get(pages[index % pages.length]!);
        if ((index + 1) % READ_EVERY === 0)
          readings.push({ requests: index + 1, rssKiB: readMemory(server.pid).rssKiB });
      }
    };
    await Promise.all(Array.from({ length: MIXED_CONCURRENCY }, worker));
    const seconds = (performance.now() - startedAt) / 1000;
    return {
      requests: MIXED_REQUESTS,
      concurrency: MIXED_CONCURRENCY,
      pages: [...new Set(pages.map((page) => page.replace(/\d{4}-\d{2}-\d{2}/, '<date>')))],
      afterWarmUp,
      readings: readings.sort((a, b) => a.requests - b.requests),
      afterRequests: readMemory(server.pid),
      failures,
      seconds,
    };
  } finally {
    await server.stop();
  }
}

/** `tsx tools/bench/mixed-memory.ts [built project]`: the mixed run alone, printed (`npm run bench -- --only mixed` reports it). */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const workDir = path.resolve(process.argv[2] ?? '.');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-mixed-'));
  try {
    console.log(JSON.stringify(await measureMixedMemory(workDir, dataDir), null, 2));
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
