/** Interior illustrations (1500×1000): three kitchens and three living spaces. */
import { C, Defs, type Scene, circle, ellipse, group, line, mix, path, poly, rect, rng } from './svg.js';
import { cloud, hills, tree, TREE_GREEN, TREE_OLIVE, TREE_AUTUMN, type TreeColors } from './nature.js';
import { ROOM, Room } from './room.js';

const { L, R, T, B } = ROOM;

// ---------------------------------------------------------------------------
// Shared props
// ---------------------------------------------------------------------------

type View = 'day' | 'autumn' | 'sunset';

/** A window on the back wall with a little landscape behind the glass. */
function windowWithView(
  defs: Defs,
  x: number,
  y: number,
  w: number,
  h: number,
  view: View,
  frame: string,
  panes: number,
): string {
  const skyStops: Record<View, ReadonlyArray<readonly [number, string]>> = {
    day: [
      [0, '#8dbde0'],
      [1, '#dcebf2'],
    ],
    autumn: [
      [0, '#b9cdd8'],
      [1, '#eef0ea'],
    ],
    sunset: [
      [0, '#7d8fb8'],
      [0.6, '#f0b27a'],
      [1, '#f8cf8e'],
    ],
  };
  const treeColors: Record<View, TreeColors> = { day: TREE_GREEN, autumn: TREE_AUTUMN, sunset: TREE_OLIVE };
  const clip = defs.clip(rect(x, y, w, h, '#000'));
  let scene = rect(x, y, w, h, defs.linear(skyStops[view]));
  if (view === 'sunset') scene += circle(x + w * 0.7, y + h * 0.72, h * 0.08, '#fff1c8');
  scene += cloud(x + w * 0.3, y + h * 0.22, w * 0.35, '#ffffff', view === 'sunset' ? 0.35 : 0.8);
  scene += hills(w, y + h * 0.78, h * 0.05, x * 0.01, view === 'sunset' ? '#8c7a74' : '#8fb08a', y + h, 1.5, x);
  scene += rect(x, y + h * 0.84, w, h * 0.16, view === 'sunset' ? '#a9a070' : '#86ad66');
  scene +=
    tree(x + w * 0.2, y + h * 0.9, h * 0.45, treeColors[view]) +
    tree(x + w * 0.78, y + h * 0.92, h * 0.55, treeColors[view]);
  let out = rect(x - 14, y - 14, w + 28, h + 28, mix(frame, '#000000', 0.08));
  out += group(scene, { 'clip-path': clip });
  out += rect(x, y, w, h, 'none', { stroke: frame, 'stroke-width': 10 });
  for (let i = 1; i < panes; i++) out += rect(x + (w * i) / panes - 4, y, 8, h, frame);
  out += rect(x - 20, y + h + 6, w + 40, 12, mix(frame, '#000000', 0.1));
  return out;
}

/** A tiled backsplash pattern. */
function tilePattern(defs: Defs, kind: 'subway' | 'zellige' | 'terracotta', base: string): string {
  const grout = mix(base, '#7a7066', 0.3);
  if (kind === 'subway')
    return defs.pattern(
      40,
      20,
      rect(0, 0, 40, 20, grout) + rect(1, 1, 38, 8, base) + rect(-19, 11, 38, 8, base) + rect(21, 11, 38, 8, base),
    );
  if (kind === 'zellige') {
    return defs.pattern(
      36,
      36,
      rect(0, 0, 36, 36, grout) +
        rect(1, 1, 16, 16, base) +
        rect(19, 1, 16, 16, mix(base, '#ffffff', 0.35)) +
        rect(1, 19, 16, 16, mix(base, '#ffffff', 0.2)) +
        rect(19, 19, 16, 16, base),
    );
  }
  return defs.pattern(
    44,
    44,
    rect(0, 0, 44, 44, grout) +
      rect(1, 1, 20, 20, base) +
      rect(23, 1, 20, 20, mix(base, '#000000', 0.08)) +
      rect(1, 23, 20, 20, mix(base, '#000000', 0.05)) +
      rect(23, 23, 20, 20, base),
  );
}

