/**
 * Floor-plan drawings (1400×1000), one per level of every plan, drawn FROM the plan's facts in
 * src/content/community.ts: room labels are numbered from the rooms' kinds, the garage is drawn with one bay per
 * car of the plan's garage, and the title block's text comes from the facts. Before drawing, a layout is checked
 * against the facts (bedrooms, baths, study, garage, levels, stairs, area); a layout that disagrees stops the
 * generator instead of producing a drawing that contradicts the page.
 */
import crypto from 'node:crypto';
import type { Content, FloorPlan, PlanLevel } from '../../src/content/index.js';
import { LEVEL_TITLES, formatBaths, formatSquareFeet, planKind } from '../../src/content/plan-facts.js';
import { LAYOUTS, type GarageRoom, type LevelLayout, type LayoutRoom } from './floorplan-layouts.js';
import {
  type Pen,
  FIX,
  INK,
  PAPER,
  door,
  fixtures,
  makePen,
  opening,
  slider,
  stairs,
  windowMark,
} from './floorplan-pen.js';
import { C, Defs, type Scene, circle, group, line, poly, rect, sampleMark, text, toSvg } from './svg.js';

type Level = PlanLevel['level'];

export const SHEET = { width: 1400, height: 1000 } as const;
const PLAN_AREA = { x: 50, y: 118, w: 1010, h: 740 } as const;
/** Finished area on a drawing may differ from the stated area by this much (walls, rounding of a sketch). */
export const AREA_TOLERANCE = 0.03;

/** The SAMPLE IMAGE badge's corner on every drawing (the title block and plan keep clear of it). */
export const DRAWING_MARK = { corner: 'bl' } as const;

/** Everything on a plan's drawings that comes from the content module. */
export interface DrawingFacts {
  community: string;
  builder: string;
  plan: string;
  beds: number;
  baths: number;
  study: boolean;
  squareFeet: number;
  garageBays: number;
  stories: number;
  levels: { level: Level; squareFeet: number }[];
}

export function drawingFacts(content: Content, plan: FloorPlan): DrawingFacts {
  return {
    community: content.community.name,
    builder: content.builder.name,
    plan: plan.name,
    beds: plan.beds,
    baths: plan.baths,
    study: plan.study,
    squareFeet: plan.squareFeet,
    garageBays: plan.garageBays,
    stories: plan.stories,
    levels: plan.levels.map(({ level, squareFeet }) => ({ level, squareFeet })),
  };
}

/** The text of a sheet's title block. */
export interface SheetText {
  title: string;
  heading: string;
  kind: string;
  stats: string[];
  footer: string[];
}

export function sheetText(facts: DrawingFacts, plan: FloorPlan, level: Level): SheetText {
  const levelArea = facts.levels.find((candidate) => candidate.level === level)!.squareFeet;
  return {
    title: `${facts.plan} — ${LEVEL_TITLES[level]}`,
    heading: facts.plan,
    kind: planKind(plan),
    stats: [
      `${facts.beds} Bedrooms${facts.study ? ' + Study' : ''}`,
      `${formatBaths(facts.baths)} Baths`,
      garageName(facts.garageBays),
      `${LEVEL_TITLES[level]}: ${formatSquareFeet(levelArea)} sq ft`,
      `Total: ${formatSquareFeet(facts.squareFeet)} sq ft finished`,
    ],
    footer: [facts.builder, facts.community],
  };
}

export function garageName(bays: number): string {
  return `${bays}-Car Garage`;
}

/** One room as drawn: its label, and whether it counts toward the facts. */
export interface DrawnRoom {
  level: Level;
  label: string;
  room: LayoutRoom;
}

