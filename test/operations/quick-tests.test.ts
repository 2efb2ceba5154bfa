import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'chai';
import { importSpecifiers } from '../support/module-imports.js';

const require = createRequire(import.meta.url);
/** The files a run takes, collected as .mocharc.cjs collects them. */
const { testFiles } = require('../support/test-files.cjs') as { testFiles: (ignore?: string[]) => string[] };

/** The modules that open a browser: a test file that reaches one belongs in test/browser/. */
const BROWSER_MODULES = ['playwright-core', '@axe-core/playwright', 'test/support/browser.ts'];

/** The relative and package imports of a TypeScript file, relative ones as paths from the project's root. */
function importsOf(file: string): string[] {
  return importSpecifiers(fs.readFileSync(file, 'utf8')).map((specifier) =>
    specifier.startsWith('.')
      ? path.relative('.', path.resolve(path.dirname(file), specifier)).replace(/\.js$/, '.ts')
      : specifier,
  );
}

/** How the file reaches a browser module through the test files and helpers it imports, if it does. */
function browserChain(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  for (const imported of importsOf(file)) {
    if (BROWSER_MODULES.includes(imported)) return [file, imported];
    if (imported.startsWith('test/') && fs.existsSync(imported)) {
      const chain = browserChain(imported, seen);
      if (chain) return [file, ...chain];
    }
  }
  return undefined;
}

describe('npm run test:quick', () => {
  it('runs every test file that needs no browser, and none that opens one', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const ignored = [...scripts['test:quick']!.matchAll(/--ignore\s+'?([^'\s]+)'?/g)].map((match) => match[1]!);
    const all = testFiles();
    const quick = testFiles(ignored);
    const opening = quick.map((file) => browserChain(file)).filter((chain) => chain !== undefined);
    expect(opening.map((chain) => chain.join(' → '))).to.deep.equal([]);
    // The browser files it leaves out do open one (else they belong in the quick loop).
    const left = all.filter((file) => !quick.includes(file));
    expect(left.filter((file) => !browserChain(file))).to.deep.equal([]);
  });
});