/** Shaker cabinet doors across a frontal run. */
function cabinetFronts(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  body: string,
  pull: string,
  doors: number,
  drawers: boolean,
): string {
  let out = rect(x0, y0, x1 - x0, y1 - y0, body);
  const dw = (x1 - x0) / doors;
  const edge = mix(body, '#000000', 0.12);
  for (let i = 0; i < doors; i++) {
    const dx = x0 + i * dw;
    if (drawers) {
      out +=
        rect(dx + 5, y0 + 6, dw - 10, 34, 'none', { stroke: edge, 'stroke-width': 2 }) +
        rect(dx + dw / 2 - 14, y0 + 20, 28, 5, pull, { rx: 2 });
      out += rect(dx + 5, y0 + 46, dw - 10, y1 - y0 - 52, 'none', { stroke: edge, 'stroke-width': 2 });
      out += rect(dx + 14, y0 + 56, dw - 28, y1 - y0 - 72, 'none', { stroke: edge, 'stroke-width': 1.5, opacity: 0.6 });
      out += rect(i % 2 === 0 ? dx + dw - 18 : dx + 12, y0 + 60, 5, 26, pull, { rx: 2 });
    } else {
      out += rect(dx + 5, y0 + 5, dw - 10, y1 - y0 - 10, 'none', { stroke: edge, 'stroke-width': 2 });
      out += rect(dx + 14, y0 + 14, dw - 28, y1 - y0 - 28, 'none', { stroke: edge, 'stroke-width': 1.5, opacity: 0.6 });
      out += rect(i % 2 === 0 ? dx + dw - 18 : dx + 12, y1 - 40, 5, 26, pull, { rx: 2 });
    }
  }
  return out;
}

/** A bar stool seen from the front, seat at `seatY`. */
function stool(x: number, seatY: number, seat: string, legs: string): string {
  return (
    rect(x - 4, seatY, 8, B - seatY, legs) +
    line(x - 4, seatY + 6, x - 34, B, legs, 6) +
    line(x + 4, seatY + 6, x + 34, B, legs, 6) +
    rect(x - 26, seatY + (B - seatY) * 0.6, 52, 5, legs) +
    ellipse(x, seatY, 36, 10, seat) +
    rect(x - 36, seatY - 4, 72, 10, seat, { rx: 5 }) +
    rect(x - 30, seatY - 60, 60, 10, seat, { rx: 5, opacity: 0.95 }) +
    rect(x - 26, seatY - 52, 5, 50, legs) +
    rect(x + 21, seatY - 52, 5, 50, legs)
  );
}

function pendant(
  x: number,
  cordTop: number,
  y: number,
  kind: 'globe' | 'cone' | 'dome',
  color: string,
  defs: Defs,
): string {
  const glow = defs.radial([
    [0, '#fff3d6', 0.7],
    [1, '#fff3d6', 0],
  ]);
  let out = line(x, cordTop, x, y, '#2b2b2b', 2) + circle(x, y + 40, 70, glow);
  if (kind === 'globe')
    out += circle(x, y + 26, 26, '#fbf4e2', { stroke: '#d9ccb0', 'stroke-width': 2 }) + rect(x - 6, y, 12, 6, color);
  if (kind === 'cone')
    out +=
      poly(
        [
          [x - 8, y],
          [x + 8, y],
          [x + 32, y + 44],
          [x - 32, y + 44],
        ],
        color,
      ) + ellipse(x, y + 44, 32, 5, '#fff3cf');
  if (kind === 'dome')
    out +=
      path(`M${x - 40} ${y + 38} Q${x - 38} ${y} ${x} ${y} Q${x + 38} ${y} ${x + 40} ${y + 38} Z`, color) +
      ellipse(x, y + 38, 40, 6, '#fff0c8');
  return out;
}

function plantPot(x: number, ground: number, h: number, pot: string, leaf: string): string {
  let leaves = '';
  for (let i = -3; i <= 3; i++) {
    const a = (i / 3) * 0.9;
    const tx = x + Math.sin(a) * h * 0.55;
    const ty = ground - h * 0.35 - Math.cos(a) * h * 0.6;
    leaves += path(
      `M${x} ${ground - h * 0.3} Q${(x + tx) / 2 - 10} ${(ground - h * 0.3 + ty) / 2} ${tx} ${ty} Q${(x + tx) / 2 + 12} ${(ground - h * 0.3 + ty) / 2 + 6} ${x} ${ground - h * 0.3} Z`,
      i % 2 === 0 ? leaf : mix(leaf, '#000000', 0.15),
    );
  }
  return (
    leaves +
    poly(
      [
        [x - h * 0.16, ground - h * 0.32],
        [x + h * 0.16, ground - h * 0.32],
        [x + h * 0.12, ground],
        [x - h * 0.12, ground],
      ],
      pot,
    )
  );
}

function fruitBowl(x: number, y: number, bowl: string, fruit: string): string {
  return (
    circle(x - 14, y - 10, 11, fruit) +
    circle(x + 6, y - 14, 11, mix(fruit, '#ffffff', 0.15)) +
    circle(x + 20, y - 6, 10, fruit) +
    path(`M${x - 38} ${y - 6} Q${x} ${y + 24} ${x + 38} ${y - 6} Z`, bowl)
  );
}

