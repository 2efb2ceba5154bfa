/**
 * Builds everything the server serves or runs, into build/:
 *  - responsive image variants of the sample media (skipped when already there) and their manifest,
 *  - the widget bundles (ESM, code-split, content-hashed), per-widget CSS and the site CSS, and their manifest,
 *  - the server bundle (build/server/server.js), keeping the files of the build before it and removing older ones.
 * Usage: tsx scripts/build.ts [--client-only | --keep-assets]
 * --keep-assets builds everything but leaves every earlier client file in place, as --client-only does (tests); a
 * full build keeps the previous build's client files and removes older ones.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { AssetManifest, WidgetAssets } from '../src/render/asset-manifest.js';
import {
  ASSET_MANIFEST,
  BUILD_DIR,
  IMAGE_MANIFEST,
  PROJECT_DIR,
  PUBLIC_BUILD_DIR,
  STATIC_DIR,
} from '../src/render/build-paths.js';
import { lazyStylesheets, widgetLoaders, type WidgetName } from '../widgets/registry.js';
import { buildImages } from './build-images.js';
import { NODE_BUNDLE_OPTIONS } from './node-bundle-options.js';
import { pruneBuildOutputs } from './prune-build-outputs.js';

const ASSETS_DIR = path.join(PUBLIC_BUILD_DIR, 'assets');
const IMG_DIR = path.join(PUBLIC_BUILD_DIR, 'img');
const BOOT = path.join(PROJECT_DIR, 'widgets', 'boot.ts');
const HYDRATE_WIDGET = path.join(PROJECT_DIR, 'widgets', 'hydrate-widget.ts');
/** The tour form's phone formatting: the boot script's other dynamic import, where a page marks a phone input. */
const PHONE_INPUT = path.join(PROJECT_DIR, 'widgets', 'phone-input.ts');
/** The live home search (no React): the boot script loads it where the "Find your home" form is. */
const HOMES_LIVE = path.join(PROJECT_DIR, 'widgets', 'homes-live.ts');
/** What the boot script may load, each built entry, by the file name the boot imports. */
const BOOT_IMPORTS = {
  'hydrate-widget.js': HYDRATE_WIDGET,
  'phone-input.js': PHONE_INPUT,
  'homes-live.js': HOMES_LIVE,
} as const;

/** The boot entry a dynamic import names, if it is one of BOOT_IMPORTS. */
function bootImportOf(importPath: string): string | undefined {
  const name = path.basename(importPath);
  return Object.hasOwn(BOOT_IMPORTS, name) ? BOOT_IMPORTS[name as keyof typeof BOOT_IMPORTS] : undefined;
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

function toUrl(outputPath: string): string {
  return `/${path.relative(PUBLIC_BUILD_DIR, path.resolve(PROJECT_DIR, outputPath)).split(path.sep).join('/')}`;
}

function outputOf(metafile: esbuild.Metafile, entry: string): string {
  const found = Object.entries(metafile.outputs).find(
    ([, output]) => output.entryPoint && path.resolve(PROJECT_DIR, output.entryPoint) === entry,
  );
  if (!found) throw new Error(`no output for ${entry}`);
  return found[0];
}

/**
 * The boot script, built on its own into one file that imports nothing before it runs: every page with a widget
 * or a lead form requests it, and a chunk shared with the widgets would cost a second round trip while the page's
 * images and stylesheets are still loading. What it shares with them (the registry's attribute names, the visit
 * fields) is small enough to repeat. Its dynamic imports are the widget build's hydration code and the tour form's
 * phone formatting, built on its own (`importable` holds both builds).
 */
async function buildBoot(shared: esbuild.BuildOptions & { metafile: true }, importable: esbuild.Metafile) {
  const urlOf = (entry: string) => toUrl(outputOf(importable, entry));
  const allowed = Object.values(BOOT_IMPORTS).map(urlOf);
  const build = await esbuild.build({
    ...shared,
    entryPoints: [{ in: BOOT, out: 'boot' }],
    splitting: false,
    plugins: [
      {
        name: 'hydrate-widget-entry',
        setup(build) {
          // The registry's widget imports are dynamic too; the boot script reads only its attribute names, so they
          // fall away with the unused loaders (checked below).
          build.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind !== 'dynamic-import') return undefined;
            const entry = bootImportOf(args.path);
            return { path: entry ? urlOf(entry) : args.path, external: true };
          });
        },
      },
    ],
  });
  const imports = Object.values(build.metafile.outputs).flatMap((output) => output.imports.map((entry) => entry.path));
  if (imports.some((imported) => !allowed.includes(imported)))
    throw new Error(`the boot script must import nothing but ${allowed.join(', ')}; it imports ${imports.join(', ')}`);
  return build;
}

