/**
 * npm run bench:load: 100 connections for 30 s over a mix of public pages and read calls, plus a slower stream
 * of contact posts, against the production build on a fresh SQLite database. Checks zero errors and timeouts,
 * that every `success` has its row, and resident memory after the run vs the warm start; writes
 * tools/bench/load-results.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import { freePort } from './server.js';

/** The project this measures: built and served from its own folder, whatever folder the command ran in. */
const PROJECT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS_FILE = fileURLToPath(new URL('load-results.md', import.meta.url));

const DURATION_S = 30;
const CONNECTIONS = 100;
const POSTS_PER_SECOND = 20;
const READ_PATHS = [
  '/',
  '/about',
  '/site-plan',
  '/floor-plans',
  '/floor-plans/sweetwater-ii',
  '/floor-plans/overlook',
  '/contact',
  '/api/homepageimages?sort=order,asc',
  '/api/floorplanImages/search/findByFloorplan?floorplan=The%20Canyon',
];

async function residentMemoryMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: PROJECT_DIR, stdio: 'inherit' });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'load-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['build/server/server.js'], {
    cwd: PROJECT_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      SITE_URL: url,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve) =>
      server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('is running') && resolve()),
    );
    const requests = READ_PATHS.map((pathname) => ({ method: 'GET' as const, path: pathname }));
    await cannon({ url, connections: 20, duration: 5, requests });
    const warm = await residentMemoryMb(server.pid ?? 0);

    let sent = 0;
    const answered: string[] = [];
    const posts = cannon({
      url,
      connections: 4,
      duration: DURATION_S,
      overallRate: POSTS_PER_SECOND,
      requests: [
        {
          method: 'POST',
          path: '/contact/submit',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          setupRequest: (request, context) => {
            const subject = `Load ${(sent += 1)}`;
            (context as { subject?: string }).subject = subject;
            return {
              ...request,
              headers: { ...request.headers, 'x-subject': subject },
              body: new URLSearchParams({
                firstname: 'Load',
                lastname: 'Test',
                email: 'load@example.com',
                phone: '(970) 555-0100',
                subject,
                message: 'Load test',
              }).toString(),
            };
          },
          onResponse: (status, body, context) => {
            const subject = (context as { subject?: string }).subject;
            if (status === 200 && body === 'success' && subject) answered.push(subject);
          },
        },
      ],
    });
    const reads = cannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests, timeout: 10 });
    const [readResult, postResult] = await Promise.all([reads, posts]);
    const after = await residentMemoryMb(server.pid ?? 0);

    const db = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: path.join(dataDir, 'site.sqlite') },
      useNullAsDefault: true,
    });
    const storedSubjects = new Set(
      (await db('contact_messages').where('subject', 'like', 'Load %').select('subject')).map(
        (row: { subject: string }) => row.subject,
      ),
    );
    await db.destroy();
    const stored = storedSubjects.size;
    const lost = answered.filter((subject) => !storedSubjects.has(subject)).length;

    const rows = [
      ['Reads: requests', String(readResult.requests.total)],
      ['Reads: req/s (mean)', readResult.requests.average.toFixed(0)],
      ['Reads: latency p50 / p99 (ms)', `${readResult.latency.p50} / ${readResult.latency.p99}`],
      ['Reads: errors / timeouts / non-2xx', `${readResult.errors} / ${readResult.timeouts} / ${readResult.non2xx}`],
      ['Contact posts: sent / answered success', `${postResult.requests.total} / ${answered.length}`],
      [
        'Contact posts: errors / timeouts / non-2xx',
        `${postResult.errors} / ${postResult.timeouts} / ${postResult.non2xx}`,
      ],
      ['Rows stored for the posts', String(stored)],
      ['Leads lost (answered success, no row)', String(lost)],
      ['Resident memory: warm / after (MB)', `${warm.toFixed(1)} / ${after.toFixed(1)}`],
      ['Memory growth (MB, goal ≤ 20)', (after - warm).toFixed(1)],
    ];
    const report = [
      '# Load test',
      '',
      `${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`,
      '',
      `Command: \`npm run bench:load\` — ${CONNECTIONS} connections for ${DURATION_S} s over ${READ_PATHS.length} pages and read calls, plus ${POSTS_PER_SECOND} contact posts/s, production build, SQLite.`,
      '',
      '| Measure | Value |',
      '|---|---|',
      ...rows.map(([name, value]) => `| ${name} | ${value} |`),
      '',
    ].join('\n');
    await fs.writeFile(RESULTS_FILE, report);
    console.log(report);
    const failed =
      readResult.errors + readResult.timeouts + readResult.non2xx + postResult.errors + postResult.timeouts > 0 ||
      lost > 0;
    process.exitCode = failed ? 1 : 0;
  } finally {
    server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