function books(
  x0: number,
  x1: number,
  shelfY: number,
  maxH: number,
  r: () => number,
  palette: readonly string[],
): string {
  let out = '';
  let x = x0;
  let i = 0;
  while (x < x1 - 10) {
    const w = 8 + r() * 10;
    const h = maxH * (0.65 + r() * 0.35);
    const color = palette[i % palette.length] ?? C.slate;
    if (r() < 0.12) {
      out += rect(x, shelfY - w * 1.2, h, w * 1.2, color);
      x += h + 4;
    } else {
      out += rect(x, shelfY - h, w, h, color);
      x += w + 1;
    }
    i += 1;
  }
  return out;
}

function framedArt(x: number, y: number, w: number, h: number, frame: string, a: string, b: string): string {
  return (
    rect(x, y, w, h, frame) +
    rect(x + 10, y + 10, w - 20, h - 20, '#f6f1e6') +
    path(
      `M${x + 16} ${y + h - 16} L${x + w * 0.4} ${y + h * 0.45} L${x + w * 0.6} ${y + h * 0.7} L${x + w * 0.75} ${y + h * 0.5} L${x + w - 16} ${y + h - 16} Z`,
      a,
    ) +
    circle(x + w * 0.7, y + h * 0.3, Math.min(w, h) * 0.09, b)
  );
}

// ---------------------------------------------------------------------------
// Kitchens
// ---------------------------------------------------------------------------

interface KitchenStyle {
  seed: number;
  wall: string;
  side: string;
  ceiling: string;
  floor: string;
  floorLine: string;
  floorKind: 'planks' | 'tile';
  trim: string;
  upper: string;
  lower: string;
  counter: string;
  islandColor: string;
  islandTop: string;
  pull: string;
  tile: 'subway' | 'zellige' | 'terracotta';
  tileColor: string;
  window: { x: number; w: number; panes: number; view: View; frame: string };
  pendant: 'globe' | 'cone' | 'dome';
  pendantColor: string;
  stoolSeat: string;
  stoolLegs: string;
  beams: string | null;
  /** Open shelves instead of upper cabinets on the left run. */
  openShelves: boolean;
  hood: 'chimney' | 'plaster' | 'box';
  appliance: string;
  /** Vanishing point: moves the viewer left/right for a different composition. */
  vp: readonly [number, number];
  island: readonly [number, number];
  stools: readonly number[];
  pendants: readonly number[];
}

