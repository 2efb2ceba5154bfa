import { attributes, escapeHtml } from '../shared/lot-markup.js';
import { seededRandom, seedOf, type SeededRandom } from './seeded-random.js';

/**
 * SAMPLE DATA: the site plan of a generated sample community, computed from its number of lots. Streets run east to
 * west in parallel, each with a row of lots on either side; a parkway comes in from the entrance at the bottom and
 * crosses them, and two side roads close each end, so every lot fronts a street. A park runs along the top, behind
 * the last row. The same layout gives the drawing (what buyers see) and the lot outlines (what the lot map draws
 * over it, the wave-2 rules: one polygon per lot with id `lot-N`, the drawing's viewBox), so the two always agree.
 */

/** The most lots one generated site plan holds: eight streets of 56 lots, with room to spare. */
export const MAX_SITE_PLAN_LOTS = 400;

const WIDTH = 1600;
/** The greenbelt left and right of the side roads. */
const MARGIN = 70;
const ROAD = 34;
/** Sidewalk and front-yard strip between a roadway and its lots. */
const SETBACK = 8;
const LOT_DEPTH = 90;
const TOP = 24;
const PARK_HEIGHT = 150;
const PARK_GAP = 12;
/** One street with its two rows of lots. */
const BAND = LOT_DEPTH * 2 + SETBACK * 2 + ROAD;
const BOTTOM = 170;
const SPINE_X = WIDTH / 2;
/** Each row is cut in two by the parkway: a west and an east half, each holding up to this many lots. */
const LOTS_PER_HALF_ROW = 14;
const LOTS_PER_STREET = LOTS_PER_HALF_ROW * 4;
/** Frontage of a lot when there are few of them: wider would look like farmland, not a neighborhood. */
const MAX_FRONTAGE = 90;
/** The drawing's scale: 90 units of lot depth are 117 feet, a usual depth for a suburban lot. */
const FEET_PER_UNIT = 1.3;

const WEST_HALF = { start: MARGIN + ROAD + SETBACK, end: SPINE_X - ROAD / 2 - SETBACK };
const EAST_HALF = { start: SPINE_X + ROAD / 2 + SETBACK, end: WIDTH - MARGIN - ROAD - SETBACK };
const HALF_WIDTH = WEST_HALF.end - WEST_HALF.start;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SitePlanLot extends Box {
  lot: number;
  /** The street it fronts: 0 is the one nearest the entrance. */
  street: number;
  side: 'north' | 'south';
  /** Its place along its street from west to east (0, 1, …), the same on both sides: for house numbers. */
  order: number;
  /** Its area in square feet at the drawing's scale. */
  areaSqft: number;
}

