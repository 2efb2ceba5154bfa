import { expect } from 'chai';
import { ESLint } from 'eslint';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importSpecifiers } from '../support/module-imports.js';

/**
 * The layers eslint.config.js keeps (STYLE.md, principles 6 and 11), checked on one import line each: the server
 * takes widget prop types from src/shared/ and reaches widgets only through the registry.
 */
async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
/** The product's modules: every import among them is a layer edge. */
const PRODUCT_FOLDERS = ['src', 'views', 'widgets'];

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The project files a module imports, type-only ones included (`./x.js` is `./x.ts` or `./x.tsx` here). */
function importsOf(file: string): string[] {
  const relative = importSpecifiers(fs.readFileSync(file, 'utf8')).filter((specifier) => specifier.startsWith('.'));
  return relative.flatMap((specifier) => {
    const base = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
    return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].filter((candidate) => fs.existsSync(candidate));
  });
}

/** Groups of modules that import each other, directly or round a loop (Tarjan's strongly connected components). */
function importCycles(graph: Map<string, string[]>): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (module: string) => {
    order.set(module, order.size);
    lowest.set(module, order.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!order.has(next)) {
        visit(next);
        lowest.set(module, Math.min(lowest.get(module)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(module, Math.min(lowest.get(module)!, order.get(next)!));
      }
    }
    if (lowest.get(module) !== order.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1 || graph.get(module)?.includes(module)) cycles.push(group.sort());
  };
  for (const module of graph.keys()) if (!order.has(module)) visit(module);
  return cycles;
}

describe('Module layers (npm run lint)', function () {
  this.timeout(60_000);

  it('refuses a server module that imports widget prop types from widgets/', async () => {
    const messages = await restrictedImports(
      'src/web/homesites-router.tsx',
      "import type { LotMapFilter } from '../../widgets/lot-map-types.js';\nexport type Filter = LotMapFilter;\n",
    );
    expect(messages).to.have.length(1);
    expect(messages[0]).to.match(/src\/shared/);
  });

  it('refuses a shared module that imports from widgets/', async () => {
    const messages = await restrictedImports(
      'src/shared/lot-map-props.ts',
      "import type { Hydrate } from '../../widgets/registry.js';\nexport type H = Hydrate;\n",
    );
    expect(messages).to.have.length(1);
  });

  it('lets the server take prop types from src/shared/ and widgets from the registry', async () => {
    const messages = await restrictedImports(
      'src/web/homesites-router.tsx',
      [
        "import type { LotMapFilter } from '../shared/lot-map-props.js';",
        "import type { WidgetName } from '../../widgets/registry.js';",
        'export type Both = [LotMapFilter, WidgetName];',
        '',
      ].join('\n'),
    );
    expect(messages).to.deep.equal([]);
  });

  it('refuses a view that imports a helper from widgets/ (a helper both use lives in src/shared/)', async () => {
    const messages = await restrictedImports(
      'views/admin/FilesPage.tsx',
      "import { escapeHtml } from '../../widgets/lot-shapes-markup.js';\nexport const e = escapeHtml;\n",
    );
    expect(messages).to.have.length(1);
    expect(messages[0]).to.match(/src\/shared/);
  });

  it('lets a view take widget props from the registry and helpers from src/shared/', async () => {
    const messages = await restrictedImports(
      'views/admin/FilesPage.tsx',
      [
        "import type { WidgetProps } from '../../widgets/registry.js';",
        "import { NoticeAlert } from '../../src/shared/NoticeAlert.js';",
        "export type P = WidgetProps<'ContentEditor'>;",
        'export const N = NoticeAlert;',
        '',
      ].join('\n'),
    );
    expect(messages).to.deep.equal([]);
  });

  it('has no import cycle in src/, views/ or widgets/, type-only imports included', () => {
    const files = PRODUCT_FOLDERS.flatMap((folder) => sourceFiles(path.join(PROJECT, folder)));
    expect(files.length, 'modules read').to.be.greaterThan(200);
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    const cycles = importCycles(graph).map((group) => group.map((file) => path.relative(PROJECT, file)).join(' ↔ '));
    expect(cycles).to.deep.equal([]);
  });

  it('finds a cycle of any length, and a module that imports itself', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCycles(graph)).to.deep.equal([['a', 'b', 'c'], ['e']]);
  });
});