function kitchen(k: KitchenStyle): Scene {
  const defs = new Defs();
  const room = new Room(defs, k.vp);
  const r = rng(k.seed);
  let o = room.shell({
    wall: k.wall,
    side: k.side,
    ceiling: k.ceiling,
    floor: k.floor,
    floorLine: k.floorLine,
    trim: k.trim,
    floorKind: k.floorKind,
  });
  if (k.beams !== null) for (const s of [1.08, 1.35, 1.7]) o += room.ceilingQuad(s, s + 0.07, k.beams);
  const counterY = 517;
  const upperBottom = 420;
  // Backsplash across the run, then the window over the sink.
  o += rect(300, upperBottom, 880, counterY - upperBottom, tilePattern(defs, k.tile, k.tileColor));
  o += windowWithView(
    defs,
    k.window.x,
    240,
    k.window.w,
    counterY - 60 - 240,
    k.window.view,
    k.window.frame,
    k.window.panes,
  );
  // Upper cabinets or open shelves.
  const leftEnd = k.window.x - 40;
  if (k.openShelves) {
    for (const y of [270, 350]) {
      o += rect(310, y, leftEnd - 320, 12, C.wood) + books(330, 420, y, 50, r, ['#e8e1d2', '#c9c0ad', '#8a9b7a']);
      for (let x = 450; x < leftEnd - 40; x += 46)
        o += ellipse(x, y - 18, 18, 18, '#f6f2ea', { stroke: '#d8d0c0', 'stroke-width': 2 });
    }
  } else {
    o += rect(300, 186, leftEnd - 300, upperBottom - 186, mix(k.upper, '#000000', 0.15));
    o += cabinetFronts(
      300,
      leftEnd,
      180,
      upperBottom - 8,
      k.upper,
      k.pull,
      Math.max(2, Math.round((leftEnd - 300) / 90)),
      false,
    );
  }
  // Range hood and range position.
  const rangeX0 = 990;
  const rangeX1 = 1130;
  if (k.hood === 'chimney') {
    o +=
      rect(1035, T, 50, 150, '#c9ccd0') +
      poly(
        [
          [1035, 300],
          [1085, 300],
          [1140, 370],
          [980, 370],
        ],
        '#d6d9dd',
      ) +
      rect(978, 368, 164, 12, '#b9bdc2');
  } else if (k.hood === 'plaster') {
    o +=
      path(
        `M1010 ${T} L1110 ${T} L1110 300 Q1150 330 1150 380 L970 380 Q970 330 1010 300 Z`,
        mix(k.wall, '#ffffff', 0.4),
      ) + rect(965, 372, 190, 14, C.wood);
  } else {
    o += rect(985, 250, 150, 120, k.upper) + rect(985, 360, 150, 14, mix(k.upper, '#000000', 0.2));
  }
  // Short uppers between window and hood.
  const midStart = k.window.x + k.window.w + 40;
  if (midStart < rangeX0 - 40)
    o += cabinetFronts(midStart, rangeX0 - 14, 180, upperBottom - 8, k.upper, k.pull, 1, false);
  // Lower run: cabinets, sink, dishwasher, range.
  o += room.box(300, 1160, counterY, B, 1, 1.1, { front: k.lower, top: k.counter });
  o += room.at(
    1.1,
    cabinetFronts(300, k.window.x - 10, counterY + 12, B - 16, k.lower, k.pull, 3, true) +
      rect(k.window.x - 10, counterY + 12, k.window.w + 20, 80, '#f4f1ea', { stroke: '#d9d3c6', 'stroke-width': 2 }) +
      cabinetFronts(k.window.x - 10, k.window.x + k.window.w + 10, counterY + 92, B - 16, k.lower, k.pull, 2, false) +
      rect(
        k.window.x + k.window.w + 10,
        counterY + 12,
        rangeX0 - k.window.x - k.window.w - 20,
        B - counterY - 28,
        k.appliance,
      ) +
      rect(
        k.window.x + k.window.w + 20,
        counterY + 22,
        rangeX0 - k.window.x - k.window.w - 40,
        8,
        mix(k.appliance, '#000000', 0.25),
      ) +
      rect(rangeX0, counterY + 6, rangeX1 - rangeX0, B - counterY - 22, mix(k.appliance, '#000000', 0.05)) +
      rect(rangeX0 + 16, counterY + 60, rangeX1 - rangeX0 - 32, 90, '#2a2d31') +
      rect(rangeX0 + 16, counterY + 44, rangeX1 - rangeX0 - 32, 6, '#8d9196') +
      [0, 1, 2, 3, 4].map((i) => circle(rangeX0 + 22 + i * 24, counterY + 24, 6, '#2a2d31')).join('') +
      cabinetFronts(rangeX1, 1160, counterY + 12, B - 16, k.lower, k.pull, 1, true),
  );
  // Faucet and kettle.
  const sinkX = k.window.x + k.window.w / 2;
  o += room.at(
    1.05,
    path(
      `M${sinkX - 4} ${counterY} L${sinkX - 4} ${counterY - 60} Q${sinkX - 4} ${counterY - 80} ${sinkX + 20} ${counterY - 80} L${sinkX + 30} ${counterY - 70}`,
      'none',
      { stroke: '#3a3d42', 'stroke-width': 7, 'stroke-linecap': 'round' },
    ),
  );
  o += room.at(
    1.06,
    path(
      `M1030 ${counterY} Q1026 ${counterY - 50} 1060 ${counterY - 52} Q1094 ${counterY - 50} 1090 ${counterY} Z`,
      C.terracotta,
    ) + rect(1054, counterY - 64, 12, 12, '#2a2d31'),
  );
  o += room.at(1.04, plantPot(400, counterY, 90, '#e8e1d2', C.leaf));
  // Refrigerator (or tall pantry) at the right end.
  o += room.box(1160, 1250, 170, B, 1, 1.16, { front: k.appliance, side: mix(k.appliance, '#000000', 0.18) });
  o += room.at(
    1.16,
    rect(1165, 176, 3, 516, mix(k.appliance, '#000000', 0.2)) +
      rect(1200, 176, 3, 516, mix(k.appliance, '#000000', 0.25)) +
      rect(1185, 330, 6, 120, '#8d9196') +
      rect(1210, 330, 6, 120, '#8d9196'),
  );
  // Island with stools.
  const [i0, i1] = k.island;
  const islandFront = mix(k.islandColor, '#000000', 0.05);
  o += room.floorQuad(i0 - 40, i1 + 40, 1.5, 1.68, '#000000', { opacity: 0.08 });
  o += room.box(i0, i1, counterY + 6, B, 1.42, 1.6, {
    front: islandFront,
    top: k.islandTop,
    side: mix(k.islandColor, '#000000', 0.2),
  });
  o += room.at(
    1.6,
    cabinetFronts(i0 + 10, i1 - 10, counterY + 18, B - 12, k.islandColor, k.pull, Math.round((i1 - i0) / 140), false) +
      rect(i0 - 4, counterY + 6, i1 - i0 + 8, 12, k.islandTop),
  );
  o += room.at(
    1.5,
    fruitBowl(i0 + 150, counterY + 10, '#f4efe4', '#f2c14e') +
      plantPot(i1 - 140, counterY + 10, 80, C.terracotta, C.leafDark),
  );
  for (const x of k.stools) o += room.at(1.72, stool(x, 590, k.stoolSeat, k.stoolLegs));
  // Pendants over the island.
  for (const x of k.pendants) o += room.at(1.5, pendant(x, T - 60, 300, k.pendant, k.pendantColor, defs));
  return { width: ROOM.W, height: ROOM.H, defs, body: o };
}

