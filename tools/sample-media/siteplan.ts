/**
 * Top-down community site plan (1600×1100) with exactly 78 numbered homesites
 * arranged around a loop street that encircles the central park and pond.
 */
import {
  C,
  Defs,
  type Pt,
  type Scene,
  circle,
  el,
  ellipse,
  group,
  mix,
  n,
  path,
  poly,
  rect,
  rng,
  text,
} from './svg.js';

export const LOT_COUNT = 78;

const CX = 800;
const CY = 520;
const A = 450;
const B = 300;
const ROAD = 30;

/**
 * Lots are drawn in one neutral color: what each lot is (available, sold…) changes daily, so the site shows it
 * in a live overlay drawn from the database over this picture, with the outlines from `lotOutlinesSvg`.
 */
const LOT_FILL = '#f5ecd8';
const LOT_STROKE = '#b9a98a';

/** Point on the road center-line ellipse and its outward unit normal. */
function ring(t: number): { p: Pt; nrm: Pt } {
  const p: Pt = [CX + A * Math.cos(t), CY + B * Math.sin(t)];
  const nx = B * Math.cos(t);
  const ny = A * Math.sin(t);
  const len = Math.hypot(nx, ny);
  return { p, nrm: [nx / len, ny / len] };
}

/** Arc-length table for the ellipse so lots get equal frontage. */
function arcTable(): { ts: number[]; ss: number[] } {
  const ts: number[] = [0];
  const ss: number[] = [0];
  const steps = 4000;
  let prev = ring(0).p;
  for (let i = 1; i <= steps; i++) {
    const t = (i / steps) * Math.PI * 2;
    const p = ring(t).p;
    ts.push(t);
    ss.push((ss[ss.length - 1] ?? 0) + Math.hypot(p[0] - prev[0], p[1] - prev[1]));
    prev = p;
  }
  return { ts, ss };
}

const TABLE = arcTable();
const PERIMETER = TABLE.ss[TABLE.ss.length - 1] ?? 1;

/** Parameter t at arc length s (s may exceed one lap). */
function tAt(sIn: number): number {
  const laps = Math.floor(sIn / PERIMETER);
  const s = sIn - laps * PERIMETER;
  let lo = 0;
  let hi = TABLE.ss.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((TABLE.ss[mid] ?? 0) < s) lo = mid;
    else hi = mid;
  }
  return (TABLE.ts[lo] ?? 0) + laps * Math.PI * 2;
}

function sAt(t: number): number {
  return (t / (Math.PI * 2)) * PERIMETER;
}

interface Lot {
  num: number;
  poly: Pt[];
  label: Pt;
}

/**
 * Lay out `count` lots between arc lengths s0..s1 on one side of the road.
 * side = +1 outside the loop, -1 inside.
 */
function lotRun(s0: number, s1: number, count: number, side: 1 | -1, depth: number, firstNum: number): Lot[] {
  const lots: Lot[] = [];
  const inner = ROAD / 2 + 4;
  const step = (s1 - s0) / count;
  for (let i = 0; i < count; i++) {
    const front: Pt[] = [];
    const back: Pt[] = [];
    for (let k = 0; k <= 6; k++) {
      const { p, nrm } = ring(tAt(s0 + step * (i + k / 6)));
      front.push([p[0] + nrm[0] * inner * side, p[1] + nrm[1] * inner * side]);
      back.push([p[0] + nrm[0] * (inner + depth) * side, p[1] + nrm[1] * (inner + depth) * side]);
    }
    const mid = ring(tAt(s0 + step * (i + 0.5)));
    const labelR = inner + depth * 0.5;
    lots.push({
      num: firstNum + i,
      poly: [...front, ...back.reverse()],
      label: [mid.p[0] + mid.nrm[0] * labelR * side, mid.p[1] + mid.nrm[1] * labelR * side],
    });
  }
  return lots;
}

