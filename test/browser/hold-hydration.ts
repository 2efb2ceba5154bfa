import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { BUILD_DIR, PUBLIC_BUILD_DIR } from '../../src/render/build-paths.js';

interface Metafile {
  outputs: Record<string, { entryPoint?: string; imports?: { path: string; kind: string }[] }>;
}

/** What the boot script imports once the page has loaded (hydrate-widget, and through it React), as URLs. */
export function bootDynamicImports(): string[] {
  const metafile = JSON.parse(readFileSync(path.join(BUILD_DIR, 'client-metafile.json'), 'utf8')) as Metafile;
  const boot = Object.values(metafile.outputs).find((output) => output.entryPoint === 'widgets/boot.ts');
  if (!boot) throw new Error('the build has no boot script');
  return (boot.imports ?? [])
    .filter((entry) => entry.kind === 'dynamic-import')
    .map((entry) => `/${path.relative(PUBLIC_BUILD_DIR, path.resolve(entry.path)).split(path.sep).join('/')}`);
}

/**
 * Holds back what the boot script imports after `load`, so the server-rendered page is complete and usable while
 * no widget can hydrate: what a visitor on a slow phone gets for several seconds. `release()` lets it through.
 */
export async function holdHydration(page: Page): Promise<{ release: () => void; requested: () => boolean }> {
  const held = new Set(bootDynamicImports());
  if (held.size === 0) throw new Error('the boot script imports nothing after load');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(
    (url) => held.has(url.pathname),
    async (route) => {
      requested = true;
      await released;
      await route.fallback();
    },
  );
  return { release, requested: () => requested };
}
