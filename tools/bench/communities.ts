/**
 * `npm run bench:communities`: the server's figures of a builder's site at 50 communities beside today's one
 * community, in one run (issue "A builder, not one community", item 7, and "Find your home", item 4). Starts two
 * sites in this process, each on a fresh SQLite database: one seeded with SAMPLE_COMMUNITIES=1 (the sample, 78
 * lots) and one with SAMPLE_COMMUNITIES=50 (the sample and 49 generated communities of 200 homesites). Requests to
 * the two are interleaved, so load on the machine falls on both alike and the ratios hold where the times do not.
 * Measures cached hits and page-cache misses (the cache is cleared before each request) of the home and a
 * community's site plan on both, `/homes` over 200 filter combinations drawn from a fixed seed, `/homes.json`, the
 * BDX feed (checked against the NHlist schema) and the builder home. Writes its table into
 * tools/bench/communities-results.md, between the markers, leaving the rest of the file as it is.
 */
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../src/logger.js';
import type { Community } from '../../src/services/community-directory.js';
import { createSite } from '../../src/site.js';
import type { PageCache } from '../../src/web/page-cache.js';
import { HOME_SORTS, HOME_TYPES, MOVE_IN_CHOICES } from '../../src/shared/home-filters.js';
import { bdxSchemaErrors } from '../../test/support/bdx-schema.js';
import { signIn, STAFF_ENV } from '../../test/support/staff.js';
import { staffCall, teamMember } from '../../test/support/team.js';
import { testConfig } from '../../test/support/test-server.js';
import { seedCommunityLeads } from './community-leads.js';
import { medianBy } from './stats.js';
import { writeBetweenMarkers } from './results-file.js';

const RUNS = 30;
/** Leads in the 50-community site for the inbox rows, spread evenly over the communities. */
const LEADS = 100_000;
/** The communities the counselor of the inbox rows works in. */
const COUNSELOR_COMMUNITIES = 2;
const COUNSELOR = { username: 'counselor', password: 'quiet orchard lantern 42' };
const WARM_UP_RUNS = 5;
const SEARCHES = 200;
const FEED_RUNS = 10;
const SEED = 20261128;
const RESULTS = path.join('tools', 'bench', 'communities-results.md');

/** What Chromium sends: the compression middleware picks br for a render, the page cache answers gzip. */
const BROWSER_ENCODINGS = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

interface Timing {
  /** Wall time as the client sees it. */
  ms: number;
  /** Wall time in the server: from the request's arrival to its last byte handed to the socket. */
  serverMs: number;
  /** CPU time of this process meanwhile (server and the in-process client). */
  cpuMs: number;
}

interface Summary {
  median: Timing;
  /** The 95th percentile of each figure on its own. */
  p95: Timing;
  runs: number;
}

interface CommunitiesBenchSite {
  url: string;
  db: Knex;
  pageCache: PageCache;
  communities: readonly Community[];
  lastServerMs(): number;
  close(): Promise<void>;
}

