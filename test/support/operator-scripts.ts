import path from 'node:path';
import * as esbuild from 'esbuild';
import { NODE_BUNDLE_OPTIONS } from '../../scripts/node-bundle-options.js';
import { pruneBuildOutputs } from '../../scripts/prune-build-outputs.js';

/**
 * The operator commands the tests run as processes of their own: `npm run admin`, `content`, `backup`, `restore`,
 * and `npm start`'s first step, `check-start`.
 */
const OPERATOR_SCRIPTS = ['admin', 'content', 'backup', 'restore', 'check-start'] as const;
export type OperatorScript = (typeof OPERATOR_SCRIPTS)[number];

/** Where the run's global setup writes the scripts' bundles (build/ is never committed). */
const BUNDLE_DIR = path.join('build', 'test-scripts');

/**
 * Bundles scripts/<name>.ts for each operator command, as scripts/build.ts bundles the server (packages stay in
 * node_modules): a test starts the command in about half the CPU time tsx takes to compile the source each time
 * (decision 064). Run once per test run, by the global setup; the chunks of builds before the last are removed, as
 * the server's are (decision 063).
 */
export async function buildOperatorScripts(): Promise<void> {
  const { metafile } = await esbuild.build({
    entryPoints: OPERATOR_SCRIPTS.map((name) => ({ in: path.join('scripts', `${name}.ts`), out: name })),
    outdir: BUNDLE_DIR,
    ...NODE_BUNDLE_OPTIONS,
  });
  await pruneBuildOutputs({
    dir: BUNDLE_DIR,
    outputs: Object.keys(metafile.outputs).map((output) => path.basename(output)),
    recordFile: path.join(BUNDLE_DIR, 'build-outputs.json'),
  });
}

/** `node …operatorScript('admin') args`: the command's bundle, built from scripts/admin.ts by the global setup. */
export function operatorScript(name: OperatorScript): string[] {
  return ['--enable-source-maps', path.join(BUNDLE_DIR, `${name}.js`)];
}

/**
 * The environment of an operator's shell for a command a test runs: PATH and HOME only, then `extra` (nothing of
 * the test run's own settings leaks in), save the run's malloc setting, which changes no behaviour
 * (huge-page-malloc.cjs).
 */
export function operatorEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { PATH, HOME, GLIBC_TUNABLES } = process.env;
  return { PATH, HOME, ...(GLIBC_TUNABLES === undefined ? {} : { GLIBC_TUNABLES }), ...extra };
}