/** Both builds in one metafile, the boot's dynamic imports named by the output files they load, as a split build would. */
function mergedMetafile(widgets: esbuild.Metafile, boot: esbuild.Metafile): esbuild.Metafile {
  const outputByUrl = new Map(
    Object.values(BOOT_IMPORTS).map((entry) => [toUrl(outputOf(widgets, entry)), outputOf(widgets, entry)]),
  );
  const bootOutputs = Object.fromEntries(
    Object.entries(boot.outputs).map(([file, output]) => [
      file,
      {
        ...output,
        imports: output.imports.map((entry) =>
          entry.external && entry.kind === 'dynamic-import'
            ? { path: outputByUrl.get(entry.path) ?? entry.path, kind: entry.kind }
            : entry,
        ),
      },
    ]),
  );
  return { inputs: { ...widgets.inputs, ...boot.inputs }, outputs: { ...widgets.outputs, ...bootOutputs } };
}

/**
 * A module the boot script loads that is not a widget, one file that imports nothing: the tour form's phone
 * formatting (the tour page loads no widget, and the few functions it shares with the contact form would otherwise
 * come as three chunks of their own) and the live home search.
 */
async function buildStandalone(shared: esbuild.BuildOptions & { metafile: true }, entry: string, out: string) {
  const build = await esbuild.build({
    ...shared,
    entryPoints: [{ in: entry, out }],
    splitting: false,
  });
  const imports = Object.values(build.metafile.outputs).flatMap((output) => output.imports);
  if (imports.length > 0)
    throw new Error(`${out} must import nothing; it imports ${imports.map((entry) => entry.path).join(', ')}`);
  return build;
}

function joinedMetafile(...metafiles: esbuild.Metafile[]): esbuild.Metafile {
  return {
    inputs: Object.assign({}, ...metafiles.map((metafile) => metafile.inputs)) as esbuild.Metafile['inputs'],
    outputs: Object.assign({}, ...metafiles.map((metafile) => metafile.outputs)) as esbuild.Metafile['outputs'],
  };
}

/**
 * Removes the files in `dir` of builds older than the one before (esbuild's output paths, relative to the project,
 * name this build's); what it did, for the build's line: '' or " (N files of older builds removed)".
 */
async function pruneOlderBuilds(dir: string, outputPaths: string[], recordFile: string): Promise<string> {
  const outputs = outputPaths.map((output) => path.relative(dir, path.resolve(PROJECT_DIR, output)));
  const removed = await pruneBuildOutputs({ dir, outputs, recordFile });
  return removed.length ? ` (${removed.length} files of older builds removed)` : '';
}

