import type { Knex } from 'knex';
import { lotOutlinesOf, parseLotOutlines, readLotOutlines, type LotOutlines } from '../content/lot-outlines.js';
import type { SectionDocuments } from '../content/schema.js';
import { insertHomesites, listHomesites } from '../db/homesites.js';
import { saveSitePlanFile } from '../db/site-plan-files.js';
import { recordAudit, type Actor } from './audit-log.js';
import type { Community, CommunityDirectory } from './community-directory.js';
import type { ContentService } from './content.js';
import { loadSharp } from './load-sharp.js';
import type { PublicContentChanges } from './public-content.js';
import type { SitePlanFiles } from './site-plan-files.js';

/** The drawings a site plan takes: what the file library takes as an image. */
const DRAWING_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/** How far the outlines' proportions may be from the drawing's (rounding in a drawing program). */
const PROPORTION_TOLERANCE = 0.02;

export interface SitePlanDeps {
  db: Knex;
  content: ContentService;
  communities: CommunityDirectory;
  publicContent: PublicContentChanges;
  sitePlanFiles: SitePlanFiles;
}

export interface UploadedDrawing {
  body: Buffer;
  contentType: string;
}

export type SitePlanOutcome = { ok: true; lots: number; created: number } | { ok: false; errors: string[] };

