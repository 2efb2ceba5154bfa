import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseTarget } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { createLogger } from '../../src/logger.js';
import { restoreBackup } from '../../src/services/backup.js';
import { createSite, type Site } from '../../src/site.js';
import type { FixtureManifest } from '../../tools/fixtures/make-wave3-backup.js';
import { POSTGRES_COMMANDS, startPostgres, type RunningPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';
import { csrfTokenOf, postSignIn, type Staff } from '../support/staff.js';
import { cookieAfter, totpCode } from '../support/team.js';
import { databaseUrlOf, tableNames } from '../support/test-database.js';
import { testConfig } from '../support/test-server.js';

/**
 * Issue 36, item 5: a wave-3 database upgrades in place, nothing lost. The fixtures are backups written by the
 * wave-3 site itself (tools/fixtures/make-wave3-backup.ts, through its routes and its backup code): this restores
 * one with the project's restore code, counts every table straight from the restored database before the site has
 * started, starts the site on it (which migrates it, as `npm start` does), and counts again.
 */

const FIXTURES = path.resolve('test', 'fixtures');

/**
 * Tables a migration newer than the fixture creates: they are not in the wave-3 database, so they have no count to
 * keep. A new migration that adds a table names it here (the test fails on a table it does not expect).
 */
const TABLES_ADDED_SINCE_WAVE_3: readonly string[] = [
  'communities',
  'community_lead_turns',
  'site_plan_files',
  'user_communities',
];

/** Sections added since wave 3: the upgrade gives an existing install each one, from the sample. */
const SECTIONS_ADDED_SINCE_WAVE_3 = ['financing', 'offerings'];

/**
 * Not compared by count: Knex's record of migrations (the upgrade adds to it; compared by name instead) and its
 * lock, and the storage of SQLite's full-text indexes over the leads (derived from the leads tables, whose own
 * counts are compared; the inbox search is tried instead).
 */
const NOT_COUNTED = (table: string) =>
  table === 'knex_migrations' ||
  table === 'knex_migrations_lock' ||
  /_search(_data|_idx|_docsize|_config)?$/.test(table);

/** The rows of every table, by name. */
type RowCounts = Map<string, number>;

async function countRows(db: Knex): Promise<RowCounts> {
  const counts: RowCounts = new Map();
  for (const table of await tableNames(db)) {
    if (NOT_COUNTED(table)) continue;
    const row = await db(table).count({ n: '*' }).first();
    counts.set(table, Number(row?.n ?? 0));
  }
  return counts;
}

/** What the test reads from the restored database before the site first starts on it. */
interface BeforeStart {
  counts: RowCounts;
  migrations: string[];
  sections: {
    section: string;
    published_version: number;
    draft_version: number | null;
    scheduled_version: number | null;
  }[];
  published: Record<string, unknown>;
  homesiteChanges: { lot: number; changed_by: string; source: string; changes: string }[];
}

async function readBeforeStart(db: Knex): Promise<BeforeStart> {
  const sections = (await db('content_sections')
    .orderBy('section')
    .select('section', 'published_version', 'draft_version', 'scheduled_version')) as BeforeStart['sections'];
  const published: Record<string, unknown> = {};
  for (const { section, published_version } of sections) {
    const row = (await db('content_versions').where({ section, version: published_version }).first()) as {
      data: unknown;
    };
    published[section] = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
  }
  return {
    counts: await countRows(db),
    migrations: (await db('knex_migrations').orderBy('id').pluck('name')) as string[],
    sections,
    published,
    homesiteChanges: (await db('homesite_changes')
      .orderBy('id')
      .select('lot', 'changed_by', 'source', 'changes')) as BeforeStart['homesiteChanges'],
  };
}

/** A wave-3 backup restored and the site started on it. */
interface UpgradedSite {
  manifest: FixtureManifest;
  before: BeforeStart;
  /** Every table's rows before the site started on the restored database and right after it started. */
  counts: { before: RowCounts; after: RowCounts };
  url: string;
  site: Site;
  /** Where the restore put the uploads. */
  uploadDir: string;
  close(): Promise<void>;
}

/**
 * Restores `fixture` (a folder under test/fixtures) onto `database` with the project's restore code, reads the
 * database before anything else touches it, then starts the site on it and counts again before any request.
 */
async function restoreAndUpgrade(
  fixture: string,
  database: (dataDir: string) => DatabaseTarget,
): Promise<UpgradedSite> {
  const backupDir = path.join(FIXTURES, fixture);
  const manifest = JSON.parse(await fs.readFile(path.join(backupDir, 'fixture.json'), 'utf8')) as FixtureManifest;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wave3-upgrade-'));
  const target = database(dataDir);
  const uploadDir = path.join(dataDir, 'uploads');
  await restoreBackup({ backupDir, database: target, uploadDir });

  const restored = connectDatabase(target);
  let before: BeforeStart;
  try {
    before = await readBeforeStart(restored);
  } finally {
    await restored.destroy();
  }

  // The expiry of audit rows is by age: the fixture's rows are kept however old the fixture gets.
  const config = testConfig(dataDir, databaseUrlOf(target), { AUDIT_RETENTION_DAYS: '36500', TRUST_PROXY: '1' });
  const site = await createSite(config, createLogger(config));
  const after = await countRows(site.db).catch(async (error: unknown) => {
    await site.close();
    throw error;
  });
  const server = site.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    manifest,
    before,
    counts: { before: before.counts, after },
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    site,
    uploadDir,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await site.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let signIns = 0;
/** Each sign-in from its own address, so that none counts against another's limit (the fixture keeps its own). */
function freshAddress(): Record<string, string> {
  signIns += 1;
  return { 'X-Forwarded-For': `192.0.2.${signIns}` };
}

/** Password, then (when the account has two-factor) `code`: the staff session the two steps end in. */
async function signInWith(url: string, username: string, password: string, code?: string): Promise<Staff> {
  const headers = freshAddress();
  const first = await postSignIn(url, username, password, { headers });
  expect(first.status, `${username}'s password`).to.equal(303);
  let cookie = cookieAfter(first, '');
  if (code !== undefined) {
    expect(first.headers.get('location')).to.equal('/login/two-factor');
    const second = await fetch(`${url}/login/two-factor`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: url, ...headers },
      body: new URLSearchParams({ code }),
    });
    expect(second.status, `${username}'s second step`).to.equal(303);
    cookie = cookieAfter(second, cookie);
  }
  return { cookie, token: await csrfTokenOf(url, cookie) };
}

