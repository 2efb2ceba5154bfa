import path from 'node:path';

/** Where `scripts/build.ts` writes. The server runs from the project root (npm start, systemd WorkingDirectory). */
export const PROJECT_DIR = path.resolve('.');
export const BUILD_DIR = path.join(PROJECT_DIR, 'build');
export const PUBLIC_BUILD_DIR = path.join(BUILD_DIR, 'public');
export const ASSET_MANIFEST = path.join(BUILD_DIR, 'assets.json');
export const IMAGE_MANIFEST = path.join(BUILD_DIR, 'image-manifest.json');
export const STATIC_DIR = path.join(PROJECT_DIR, 'static');