/** A drawing's width and height: an image's pixels, an SVG's viewBox (or width and height). */
async function drawingSize(drawing: UploadedDrawing): Promise<{ width: number; height: number } | undefined> {
  if (drawing.contentType === 'image/svg+xml') {
    const root = /<svg\b[^>]*>/i.exec(drawing.body.toString('utf8'))?.[0] ?? '';
    const box = /viewBox\s*=\s*["']([^"']+)["']/i
      .exec(root)?.[1]
      ?.split(/[\s,]+/)
      .map(Number);
    if (box?.length === 4 && (box[2] ?? 0) > 0 && (box[3] ?? 0) > 0) return { width: box[2]!, height: box[3]! };
    const width = Number(/\bwidth\s*=\s*["']([\d.]+)/i.exec(root)?.[1]);
    const height = Number(/\bheight\s*=\s*["']([\d.]+)/i.exec(root)?.[1]);
    return width > 0 && height > 0 ? { width, height } : undefined;
  }
  try {
    const sharp = await loadSharp();
    const { width, height } = await sharp(drawing.body).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** The shapes that do not close: a polyline, or a path without a closing `z`. */
function unclosedLots(svg: string): number[] {
  const open: number[] = [];
  for (const match of svg.matchAll(/<(polyline|path)\b([^>]*)>/gi)) {
    const lot = /\bid\s*=\s*["']lot-(\d+)["']/i.exec(match[2] ?? '')?.[1];
    if (lot === undefined) continue;
    const d = /\bd\s*=\s*["']([^"']*)["']/i.exec(match[2] ?? '')?.[1] ?? '';
    if (match[1]!.toLowerCase() === 'polyline' || !/z\s*$/i.test(d)) open.push(Number(lot));
  }
  return open;
}

/**
 * Every problem of an outlines file at once, in plain words: not an SVG, no viewBox, a duplicate lot, a gap in the
 * numbers, a shape that is not closed, proportions unlike the drawing's, a lot with a homesite left without a shape.
 */
export function outlineProblems(
  svg: string,
  drawing: { width: number; height: number } | undefined,
  lotsWithHomesites: readonly number[],
): { outlines?: LotOutlines; errors: string[] } {
  const reading = readLotOutlines(svg);
  const { outlines } = reading;
  const errors = reading.problems.map((problem) => `The outlines: ${problem}`);
  const unclosed = unclosedLots(svg);
  if (unclosed.length > 0) errors.push(`The outline of lot ${unclosed.join(', ')} is not closed.`);
  // The proportions are checked whatever else is wrong.
  const viewBox = reading.box;
  if (viewBox && drawing) {
    const ratio = viewBox.width / viewBox.height;
    const expected = drawing.width / drawing.height;
    if (Math.abs(ratio - expected) / expected > PROPORTION_TOLERANCE) {
      errors.push(
        `The outlines' viewBox (${viewBox.width} × ${viewBox.height}) does not have the drawing's proportions ` +
          `(${drawing.width} × ${drawing.height}): draw them over the same drawing.`,
      );
    }
  }
  if (outlines) {
    const drawn = new Set(outlines.shapes.map((shape) => shape.lot));
    const orphaned = lotsWithHomesites.filter((lot) => !drawn.has(lot));
    if (orphaned.length > 0) {
      errors.push(`Homesite ${orphaned.join(', ')} has no shape in these outlines: every homesite needs one.`);
    }
  }
  return errors.length > 0 ? { errors } : { outlines, errors };
}

/** The outlines the in-browser editor saves, as an SVG file over a drawing of `width` × `height`. */
export function outlinesSvg(
  lots: readonly { lot: number; points: readonly (readonly [number, number])[] }[],
  width: number,
  height: number,
): string {
  const shapes = lots
    .map(({ lot, points }) => `  <polygon id="lot-${lot}" points="${points.map(([x, y]) => `${x},${y}`).join(' ')}"/>`)
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">\n${shapes}\n</svg>\n`;
}

/** Problems of the editor's `{"lots":[{"lot":n,"points":[[x,y],…]},…]}`, each naming its lot. */
export function outlineListProblems(body: unknown, width: number, height: number): string[] {
  const lots = (body as { lots?: unknown } | null)?.lots;
  if (!Array.isArray(lots) || lots.length === 0) return ['Send the lots: {"lots":[{"lot":1,"points":[[x,y],…]},…]}.'];
  const problems: string[] = [];
  lots.forEach((entry: unknown, index) => {
    const { lot, points } = (entry ?? {}) as { lot?: unknown; points?: unknown };
    const name = Number.isInteger(lot) && (lot as number) >= 1 ? `Lot ${String(lot)}` : `Shape ${index + 1}`;
    if (!Number.isInteger(lot) || (lot as number) < 1 || (lot as number) > 999_999) {
      problems.push(`${name} needs a lot number (a whole number from 1).`);
    }
    const valid =
      Array.isArray(points) &&
      points.length >= 3 &&
      points.length <= 1000 &&
      points.every(
        (point: unknown) =>
          Array.isArray(point) &&
          point.length === 2 &&
          point.every((value: unknown) => typeof value === 'number' && Number.isFinite(value)),
      );
    if (!valid) problems.push(`${name} needs at least three points, each [x, y] in numbers.`);
    else if ((points as number[][]).some(([x, y]) => x! < 0 || y! < 0 || x! > width || y! > height)) {
      problems.push(`${name} has a point outside the drawing (0 to ${width} across, 0 to ${height} down).`);
    }
  });
  return problems;
}

/**
 * Whether a community's drawing and outlines are its own: a new community starts with a copy of the first
 * community's sections, so until a drawing is uploaded its site plan names the first community's files. A file kept
 * in the database says whose it is; a file under static/ is the first community's.
 */
export function ownSitePlan(
  deps: Pick<SitePlanDeps, 'content' | 'communities' | 'sitePlanFiles'>,
  community: Community,
): { drawing: boolean; outlines: boolean } {
  const content = deps.content.publishedFor(community.id);
  const own = (path: string | undefined) => {
    if (!path) return false;
    const stored = deps.sitePlanFiles.get(path);
    return stored ? stored.community_id === community.id : community.id === deps.communities.first().id;
  };
  return { drawing: own(content?.media.sitePlan.src), outlines: own(content?.homesites.outlines) };
}

/**
 * A plain drawing of a given size, for lots drawn before any drawing was uploaded (`PUT …/outlines` on a new
 * community): the lots are then its own, never over another community's drawing; an upload of the same
 * proportions replaces it and keeps them.
 */
export function plainDrawing(width: number, height: number): UploadedDrawing {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="#eef0e6"/></svg>\n`;
  return { body: Buffer.from(svg), contentType: 'image/svg+xml' };
}

/** The outlines of a drawing whose lots are still to be drawn: its size, no shapes. */
function emptyOutlines(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">\n</svg>\n`;
}

/** Whether two sizes have the same proportions, within a drawing program's rounding. */
function sameProportions(a: { width: number; height: number }, b: { width: number; height: number }): boolean {
  const expected = b.width / b.height;
  return Math.abs(a.width / a.height - expected) / expected <= PROPORTION_TOLERANCE;
}

/**
 * Stores a community's site plan (contract wave 4, "A new community, set up in the browser"): the drawing when one
 * is given, and the lot outlines; the community's media and homesites sections then name them (published, and
 * recorded), and every lot without a homesite gets one, status future. A drawing alone keeps the community's own
 * outlines when their proportions fit it (a new drawing of the same plan), and otherwise, before any lot has a
 * homesite, starts it with no lots, to draw in the outline editor. Nothing changes when anything is wrong.
 */
export async function saveSitePlan(
  deps: SitePlanDeps,
  community: Community,
  input: { drawing?: UploadedDrawing; outlines?: string },
  actor: Actor,
): Promise<SitePlanOutcome> {
  const errors: string[] = [];
  if (!input.drawing && input.outlines === undefined) return { ok: false, errors: ['Choose the site-plan drawing.'] };
  const extension = input.drawing ? DRAWING_TYPES[input.drawing.contentType] : undefined;
  if (input.drawing && !extension) errors.push('The drawing must be an image: JPEG, PNG, WebP or SVG.');
  const current = deps.content.publishedFor(community.id);
  const currentOutlines = current ? lotOutlinesOf(current) : undefined;
  const size = input.drawing
    ? extension
      ? await drawingSize(input.drawing)
      : undefined
    : currentOutlines && { width: currentOutlines.width, height: currentOutlines.height };
  if (input.drawing && extension && !size) errors.push('The drawing could not be read as an image.');
  const existing = (await listHomesites(deps.db, community.id)).map((row) => row.lot);
  let outlinesText = input.outlines;
  let checked: { outlines?: LotOutlines; errors: string[] };
  if (outlinesText !== undefined) checked = outlineProblems(outlinesText, size, existing);
  else if (!size) checked = { errors: [] };
  else if (currentOutlines && (existing.length > 0 || ownSitePlan(deps, community).outlines)) {
    // A drawing alone, and lots drawn already: they stay, over a drawing of the same proportions.
    checked = sameProportions(currentOutlines, size)
      ? { outlines: currentOutlines, errors: [] }
      : {
          errors: [
            `The drawing's proportions (${size.width} × ${size.height}) are not those of the lots drawn now ` +
              `(${currentOutlines.width} × ${currentOutlines.height}): upload outlines drawn over this drawing with it.`,
          ],
        };
  } else {
    outlinesText = emptyOutlines(size.width, size.height);
    checked = { outlines: parseLotOutlines(outlinesText, 'The outlines', { allowEmpty: true }), errors: [] };
  }
  errors.push(...checked.errors);
  if (errors.length > 0 || !checked.outlines) return { ok: false, errors };

  const at = new Date().toISOString();
  const stamp = at.replace(/\D/g, '').slice(0, 17);
  const folder = `/site-plans/${community.slug}`;
  const outlinesPath = outlinesText === undefined ? undefined : `${folder}/lots-${stamp}.svg`;
  const drawingPath = input.drawing ? `${folder}/drawing-${stamp}.${extension!}` : undefined;
  if (input.drawing && drawingPath) {
    const svg = input.drawing.contentType === 'image/svg+xml';
    await saveSitePlanFile(deps.db, {
      path: drawingPath,
      community_id: community.id,
      content_type: input.drawing.contentType,
      body: input.drawing.body.toString(svg ? 'utf8' : 'base64'),
      encoding: svg ? 'utf8' : 'base64',
      updated_at: at,
      updated_by: actor.username,
    });
  }
  if (outlinesPath && outlinesText !== undefined) {
    await saveSitePlanFile(deps.db, {
      path: outlinesPath,
      community_id: community.id,
      content_type: 'image/svg+xml',
      body: outlinesText,
      encoding: 'utf8',
      updated_at: at,
      updated_by: actor.username,
    });
  }
  await deps.sitePlanFiles.load();
  const known = new Set(existing);
  const created = checked.outlines.shapes.map((shape) => shape.lot).filter((lot) => !known.has(lot));
  await deps.db.transaction(async (trx) => {
    await insertHomesites(
      trx,
      community.id,
      created.map((lot) => ({
        lot,
        status: 'future',
        plan: null,
        price: null,
        sqft: null,
        address: '',
        ready: null,
        version: 1,
        updated_at: at,
        updated_by: actor.username,
      })),
    );
    await recordAudit(trx, {
      actor: actor.username,
      action: 'community.site-plan',
      target: `community/${community.slug}`,
      ip: actor.ip,
      community: community.id,
      details: { lots: checked.outlines!.shapes.length, created: created.length, drawing: drawingPath ?? null },
    });
  });
  if (drawingPath) {
    await deps.content.publishChange(
      { community: community.id, id: 'media' },
      (published) => {
        const media = published as SectionDocuments['media'];
        return { ...media, sitePlan: { ...media.sitePlan, src: drawingPath } };
      },
      actor,
    );
  }
  if (outlinesPath) {
    const outcome = await deps.content.publishChange(
      { community: community.id, id: 'homesites' },
      (published) => ({ ...(published as SectionDocuments['homesites']), outlines: outlinesPath }),
      actor,
    );
    if (!outcome.ok) throw new Error(`the homesites section of ${community.slug} did not take the outlines`);
  }
  await deps.publicContent.changed(`site plan of ${community.slug}`);
  return { ok: true, lots: checked.outlines.shapes.length, created: created.length };
}
