import fs from 'node:fs';
import path from 'node:path';
import type { AssetManifest } from '../../src/render/asset-manifest.js';

/** The part of esbuild's metafile (build/client-metafile.json) the bench reads. */
interface Metafile {
  outputs: Record<string, { bytes: number; entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }>;
}

export type ScriptKind = 'boot entry' | 'widget entry' | 'lazy chunk' | 'shared chunk' | 'not in the build';

export interface ScriptInfo {
  /** URL path, e.g. `/assets/boot-VC623VU7.js`. */
  url: string;
  kind: ScriptKind;
  /** Widget or entry name, and what the file is mostly made of, e.g. `boot — react-dom 97%`. */
  label: string;
}

export interface BuildCatalog {
  describe(url: string): ScriptInfo;
  /** URL path of the chunk that carries Leaflet (the map's code), if the build has one. */
  leafletChunk: string | undefined;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** `node_modules/react-dom/cjs/x.js` → `react-dom`; first-party files → `app code`. */
function packageOf(input: string): string {
  const parts = input.split('node_modules/');
  const tail = parts.length > 1 ? parts[parts.length - 1] : undefined;
  if (!tail) return 'app code';
  const [first = '', second = ''] = tail.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** The packages making up at least 10% of a file, largest first: `react-dom 97%`. */
function contentsLabel(inputs: Record<string, { bytesInOutput: number }>): string {
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const name = packageOf(input);
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  const total = [...byPackage.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return 'bundler runtime only';
  return [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .filter(([, bytes], index) => index === 0 || bytes / total >= 0.1)
    .map(([name, bytes]) => `${name} ${Math.round((bytes / total) * 100)}%`)
    .join(', ');
}

function entryName(entryPoint: string): string {
  return path.basename(entryPoint).replace(/\.[^.]+$/, '');
}

function kindOf(entryPoint: string | undefined, widgets: Set<string>): ScriptKind {
  if (!entryPoint) return 'shared chunk';
  const name = entryName(entryPoint);
  if (name === 'boot') return 'boot entry';
  return widgets.has(name) ? 'widget entry' : 'lazy chunk';
}

/** What each client script of a build is, from its metafile and asset manifest. */
export function loadBuildCatalog(buildDir: string): BuildCatalog {
  const metafile = readJson<Metafile>(path.join(buildDir, 'client-metafile.json'));
  const manifest = readJson<AssetManifest>(path.join(buildDir, 'assets.json'));
  const widgets = new Set(Object.keys(manifest.widgets));
  const known = new Map<string, ScriptInfo>();
  let leaflet: { url: string; bytes: number } | undefined;
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    const url = `/assets/${path.basename(output)}`;
    const kind = kindOf(info.entryPoint, widgets);
    const contents = contentsLabel(info.inputs);
    known.set(url, { url, kind, label: info.entryPoint ? `${entryName(info.entryPoint)} — ${contents}` : contents });
    const leafletBytes = Object.entries(info.inputs)
      .filter(([input]) => packageOf(input) === 'leaflet')
      .reduce((total, [, input]) => total + input.bytesInOutput, 0);
    if (leafletBytes > (leaflet?.bytes ?? 0)) leaflet = { url, bytes: leafletBytes };
  }
  return {
    describe: (url) => known.get(url) ?? { url, kind: 'not in the build', label: '' },
    leafletChunk: leaflet?.url,
  };
}
