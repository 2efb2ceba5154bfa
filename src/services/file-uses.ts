import type { Knex } from 'knex';
import { readDraftVersions, readPublishedVersions } from '../db/content-versions.js';
import { videosCaptionedBy, type LibraryFile } from '../db/files.js';

/**
 * Every place a string leaf of `data` contains one of `urls`, as dotted paths (`features.desktopPdf`,
 * `plans.0.levels.1.drawing.src`). A text that links the file counts as a use too.
 */
export function pathsNaming(data: unknown, urls: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'string') {
      if (urls.some((url) => value.includes(url))) found.push(path.join('.'));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, String(index)]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  };
  walk(data, []);
  return found;
}

/**
 * Where a file is used, each place named for a person: `media.features.desktopPdf (published)`, `media.video.webm
 * (draft)`, `Homepage images`, `Canyon gallery`, `captions of video 4 (tour.mp4)`. Looks at the published and the
 * draft version of every content section (a scheduled version is the draft until it is published), the carousel
 * and the floor-plan galleries, and the videos a captions file belongs to. Empty when nothing uses it.
 */
export async function findFileUses(db: Knex, file: Pick<LibraryFile, 'id' | 'url' | 'storedUrl'>): Promise<string[]> {
  const urls = [file.url, file.storedUrl];
  const uses: string[] = [];
  const versions = [
    ...(await readPublishedVersions(db)).map((version) => ({ version, state: 'published' })),
    ...(await readDraftVersions(db)).map((version) => ({ version, state: 'draft' })),
  ].sort((a, b) => (a.version.section < b.version.section ? -1 : a.version.section > b.version.section ? 1 : 0));
  for (const { version, state } of versions) {
    for (const path of pathsNaming(version.data, urls)) uses.push(`${version.section}.${path} (${state})`);
  }
  const homepage = await db('homepage_images').whereIn('url', urls).count<{ count: number | string }[]>({ count: '*' });
  if (Number(homepage[0]?.count ?? 0) > 0) uses.push('Homepage images');
  const galleries = await db('floorplan_images').whereIn('url', urls).distinct('floorplan').orderBy('floorplan');
  for (const row of galleries as { floorplan: string }[]) uses.push(`${row.floorplan} gallery`);
  for (const video of await videosCaptionedBy(db, file.id)) {
    uses.push(`captions of video ${video.id} (${video.originalName})`);
  }
  return uses;
}