async function buildClient(prune: boolean): Promise<void> {
  // Names carry content hashes, so stale files never clash. A full build removes those older than the build before
  // it (whose pages a server not yet restarted still serves); a client-only build (tests, dev) leaves them all.
  const widgetNames = Object.keys(widgetLoaders) as WidgetName[];
  const lazyNames = Object.values(lazyStylesheets);
  const cssEntries: { in: string; out: string }[] = [
    { in: path.join(STATIC_DIR, 'css', 'site.css'), out: 'site' },
    { in: path.join(STATIC_DIR, 'css', 'admin.css'), out: 'admin' },
  ];
  for (const name of [...widgetNames, ...lazyNames]) {
    const css = path.join(PROJECT_DIR, 'widgets', `${name}.css`);
    if (await exists(css)) cssEntries.push({ in: css, out: `${name}.style` });
  }
  const shared = {
    outdir: ASSETS_DIR,
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    minify: true,
    sourcemap: 'linked',
    metafile: true,
    legalComments: 'linked',
    loader: { '.png': 'file', '.svg': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  } satisfies esbuild.BuildOptions;
  const widgetBuild = await esbuild.build({
    ...shared,
    entryPoints: [
      { in: HYDRATE_WIDGET, out: 'hydrate-widget' },
      ...widgetNames.map((name) => ({ in: path.join(PROJECT_DIR, 'widgets', `${name}.tsx`), out: name })),
      ...cssEntries,
    ],
    chunkNames: 'chunk-[hash]',
    splitting: true,
  });
  const importable = joinedMetafile(
    widgetBuild.metafile,
    (await buildStandalone(shared, PHONE_INPUT, 'phone-input')).metafile,
    (await buildStandalone(shared, HOMES_LIVE, 'homes-live')).metafile,
  );
  const bootBuild = await buildBoot(shared, importable);
  const result = { metafile: mergedMetafile(importable, bootBuild.metafile) };
  await fs.writeFile(path.join(BUILD_DIR, 'client-metafile.json'), JSON.stringify(result.metafile));

  const outputs = Object.entries(result.metafile.outputs);
  const entryOutput = (entry: string) => outputOf(result.metafile, entry);
  const staticImports = (outputPath: string, seen = new Set<string>()): string[] => {
    for (const imported of result.metafile.outputs[outputPath]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !seen.has(imported.path)) {
        seen.add(imported.path);
        staticImports(imported.path, seen);
      }
    }
    return [...seen].map(toUrl);
  };
  const cssUrl = (name: string) => {
    const css = cssEntries.find((entry) => entry.out === `${name}.style`);
    return css ? toUrl(entryOutput(css.in)) : undefined;
  };

  const bootPath = entryOutput(BOOT);
  const widgets = {} as Record<WidgetName, WidgetAssets>;
  for (const name of widgetNames) {
    const jsPath = entryOutput(path.join(PROJECT_DIR, 'widgets', `${name}.tsx`));
    const css = cssUrl(name);
    widgets[name] = { js: toUrl(jsPath), imports: staticImports(jsPath), css: css ? [css] : [] };
  }
  const lazyCss: AssetManifest['lazyCss'] = {};
  for (const name of lazyNames) {
    const css = cssUrl(name);
    if (css) lazyCss[name] = css;
  }
  // Subresource Integrity for every script the HTML names (the boot module and its preloaded chunks).
  const integrity: Record<string, string> = {};
  for (const [outputPath] of outputs.filter(([file]) => file.endsWith('.js'))) {
    const bytes = await fs.readFile(path.resolve(PROJECT_DIR, outputPath));
    integrity[toUrl(outputPath)] = `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;
  }
  const manifest: AssetManifest = {
    integrity,
    boot: { js: toUrl(bootPath), imports: staticImports(bootPath) },
    siteCss: toUrl(entryOutput(path.join(STATIC_DIR, 'css', 'site.css'))),
    adminCss: toUrl(entryOutput(path.join(STATIC_DIR, 'css', 'admin.css'))),
    widgets,
    lazyCss,
  };
  await fs.writeFile(ASSET_MANIFEST, JSON.stringify(manifest, null, 2));
  const pruned = prune
    ? await pruneOlderBuilds(
        ASSETS_DIR,
        outputs.map(([outputPath]) => outputPath),
        path.join(BUILD_DIR, 'asset-outputs.json'),
      )
    : '';
  console.log(`client: ${widgetNames.length} widgets${pruned}`);
}

async function buildServer(): Promise<void> {
  const dir = path.join(BUILD_DIR, 'server');
  const { metafile } = await esbuild.build({
    entryPoints: [{ in: path.join(PROJECT_DIR, 'src', 'server.ts'), out: 'server' }],
    outdir: dir,
    // Dynamic imports stay separate chunks, so browser-only code (Leaflet) is never evaluated on the server.
    ...NODE_BUNDLE_OPTIONS,
  });
  const pruned = await pruneOlderBuilds(dir, Object.keys(metafile.outputs), path.join(dir, 'build-outputs.json'));
  console.log(`server: build/server/server.js${pruned}`);
}

async function main(): Promise<void> {
  const clientOnly = process.argv.includes('--client-only');
  const keepAssets = clientOnly || process.argv.includes('--keep-assets');
  await fs.mkdir(PUBLIC_BUILD_DIR, { recursive: true });
  await buildImages({
    sourceDir: path.join(STATIC_DIR, 'sample'),
    outDir: IMG_DIR,
    manifestFile: IMAGE_MANIFEST,
    report: (line) => console.log(line),
  });
  await buildClient(!keepAssets);
  if (!clientOnly) await buildServer();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