function allLots(): Lot[] {
  const bottom = sAt(Math.PI / 2);
  const top = sAt((Math.PI * 3) / 2);
  const gap = 48;
  // Outside the loop: 46 lots clockwise from the entrance round to the entrance.
  const outer = lotRun(bottom + gap, bottom + PERIMETER - gap, 46, 1, 86, 1);
  // Inside the loop: two runs of 16, leaving park openings at the top and bottom.
  const innerGap = 70;
  const innerLeft = lotRun(bottom + innerGap, top - innerGap, 16, -1, 70, 47);
  const innerRight = lotRun(top + innerGap, bottom + PERIMETER - innerGap, 16, -1, 70, 63);
  return [...outer, ...innerLeft, ...innerRight];
}

/** Place capital letters along the road center-line, centered on parameter t. */
function textAlongLoop(label: string, t: number, size: number): string {
  const advance = size * 0.78;
  const total = advance * (label.length - 1);
  const s0 = sAt(t) - total / 2;
  // On the lower half the curve runs right-to-left, so lay the letters out backwards.
  const reversed = Math.sin(t) > 0;
  let o = '';
  [...label].forEach((ch, i) => {
    const tt = tAt(reversed ? s0 + total - i * advance : s0 + i * advance);
    const { p } = ring(tt);
    const dx = -A * Math.sin(tt);
    const dy = B * Math.cos(tt);
    let angle = (Math.atan2(dy, dx) * 180) / Math.PI;
    const flip = angle > 90 || angle < -90;
    if (flip) angle += 180;
    o += el(
      'text',
      {
        x: p[0],
        y: p[1],
        transform: `rotate(${n(angle)} ${n(p[0])} ${n(p[1])})`,
        'font-family': 'DejaVu Sans, sans-serif',
        'font-size': size,
        'font-weight': 'bold',
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        fill: '#8a8378',
      },
      ch === ' ' ? '' : ch,
    );
  });
  return o;
}

function topTree(x: number, y: number, r: number, fill: string): string {
  return (
    circle(x + r * 0.15, y + r * 0.2, r, '#000000', { opacity: 0.12 }) +
    circle(x, y, r, fill) +
    circle(x - r * 0.3, y - r * 0.3, r * 0.45, mix(fill, '#ffffff', 0.2))
  );
}

function compassRose(x: number, y: number, r: number): string {
  let o =
    circle(x, y, r * 1.12, '#fbf8f1', { stroke: C.slate, 'stroke-width': 1.5 }) +
    circle(x, y, r * 0.9, 'none', { stroke: '#b9b2a5', 'stroke-width': 1 });
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4 - Math.PI / 2;
    const long = i % 2 === 0;
    const len = long ? r : r * 0.55;
    const w = long ? r * 0.16 : r * 0.12;
    const tip: Pt = [x + Math.cos(a) * len, y + Math.sin(a) * len];
    const l: Pt = [x + Math.cos(a - Math.PI / 2) * w, y + Math.sin(a - Math.PI / 2) * w];
    const rr: Pt = [x + Math.cos(a + Math.PI / 2) * w, y + Math.sin(a + Math.PI / 2) * w];
    o +=
      poly([tip, l, [x, y]], long ? C.slate : '#8d959f') +
      poly([tip, rr, [x, y]], long ? (i === 0 ? C.terracotta : '#59626e') : '#b9b2a5');
  }
  o += text(x, y - r * 1.12 - 8, 'N', { size: 20, weight: 'bold', anchor: 'middle', fill: C.slate });
  return o;
}

function legend(x: number, y: number): string {
  let o = rect(x, y, 290, 180, '#fbf8f1', { rx: 10, stroke: '#cfc6b4', 'stroke-width': 1.5 });
  o += text(x + 20, y + 34, 'Legend', { size: 18, weight: 'bold', fill: C.forest });
  o += rect(x + 20, y + 52, 34, 22, LOT_FILL, { stroke: LOT_STROKE, 'stroke-width': 1.5, rx: 3 });
  o += text(x + 66, y + 69, 'Homesite', { size: 16, fill: C.slate });
  o += rect(x + 170, y + 52, 34, 22, '#bcd79f', { rx: 3 }) + text(x + 212, y + 69, 'Park', { size: 14, fill: C.slate });
  o +=
    rect(x + 170, y + 84, 34, 22, '#9cc8dc', { rx: 3 }) + text(x + 212, y + 101, 'Pond', { size: 14, fill: C.slate });
  return o;
}

