/**
 * `npm run bench:desk`: a lead's page on the sales desk when its buyer has 200 events. Starts the app in-process on a
 * fresh SQLite database holding 10,000 other leads and one buyer with 20 leads (messages and tours sharing an e-mail
 * or a phone) and 180 timeline entries over them (notes, status and owner changes, e-mails), then measures the median
 * server time of GET /admin/leads/<kind>/<id> and its .json. Writes tools/bench/desk-results.md. Budget: 50 ms, as
 * the inbox's pages (issue 14).
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadContent } from '../../src/content/index.js';
import { connectDatabase } from '../../src/db/connect.js';
import { leadSearchColumns } from '../../src/db/lead-search.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { seedSampleContent } from '../../src/db/seed-sample.js';
import { createLogger } from '../../src/logger.js';
import { createSite } from '../../src/site.js';
import { signIn, STAFF_ENV } from '../../test/support/staff.js';
import { testConfig } from '../../test/support/test-server.js';
import { medianPageTime, type PageTime } from './page-time.js';
import { firstCommunity } from '../../src/prepare-database.js';

const OTHER_LEADS = 10_000;
const BUYER_LEADS = 20;
const BUYER_ENTRIES = 180;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 3;
const BUDGET_MS = 50;

/** The other leads, the buyer's 20 leads and 180 entries; returns the buyer's newest message. */
async function seed(file: string): Promise<number> {
  const db = connectDatabase({ client: 'sqlite', filename: file });
  await migrateToLatest(db);
  await seedSampleContent(db, loadContent(), await firstCommunity(db, loadContent()));
  const now = Date.now();
  let newest = 0;
  await db.transaction(async (trx) => {
    let batch: Record<string, unknown>[] = [];
    for (let index = 0; index < OTHER_LEADS; index += 1) {
      const lead = {
        firstname: `Buyer${index}`,
        lastname: 'Smith',
        email: `buyer${index}@example.com`,
        phone: `(303) 555-${String(index % 10_000).padStart(4, '0')}`,
      };
      batch.push({
        ...lead,
        ...leadSearchColumns(lead),
        subject: `Question ${index}`,
        message: 'We would like to know more about the community.',
        created_at: new Date(now - index * 60_000).toISOString().slice(0, 19).replace('T', ' '),
      });
      if (batch.length >= 400) {
        await trx('contact_messages').insert(batch);
        batch = [];
      }
    }
    if (batch.length) await trx('contact_messages').insert(batch);
    const leads: { kind: 'message' | 'tour'; id: number; at: string }[] = [];
    for (let index = 0; index < BUYER_LEADS; index += 1) {
      const at = new Date(now - (BUYER_LEADS - index) * 86_400_000).toISOString();
      // Half by the same e-mail (in varying case), half by the same phone; the last (measured) one has both.
      const last = index === BUYER_LEADS - 1;
      const person = {
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: last ? 'ada@example.com' : index % 2 ? 'ADA@Example.com' : `ada+${index}@example.com`,
        phone: last || index % 2 === 0 ? '(970) 555-0199' : `(970) 555-${String(index).padStart(4, '0')}`,
      };
      if (index % 4 === 2) {
        const [row] = await trx('tours')
          .insert({
            ...person,
            ...leadSearchColumns(person),
            token: `bench-desk-${index}`,
            start_at: new Date(Date.parse(at) + 3 * 86_400_000).toISOString(),
            slot_minutes: 60,
            message: 'Bringing my parents.',
            status: 'toured',
            created_at: at,
          })
          .returning('id');
        leads.push({ kind: 'tour', id: Number((row as { id: number }).id), at });
      } else {
        const [row] = await trx('contact_messages')
          .insert({
            ...person,
            ...leadSearchColumns(person),
            subject: `Question ${index}`,
            message: 'Which homesites allow a walkout basement?',
            created_at: at.slice(0, 19).replace('T', ' '),
          })
          .returning('id');
        const id = Number((row as { id: number }).id);
        leads.push({ kind: 'message', id, at });
        newest = id;
      }
    }
    const types = ['note', 'status', 'owner', 'email', 'follow-up'] as const;
    const events = Array.from({ length: BUYER_ENTRIES }, (_, index) => {
      const lead = leads[index % leads.length]!;
      const type = types[index % types.length]!;
      const details = {
        note: { text: `Called back (${index}); wants a walkout basement and a three-car garage.` },
        status: { from: 'new', to: 'contacted' },
        owner: { from: null, to: 'staff' },
        email: {
          to: 'ada@example.com',
          email: { subject: `About lot ${index}`, text: 'Lot 12 is still open.\nCall me.', counselor: 'staff' },
        },
        'follow-up': { from: null, to: '2026-12-01' },
      }[type];
      return {
        lead_kind: lead.kind,
        lead_id: lead.id,
        at: new Date(Date.parse(lead.at) + (index + 1) * 60_000).toISOString(),
        actor: 'staff',
        type,
        details: JSON.stringify(details),
      };
    });
    await trx('lead_events').insert(events);
  });
  await db.raw('analyze');
  await db.destroy();
  return newest;
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-desk-'));
  const file = path.join(dir, 'site.sqlite');
  const lead = await seed(file);
  const config = testConfig(dir, `sqlite:${file}`, STAFF_ENV);
  const site = await createSite(config, createLogger(config));
  const server = site.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const staff = await signIn(url);
    const json = (await (
      await fetch(`${url}/admin/leads/message/${lead}.json`, { headers: { Cookie: staff.cookie } })
    ).json()) as { buyer: { leads: unknown[] }; timeline: unknown[] };
    const pages = [
      [`GET /admin/leads/message/<id> (the page)`, `/admin/leads/message/${lead}`],
      [`GET /admin/leads/message/<id>.json`, `/admin/leads/message/${lead}.json`],
    ] as const;
    const rows: [string, PageTime][] = [];
    for (const [label, pagePath] of pages) {
      rows.push([label, await medianPageTime(`${url}${pagePath}`, staff.cookie, { runs: RUNS, warmUp: WARM_UP })]);
      console.error(`measured ${label}: ${rows.at(-1)![1].ms.toFixed(1)} ms`);
    }
    const report = [
      '# The sales desk: a buyer with 200 events',
      '',
      `Written by \`npm run bench:desk\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} CPUs, Node ${process.version}, SQLite, load average ${os.loadavg()[0]!.toFixed(1)} at the end). ${OTHER_LEADS.toLocaleString('en-US')} other leads; the buyer has ${json.buyer.leads.length} leads (messages and tours, by e-mail in any case or by phone) and ${json.timeline.length} timeline entries (each lead's arrival and ${BUYER_ENTRIES} staff entries: notes, status, owner and follow-up changes, e-mails). Server time as the client sees it over loopback, median of ${RUNS} after ${WARM_UP} warm-up requests, React production build (NODE_ENV=production).`,
      '',
      '| Measure | ms | CPU ms | Budget (ms) | Within |',
      '|---|---:|---:|---:|---|',
      ...rows.map(
        ([label, time]) =>
          `| ${label} | ${time.ms.toFixed(1)} | ${time.cpuMs.toFixed(1)} | ${BUDGET_MS} | ${time.ms <= BUDGET_MS ? 'yes' : 'no'} |`,
      ),
      '',
      '"CPU ms": the median CPU time of this process per request (the server, SQLite in-process, gzip and the client).',
      '',
    ].join('\n');
    await fs.writeFile(new URL('./desk-results.md', import.meta.url), report);
    console.log(report);
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await site.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