/** Labels every room of the plan: bedrooms and baths numbered through the levels in order, the garage by bays. */
export function labelRooms(plan: FloorPlan, layouts: Partial<Record<Level, LevelLayout>>): DrawnRoom[] {
  let bedroom = 1;
  let bath = 1;
  const drawn: DrawnRoom[] = [];
  for (const { level } of plan.levels) {
    for (const room of layouts[level]?.rooms ?? []) {
      const label = (() => {
        switch (room.kind) {
          case 'owners-suite':
            return 'Owner’s Suite';
          case 'owners-bath':
            return 'Owner’s Bath';
          case 'bedroom':
            return `Bedroom ${++bedroom}`;
          case 'bath':
            return `Bath ${++bath}`;
          case 'powder':
            return 'Powder';
          case 'study':
            return 'Study';
          case 'garage':
            return garageName(plan.garageBays);
          case 'room':
          case 'unfinished':
            return room.name;
        }
      })();
      drawn.push({ level, label, room });
    }
  }
  return drawn;
}

/** Square feet inside a polygon given in feet (shoelace formula). */
function polygonArea(points: ReadonlyArray<readonly [number, number]>): number {
  let twice = 0;
  points.forEach(([x0, y0], i) => {
    const [x1, y1] = points[(i + 1) % points.length]!;
    twice += x0 * y1 - x1 * y0;
  });
  return Math.abs(twice) / 2;
}

/** Finished area of a level as drawn: inside the outline, less the garage and unfinished rooms. */
export function drawnFinishedArea(layout: LevelLayout): number {
  const unfinished = layout.rooms
    .filter((room) => room.kind === 'garage' || room.kind === 'unfinished')
    .reduce((total, room) => total + room.w * room.h, 0);
  return polygonArea(layout.outline) - unfinished;
}

const COUNTED = /\b(bed|bedroom|bath|powder|study|office|den|garage|suite)\b/i;

/** Where a plan's layouts disagree with its facts; empty when they agree. */
export function layoutProblems(plan: FloorPlan, layouts = LAYOUTS[plan.slug] ?? {}): string[] {
  const problems: string[] = [];
  const levels = plan.levels.map((level) => level.level);
  const drawnLevels = Object.keys(layouts) as Level[];
  for (const level of levels)
    if (!layouts[level]) problems.push(`${plan.name}: no layout for the ${LEVEL_TITLES[level]}`);
  for (const level of drawnLevels)
    if (!levels.includes(level))
      problems.push(`${plan.name}: a layout for the ${LEVEL_TITLES[level]}, a level it does not have`);
  const rooms = labelRooms(plan, layouts);
  const count = (...kinds: LayoutRoom['kind'][]) => rooms.filter(({ room }) => kinds.includes(room.kind)).length;

  const owners = count('owners-suite');
  if (owners !== 1) problems.push(`${plan.name}: ${owners} owner's suites drawn, expected 1`);
  const beds = count('owners-suite', 'bedroom');
  if (beds !== plan.beds) problems.push(`${plan.name}: ${beds} bedrooms drawn, the facts say ${plan.beds}`);
  const baths = count('owners-bath', 'bath') + count('powder') / 2;
  if (baths !== plan.baths) problems.push(`${plan.name}: ${baths} baths drawn, the facts say ${plan.baths}`);
  const studies = count('study');
  if (studies !== (plan.study ? 1 : 0))
    problems.push(`${plan.name}: ${studies} studies drawn, the facts say ${plan.study ? 'one' : 'none'}`);
  for (const { label, room } of rooms)
    if ((room.kind === 'room' || room.kind === 'unfinished') && COUNTED.test(label))
      problems.push(`${plan.name}: "${label}" must be drawn with its kind, so that it is counted`);

  const garages = rooms.filter(({ room }) => room.kind === 'garage');
  if (garages.length !== 1 || garages[0]!.level !== 'main')
    problems.push(`${plan.name}: expected one garage, on the main level`);
  for (const { room } of garages) {
    if (room.kind !== 'garage') continue;
    const width = room.door === 'N' || room.door === 'S' ? room.w : room.h;
    if (width < plan.garageBays * 10 || width > plan.garageBays * 12 + 2)
      problems.push(`${plan.name}: a ${width} ft wide garage cannot be a ${garageName(plan.garageBays)}`);
  }

  for (const { level, squareFeet } of plan.levels) {
    const layout = layouts[level];
    if (!layout) continue;
    const drawn = drawnFinishedArea(layout);
    if (Math.abs(drawn - squareFeet) > squareFeet * AREA_TOLERANCE)
      problems.push(`${plan.name} ${LEVEL_TITLES[level]}: ${drawn} sq ft drawn, the facts say ${squareFeet}`);
    const expected = level === 'main' ? levels.filter((other) => other !== 'main') : ['main'];
    const reached = (layout.stairs ?? []).map((run) => run.to);
    if ([...reached].sort().join() !== [...expected].sort().join())
      problems.push(
        `${plan.name} ${LEVEL_TITLES[level]}: stairs to [${reached.join()}], expected [${expected.join()}]`,
      );
  }
  return problems;
}