const SITE_PLAN_WIDTH = 1600;
const SITE_PLAN_HEIGHT = 1100;

export function sitePlan(): Scene {
  const W = SITE_PLAN_WIDTH;
  const H = SITE_PLAN_HEIGHT;
  const defs = new Defs();
  const r = rng(78);
  let o = rect(0, 0, W, H, '#e4ead8');
  // Subtle field texture and perimeter woods.
  for (let i = 0; i < 90; i++) {
    const a = r() * Math.PI * 2;
    const x = CX + Math.cos(a) * (A + 125 + r() * 260);
    const y = CY + Math.sin(a) * (B + 125 + r() * 200);
    if (y > 880 && Math.abs(x - CX) < 170) continue;
    if (x < 460 && y < 175) continue;
    if (x > 1360 && y < 250) continue;
    if (x < 380 && y > 850) continue;
    o += topTree(x, y, 14 + r() * 14, r() < 0.5 ? '#7fa36a' : '#6b9460');
  }
  // Entrance boulevard with a planted median.
  o += rect(CX - 44, CY + B, 88, H - CY - B, '#d6d1c6') + rect(CX - 40, CY + B, 80, H - CY - B, '#e9e5dc');
  o += rect(CX - 8, CY + B + 40, 16, H - CY - B - 40, '#a9c98f', { rx: 8 });
  // Loop road.
  o += ellipse(CX, CY, A, B, 'none', { stroke: '#cfc9bd', 'stroke-width': ROAD + 4 });
  o += ellipse(CX, CY, A, B, 'none', { stroke: '#ece8df', 'stroke-width': ROAD });
  o += ellipse(CX, CY, A, B, 'none', { stroke: '#ffffff', 'stroke-width': 1.5, 'stroke-dasharray': '10 10' });
  // Central park, pond, trail and amenities.
  const parkA = A - ROAD / 2 - 84;
  const parkB = B - ROAD / 2 - 84;
  o += ellipse(CX, CY, parkA, parkB, '#bcd79f');
  o += rect(CX - 30, CY + parkB - 10, 60, B - parkB, '#bcd79f') + rect(CX - 30, CY - B + 8, 60, B - parkB, '#bcd79f');
  o += ellipse(CX, CY, parkA - 40, parkB - 34, 'none', {
    stroke: '#d8c7a0',
    'stroke-width': 6,
    'stroke-dasharray': '2 0',
  });
  o += path(
    `M${CX - 150} ${CY + 10} C ${CX - 160} ${CY - 70}, ${CX - 30} ${CY - 95}, ${CX + 60} ${CY - 70} C ${CX + 170} ${CY - 45}, ${CX + 180} ${CY + 40}, ${CX + 90} ${CY + 70} C ${CX} ${CY + 100}, ${CX - 140} ${CY + 90}, ${CX - 150} ${CY + 10} Z`,
    '#9cc8dc',
    { stroke: '#76aec7', 'stroke-width': 3 },
  );
  o +=
    path(`M${CX - 80} ${CY - 20} q 20 -6 40 0`, 'none', { stroke: '#ffffff', 'stroke-width': 2, opacity: 0.7 }) +
    path(`M${CX + 30} ${CY + 30} q 20 -6 40 0`, 'none', { stroke: '#ffffff', 'stroke-width': 2, opacity: 0.7 });
  o +=
    rect(CX + 210, CY - 40, 44, 36, '#8d6b4f', { rx: 3 }) +
    text(CX + 232, CY + 14, 'Pavilion', { size: 11, anchor: 'middle', fill: C.slate });
  o +=
    circle(CX - 230, CY + 20, 22, '#f0d9a8', { stroke: '#c9a86a', 'stroke-width': 2 }) +
    text(CX - 230, CY + 58, 'Playground', { size: 11, anchor: 'middle', fill: C.slate });
  for (const [tx, ty] of [
    [CX - 250, CY - 60],
    [CX + 200, CY + 70],
    [CX + 290, CY + 10],
    [CX - 300, CY + 70],
    [CX - 60, CY + 130],
    [CX + 120, CY - 120],
    [CX - 180, CY - 110],
  ] as const) {
    o += topTree(tx, ty, 16, '#6b9460');
  }
  o += text(CX, CY - 8, 'Hollow Creek Park', { size: 20, weight: 'bold', anchor: 'middle', fill: C.forest });
  o += text(CX, CY + 16, 'pond & walking trail', { size: 13, anchor: 'middle', fill: C.forestLight, italic: true });
  // Homesites.
  const lots = allLots();
  if (lots.length !== LOT_COUNT) throw new Error(`site plan has ${lots.length} lots, expected ${LOT_COUNT}`);
  for (const lot of lots) {
    o += poly(lot.poly, LOT_FILL, { stroke: '#ffffff', 'stroke-width': 2.2, 'stroke-linejoin': 'round' });
    o += text(lot.label[0], lot.label[1] + 5, String(lot.num), {
      size: 14,
      weight: 'bold',
      anchor: 'middle',
      fill: C.slate,
    });
  }
  // Street names, set letter by letter along the loop (librsvg has no textPath).
  o += textAlongLoop('HOLLOW CREEK LOOP', (Math.PI * 3) / 2, 13);
  o += textAlongLoop('MAPLE HOLLOW DRIVE', Math.PI / 2 + 0.5, 13);
  // Entrance monument and label.
  const ey = H - 70;
  o += rect(CX - 160, ey - 22, 92, 44, '#c9b99a', { rx: 6 }) + rect(CX + 68, ey - 22, 92, 44, '#c9b99a', { rx: 6 });
  o += topTree(CX - 190, ey - 40, 18, '#6b9460') + topTree(CX + 190, ey - 40, 18, '#6b9460');
  o += rect(CX - 130, H - 46, 260, 40, C.forest, { rx: 8 });
  o += text(CX, H - 19, 'Maple Hollow', { size: 20, weight: 'bold', anchor: 'middle', fill: C.cream, spacing: 1 });
  o += rect(CX - 52, ey - 50, 104, 24, '#fbf8f1', { rx: 4, opacity: 0.9 });
  o += text(CX, ey - 33, 'ENTRANCE', { size: 12, weight: 'bold', anchor: 'middle', fill: C.slate, spacing: 3 });
  o += path(`M${CX} ${ey - 74} l -10 16 h 20 z`, C.slate);
  // Title block, legend, compass, notes.
  o += rect(28, 26, 400, 120, '#fbf8f1', { rx: 10, stroke: '#cfc6b4', 'stroke-width': 1.5 });
  o += text(50, 70, 'Maple Hollow', { size: 32, weight: 'bold', fill: C.forest });
  o += text(50, 100, 'Community Site Plan · 78 Homesites', { size: 16, fill: C.slate });
  o += text(50, 126, 'by Summit Lane Homes', { size: 14, fill: '#59626e', italic: true });
  o += legend(28, 880);
  o += compassRose(1490, 120, 58);
  o += text(W - 30, H - 80, 'Lot lines are illustrative', { size: 12, anchor: 'end', fill: '#59626e' });
  o += text(W - 30, H - 62, 'sample data only.', { size: 12, anchor: 'end', fill: '#59626e' });
  return { width: SITE_PLAN_WIDTH, height: SITE_PLAN_HEIGHT, defs, body: group(o) };
}

/**
 * The lot outlines as the site reads them (static/sample/site-plan-lots.svg): the drawing's viewBox and one shape
 * per lot with id `lot-N`, nothing else. A builder exports the same from their own drawing tool (see the README).
 */
export function lotOutlinesSvg(): string {
  const shapes = allLots().map((lot) => `  ${poly(lot.poly, 'none', { id: `lot-${lot.num}` })}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SITE_PLAN_WIDTH} ${SITE_PLAN_HEIGHT}">`,
    ...shapes,
    '</svg>',
    '',
  ].join('\n');
}