export interface SitePlanLayout {
  width: number;
  height: number;
  /** `0 0 <width> <height>`: the drawing's and the outlines' viewBox. */
  viewBox: string;
  /** One per lot, in lot order (1…n): lot 1 is nearest the entrance. */
  lots: SitePlanLot[];
  /** The roadways of the streets, by street index (0 nearest the entrance). */
  streets: Box[];
  /** The entrance parkway, from the last street to the bottom edge. */
  spine: Box;
  sideRoads: [Box, Box];
  park: Box;
  /** Lawn where a row has no lots. */
  openSpaces: Box[];
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The part of a row's half [start, end] that its lots leave free, as lawn. */
function gapsOf(start: number, end: number, taken: readonly { x: number; width: number }[]): [number, number][] {
  const gaps: [number, number][] = [];
  let at = start;
  for (const lot of [...taken].sort((a, b) => a.x - b.x)) {
    if (lot.x - at > 1) gaps.push([at, lot.x]);
    at = Math.max(at, lot.x + lot.width);
  }
  if (end - at > 1) gaps.push([at, end]);
  return gaps;
}

/**
 * Lays out `lotCount` lots (1…400). Each half row holds the same number of lots, as few as spread the lots over the
 * streets needed; lots are numbered street by street from the entrance, along the south row west to east and back
 * along the north row, so the highest numbers (a later release) lie by the park.
 */
export function layoutSitePlan(lotCount: number): SitePlanLayout {
  if (!Number.isInteger(lotCount) || lotCount < 1 || lotCount > MAX_SITE_PLAN_LOTS) {
    throw new RangeError(`a sample site plan has 1 to ${MAX_SITE_PLAN_LOTS} lots, not ${lotCount}`);
  }
  const streetCount = Math.ceil(lotCount / LOTS_PER_STREET);
  const perHalf = Math.ceil(lotCount / (streetCount * 4));
  const frontage = Math.min(MAX_FRONTAGE, HALF_WIDTH / perHalf);
  const bandsTop = TOP + PARK_HEIGHT + PARK_GAP;
  const height = bandsTop + streetCount * BAND + BOTTOM;

  const streets: Box[] = [];
  const lots: SitePlanLot[] = [];
  const rows: { y: number; west: SitePlanLot[]; east: SitePlanLot[] }[] = [];
  for (let street = 0; street < streetCount; street += 1) {
    const bandY = bandsTop + (streetCount - 1 - street) * BAND;
    const roadY = bandY + LOT_DEPTH + SETBACK;
    streets.push({ x: MARGIN, y: roadY, width: WIDTH - MARGIN * 2, height: ROAD });
    const rowY = { north: bandY, south: roadY + ROAD + SETBACK };
    // Lots sit against the parkway: when a row has room to spare it is lawn at the side roads' end.
    const slot = (half: 'west' | 'east', index: number) =>
      half === 'west' ? WEST_HALF.end - (perHalf - index) * frontage : EAST_HALF.start + index * frontage;
    const walk: { side: 'north' | 'south'; half: 'west' | 'east'; index: number }[] = [];
    for (const half of ['west', 'east'] as const) {
      for (let index = 0; index < perHalf; index += 1) walk.push({ side: 'south', half, index });
    }
    for (const half of ['east', 'west'] as const) {
      for (let index = perHalf - 1; index >= 0; index -= 1) walk.push({ side: 'north', half, index });
    }
    const north = { y: rowY.north, west: [] as SitePlanLot[], east: [] as SitePlanLot[] };
    const south = { y: rowY.south, west: [] as SitePlanLot[], east: [] as SitePlanLot[] };
    for (const { side, half, index } of walk) {
      if (lots.length === lotCount) break;
      // Both edges rounded from the exact ones, so neighbors share a lot line exactly.
      const left = round(slot(half, index));
      const right = round(slot(half, index) + frontage);
      const lot: SitePlanLot = {
        lot: lots.length + 1,
        street,
        side,
        order: half === 'west' ? index : perHalf + index,
        x: left,
        y: rowY[side],
        width: round(right - left),
        height: LOT_DEPTH,
        areaSqft: Math.round(frontage * FEET_PER_UNIT * LOT_DEPTH * FEET_PER_UNIT),
      };
      lots.push(lot);
      (side === 'north' ? north : south)[half].push(lot);
    }
    rows.push(north, south);
  }

  const openSpaces: Box[] = [];
  for (const row of rows) {
    for (const [half, taken] of [
      [WEST_HALF, row.west],
      [EAST_HALF, row.east],
    ] as const) {
      for (const [start, end] of gapsOf(half.start, half.end, taken)) {
        openSpaces.push({ x: round(start), y: row.y, width: round(end - start), height: LOT_DEPTH });
      }
    }
  }
  const firstRoad = streets[streetCount - 1]!;
  const lastRoad = streets[0]!;
  const sideRoad = (x: number): Box => ({ x, y: firstRoad.y, width: ROAD, height: lastRoad.y + ROAD - firstRoad.y });
  return {
    width: WIDTH,
    height,
    viewBox: `0 0 ${WIDTH} ${height}`,
    lots,
    streets,
    spine: { x: SPINE_X - ROAD / 2, y: firstRoad.y, width: ROAD, height: height - firstRoad.y },
    sideRoads: [sideRoad(MARGIN), sideRoad(WIDTH - MARGIN - ROAD)],
    park: { x: MARGIN, y: TOP, width: WIDTH - MARGIN * 2, height: PARK_HEIGHT },
    openSpaces,
  };
}

function polygonPoints(box: Box): string {
  const [left, top, right, bottom] = [box.x, box.y, box.x + box.width, box.y + box.height].map(round);
  return `${left},${top} ${right},${top} ${right},${bottom} ${left},${bottom}`;
}

function svgRoot(layout: SitePlanLayout, content: string): string {
  return (
    `<svg${attributes({ xmlns: 'http://www.w3.org/2000/svg', viewBox: layout.viewBox, width: layout.width, height: layout.height })}>\n` +
    `${content}</svg>\n`
  );
}

/** The lot outlines: one closed polygon per lot with id `lot-N`, in the drawing's viewBox. */
export function lotOutlinesSvg(layout: SitePlanLayout): string {
  return svgRoot(
    layout,
    layout.lots.map((lot) => `  <polygon id="lot-${lot.lot}" points="${polygonPoints(lot)}" fill="none"/>\n`).join(''),
  );
}

/** The names the drawing writes on it. */
export interface SitePlanLabels {
  /** The community, on the entrance sign. */
  name: string;
  /** The parkway from the entrance. */
  spine: string;
  /** By street index, 0 nearest the entrance. */
  streets: readonly string[];
  /** The park along the top. */
  park: string;
}

const PAINT = {
  ground: '#dde7cc',
  lawn: '#cfe1b5',
  park: '#bcd79f',
  pond: '#9cc8dc',
  pondEdge: '#7fb0c8',
  trail: '#e6cfa6',
  roadEdge: '#bdb4a4',
  road: '#e9e4da',
  roadText: '#857d70',
  lot: '#f5ecd8',
  lotEdge: '#b9a98a',
  sign: '#1f4d3a',
  bed: '#d6c7a6',
  note: '#5f6659',
  trees: ['#7fa35f', '#6f9a55', '#8fb26d', '#5f8c4a'],
};
const FONT = 'DejaVu Sans, Verdana, sans-serif';

function rect(box: Box, fill: string, extra: Record<string, string | number> = {}): string {
  return `<rect${attributes({ x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height), fill, ...extra })}/>`;
}

function text(x: number, y: number, words: string, extra: Record<string, string | number>): string {
  return `<text${attributes({ x: round(x), y: round(y), 'font-family': FONT, 'text-anchor': 'middle', 'dominant-baseline': 'central', ...extra })}>${escapeHtml(words)}</text>`;
}

function tree(x: number, y: number, radius: number, random: SeededRandom): string {
  const fill = random.pick(PAINT.trees);
  return (
    `<circle cx="${round(x + radius * 0.15)}" cy="${round(y + radius * 0.2)}" r="${round(radius)}" fill="#000" opacity="0.12"/>` +
    `<circle cx="${round(x)}" cy="${round(y)}" r="${round(radius)}" fill="${fill}"/>` +
    `<circle cx="${round(x - radius * 0.3)}" cy="${round(y - radius * 0.3)}" r="${round(radius * 0.45)}" fill="#fff" opacity="0.18"/>`
  );
}

/** Trees down a strip [x0, x1] × [y0, y1], about one per `spacing` units of its length. */
function treeLine(x0: number, x1: number, y0: number, y1: number, spacing: number, random: SeededRandom): string {
  let trees = '';
  const vertical = y1 - y0 >= x1 - x0;
  const length = vertical ? y1 - y0 : x1 - x0;
  const count = Math.max(1, Math.floor(length / spacing));
  for (let index = 0; index < count; index += 1) {
    const along = ((index + 0.5 + random.between(-0.25, 0.25)) / count) * length;
    const across = random.between(0.3, 0.7);
    const x = vertical ? x0 + (x1 - x0) * across : x0 + along;
    const y = vertical ? y0 + along : y0 + (y1 - y0) * across;
    trees += tree(x, y, random.between(9, 15), random);
  }
  return trees;
}

/** A label on a roadway, on a patch of road color so the center line does not run through the letters. */
function roadLabel(x: number, y: number, words: string, rotate: boolean): string {
  const label = words.toUpperCase();
  const length = label.length * 8.6 + 16;
  const patch = rotate
    ? { x: x - ROAD / 2 + 3, y: y - length / 2, width: ROAD - 6, height: length }
    : { x: x - length / 2, y: y - ROAD / 2 + 3, width: length, height: ROAD - 6 };
  return (
    rect(patch, PAINT.road) +
    text(x, y, label, {
      'font-size': 12,
      'font-weight': 'bold',
      'letter-spacing': 1.5,
      fill: PAINT.roadText,
      ...(rotate ? { transform: `rotate(-90 ${round(x)} ${round(y)})` } : {}),
    })
  );
}

/**
 * The site-plan drawing: ground, park and pond, lawns, roads with their names, lots (plain: the lot map draws each
 * lot's number and status over them), trees, the entrance sign, a north arrow and a note that it is a sample.
 * Deterministic: trees are placed from the community's name.
 */
export function sitePlanDrawingSvg(layout: SitePlanLayout, labels: SitePlanLabels): string {
  const random = seededRandom(seedOf(`${labels.name}|${layout.lots.length}`));
  const { width, height, park } = layout;
  const parts: string[] = [rect({ x: 0, y: 0, width, height }, PAINT.ground)];

  // The park: lawn, a pond with a trail round it, and a path down to the parkway.
  const pond = { cx: park.x + park.width / 2, cy: park.y + park.height / 2 };
  parts.push(
    rect(park, PAINT.park, { rx: 28 }),
    `<ellipse cx="${round(pond.cx)}" cy="${round(pond.cy)}" rx="250" ry="56" fill="none" stroke="${PAINT.trail}" stroke-width="6"/>`,
    `<ellipse cx="${round(pond.cx)}" cy="${round(pond.cy)}" rx="170" ry="36" fill="${PAINT.pond}" stroke="${PAINT.pondEdge}" stroke-width="2"/>`,
    text(pond.cx, pond.cy, labels.park, { 'font-size': 18, 'font-weight': 'bold', fill: '#1f4d3a' }),
    rect(
      { x: SPINE_X - 22, y: park.y + park.height - 4, width: 44, height: layout.spine.y - park.y - park.height + 4 },
      PAINT.park,
    ),
    treeLine(park.x + 20, pond.cx - 280, park.y + 20, park.y + park.height - 20, 70, random),
    treeLine(pond.cx + 280, park.x + park.width - 20, park.y + 20, park.y + park.height - 20, 70, random),
  );
  for (const space of layout.openSpaces) {
    parts.push(rect(space, PAINT.lawn, { rx: 6 }));
    if (space.width >= 36)
      parts.push(
        treeLine(space.x + 6, space.x + space.width - 6, space.y + 20, space.y + space.height - 20, 60, random),
      );
  }

  // Roads: every edge first, then every surface, so crossings join without lines through them.
  const roads = [...layout.streets, layout.spine, ...layout.sideRoads];
  parts.push(
    ...roads.map((road) =>
      rect({ x: road.x - 1.5, y: road.y - 1.5, width: road.width + 3, height: road.height + 3 }, PAINT.roadEdge),
    ),
  );
  parts.push(...roads.map((road) => rect(road, PAINT.road)));
  const dashes = { stroke: '#ffffff', 'stroke-width': 2, 'stroke-dasharray': '10 8' };
  for (const street of layout.streets) {
    const y = street.y + ROAD / 2;
    parts.push(
      `<line${attributes({ x1: street.x + ROAD, y1: y, x2: street.x + street.width - ROAD, y2: y, ...dashes })}/>`,
    );
  }
  parts.push(`<line${attributes({ x1: SPINE_X, y1: layout.spine.y + ROAD, x2: SPINE_X, y2: height, ...dashes })}/>`);
  layout.streets.forEach((street, index) => {
    const name = labels.streets[index];
    if (name) parts.push(roadLabel((WEST_HALF.start + WEST_HALF.end) / 2, street.y + ROAD / 2, name, false));
  });
  const lastStreet = layout.streets[0]!;
  const signTop = height - 62;
  parts.push(roadLabel(SPINE_X, (lastStreet.y + ROAD + signTop) / 2, labels.spine, true));

  parts.push(...layout.lots.map((lot) => rect(lot, PAINT.lot, { stroke: PAINT.lotEdge, 'stroke-width': 1.2 })));

  // Greenbelts at the sides and along the bottom, a stormwater pond west of the entrance.
  const bottomTop = lastStreet.y + ROAD + SETBACK + LOT_DEPTH + 6;
  parts.push(
    treeLine(8, MARGIN - 8, TOP + 10, height - 20, 46, random),
    treeLine(width - MARGIN + 8, width - 8, TOP + 100, height - 20, 46, random),
    `<ellipse cx="${round(MARGIN + 220)}" cy="${round((bottomTop + height) / 2)}" rx="130" ry="${round(Math.min(42, (height - bottomTop) / 2 - 14))}" fill="${PAINT.pond}" stroke="${PAINT.pondEdge}" stroke-width="2"/>`,
    treeLine(MARGIN + 380, SPINE_X - 120, bottomTop + 12, height - 12, 60, random),
    treeLine(SPINE_X + 120, width - MARGIN - 20, bottomTop + 12, height - 12, 60, random),
  );

  // The entrance: planted beds either side of the parkway and the sign with the community's name.
  const signWidth = Math.max(180, labels.name.length * 14 + 48);
  parts.push(
    rect({ x: SPINE_X - ROAD / 2 - 100, y: height - 110, width: 80, height: 36 }, PAINT.bed, { rx: 4 }),
    rect({ x: SPINE_X + ROAD / 2 + 20, y: height - 110, width: 80, height: 36 }, PAINT.bed, { rx: 4 }),
    rect({ x: SPINE_X - signWidth / 2, y: signTop, width: signWidth, height: 40 }, PAINT.sign, { rx: 8 }),
    text(SPINE_X, signTop + 20, labels.name, { 'font-size': 22, 'font-weight': 'bold', fill: '#ffffff' }),
  );

  // North arrow and the sample note.
  const arrow = { x: width - MARGIN / 2, y: TOP + 46 };
  parts.push(
    `<polygon points="${arrow.x},${arrow.y - 22} ${arrow.x + 9},${arrow.y + 8} ${arrow.x},${arrow.y + 2} ${arrow.x - 9},${arrow.y + 8}" fill="#2b3440"/>`,
    text(arrow.x, arrow.y + 22, 'N', { 'font-size': 16, 'font-weight': 'bold', fill: '#2b3440' }),
    text(width - MARGIN - 10, height - 18, 'Sample site plan · lot lines are illustrative', {
      'font-size': 13,
      fill: PAINT.note,
      'text-anchor': 'end',
    }),
  );
  return svgRoot(layout, `${parts.join('\n')}\n`);
}