const ORDER: Record<Level, number> = { lower: 0, main: 1, upper: 2 };

function stairLabel(from: Level, to: Level): string {
  return ORDER[to] > ORDER[from] ? 'UP' : 'DN';
}

/** One pen for every level of a plan, so that the levels line up and share a scale. */
function planPen(layouts: Partial<Record<Level, LevelLayout>>): Pen {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const layout of Object.values(layouts)) {
    for (const [x, y] of layout.outline) {
      xs.push(x);
      ys.push(y);
    }
    for (const area of [...layout.outdoor, ...(layout.beyond ?? [])]) {
      xs.push(area.x, area.x + area.w);
      ys.push(area.y, area.y + area.h);
    }
  }
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.floor(Math.min(16, PLAN_AREA.w / (maxX - minX), PLAN_AREA.h / (maxY - minY)) * 2) / 2;
  const originX = PLAN_AREA.x + (PLAN_AREA.w - (maxX - minX) * scale) / 2 - minX * scale;
  const originY = PLAN_AREA.y + (PLAN_AREA.h - (maxY - minY) * scale) / 2 - minY * scale;
  return makePen(scale, originX, originY);
}

function roomLabel(p: Pen, { label, room }: DrawnRoom): string {
  const cx = p.x(room.x + room.w / 2 + (room.dx ?? 0));
  const cy = p.y(room.y + room.h / 2 + (room.dy ?? 0));
  // Bold 16 px DejaVu Sans runs about 10.5 px a character: a label that would crowd its room drops to 12 px.
  const small = label.length * 10.5 > room.w * p.s * 0.8 || room.h < 7;
  let out = text(cx, cy, label, { size: small ? 12 : 16, weight: 'bold', anchor: 'middle', fill: INK, spacing: 0.5 });
  if (room.dims === true)
    out += text(cx, cy + 19, `${room.w}′×${room.h}′`, { size: 13, anchor: 'middle', fill: '#59626e' });
  else if (room.kind === 'unfinished')
    out += text(cx, cy + 18, 'unfinished', { size: 12, anchor: 'middle', fill: '#59626e', italic: true });
  return out;
}

/** Cars and overhead doors for each bay: two bays share a 16 ft door, a bay left over gets a 9 ft one. */
function drawGarage(p: Pen, room: GarageRoom, bays: number): string {
  const fx = fixtures(p);
  const side = room.door;
  const across = side === 'N' || side === 'S';
  const span = across ? room.w : room.h;
  const start = across ? room.x : room.y;
  const centers = Array.from({ length: bays }, (_, i) => start + (span * (i + 0.5)) / bays);
  let out = '';
  for (const c of centers) out += across ? fx.car(c, room.y + room.h / 2, side) : fx.car(room.x + room.w / 2, c, side);
  const wall = side === 'N' ? room.y : side === 'S' ? room.y + room.h : side === 'W' ? room.x : room.x + room.w;
  for (let i = 0; i < bays; i += 2) {
    const pair = i + 1 < bays;
    const mid = pair ? (centers[i]! + centers[i + 1]!) / 2 : centers[i]!;
    const half = pair ? 8 : 4.5;
    const segment = across
      ? ([mid - half, wall, mid + half, wall] as const)
      : ([wall, mid - half, wall, mid + half] as const);
    out += opening(p, segment);
    out += line(p.x(segment[0]), p.y(segment[1]), p.x(segment[2]), p.y(segment[3]), INK, 2, {
      'stroke-dasharray': '10 6',
    });
  }
  return out;
}