/** Sweetwater II kitchen: sage lowers, cream uppers, subway tile, forest-green island. */
export function kitchenSweetwater(): Scene {
  return kitchen({
    seed: 11,
    wall: '#efe8da',
    side: '#e6dccb',
    ceiling: '#f6f2ea',
    floor: '#b88a5b',
    floorLine: '#9a6f45',
    floorKind: 'planks',
    trim: '#f7f3ea',
    upper: '#f3ede0',
    lower: '#8d9c82',
    counter: '#f1eee8',
    islandColor: C.forest,
    islandTop: '#ece8e0',
    pull: '#b08a48',
    tile: 'subway',
    tileColor: '#fbfaf6',
    window: { x: 660, w: 200, panes: 2, view: 'day', frame: '#f7f3ea' },
    pendant: 'globe',
    pendantColor: '#b08a48',
    stoolSeat: '#c0643b',
    stoolLegs: '#3b3129',
    beams: null,
    openShelves: false,
    hood: 'chimney',
    appliance: '#c9ccd0',
    vp: [750, 395],
    island: [470, 1030],
    stools: [560, 750, 940],
    pendants: [600, 750, 900],
  });
}

/** Silverwood II kitchen: all-white farmhouse kitchen, black accents, oak island and beams. */
export function kitchenSilverwood(): Scene {
  return kitchen({
    seed: 22,
    wall: '#f6f4ef',
    side: '#ebe7df',
    ceiling: '#fbfaf7',
    floor: '#d1b28a',
    floorLine: '#b8976d',
    floorKind: 'planks',
    trim: '#ffffff',
    upper: '#fbfaf6',
    lower: '#f8f6f0',
    counter: '#ffffff',
    islandColor: '#b98b5e',
    islandTop: '#fbfbf9',
    pull: '#22262b',
    tile: 'zellige',
    tileColor: '#eef0ee',
    window: { x: 620, w: 300, panes: 3, view: 'autumn', frame: '#262a30' },
    pendant: 'cone',
    pendantColor: '#23272c',
    stoolSeat: '#d9c7a8',
    stoolLegs: '#23272c',
    beams: '#a77b52',
    openShelves: true,
    hood: 'plaster',
    appliance: '#2c3035',
    vp: [980, 380],
    island: [420, 960],
    stools: [560, 820],
    pendants: [560, 820],
  });
}

/** The Canyon kitchen: walnut cabinetry, terracotta tile, slate-blue island, tile floor. */
export function kitchenCanyon(): Scene {
  return kitchen({
    seed: 33,
    wall: '#efe4d2',
    side: '#e4d6c0',
    ceiling: '#f5eee2',
    floor: '#d9c8aa',
    floorLine: '#c2ae8c',
    floorKind: 'tile',
    trim: '#f4ecde',
    upper: '#7b5438',
    lower: '#6e4a31',
    counter: '#efe9dc',
    islandColor: '#3f5566',
    islandTop: '#efe9dc',
    pull: '#d9b36a',
    tile: 'terracotta',
    tileColor: '#d98a5e',
    window: { x: 600, w: 320, panes: 2, view: 'sunset', frame: '#5a3e2b' },
    pendant: 'dome',
    pendantColor: '#b8743f',
    stoolSeat: '#5b3b27',
    stoolLegs: '#2d2520',
    beams: null,
    openShelves: false,
    hood: 'box',
    appliance: '#bfc3c7',
    vp: [560, 420],
    island: [520, 1120],
    stools: [610, 740, 870, 1000],
    pendants: [660, 960],
  });
}

// ---------------------------------------------------------------------------
// Living spaces
// ---------------------------------------------------------------------------