/** The app in this process on a fresh SQLite database seeded with `count` sample communities, on a free port. */
async function startSite(count: number): Promise<CommunitiesBenchSite> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `bench-communities-${count}-`));
  const config = testConfig(dir, `sqlite:${path.join(dir, 'site.sqlite')}`, {
    ...STAFF_ENV,
    SAMPLE_COMMUNITIES: String(count),
  });
  const site = await createSite(config, createLogger(config));
  const server = site.app.listen(0, '127.0.0.1');
  let lastServerMs = NaN;
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    const start = process.hrtime.bigint();
    res.once('finish', () => (lastServerMs = Number(process.hrtime.bigint() - start) / 1e6));
  });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    db: site.db,
    pageCache: site.pageCache,
    communities: site.communities.all(),
    lastServerMs: () => lastServerMs,
    async close() {
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      await site.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Asks for `url` (signed in by `cookie`, if given) and reads the whole body; throws unless it answers 200 (a
 * redirect is not followed).
 */
async function get(url: string, cookie?: string): Promise<string> {
  const headers = cookie ? { ...BROWSER_ENCODINGS, Cookie: cookie } : BROWSER_ENCODINGS;
  const response = await fetch(url, { headers, redirect: 'manual' });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return body;
}

async function timed(site: CommunitiesBenchSite, run: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { ms, serverMs: site.lastServerMs(), cpuMs: (used.user + used.system) / 1000 };
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

function summary(timings: readonly Timing[]): Summary {
  const p95 = (key: keyof Timing) =>
    percentile(
      timings.map((t) => t[key]),
      0.95,
    );
  return {
    median: {
      ms: medianBy(timings, (t) => t.ms).ms,
      serverMs: medianBy(timings, (t) => t.serverMs).serverMs,
      cpuMs: medianBy(timings, (t) => t.cpuMs).cpuMs,
    },
    p95: { ms: p95('ms'), serverMs: p95('serverMs'), cpuMs: p95('cpuMs') },
    runs: timings.length,
  };
}

/** A page asked for on one of the sites, cached or cleared from the cache first. */
interface Probe {
  site: CommunitiesBenchSite;
  path: string;
  uncached: boolean;
  /** A staff session's cookie, for staff pages. */
  cookie?: string;
}

/**
 * Each probe RUNS times (after WARM_UP_RUNS), taking turns within each run so that the load of the moment falls
 * on all of them alike.
 */
async function measureInTurns<const P extends readonly Probe[]>(probes: P): Promise<{ [K in keyof P]: Summary }> {
  const timings: Timing[][] = probes.map(() => []);
  for (const probe of probes) await get(`${probe.site.url}${probe.path}`, probe.cookie);
  for (let run = 0; run < RUNS + WARM_UP_RUNS; run += 1) {
    for (const [index, probe] of probes.entries()) {
      if (probe.uncached) probe.site.pageCache.clear();
      const timing = await timed(probe.site, () => get(`${probe.site.url}${probe.path}`, probe.cookie));
      if (run >= WARM_UP_RUNS) timings[index]!.push(timing);
    }
  }
  return timings.map(summary) as { [K in keyof P]: Summary };
}

/** Mulberry32: a small seeded generator, so every run searches the same 200 combinations. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` search queries with each filter present about a third of the time, drawn from the site's communities
 * and cities and the ranges of the sample's plans and homesites.
 */
export function randomSearches(count: number, communities: readonly Community[], seed = SEED): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const sometimes = () => random() < 0.3;
  const cities = [...new Set(communities.map((community) => community.city))];
  return Array.from({ length: count }, () => {
    const query = new URLSearchParams();
    if (sometimes()) {
      const how = 1 + Math.floor(random() * 3);
      for (let index = 0; index < how; index += 1) query.append('community', pick(communities).slug);
    }
    if (sometimes()) query.set('city', pick(cities));
    const low = 300_000 + Math.floor(random() * 8) * 50_000;
    if (sometimes()) query.set('minPrice', String(low));
    if (sometimes()) query.set('maxPrice', String(low + 100_000 + Math.floor(random() * 6) * 50_000));
    if (sometimes()) query.set('beds', String(2 + Math.floor(random() * 4)));
    if (sometimes()) query.set('baths', pick(['1', '2', '2.5', '3', '3.5']));
    const sqft = 1_200 + Math.floor(random() * 10) * 200;
    if (sometimes()) query.set('minSqft', String(sqft));
    if (sometimes()) query.set('maxSqft', String(sqft + 500 + Math.floor(random() * 5) * 250));
    if (sometimes()) query.set('stories', String(1 + Math.floor(random() * 2)));
    if (sometimes()) query.set('moveIn', pick(MOVE_IN_CHOICES));
    if (sometimes()) query.set('type', pick(HOME_TYPES));
    if (sometimes()) query.set('sort', pick(HOME_SORTS));
    if (sometimes()) query.set('page', String(1 + Math.floor(random() * 3)));
    return query.toString();
  });
}

/**
 * Each search once, in order. `clearEach`: the page cache is cleared before each one, so the search reads every
 * community's homes again as the first search after a change does; otherwise the cache is cleared once before the
 * first, and each distinct search is a miss that finds the homes already read.
 */
async function measureSearches(
  site: CommunitiesBenchSite,
  pathname: string,
  queries: readonly string[],
  clearEach: boolean,
) {
  const timings: Timing[] = [];
  let results = 0;
  site.pageCache.clear();
  for (const query of queries) {
    if (clearEach) site.pageCache.clear();
    const timing = await timed(site, async () => {
      const body = await get(`${site.url}${pathname}?${query}`);
      if (pathname.endsWith('.json')) results += (JSON.parse(body) as { total: number }).total;
    });
    timings.push(timing);
  }
  return { summary: summary(timings), results };
}

/** Puts `table` between the markers of the results file (or the whole file, when it has none yet). */
function writeResults(table: string): Promise<void> {
  return writeBetweenMarkers(
    RESULTS,
    'communities',
    table,
    (_before, block) => `# A builder's site at 50 communities\n\n${block}\n`,
  );
}

const fixed = (value: number) => value.toFixed(1);

async function main(): Promise<void> {
  const one = await startSite(1);
  const many = await startSite(50);
  try {
    // Before any request: a pause longer than the server's keep-alive would leave the client a closed connection.
    const seedSeconds = await seedCommunityLeads(many.db, many.communities, LEADS, ['staff', COUNSELOR.username]);
    const sample = many.communities[0]!;
    const generated = many.communities[Math.floor(many.communities.length / 2)]!;
    const samplePlan = `/communities/${sample.slug}/site-plan`;
    const generatedPlan = `/communities/${generated.slug}/site-plan`;

    const [hitHomeOne, hitHomeMany, hitPlanOne, hitPlanMany, hitGeneratedPlan] = await measureInTurns([
      { site: one, path: '/', uncached: false },
      { site: many, path: '/', uncached: false },
      { site: one, path: '/site-plan', uncached: false },
      { site: many, path: samplePlan, uncached: false },
      { site: many, path: generatedPlan, uncached: false },
    ]);
    const [missHomeOne, missHomeMany, missPlanOne, missPlanMany, missGeneratedPlan] = await measureInTurns([
      { site: one, path: '/', uncached: true },
      { site: many, path: '/', uncached: true },
      { site: one, path: '/site-plan', uncached: true },
      { site: many, path: samplePlan, uncached: true },
      { site: many, path: generatedPlan, uncached: true },
    ]);

    const queries = randomSearches(SEARCHES, many.communities);
    // Warm-up: the search code's first runs, not measured.
    for (const query of queries.slice(0, 10)) await get(`${many.url}/homes?${query}`);
    const homesCleared = await measureSearches(many, '/homes', queries, true);
    // Distinct searches, so that none is answered from the page cache.
    const distinct = [...new Set(queries)];
    const homes = await measureSearches(many, '/homes', distinct, false);
    const homesJson = await measureSearches(many, '/homes.json', queries, false);
    const homesJsonCleared = await measureSearches(many, '/homes.json', queries, true);
    const repeat = queries[0]!;
    const repeatHits: Timing[] = [];
    await get(`${many.url}/homes?${repeat}`);
    for (let run = 0; run < RUNS; run += 1) {
      repeatHits.push(await timed(many, () => get(`${many.url}/homes?${repeat}`)));
    }

    const feedTimings: Timing[] = [];
    let feed = '';
    for (let run = 0; run < FEED_RUNS + 2; run += 1) {
      many.pageCache.clear();
      const timing = await timed(many, async () => (feed = await get(`${many.url}/feeds/bdx.xml`)));
      if (run >= 2) feedTimings.push(timing);
    }
    const feedErrors = await bdxSchemaErrors(feed);
    const subdivisions = feed.match(/<Subdivision\b/g)?.length ?? 0;

    // The inbox at 100,000 leads: a sales counselor invited through the team page and limited to 2 of the 50.
    const owner = await signIn(many.url);
    await teamMember(many.url, owner, 'sales', COUNSELOR.username, COUNSELOR.password);
    const theirs = [many.communities[1]!, many.communities[many.communities.length - 1]!];
    const limited = await staffCall(many.url, `/admin/team/${COUNSELOR.username}`, owner, {
      communities: theirs.map((community) => community.slug),
    });
    if (limited.status !== 200) throw new Error(`limiting the counselor answered ${limited.status}`);
    const counselor = await signIn(many.url, COUNSELOR.username, COUNSELOR.password);
    const ids = theirs.map((community) => community.id);
    const counted = await Promise.all(
      ['contact_messages', 'tours'].map(async (table) =>
        Number(
          ((await many.db(table).whereIn('community_id', ids).count({ n: '*' })) as { n: number | string }[])[0]!.n,
        ),
      ),
    );
    const reached = counted.reduce((sum, n) => sum + n, 0);
    const inboxPages = [
      ['/admin/messages', 'the first page of their leads'],
      [`/admin/messages?community=${theirs[1]!.slug}`, 'one of their communities'],
      ['/admin/messages?source=google&status=contacted', 'filtered'],
      ['/admin/messages?q=garcia', 'a search'],
      ['/admin/messages?kind=tour&page=20', 'tours, page 20'],
      ['/admin', 'the dashboard: counts, leads per source, follow-ups due'],
    ] as const;
    const inbox = await measureInTurns([
      ...inboxPages.map(([pagePath]) => ({ site: many, path: pagePath, uncached: false, cookie: counselor.cookie })),
      { site: many, path: '/admin/messages', uncached: false, cookie: owner.cookie },
    ]);

    const ratio = (a: Summary, b: Summary) => (a.median.serverMs / b.median.serverMs).toFixed(2);
    const cpuRatio = (a: Summary, b: Summary) => (a.median.cpuMs / b.median.cpuMs).toFixed(2);
    type Row = [label: string, figures: Summary, budget: string, within: string];
    const rows: Row[] = [
      [`Cached hit: GET / at 1 community (the community home)`, hitHomeOne, '', ''],
      [
        `Cached hit: GET / at 50 (the builder home); × the hit at 1: ${ratio(hitHomeMany, hitHomeOne)} server, ` +
          `${cpuRatio(hitHomeMany, hitHomeOne)} CPU`,
        hitHomeMany,
        'same as at 1',
        hitHomeMany.median.serverMs <= Math.max(1, hitHomeOne.median.serverMs * 1.5) ? 'yes' : 'NO',
      ],
      [`Cached hit: GET /site-plan at 1 (78 lots)`, hitPlanOne, '', ''],
      [
        `Cached hit: GET ${samplePlan} at 50 (78 lots); × at 1: ${ratio(hitPlanMany, hitPlanOne)} server, ` +
          `${cpuRatio(hitPlanMany, hitPlanOne)} CPU`,
        hitPlanMany,
        'same as at 1',
        hitPlanMany.median.serverMs <= Math.max(1, hitPlanOne.median.serverMs * 1.5) ? 'yes' : 'NO',
      ],
      [`Cached hit: GET /communities/${generated.slug}/site-plan at 50 (200 lots)`, hitGeneratedPlan, '', ''],
      [`Miss: GET / at 1 (the community home)`, missHomeOne, '', ''],
      [
        `Miss: GET / at 50 (the builder home); × the community home at 1: ${ratio(missHomeMany, missHomeOne)} ` +
          `server, ${cpuRatio(missHomeMany, missHomeOne)} CPU`,
        missHomeMany,
        '',
        '',
      ],
      [`Miss: GET /site-plan at 1 (78 lots)`, missPlanOne, '', ''],
      [
        `Miss: GET ${samplePlan} at 50 (78 lots); × at 1: ${ratio(missPlanMany, missPlanOne)} server, ` +
          `${cpuRatio(missPlanMany, missPlanOne)} CPU`,
        missPlanMany,
        '≤ 1.2× at 1',
        missPlanMany.median.serverMs <= missPlanOne.median.serverMs * 1.2 ? 'yes' : 'NO',
      ],
      [
        `Miss: GET /communities/${generated.slug}/site-plan at 50 (200 lots); × /site-plan at 1: ` +
          `${ratio(missGeneratedPlan, missPlanOne)} server, ${cpuRatio(missGeneratedPlan, missPlanOne)} CPU`,
        missGeneratedPlan,
        '',
        '',
      ],
      [
        `Miss: GET /homes at 50, ${distinct.length} distinct filter combinations (seed ${SEED}), one each, the ` +
          'homes read once before',
        homes.summary,
        'p95 ≤ 50',
        homes.summary.p95.serverMs <= 50 ? 'yes' : 'NO',
      ],
      [
        `Miss: GET /homes at 50, the same ${SEARCHES}, the page cache cleared before each (every community's ` +
          'homes read again, as after a change)',
        homesCleared.summary,
        'p95 ≤ 50',
        homesCleared.summary.p95.serverMs <= 50 ? 'yes' : 'NO',
      ],
      [
        `Cached hit: GET /homes?${repeat} at 50, repeated`,
        summary(repeatHits),
        'a hit',
        summary(repeatHits).median.serverMs <= Math.max(1, hitHomeOne.median.serverMs * 1.5) ? 'yes' : 'NO',
      ],
      [
        `GET /homes.json at 50, the same ${SEARCHES} (${homesJson.results} matches in all)`,
        homesJson.summary,
        'p95 ≤ 30',
        homesJson.summary.p95.serverMs <= 30 ? 'yes' : 'NO',
      ],
      [
        `GET /homes.json at 50, the same ${SEARCHES}, the page cache cleared before each`,
        homesJsonCleared.summary,
        'p95 ≤ 30',
        homesJsonCleared.summary.p95.serverMs <= 30 ? 'yes' : 'NO',
      ],
      [
        `Miss: GET /feeds/bdx.xml at 50 (${subdivisions} Subdivisions, ${(Buffer.byteLength(feed) / 1024).toFixed(0)} ` +
          `KB; NHlist 7.7 schema: ${feedErrors.length === 0 ? 'valid' : `INVALID, ${feedErrors.length} errors`})`,
        summary(feedTimings),
        'median ≤ 500, valid',
        summary(feedTimings).median.serverMs <= 500 && feedErrors.length === 0 ? 'yes' : 'NO',
      ],
      ...inboxPages.map(([pagePath, what], index): Row => {
        const figures = inbox[index]!;
        return [
          `Staff: GET ${pagePath} (${what}), a sales counselor limited to ${COUNSELOR_COMMUNITIES} of 50 ` +
            `(${reached.toLocaleString('en-US')} of the ${LEADS.toLocaleString('en-US')} leads)`,
          figures,
          'p95 ≤ 50',
          figures.p95.serverMs <= 50 ? 'yes' : 'NO',
        ];
      }),
      [
        'Staff: GET /admin/messages, the owner (every community, all the leads), for comparison',
        inbox[inboxPages.length]!,
        '',
        '',
      ],
    ];
    const table = [
      `Written by \`npm run bench:communities\` on ${new Date().toISOString().slice(0, 16)}Z (${os.cpus().length} ` +
        `CPUs, Node ${process.version}, SQLite, load average ${os.loadavg()[0]?.toFixed(1)} at the end). Two sites ` +
        'in one process: SAMPLE_COMMUNITIES=1 (the sample, 78 lots) and SAMPLE_COMMUNITIES=50 (the sample and 49 ' +
        'generated communities of 200 homesites), requests to them taking turns. "Miss" clears the page cache ' +
        "before each request (rendered, stored and sent). Times in ms: the client's over loopback (asking for " +
        "gzip, deflate, br, zstd as Chromium does), the server's (arrival to last byte sent), and CPU time of the " +
        `process meanwhile; medians of ${RUNS} after ${WARM_UP_RUNS} warm-up runs unless said, p95 beside them. ` +
        'The machine is shared: judge by the ratios between rows measured in turns, and by CPU time. Budgets apply ' +
        'to server ms. Run it with NODE_ENV=production (React production build). The staff rows: ' +
        `${LEADS.toLocaleString('en-US')} leads (two messages for each tour, 2 % spam, every tenth with an owner ` +
        `and a follow-up date) spread evenly over the 50 communities, seeded in ${seedSeconds.toFixed(0)} s into ` +
        'the live database (no ANALYZE, as a live site has none), pages asked for in turns as above.',
      '',
      '| Measure | ms (median) | Server ms (median) | Server ms (p95) | CPU ms (median) | Budget | Within |',
      '|---|---:|---:|---:|---:|---|---|',
      ...rows.map(
        ([label, figures, budget, within]) =>
          `| ${label} | ${fixed(figures.median.ms)} | ${fixed(figures.median.serverMs)} | ` +
          `${fixed(figures.p95.serverMs)} | ${fixed(figures.median.cpuMs)} | ${budget} | ${within} |`,
      ),
    ].join('\n');
    console.log(table);
    if (feedErrors.length > 0) console.log(feedErrors.slice(0, 10).join('\n'));
    await writeResults(table);
  } finally {
    await one.close();
    await many.close();
  }
}

await main();