function titleBlock(sheet: SheetText, p: Pen): string {
  const x = 1100;
  const top = 140;
  let o = rect(x - 20, top, SHEET.width - x, 720, '#f4efe4', { rx: 8 });
  o += rect(x - 20, top, 6, 720, C.forest);
  o += text(x, top + 44, sheet.heading, { size: 24, weight: 'bold', fill: C.forest });
  o += text(x, top + 72, sheet.kind, { size: 13, fill: '#59626e' });
  o += line(x, top + 92, 1370, top + 92, '#cfc6b4', 1.5);
  sheet.stats.forEach((s, i) => {
    o += text(x, top + 126 + i * 28, s, { size: 15, fill: INK, weight: i >= 3 ? 'bold' : undefined });
  });
  const nx = x + 60;
  const ny = top + 400;
  o += circle(nx, ny, 42, 'none', { stroke: INK, 'stroke-width': 1.5 });
  o += poly(
    [
      [nx, ny - 38],
      [nx + 11, ny + 8],
      [nx, ny],
      [nx - 11, ny + 8],
    ],
    INK,
  );
  o += text(nx, ny - 50, 'N', { size: 16, weight: 'bold', anchor: 'middle', fill: INK });
  const sy = top + 520;
  o += text(x, sy - 16, 'Scale (approx.)', { size: 12, fill: '#59626e' });
  for (let i = 0; i < 4; i++)
    o += rect(x + i * 4 * p.s, sy, 4 * p.s, 8, i % 2 === 0 ? INK : '#ffffff', { stroke: INK, 'stroke-width': 1 });
  o += text(x, sy + 26, '0', { size: 11, fill: INK });
  o += text(x + 16 * p.s, sy + 26, '16 ft', { size: 11, anchor: 'middle', fill: INK });
  o += text(x, top + 660, sheet.footer[0]!, { size: 15, weight: 'bold', fill: C.forest });
  o += text(x, top + 684, sheet.footer[1]!, { size: 13, fill: INK });
  return o;
}

/** A drawn level: the scene, and the text on it (what the metadata records and the tests read). */
export interface FloorPlanDrawing {
  scene: Scene;
  sheet: SheetText;
  rooms: string[];
  /** Cars drawn in the garage (main level only). */
  cars: number;
}

