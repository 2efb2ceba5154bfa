import { derivedFrom } from './derived.js';
import fs from 'node:fs';
import path from 'node:path';
import { STATIC_DIR } from '../render/build-paths.js';
import { ContentError } from './errors.js';
import type { Content } from './schema.js';

/** The geometry elements a drawing tool exports for a closed outline. */
const SHAPE_KINDS = ['polygon', 'path', 'rect', 'polyline'] as const;
export type LotShapeKind = (typeof SHAPE_KINDS)[number];

/** The numbers of an SVG coordinate list (points, or a path's data once its commands are blanked). */
function coordinatesIn(text: string): number[] {
  return (text.match(/-?\d*\.?\d+(?:e-?\d+)?/gi) ?? []).map(Number);
}

/** Only geometry is kept: the site draws status, color and pattern itself. */
const GEOMETRY: Record<LotShapeKind, readonly string[]> = {
  polygon: ['points', 'transform'],
  polyline: ['points', 'transform'],
  path: ['d', 'transform'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry', 'transform'],
};

export interface LotShape {
  lot: number;
  kind: LotShapeKind;
  attributes: Record<string, string>;
  /** Where the lot number is drawn: the center of the outline's points (drawing units). */
  label: { x: number; y: number };
}

/** The center of a shape's coordinates: vertex average for polygons, box center for rects, and for paths the
 * average of the coordinate pairs (exports from drawing tools use absolute coordinates for closed outlines). */
function labelPoint(kind: LotShapeKind, attributes: Record<string, string>): { x: number; y: number } | undefined {
  if (kind === 'rect') {
    const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(attributes[name] ?? 0));
    return { x: (x ?? 0) + (width ?? 0) / 2, y: (y ?? 0) + (height ?? 0) / 2 };
  }
  const source = kind === 'path' ? (attributes.d ?? '').replace(/[a-zA-Z]/g, ' ') : (attributes.points ?? '');
  const numbers = coordinatesIn(source);
  const count = Math.floor(numbers.length / 2);
  if (count === 0 || numbers.some((value) => !Number.isFinite(value))) return undefined;
  let x = 0;
  let y = 0;
  for (let index = 0; index < count; index += 1) {
    x += numbers[index * 2] ?? 0;
    y += numbers[index * 2 + 1] ?? 0;
  }
  return { x: Math.round((x / count) * 10) / 10, y: Math.round((y / count) * 10) / 10 };
}

/**
 * Drawing tools export coordinates to hundredths of a unit or finer, far more than a screen shows, and those digits
 * were a sixth of the site plan page's bytes. Points are rounded to the coarsest power of ten within 1/1,000 of the
 * drawing's width, so a corner moves at most 1/2,000 of it: whole units on a 1,600-wide drawing, under a device pixel
 * at the largest size the plan is shown (1,140 CSS px at 2×).
 */
function roundPoints(points: string, drawingWidth: number): string {
  const decimals = Math.max(0, Math.ceil(Math.log10(1000 / drawingWidth)));
  const rounded = coordinatesIn(points).map((value) => String(Number(value.toFixed(decimals))));
  const pairs: string[] = [];
  for (let index = 0; index + 1 < rounded.length; index += 2) pairs.push(`${rounded[index]},${rounded[index + 1]}`);
  return pairs.join(' ');
}

export interface LotOutlines {
  /** The drawing's viewBox, as given ("0 0 1600 1100"). */
  viewBox: string;
  width: number;
  height: number;
  /** One shape per lot, in lot order. */
  shapes: LotShape[];
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    attributes[match[1] ?? ''] = match[3] ?? match[4] ?? '';
  }
  return attributes;
}

/** What reading an outlines file found: its drawing box when the viewBox is readable, and every problem. */
export interface OutlinesReading {
  /** Undefined when anything is wrong. */
  outlines?: LotOutlines;
  /** The viewBox's width and height, read whatever else is wrong (to compare with a drawing). */
  box?: { width: number; height: number };
  /** Each problem, a sentence of its own. */
  problems: string[];
}

/**
 * Reads a lot-outline SVG: a root `viewBox`, and one shape per lot whose id is `lot-N`. Lot numbers must run
 * 1…N with none missing and none twice; every problem is named, each lot by its number. `allowEmpty` takes a file
 * with no lots yet: a drawing uploaded alone, its lots still to be drawn in the outline editor.
 */
