import fs from 'node:fs';
import type { LazyStylesheet, WidgetName } from '../../widgets/registry.js';
import { ASSET_MANIFEST, IMAGE_MANIFEST } from './build-paths.js';
import type { ImageVariants } from '../shared/image-variants.js';

export interface WidgetAssets {
  js: string;
  /** Chunks the widget imports, to preload alongside it. */
  imports: string[];
  css: string[];
}

export interface AssetManifest {
  /** sha384 Subresource Integrity of each built script, by URL. */
  integrity: Record<string, string>;
  boot: { js: string; imports: string[] };
  siteCss: string;
  adminCss: string;
  widgets: Record<WidgetName, WidgetAssets>;
  /** Stylesheets a widget adds only when it needs them (Leaflet's, once the map loads). */
  lazyCss: Partial<Record<LazyStylesheet, string>>;
}

export type ImageManifest = Record<string, ImageVariants>;

function readJson<T>(file: string, what: string): T {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new Error(`Cannot read the ${what} at ${file}: run \`npm run build\` first (${(error as Error).message})`, {
      cause: error,
    });
  }
}

export function loadAssetManifest(): AssetManifest {
  return readJson<AssetManifest>(ASSET_MANIFEST, 'asset manifest');
}

export function loadImageManifest(): ImageManifest {
  return readJson<ImageManifest>(IMAGE_MANIFEST, 'image manifest');
}
