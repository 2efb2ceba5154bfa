import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { createLogger } from '../../src/logger.js';
import { createSite } from '../../src/site.js';
import { testConfig } from '../support/test-server.js';
import { operatorScript } from '../support/operator-scripts.js';

const run = promisify(execFile);

/** Runs `npm run content -- …` as an operator does (the same script), and gives back its exit code and output. */
async function content(env: NodeJS.ProcessEnv, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...operatorScript('content'), ...args], {
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run content -- export / import', function () {
  this.timeout(60_000);
  let scratch: string;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'content-commands-'));
    env = {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(scratch, 'site.sqlite')}`,
      DATA_DIR: scratch,
      LOG_LEVEL: 'silent',
    };
  });
  after(() => fs.rm(scratch, { recursive: true, force: true }));

  it('exports every section, refuses a bad file naming every problem, and imports a good one as drafts only', async () => {
    const file = path.join(scratch, 'content.json');
    const exported = await content(env, 'export', file);
    expect(exported.code, exported.stderr).to.equal(0);
    const document = JSON.parse(await fs.readFile(file, 'utf8')) as {
      format: string;
      sections: Record<string, Record<string, unknown>>;
    };
    expect(document.format).to.equal('community-site-content');
    expect(Object.keys(document.sections)).to.include.members([
      'community',
      'floor-plans',
      'promotions',
      'tours',
      'legal',
      'financing',
    ]);

    const bad = structuredClone(document);
    (bad.sections['floor-plans']!.plans as { basePrice: number }[])[0]!.basePrice = -1;
    bad.sections.community!.name = '';
    bad.sections.nowhere = {};
    await fs.writeFile(path.join(scratch, 'bad.json'), JSON.stringify(bad));
    const refused = await content(env, 'import', path.join(scratch, 'bad.json'));
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('floor-plans.plans.0.basePrice');
    expect(refused.stderr).to.include('community.name');
    expect(refused.stderr).to.include('nowhere');

    const good = structuredClone(document);
    good.sections.community!.tagline = 'Imported, not yet published';
    await fs.writeFile(path.join(scratch, 'good.json'), JSON.stringify(good));
    const dry = await content(env, 'import', path.join(scratch, 'good.json'), '--dry-run');
    expect(dry.code, dry.stderr).to.equal(0);
    expect(dry.stdout).to.match(/would become drafts: community \(dry run/);
    const imported = await content(env, 'import', path.join(scratch, 'good.json'));
    expect(imported.code, imported.stderr).to.equal(0);
    expect(imported.stdout).to.include('community (draft 2)');

    const config = testConfig(scratch, env.DATABASE_URL!);
    const site = await createSite(config, createLogger(config));
    try {
      const view = (await site.content.view('community'))!;
      expect(view.draft?.data).to.include({ tagline: 'Imported, not yet published' });
      expect(view.published.version).to.equal(1);
      expect(site.content.published().community.tagline).to.equal("Homes From The Mid 500's");
    } finally {
      await site.close();
    }
  });

  it('names section and field in plain words for mistyped dates and text it cleans, in a dry run too', async () => {
    const file = path.join(scratch, 'dates.json');
    expect((await content(env, 'export', file)).code).to.equal(0);
    const document = JSON.parse(await fs.readFile(file, 'utf8')) as {
      sections: Record<string, Record<string, unknown>>;
    };
    document.sections.tours!.closedDates = ['2026-13-01'];
    (document.sections.promotions!.promotions as Record<string, unknown>[])[0]!.starts = '2026-02-30';
    (document.sections.legal!.privacy as Record<string, unknown>).updated = '2026-13-45';
    await fs.writeFile(file, JSON.stringify(document));
    const dry = await content(env, 'import', file, '--dry-run');
    expect(dry.code).to.equal(1);
    expect(dry.stderr).not.to.match(/RangeError|Invalid time value/);
    expect(dry.stderr).to.include(
      'Tour hours › Closed date 1 (tours.closedDates.0): Closed date 1 must be a real date.',
    );
    expect(dry.stderr).to.match(
      /Promotions › Promotion 1[^(]* › First day \(promotions\.promotions\.0\.starts\): First day must be a real date\./,
    );
    expect(dry.stderr).to.include('(legal.privacy.updated): Updated must be a real date.');

    // Text is cleaned as the editor cleans it: a control character in a name is not a problem, and is not kept.
    const clean = JSON.parse(await fs.readFile(path.join(scratch, 'content.json'), 'utf8')) as {
      sections: Record<string, Record<string, unknown>>;
    };
    clean.sections.builder!.name = 'Summit\u0000 Lane\u0001 Homes, Inc.\ufffe';
    await fs.writeFile(file, JSON.stringify(clean));
    const imported = await content(env, 'import', file);
    expect(imported.code, imported.stderr).to.equal(0);
    const config = testConfig(scratch, env.DATABASE_URL!);
    const site = await createSite(config, createLogger(config));
    try {
      expect((await site.content.view('builder'))!.draft?.data).to.include({ name: 'Summit Lane Homes, Inc.' });
    } finally {
      await site.close();
    }
  });

  it('stops start-up when a published document was edited by hand into something invalid, naming section and field', async () => {
    const config = testConfig(scratch, env.DATABASE_URL!);
    const site = await createSite(config, createLogger(config));
    await site
      .db('content_versions')
      .where({ section: 'tours', version: 1 })
      .update({ data: JSON.stringify({ ...site.content.published().tours, slotMinutes: 5 }) });
    await site.close();
    let failure: unknown;
    try {
      const again = await createSite(config, createLogger(config));
      await again.close();
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(Error);
    expect((failure as Error).name).to.equal('ContentError');
    expect((failure as Error).message).to.include('tours.slotMinutes');
  });
});