export function readLotOutlines(svg: string, options: { allowEmpty?: boolean } = {}): OutlinesReading {
  const root = /<svg\b[^>]*>/i.exec(svg);
  if (!root) return { problems: ['not an SVG file (no <svg> element).'] };
  const viewBox = attributesOf(root[0]).viewBox?.trim() ?? '';
  const numbers = viewBox.split(/[\s,]+/).map(Number);
  const [width = 0, height = 0] = numbers.slice(2);
  const readable = numbers.length === 4 && numbers.every((value) => Number.isFinite(value)) && width > 0 && height > 0;
  if (!readable) {
    return {
      problems: ['the <svg> element needs a viewBox matching the site-plan drawing, e.g. viewBox="0 0 1600 1100".'],
    };
  }
  const box = { width, height };
  const byLot = new Map<number, LotShape>();
  const problems: string[] = [];
  for (const match of svg.matchAll(/<(\w+)\b([^>]*)>/g)) {
    const attributes = attributesOf(match[2] ?? '');
    const id = attributes.id;
    if (!id?.startsWith('lot-')) continue;
    const kind = match[1] as LotShapeKind;
    const number = /^lot-([1-9]\d{0,5})$/.exec(id);
    if (!number) {
      problems.push(`"${id}" is not a lot id (use lot-1, lot-2, …).`);
      continue;
    }
    if (!SHAPE_KINDS.includes(kind)) {
      problems.push(`${id} is a <${kind}>; a lot outline must be a polygon, path, rect or polyline.`);
      continue;
    }
    const lot = Number(number[1]);
    if (byLot.has(lot)) {
      problems.push(`lot ${lot} has two shapes (id ${id} appears twice).`);
      continue;
    }
    const kept = Object.fromEntries(
      GEOMETRY[kind].flatMap((name) => (attributes[name] === undefined ? [] : [[name, attributes[name]]])),
    );
    const label = labelPoint(kind, kept);
    if (!label) {
      problems.push(`${id} has no coordinates.`);
      continue;
    }
    if (kept.points !== undefined) kept.points = roundPoints(kept.points, width);
    byLot.set(lot, { lot, kind, attributes: kept, label });
  }
  if (byLot.size === 0 && problems.length === 0 && !options.allowEmpty) {
    problems.push('no lot shapes (elements with id="lot-N").');
  }
  const highest = Math.max(0, ...byLot.keys());
  const missing: number[] = [];
  for (let lot = 1; lot <= highest; lot += 1) if (!byLot.has(lot)) missing.push(lot);
  if (missing.length > 0) problems.push(`no shape for lot ${missing.join(', ')} (lots run 1…${highest}).`);
  if (problems.length > 0) return { box, problems };
  const shapes = [...byLot.values()].sort((a, b) => a.lot - b.lot);
  return { outlines: { viewBox, width, height, shapes }, box, problems };
}

/** readLotOutlines for a file that must be right (start-up, stored outlines): any problem throws, naming them all. */
export function parseLotOutlines(svg: string, source: string, options: { allowEmpty?: boolean } = {}): LotOutlines {
  const { outlines, problems } = readLotOutlines(svg, options);
  if (!outlines) throw new ContentError(`${source}: ${problems.join(' ')}`);
  return outlines;
}

/** The lot outlines of a content revision, read from their file once per revision. */
export function lotOutlinesOf(content: Content): LotOutlines {
  return derivedFrom(content, 'lot-outlines', loadLotOutlines);
}

/** Where outlines kept in the database are read from (services/site-plan-files.ts), once the site has loaded them. */
let storedOutlines: (sitePath: string) => string | undefined = () => undefined;

export function readStoredOutlinesFrom(lookup: (sitePath: string) => string | undefined): void {
  storedOutlines = lookup;
}

export function loadLotOutlines(content: Content): LotOutlines {
  const stored = storedOutlines(content.homesites.outlines);
  if (stored !== undefined) return parseLotOutlines(stored, content.homesites.outlines, { allowEmpty: true });
  const file = path.join(STATIC_DIR, content.homesites.outlines);
  let svg: string;
  try {
    svg = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ContentError(`content.homesites.outlines: cannot read ${path.relative('.', file)}.`);
  }
  return parseLotOutlines(svg, path.relative('.', file));
}

/** Homesites stored in the database must each have a shape on the drawing: otherwise the map would hide them. */
export function checkLotsHaveShapes(outlines: LotOutlines, storedLots: readonly number[], source: string): void {
  const drawn = new Set(outlines.shapes.map((shape) => shape.lot));
  const unshaped = storedLots.filter((lot) => !drawn.has(lot));
  if (unshaped.length > 0) {
    throw new ContentError(
      `${source}: the database has homesite ${unshaped.join(', ')} but the site-plan outlines have no shape for it.`,
    );
  }
}