export function drawFloorPlan(content: Content, plan: FloorPlan, level: Level): FloorPlanDrawing {
  const layouts = LAYOUTS[plan.slug] ?? {};
  const problems = layoutProblems(plan, layouts);
  if (problems.length > 0)
    throw new Error(`The ${plan.name} drawings disagree with its facts:\n${problems.join('\n')}`);
  const layout = layouts[level]!;
  const facts = drawingFacts(content, plan);
  const sheet = sheetText(facts, plan, level);
  const rooms = labelRooms(plan, layouts).filter((room) => room.level === level);
  const p = planPen(layouts);
  const fx = fixtures(p);

  let o = rect(0, 0, SHEET.width, SHEET.height, PAPER);
  o += text(PLAN_AREA.x, 62, sheet.title, { size: 32, weight: 'bold', fill: C.forest });
  for (const area of layout.beyond ?? []) {
    o += rect(p.x(area.x), p.y(area.y), area.w * p.s, area.h * p.s, 'none', {
      stroke: '#c9ced4',
      'stroke-width': 1.5,
      'stroke-dasharray': '4 6',
    });
    o += text(p.x(area.x + area.w / 2), p.y(area.y + area.h / 2), area.name, {
      size: 14,
      anchor: 'middle',
      fill: '#9aa2ad',
      italic: true,
    });
  }
  for (const area of layout.outdoor) {
    o += rect(p.x(area.x), p.y(area.y), area.w * p.s, area.h * p.s, '#f1ece1', {
      stroke: FIX,
      'stroke-width': 1.5,
      'stroke-dasharray': '8 5',
    });
    o += text(p.x(area.x + area.w / 2), p.y(area.y + area.h / 2) + 5, area.name, {
      size: 13,
      anchor: 'middle',
      fill: '#59626e',
      italic: true,
    });
  }
  const outline = layout.outline.map(([x, y]) => [p.x(x), p.y(y)] as const);
  o += poly(outline, '#ffffff');
  o += layout.fixtures(fx);
  for (const run of layout.stairs ?? []) o += stairs(p, run.x, run.y, run.w, run.h, run.dir, stairLabel(level, run.to));
  for (const { room } of rooms)
    o += rect(p.x(room.x), p.y(room.y), room.w * p.s, room.h * p.s, 'none', { stroke: INK, 'stroke-width': 5 });
  o += poly(outline, 'none', { stroke: INK, 'stroke-width': 10, 'stroke-linejoin': 'miter' });
  o += layout.openings.map((segment) => opening(p, segment)).join('');
  o += layout.windows.map((segment) => windowMark(p, segment)).join('');
  o += (layout.sliders ?? []).map((segment) => slider(p, segment)).join('');
  o += layout.doors.map((d) => door(p, d)).join('');
  const garage = rooms.map(({ room }) => room).find((room): room is GarageRoom => room.kind === 'garage');
  if (garage) o += drawGarage(p, garage, plan.garageBays);
  const labeled = rooms.filter((room) => room.label !== '');
  o += labeled.map((room) => roomLabel(p, room)).join('');
  o += titleBlock(sheet, p);
  o += text(
    PLAN_AREA.x,
    915,
    'Sample floor plan for demonstration only. Not to scale; dimensions, windows and options are approximate and may change.',
    { size: 12, fill: '#59626e' },
  );
  return {
    scene: { ...SHEET, defs: new Defs(), body: group(o, { 'stroke-linecap': 'butt' }) },
    sheet,
    rooms: labeled.map((room) => room.label),
    cars: garage ? plan.garageBays : 0,
  };
}

/** The SVG a drawing is rasterized from, badge included: the metadata records its hash. */
export function drawingSvg(drawing: FloorPlanDrawing): string {
  return toSvg(drawing.scene, 1, sampleMark(SHEET.width, SHEET.height, DRAWING_MARK));
}

/** Written beside each drawing: the facts and text it was drawn from, and hashes tying it to its PNG. */
export interface DrawingMetadata {
  plan: string;
  level: Level;
  image: string;
  facts: DrawingFacts;
  sheet: SheetText;
  rooms: string[];
  cars: number;
  svgSha256: string;
  pngSha256: string;
}

export function sha256(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

export function drawingMetadata(
  content: Content,
  plan: FloorPlan,
  level: Level,
  drawing: FloorPlanDrawing,
  png: Buffer,
): DrawingMetadata {
  return {
    plan: plan.slug,
    level,
    image: plan.levels.find((candidate) => candidate.level === level)!.drawing.src,
    facts: drawingFacts(content, plan),
    sheet: drawing.sheet,
    rooms: drawing.rooms,
    cars: drawing.cars,
    svgSha256: sha256(drawingSvg(drawing)),
    pngSha256: sha256(png),
  };
}

/** static/sample/floorplans/x.png → static/sample/floorplans/x.json */
export function metadataPath(imagePath: string): string {
  return imagePath.replace(/\.png$/, '.json');
}