/** A sofa seen from the front, seat at y=600, on the floor at B. */
function sofaFront(x0: number, x1: number, body: string, cushion: string, pillows: readonly string[]): string {
  const dark = mix(body, '#000000', 0.15);
  let out = rect(x0 + 20, 480, x1 - x0 - 40, 130, dark, { rx: 18 });
  const seats = 3;
  const sw = (x1 - x0 - 120) / seats;
  for (let i = 0; i < seats; i++) out += rect(x0 + 60 + i * sw + 3, 500, sw - 6, 110, body, { rx: 14 });
  for (let i = 0; i < seats; i++) out += rect(x0 + 60 + i * sw + 3, 600, sw - 6, 42, cushion, { rx: 12 });
  out += rect(x0, 560, 70, 125, dark, { rx: 22 }) + rect(x1 - 70, 560, 70, 125, dark, { rx: 22 });
  out += rect(x0 + 60, 640, x1 - x0 - 120, 45, dark);
  out += rect(x0 + 20, B - 15, 10, 15, '#3b3129') + rect(x1 - 30, B - 15, 10, 15, '#3b3129');
  pillows.forEach((p, i) => {
    const px = i === 0 ? x0 + 90 : x1 - 190;
    out += rect(px, 530, 100, 80, p, { rx: 16, transform: `rotate(${i === 0 ? -6 : 6} ${px + 50} 570)` });
  });
  return out;
}

/** The back of a sofa seen from behind (foreground). */
function sofaBack(x0: number, x1: number, top: number, body: string, pillow: string): string {
  return (
    rect(x0 + 40, top - 46, 110, 70, pillow, { rx: 14, transform: `rotate(-8 ${x0 + 95} ${top - 10})` }) +
    rect(x1 - 150, top - 40, 110, 64, mix(pillow, '#ffffff', 0.3), {
      rx: 14,
      transform: `rotate(7 ${x1 - 95} ${top - 8})`,
    }) +
    rect(x0, top, x1 - x0, B - top + 40, body, { rx: 28 }) +
    rect(x0 + 14, top + 10, x1 - x0 - 28, 14, mix(body, '#ffffff', 0.12), { rx: 7 }) +
    rect(x0 + (x1 - x0) / 2 - 2, top + 30, 4, B - top, mix(body, '#000000', 0.08))
  );
}

function armchair(x: number, body: string, cushion: string): string {
  const dark = mix(body, '#000000', 0.15);
  return (
    rect(x - 80, 500, 160, 120, dark, { rx: 20 }) +
    rect(x - 60, 600, 120, 40, cushion, { rx: 10 }) +
    rect(x - 100, 570, 40, 115, body, { rx: 14 }) +
    rect(x + 60, 570, 40, 115, body, { rx: 14 }) +
    rect(x - 60, 635, 120, 50, body) +
    rect(x - 90, B - 15, 8, 15, '#3b3129') +
    rect(x + 82, B - 15, 8, 15, '#3b3129')
  );
}

function floorLamp(x: number, shade: string, defs: Defs): string {
  const glow = defs.radial([
    [0, '#fff2cf', 0.6],
    [1, '#fff2cf', 0],
  ]);
  return (
    circle(x, 360, 110, glow) +
    rect(x - 3, 380, 6, B - 380, '#2f2a25') +
    ellipse(x, B - 3, 34, 6, '#2f2a25') +
    poly(
      [
        [x - 36, 320],
        [x + 36, 320],
        [x + 50, 390],
        [x - 50, 390],
      ],
      shade,
    )
  );
}

function coffeeTable(room: Room, x0: number, x1: number, s0: number, s1: number, top: string, legs: string): string {
  return (
    room.floorQuad(x0 + 10, x1 - 10, s0, s1, '#000000', { opacity: 0.1 }) +
    room.at(s1 - 0.01, rect(x0 + 10, 640, 12, 60, legs) + rect(x1 - 22, 640, 12, 60, legs)) +
    room.box(x0, x1, 630, 645, s0, s1, { front: mix(top, '#000000', 0.15), top })
  );
}