/**
 * The checks every database variant passes after the upgrade. Checks about communities (the one community every
 * wave-3 row now belongs to) go in the `after the upgrade` block below.
 */
function upgradeChecks(upgraded: () => UpgradedSite): void {
  describe('after the upgrade', () => {
    it('is one community, named and placed by its published community section, that owns every row', async () => {
      const { before, site } = upgraded();
      const communities = (await site.db('communities').select('*')) as {
        id: number;
        slug: string;
        name: string;
        status: string;
        published_at: string | null;
        time_zone: string;
      }[];
      const section = before.published.community as { name: string; timeZone: string };
      expect(communities).to.have.length(1);
      expect(communities[0]).to.include({ slug: 'maple-hollow', name: section.name, status: 'selling' });
      expect(communities[0]?.time_zone).to.equal(section.timeZone);
      expect(communities[0]?.published_at).to.be.a('string');
      const id = Number(communities[0]?.id);
      for (const table of [
        'homesites',
        'homesite_changes',
        'tours',
        'tour_slots',
        'contact_messages',
        'interest_entries',
        'interest_releases',
        'interest_updates',
        'agent_registrations',
        'homepage_images',
      ]) {
        const owners = (await site.db(table).distinct('community_id').pluck('community_id')) as number[];
        expect(owners.map(Number), `${table}'s rows belong to the one community`).to.deep.equal([id]);
      }
      const scopes = (await site.db('content_sections').select('scope', 'section')) as {
        scope: number;
        section: string;
      }[];
      const ownSections = ['community', 'homesites', 'media', 'nearby', 'offerings', 'promotions', 'tours'];
      for (const row of scopes) {
        expect(Number(row.scope), row.section).to.equal(ownSections.includes(row.section) ? id : 0);
      }
    });

    it('offers every plan of the library in the community at the price it had', async () => {
      const { before, site } = upgraded();
      const library = (before.published['floor-plans'] as { plans: { slug: string; basePrice: number | null }[] })
        .plans;
      const offered = site.content.published().floorPlans;
      expect(offered.map((plan) => [plan.slug, plan.basePrice])).to.deep.equal(
        library.map((plan) => [plan.slug, plan.basePrice]),
      );
    });

    it('keeps every row of every wave-3 table, as many as the backup was made with', () => {
      const { counts, manifest } = upgraded();
      const { before, after } = counts;
      const wave3Tables = [...before.keys()];
      expect(wave3Tables, 'tables in the backup').to.have.length.greaterThan(30);
      // The restore brought back what the site counted when the backup was made.
      for (const table of wave3Tables) {
        expect(before.get(table), `${table} restored`).to.equal(manifest.rowCounts[table]);
        expect(before.get(table), `${table} has rows in the fixture`).to.be.greaterThan(0);
      }
      // The content gains one section and its first version for each section added since wave 3.
      const expected = Object.fromEntries(before);
      for (const table of ['content_sections', 'content_versions']) {
        expected[table] = (before.get(table) ?? 0) + SECTIONS_ADDED_SINCE_WAVE_3.length;
      }
      expect(Object.fromEntries(wave3Tables.map((table) => [table, after.get(table)]))).to.deep.equal(expected);
      const added = [...after.keys()].filter((table) => !before.has(table));
      expect(added.sort(), 'tables the upgrade added').to.deep.equal([...TABLES_ADDED_SINCE_WAVE_3].sort());
    });

    it('keeps the record of every wave-3 migration', async () => {
      const { before, site } = upgraded();
      const names = (await site.db('knex_migrations').pluck('name')) as string[];
      expect(names).to.include.members(before.migrations);
    });

    it('keeps every content section: the published version, its data, the draft and the schedule', async () => {
      const { before, site, url } = upgraded();
      const after = await readBeforeStart(site.db);
      const wave3 = <T extends { section: string }>(rows: T[]) =>
        rows.filter((row) => !SECTIONS_ADDED_SINCE_WAVE_3.includes(row.section));
      expect(wave3(after.sections)).to.deep.equal(before.sections);
      for (const section of SECTIONS_ADDED_SINCE_WAVE_3) delete after.published[section];
      expect(after.published).to.deep.equal(before.published);
      expect(before.sections.find((row) => row.section === 'community')?.draft_version).to.be.a('number');
      expect(before.sections.find((row) => row.section === 'pages')?.scheduled_version).to.be.a('number');
      const home = await (await fetch(`${url}/`)).text();
      expect(home).to.include('New homes from the low 500s');
      expect(home).to.not.include('A draft nobody published yet');
    });

    it("keeps a lead's text, context, owner, follow-up and timeline on the desk", async () => {
      const { manifest, site, url } = upgraded();
      const { username, password } = manifest.accounts.sales;
      const sales = await signInWith(url, username, password);
      const dana = (await site.db('contact_messages').where({ email: 'dana@example.com' }).first()) as {
        id: number;
        homesite: number;
      };
      const answer = await fetch(`${url}/admin/leads/message/${dana.id}.json`, { headers: { Cookie: sales.cookie } });
      expect(answer.status).to.equal(200);
      const lead = (await answer.json()) as {
        lead: { message: string; source: string; homesite: number | null };
        owner: string | null;
        followUp: string | null;
        timeline: { type: string; text?: string }[];
      };
      expect(lead.lead.message).to.equal(`Is homesite ${dana.homesite} still available? We would move in by spring.`);
      expect(lead.lead.source).to.equal('newsletter');
      expect(lead.lead.homesite).to.equal(dana.homesite);
      expect(lead.owner).to.equal(username);
      expect(lead.followUp).to.equal('2026-12-04');
      expect(lead.timeline.map((event) => event.type)).to.include.members(['owner', 'follow-up', 'note', 'email']);
      expect(lead.timeline.find((event) => event.type === 'note')?.text).to.equal(
        'Pre-approved with Front Range Lending. Wants a south-facing lot.',
      );
      const search = await (await fetch(`${url}/admin/messages?q=Reyes`, { headers: { Cookie: sales.cookie } })).text();
      expect(search).to.include('Dana');
    });

    it("keeps a homesite's change history", async () => {
      const { before, manifest, url } = upgraded();
      const { username, password } = manifest.accounts.sales;
      const sales = await signInWith(url, username, password);
      const lot = before.homesiteChanges.find((change) => change.changed_by === username)!.lot;
      const answer = await fetch(`${url}/admin/homesites/${lot}/history`, {
        headers: { Cookie: sales.cookie, Accept: 'application/json' },
      });
      expect(answer.status).to.equal(200);
      const { changes } = (await answer.json()) as { changes: { by: string }[] };
      const byWhom = changes.map((change) => change.by).sort();
      const expected = before.homesiteChanges.filter((change) => change.lot === lot).map((change) => change.changed_by);
      expect(byWhom).to.deep.equal(expected.sort());
      expect(expected).to.have.length(2);
    });

    it('lets the owner sign in with the password and the authenticator app, or a recovery code', async () => {
      const { manifest, url } = upgraded();
      const { username, password } = manifest.accounts.owner;
      const withApp = await signInWith(url, username, password, totpCode(manifest.ownerTotpSecret));
      const team = await fetch(`${url}/admin/team.json`, { headers: { Cookie: withApp.cookie } });
      expect(team.status).to.equal(200);
      const withCode = await signInWith(url, username, password, manifest.ownerRecoveryCode);
      expect((await fetch(`${url}/admin`, { headers: { Cookie: withCode.cookie } })).status).to.equal(200);
      const wrong = await postSignIn(url, username, 'not the password', { headers: freshAddress() });
      expect(wrong.status).to.equal(401);
    });

    it('serves the files in the library from the restored uploads', async () => {
      const { site, uploadDir, url } = upgraded();
      const files = (await site.db('files').orderBy('id').select('url', 'stored_url')) as {
        url: string;
        stored_url: string;
      }[];
      expect(files).to.have.length(3);
      for (const file of files) {
        const answer = await fetch(`${url}${file.url}`);
        expect(answer.status, file.url).to.equal(200);
        const stored = await fs.readFile(path.join(uploadDir, file.stored_url.replace(/^\/uploads\//, '')));
        expect(Buffer.from(await answer.arrayBuffer()).equals(stored), file.url).to.equal(true);
      }
    });
  });
}

describe('Upgrading a wave-3 site in place', function () {
  this.timeout(120_000);

  describe('SQLite: a backup restored and the site started on it', () => {
    let upgraded: UpgradedSite;
    before(async () => {
      upgraded = await restoreAndUpgrade('wave3-backup', (dataDir) => ({
        client: 'sqlite',
        filename: path.join(dataDir, 'site.sqlite'),
      }));
    });
    after(async () => upgraded?.close());
    upgradeChecks(() => upgraded);
  });

  describeWithCommands(
    [...POSTGRES_COMMANDS, 'pg_restore'],
    'PostgreSQL: a backup restored and the site started on it',
    () => {
      let postgres: RunningPostgres;
      let upgraded: UpgradedSite;
      let name: string;
      before(async () => {
        postgres = await startPostgres();
        name = `wave3_upgrade_${crypto.randomBytes(4).toString('hex')}`;
        const admin = knexFactory({ client: 'pg', connection: postgres.adminUrl, pool: { min: 0, max: 1 } });
        try {
          await admin.raw(`CREATE DATABASE ${name}`);
        } finally {
          await admin.destroy();
        }
        const url = new URL(postgres.adminUrl);
        url.pathname = `/${name}`;
        upgraded = await restoreAndUpgrade('wave3-backup-postgres', () => ({
          client: 'postgres',
          connectionString: url.toString(),
        }));
      });
      after(async () => {
        await upgraded?.close();
        if (postgres) {
          const admin = knexFactory({ client: 'pg', connection: postgres.adminUrl, pool: { min: 0, max: 1 } });
          try {
            await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } finally {
            await admin.destroy();
          }
          await postgres.stop();
        }
      });
      upgradeChecks(() => upgraded);
    },
  );
});
