import type { BuildOptions } from 'esbuild';

/**
 * How a program that runs in Node is bundled: the server (scripts/build.ts) and the operator commands the tests
 * start (test/support/operator-scripts.ts). ESM with its dynamic imports as chunks of their own, packages left in
 * node_modules, source maps beside the files, and a metafile for pruning older builds' chunks (decision 063).
 */
export const NODE_BUNDLE_OPTIONS = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
} as const satisfies BuildOptions;