/** Sweetwater II: living room with a stone fireplace and built-in bookcases. */
export function livingSweetwater(): Scene {
  const defs = new Defs();
  const room = new Room(defs);
  const r = rng(71);
  let o = room.shell({
    wall: '#e9e1cf',
    side: '#ddd2bc',
    ceiling: '#f4efe5',
    floor: '#a87a4d',
    floorLine: '#8b6139',
    trim: '#f6f1e6',
    floorKind: 'planks',
  });
  // Side-wall windows.
  o += room.sideQuad('left', 1.08, 1.32, 250, 560, '#f6f1e6') + room.sideQuad('left', 1.1, 1.3, 262, 548, '#bcd6e4');
  o += room.sideQuad('left', 1.19, 1.21, 262, 548, '#f6f1e6');
  // Fireplace: stone surround, mantel, firebox with a fire.
  const stone = defs.pattern(
    60,
    36,
    rect(0, 0, 60, 36, '#8f8578') +
      rect(1, 1, 26, 10, '#b3a894', { rx: 3 }) +
      rect(29, 1, 30, 10, '#c2b8a6', { rx: 3 }) +
      rect(1, 13, 16, 10, '#a59a88', { rx: 3 }) +
      rect(19, 13, 24, 10, '#b3a894', { rx: 3 }) +
      rect(45, 13, 14, 10, '#c2b8a6', { rx: 3 }) +
      rect(1, 25, 34, 10, '#c2b8a6', { rx: 3 }) +
      rect(37, 25, 22, 10, '#a59a88', { rx: 3 }),
  );
  o += room.box(600, 900, T, B, 1, 1.06, { front: stone, side: '#8f8578' });
  o += room.at(
    1.06,
    rect(580, 430, 340, 22, C.wood) +
      rect(660, 520, 180, 170, '#2e2622') +
      path('M700 690 Q715 600 745 640 Q750 560 775 620 Q800 590 800 690 Z', '#f0a04b') +
      path('M725 690 Q740 640 752 660 Q765 620 778 690 Z', '#ffd27a') +
      rect(690, 680, 120, 10, '#5b3b27') +
      framedArt(650, 230, 200, 150, '#3b3129', '#6f8a63', '#e9b765') +
      plantPot(610, 430, 70, '#f2ede3', C.leaf) +
      rect(850, 395, 40, 35, '#c0643b', { rx: 4 }),
  );
  // Built-in bookcases either side.
  for (const [x0, x1] of [
    [330, 580],
    [920, 1170],
  ] as const) {
    o += rect(x0, 230, x1 - x0, B - 230, '#f1ebdd');
    o += cabinetFronts(x0, x1, 530, B - 14, '#f1ebdd', '#b08a48', 2, false);
    for (let y = 300; y < 530; y += 76) {
      o += rect(x0 + 10, y - 62, x1 - x0 - 20, 62, '#d9cfbb');
      o += books(x0 + 16, x1 - 16, y, 56, r, ['#1f4d3a', '#c0643b', '#e9dcc3', '#2b3440', '#8a9b7a', '#d1a85c']);
      o += rect(x0 + 6, y, x1 - x0 - 12, 8, '#e7dfcd');
    }
  }
  // Rug, armchairs, coffee table, and the sofa back in the foreground.
  o +=
    room.floorQuad(430, 1070, 1.2, 1.9, '#d9c6a0') +
    room.floorQuad(455, 1045, 1.22, 1.86, 'none', { stroke: '#c0643b', 'stroke-width': 6 });
  o += room.at(1.3, armchair(400, '#c0643b', '#d77c54'));
  o += room.at(1.3, armchair(1100, '#c0643b', '#d77c54'));
  o += coffeeTable(room, 580, 920, 1.35, 1.5, '#8a5a3a', '#5b3b27');
  o += room.at(
    1.5,
    fruitBowl(700, 630, '#f4efe4', '#8a9b7a') + rect(780, 608, 70, 22, '#2b3440') + rect(784, 596, 60, 12, '#e9dcc3'),
  );
  o += room.at(1.25, floorLamp(1190, '#f3ead7', defs));
  o += room.at(1.8, sofaBack(500, 1000, 610, '#8d9c82', '#e9dcc3'));
  return { width: ROOM.W, height: ROOM.H, defs, body: o };
}

