import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';
import { loadStartSettings } from '../../src/start-settings.js';

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** The installed packages (workspaces aside) with an install script npm would run: (pre|post)install, or node-gyp's. */
async function installScriptPackages(folder: string): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    const at = path.join(folder, entry.name);
    if (entry.name.startsWith('.') || !entry.isDirectory()) continue; // .bin, .cache; workspaces are links
    if (entry.name.startsWith('@')) {
      names.push(...(await installScriptPackages(at)));
      continue;
    }
    const manifest = await fs.readFile(path.join(at, 'package.json'), 'utf8').catch(() => undefined);
    if (manifest) {
      const { name, scripts = {} } = JSON.parse(manifest) as { name: string; scripts?: Record<string, string> };
      const gyp = await exists(path.join(at, 'binding.gyp'));
      if (scripts.preinstall || scripts.install || scripts.postinstall || gyp) names.push(name);
    }
    const nested = path.join(at, 'node_modules');
    if (await exists(nested)) names.push(...(await installScriptPackages(nested)));
  }
  return [...new Set(names)].sort();
}

/**
 * The README is a newcomer's first page: it opens with the two commands, its quick start makes the first staff
 * account and sets up mail with settings the site accepts, and every guide it sends the reader to is there.
 */
describe('The README', () => {
  let readme: string;
  before(async () => {
    readme = await fs.readFile('README.md', 'utf8');
  });

  it('opens with the two commands', () => {
    const opening = /^# .+\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(opening.split('\n').map((line) => line.split('#')[0]!.trim())).to.deep.equal([
      'npm install && npm start',
      'npm test',
      '',
    ]);
  });

  it('builds the site on npm install, so that the first npm start and npm test need not encode the images', async () => {
    const { scripts } = JSON.parse(await fs.readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
    // npm runs `prepare` after `npm install` and `npm ci` (not after --ignore-scripts): the same build as npm run build.
    expect(scripts.prepare).to.equal(scripts.build);
    expect(scripts.start).to.include(`&& ${scripts.build} &&`);
    expect(readme).to.include('`npm install` (and `npm ci`) also builds the site');
  });

  it("names every dependency's install script in package.json's allowScripts, so that npm install asks about none", async () => {
    const { allowScripts } = JSON.parse(await fs.readFile('package.json', 'utf8')) as {
      allowScripts: Record<string, boolean>;
    };
    const withScripts = await installScriptPackages('node_modules');
    expect(withScripts).to.include('better-sqlite3');
    expect(withScripts.filter((name) => !(name in allowScripts))).to.deep.equal([]);
    expect(allowScripts['vnu-jar']).to.equal(false);
  });

  it('says why each dependency is there: every package of package.json and its workspaces in its table', async () => {
    const { workspaces } = JSON.parse(await fs.readFile('package.json', 'utf8')) as { workspaces: string[] };
    const manifests = ['package.json', ...workspaces.map((workspace) => path.join(workspace, 'package.json'))];
    const named: string[] = [];
    for (const manifest of manifests) {
      const { dependencies = {}, devDependencies = {} } = JSON.parse(await fs.readFile(manifest, 'utf8')) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      named.push(...Object.keys(dependencies), ...Object.keys(devDependencies));
    }
    const start = readme.indexOf('## Dependencies and why');
    const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
    // Each row's first cell: the packages, after a "_dev:_" or "_tools/bench:_" mark, separated by commas.
    const listed = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('| '))
        .flatMap((line) =>
          line
            .split('|')[1]!
            .replace(/_[^_]+:_/, '')
            .split(','),
        )
        .map((name) => name.trim()),
    );
    const inTable = (name: string) => listed.has(name) || (name.startsWith('@types/') && listed.has('@types/*'));
    expect(named).to.include('xmllint-wasm');
    expect(named.filter((name) => !inTable(name))).to.deep.equal([]);
  });

  it("shows a first staff account and an SMTP_URL that start-up accepts, in the quick start's own words", () => {
    const quickStart = readme.slice(
      readme.indexOf('## Quick start'),
      readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
    );
    const examples = [...quickStart.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!.replace(/\\\n/g, ' '));
    expect(examples).to.have.length(2);
    for (const example of examples) {
      const env = Object.fromEntries(
        [...example.matchAll(/([A-Z_]+)=('[^']*'|\S+)/g)].map(([, name, value]) => [
          name!,
          value!.replace(/^'|'$/g, ''),
        ]),
      );
      expect(env.ADMIN_USERNAME, example).to.equal('staff');
      expect(() => loadStartSettings(env), example).to.not.throw();
    }
    const mail = loadConfig(
      Object.fromEntries(
        [...examples[1]!.matchAll(/([A-Z_]+)=('[^']*'|\S+)/g)].map(([, n, v]) => [n!, v!.replace(/^'|'$/g, '')]),
      ),
    );
    expect(mail.mail?.to).to.equal('sales@summitlane.example');
    expect(new URL(mail.mail!.smtpUrl).protocol).to.equal('smtps:');
  });

  it('describes the team as it is now, and not the seed\'s "keep the carousel current"', () => {
    expect(readme).to.not.include('keep the carousel and galleries current and to read every lead');
    for (const role of ['content editors', 'the sales desk', 'owners']) expect(readme).to.include(`**${role}**`);
  });

  it('links only to files that are there', async () => {
    const links = [...readme.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!);
    expect(links.length).to.be.greaterThan(5);
    for (const link of links.filter((target) => !/^https?:/.test(target)))
      await fs.access(path.resolve(link)).catch(() => expect.fail(`README links to ${link}, which is not there`));
    for (const guide of ['docs/operations.md', 'docs/testing.md', 'docs/benchmarks.md', 'docs/site-and-content.md'])
      expect(links, guide).to.include(guide);
  });

  it('moved its detail into guides whose links all lead somewhere', async () => {
    for (const guide of ['docs/operations.md', 'docs/testing.md', 'docs/benchmarks.md', 'docs/site-and-content.md']) {
      const text = await fs.readFile(guide, 'utf8');
      const links = [...text.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!);
      for (const link of links.filter((target) => !/^https?:/.test(target)))
        await fs.access(path.resolve('docs', link)).catch(() => expect.fail(`${guide} links to ${link}, not there`));
    }
  });
});