/** Silverwood II: primary bedroom with a shiplap wall and upholstered bed. */
export function bedroomSilverwood(): Scene {
  const defs = new Defs();
  const room = new Room(defs, [750, 380]);
  let o = room.shell({
    wall: '#f3f1ec',
    side: '#e4e6e3',
    ceiling: '#f8f8f5',
    floor: '#c9ab84',
    floorLine: '#b09068',
    trim: '#ffffff',
    floorKind: 'planks',
  });
  // Shiplap accent wall.
  o += rect(
    L,
    T + 8,
    R - L,
    B - T - 22,
    defs.pattern(40, 26, rect(0, 0, 40, 26, '#e9ece9') + rect(0, 24, 40, 2, '#cfd4d1')),
  );
  // Left-wall window with linen curtains.
  o += room.sideQuad('left', 1.1, 1.36, 230, 560, '#262a30') + room.sideQuad('left', 1.12, 1.34, 242, 548, '#c5d8e2');
  o += room.sideQuad('left', 1.225, 1.235, 242, 548, '#262a30');
  o += room.sideQuad('left', 1.04, 1.12, 200, 640, '#e8dcc8') + room.sideQuad('left', 1.34, 1.44, 200, 660, '#e8dcc8');
  // Art, nightstands, lamps.
  o += framedArt(620, 215, 260, 150, '#262a30', '#8a9b7a', '#c0643b');
  for (const x of [395, 1105]) {
    o += room.box(x - 60, x + 60, 560, B, 1, 1.1, { front: '#b98b5e', top: '#c99a6c', side: '#9c7048' });
    o += room.at(1.1, rect(x - 50, 590, 100, 4, '#8d6440') + rect(x - 10, 600, 20, 5, '#23272c'));
    o += room.at(
      1.05,
      rect(x - 6, 480, 12, 80, '#23272c') +
        poly(
          [
            [x - 34, 430],
            [x + 34, 430],
            [x + 44, 490],
            [x - 44, 490],
          ],
          '#f3ead7',
        ) +
        ellipse(x, 560, 28, 6, '#23272c'),
    );
  }
  // Bed: headboard on the wall, mattress box reaching toward the viewer.
  o += rect(470, 390, 560, 240, '#6f7f8c', { rx: 18 }) + rect(490, 408, 520, 210, '#7c8c99', { rx: 12 });
  o += room.box(480, 1020, 590, B - 20, 1.02, 1.55, { front: '#f6f4ef', top: '#fbfaf7', side: '#e6e2d8' });
  o += room.at(1.55, rect(480, 620, 540, 60, '#f0ede6') + rect(480, 676, 540, 14, '#6f7f8c'));
  o += room.box(480, 1020, 590, 600, 1.28, 1.55, { front: '#c0643b', top: '#c97552' });
  o += room.at(
    1.06,
    rect(510, 520, 150, 80, '#ffffff', { rx: 16 }) +
      rect(840, 520, 150, 80, '#ffffff', { rx: 16 }) +
      rect(640, 540, 220, 64, '#d9c7a8', { rx: 14 }),
  );
  // Bench at the foot of the bed and a rug.
  o += room.floorQuad(400, 1100, 1.45, 1.95, '#e9dcc3');
  o += room.box(560, 940, 620, B, 1.62, 1.72, { front: '#d9c7a8', top: '#e3d4b9' });
  o += room.at(1.72, rect(575, 690, 10, 10, '#23272c') + rect(915, 690, 10, 10, '#23272c'));
  // Ceiling fan.
  o += room.at(
    1.3,
    rect(747, T - 30, 6, 70, '#23272c') +
      ellipse(750, T + 44, 220, 10, '#b98b5e') +
      ellipse(750, T + 44, 24, 14, '#23272c'),
  );
  o += room.at(1.2, plantPot(1180, B, 160, '#f3f1ec', C.leaf));
  return { width: ROOM.W, height: ROOM.H, defs, body: o };
}

/** The Canyon: great room with a wall of windows, beams and a terracotta sectional. */
export function livingCanyon(): Scene {
  const defs = new Defs();
  const room = new Room(defs, [750, 410]);
  let o = room.shell({
    wall: '#efe4d2',
    side: '#e2d3bb',
    ceiling: '#f3ebdd',
    floor: '#cbb08a',
    floorLine: '#b39570',
    trim: '#f4ecde',
    floorKind: 'tile',
  });
  for (const s of [1.1, 1.35, 1.65]) o += room.ceilingQuad(s, s + 0.06, '#7b5438');
  // Window wall with a sunset view.
  o += windowWithView(defs, 340, 200, 820, 440, 'sunset', '#4a3526', 4);
  // Right-wall fireplace with a stone surround.
  o +=
    room.sideQuad('right', 1.08, 1.36, T, B, '#b49f84') +
    room.sideQuad('right', 1.15, 1.29, 540, B - 10, '#2e2622') +
    room.sideQuad('right', 1.17, 1.27, 620, B - 14, '#f0a04b');
  o += room.sideQuad('right', 1.06, 1.38, 500, 520, '#6e4a31');
  // Rug, sectional facing the viewer, coffee table, lamp and plants.
  o +=
    room.floorQuad(380, 1120, 1.12, 1.8, '#efe3cc') +
    room.floorQuad(410, 1090, 1.15, 1.76, 'none', { stroke: '#3f5566', 'stroke-width': 5 });
  o += room.at(1.18, sofaFront(380, 1120, '#c0643b', '#d4784f', ['#e9dcc3', '#3f5566']));
  o += coffeeTable(room, 560, 940, 1.45, 1.62, '#6e4a31', '#3b2a1d');
  o += room.at(
    1.6,
    rect(620, 612, 90, 18, '#e9dcc3') + rect(628, 598, 74, 14, '#1f4d3a') + plantPot(840, 630, 70, '#efe4d2', C.leaf),
  );
  o += room.at(1.15, floorLamp(330, '#f3ead7', defs));
  o += room.at(1.3, plantPot(1120, B, 220, C.terracotta, C.leafDark));
  o += room.at(1.25, plantPot(300, B, 160, '#efe4d2', '#5f8a52'));
  return { width: ROOM.W, height: ROOM.H, defs, body: o };
}
