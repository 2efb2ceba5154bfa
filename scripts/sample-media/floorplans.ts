/**
 * Architectural floor-plan line drawings for "The Overlook" (1400×1000 each).
 * Plans are described in feet and drawn at 15 px/ft; room dimension labels are
 * derived from the room rectangles so they always agree with the drawing.
 */
import { C, Defs, type Pt, type Scene, circle, ellipse, group, line, path, poly, rect, text } from './svg.js';

const S = 15;
const OX = 50;
const OY = 140;
const INK = '#2b3440';
const PAPER = '#fcfaf5';
const FIX = '#6b7480';

const X = (ft: number): number => OX + ft * S;
const Y = (ft: number): number => OY + ft * S;

interface RoomDef {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Show "W'×H'" under the name. */
  dims?: boolean;
  /** Label offset in feet, to dodge fixtures. */
  dx?: number;
  dy?: number;
}

type Dir = 'N' | 'S' | 'E' | 'W';

interface DoorDef {
  /** Hinge point (feet). */
  x: number;
  y: number;
  /** Door width (feet). */
  w: number;
  /** Direction along the wall from hinge to strike. */
  along: Dir;
  /** Direction the leaf swings into. */
  swing: Dir;
  double?: boolean;
}

interface PlanDef {
  title: string;
  subtitle: string[];
  stats: string[];
  outline: Pt[];
  rooms: RoomDef[];
  /** Cased openings / removed walls: [x0, y0, x1, y1] in feet (axis-aligned). */
  openings: Array<readonly [number, number, number, number]>;
  doors: DoorDef[];
  windows: Array<readonly [number, number, number, number]>;
  fixtures: string;
  /** Areas outside the heated footprint (porch, patio), drawn dashed. */
  outdoor: RoomDef[];
}

const VEC: Record<Dir, Pt> = { N: [0, -1], S: [0, 1], E: [1, 0], W: [-1, 0] };

function roomWalls(r: RoomDef): string {
  return rect(X(r.x), Y(r.y), r.w * S, r.h * S, 'none', { stroke: INK, 'stroke-width': 5 });
}

function roomLabel(r: RoomDef): string {
  const cx = X(r.x + r.w / 2 + (r.dx ?? 0));
  const cy = Y(r.y + r.h / 2 + (r.dy ?? 0));
  const small = r.w < 9 || r.h < 7;
  let out = text(cx, cy, r.name, { size: small ? 12 : 16, weight: 'bold', anchor: 'middle', fill: INK, spacing: 0.5 });
  if (r.dims === true) out += text(cx, cy + 19, `${r.w}′×${r.h}′`, { size: 13, anchor: 'middle', fill: '#59626e' });
  return out;
}

function opening([x0, y0, x1, y1]: readonly [number, number, number, number]): string {
  const horizontal = y0 === y1;
  return horizontal
    ? rect(X(x0), Y(y0) - 7, (x1 - x0) * S, 14, PAPER)
    : rect(X(x0) - 7, Y(y0), 14, (y1 - y0) * S, PAPER);
}

function door(d: DoorDef): string {
  const [ax, ay] = VEC[d.along];
  const [sx, sy] = VEC[d.swing];
  const leaves: Array<readonly [Pt, number]> =
    d.double === true
      ? [
          [[d.x, d.y], d.w / 2],
          [[d.x + ax * d.w, d.y + ay * d.w], -d.w / 2],
        ]
      : [[[d.x, d.y], d.w]];
  let out = opening([
    Math.min(d.x, d.x + ax * d.w),
    Math.min(d.y, d.y + ay * d.w),
    Math.max(d.x, d.x + ax * d.w),
    Math.max(d.y, d.y + ay * d.w),
  ]);
  for (const [[hx, hy], len] of leaves) {
    const l = Math.abs(len);
    const dirx = Math.sign(len) * ax;
    const diry = Math.sign(len) * ay;
    const tipX = hx + sx * l;
    const tipY = hy + sy * l;
    const strikeX = hx + dirx * l;
    const strikeY = hy + diry * l;
    out += line(X(hx), Y(hy), X(tipX), Y(tipY), INK, 2.5);
    const cross = dirx * sy - diry * sx;
    out += path(
      `M${X(strikeX)} ${Y(strikeY)} A${l * S} ${l * S} 0 0 ${cross > 0 ? 1 : 0} ${X(tipX)} ${Y(tipY)}`,
      'none',
      { stroke: INK, 'stroke-width': 1.2 },
    );
  }
  return out;
}

function windowMark([x0, y0, x1, y1]: readonly [number, number, number, number]): string {
  if (y0 === y1) {
    return (
      rect(X(x0), Y(y0) - 6, (x1 - x0) * S, 12, PAPER, { stroke: INK, 'stroke-width': 1.5 }) +
      line(X(x0), Y(y0), X(x1), Y(y0), INK, 1.5)
    );
  }
  return (
    rect(X(x0) - 6, Y(y0), 12, (y1 - y0) * S, PAPER, { stroke: INK, 'stroke-width': 1.5 }) +
    line(X(x0), Y(y0), X(x0), Y(y1), INK, 1.5)
  );
}

// --- Fixtures (feet coordinates) ---

const fx = {
  box(x: number, y: number, w: number, h: number, extra: Record<string, string | number> = {}): string {
    return rect(X(x), Y(y), w * S, h * S, 'none', { stroke: FIX, 'stroke-width': 1.6, ...extra });
  },
  counter(x: number, y: number, w: number, h: number): string {
    return rect(X(x), Y(y), w * S, h * S, '#efeae0', { stroke: FIX, 'stroke-width': 1.6 });
  },
  sink(x: number, y: number, w = 2.6, h = 1.5): string {
    return (
      rect(X(x), Y(y), w * S, h * S, 'none', { stroke: FIX, 'stroke-width': 1.4, rx: 4 }) +
      circle(X(x + w / 2), Y(y + h / 2), 2, FIX)
    );
  },
  range(x: number, y: number): string {
    let o = rect(X(x), Y(y), 2.4 * S, 2.4 * S, '#ffffff', { stroke: FIX, 'stroke-width': 1.6 });
    for (const [a, b] of [
      [0.65, 0.65],
      [1.75, 0.65],
      [0.65, 1.75],
      [1.75, 1.75],
    ] as const)
      o += circle(X(x + a), Y(y + b), 0.38 * S, 'none', { stroke: FIX, 'stroke-width': 1.2 });
    return o;
  },
  fridge(x: number, y: number): string {
    return (
      rect(X(x), Y(y), 2.6 * S, 2.6 * S, '#ffffff', { stroke: FIX, 'stroke-width': 1.6 }) +
      text(X(x + 1.3), Y(y + 1.6), 'REF', { size: 10, anchor: 'middle', fill: FIX })
    );
  },
  toilet(x: number, y: number, facing: Dir): string {
    const horiz = facing === 'E' || facing === 'W';
    const tank = horiz
      ? rect(X(x) - (facing === 'E' ? 0 : 0.6 * S), Y(y) - 0.9 * S, 0.6 * S, 1.8 * S, '#ffffff', {
          stroke: FIX,
          'stroke-width': 1.4,
        })
      : rect(X(x) - 0.9 * S, Y(y) - (facing === 'S' ? 0 : 0.6 * S), 1.8 * S, 0.6 * S, '#ffffff', {
          stroke: FIX,
          'stroke-width': 1.4,
        });
    const [vx, vy] = VEC[facing];
    const bowl = ellipse(
      X(x + vx * 1.5),
      Y(y + vy * 1.5),
      horiz ? 0.95 * S : 0.7 * S,
      horiz ? 0.7 * S : 0.95 * S,
      '#ffffff',
      { stroke: FIX, 'stroke-width': 1.4 },
    );
    return bowl + tank;
  },
  tub(x: number, y: number, w: number, h: number): string {
    return (
      rect(X(x), Y(y), w * S, h * S, '#ffffff', { stroke: FIX, 'stroke-width': 1.6 }) +
      rect(X(x + 0.4), Y(y + 0.4), (w - 0.8) * S, (h - 0.8) * S, 'none', { stroke: FIX, 'stroke-width': 1.2, rx: 14 })
    );
  },
  shower(x: number, y: number, w: number, h: number): string {
    return (
      rect(X(x), Y(y), w * S, h * S, '#ffffff', { stroke: FIX, 'stroke-width': 1.6 }) +
      line(X(x), Y(y), X(x + w), Y(y + h), FIX, 1) +
      line(X(x + w), Y(y), X(x), Y(y + h), FIX, 1)
    );
  },
  vanity(x: number, y: number, w: number, h: number, sinks: number): string {
    let o = fx.counter(x, y, w, h);
    for (let i = 0; i < sinks; i++) {
      const cx = x + (w * (i + 0.5)) / sinks;
      o += ellipse(X(cx), Y(y + h / 2), 0.7 * S, 0.5 * S, 'none', { stroke: FIX, 'stroke-width': 1.3 });
    }
    return o;
  },
  washerDryer(x: number, y: number): string {
    return (
      fx.box(x, y, 2.5, 2.5) +
      text(X(x + 1.25), Y(y + 1.6), 'W', { size: 11, anchor: 'middle', fill: FIX }) +
      fx.box(x + 2.7, y, 2.5, 2.5) +
      text(X(x + 3.95), Y(y + 1.6), 'D', { size: 11, anchor: 'middle', fill: FIX })
    );
  },
  /** Stair run from (x,y) of given size; treads perpendicular to `dir`. */
  stairs(x: number, y: number, w: number, h: number, dir: Dir, label: string): string {
    let o = rect(X(x), Y(y), w * S, h * S, '#ffffff', { stroke: INK, 'stroke-width': 2 });
    const vertical = dir === 'N' || dir === 'S';
    const count = Math.round((vertical ? h : w) / 0.9);
    for (let i = 1; i < count; i++) {
      o += vertical
        ? line(X(x), Y(y + (h * i) / count), X(x + w), Y(y + (h * i) / count), FIX, 1.2)
        : line(X(x + (w * i) / count), Y(y), X(x + (w * i) / count), Y(y + h), FIX, 1.2);
    }
    const [vx, vy] = VEC[dir];
    const cx = x + w / 2;
    const cy = y + h / 2;
    const len = (vertical ? h : w) * 0.38;
    o += line(X(cx - vx * len), Y(cy - vy * len), X(cx + vx * len), Y(cy + vy * len), INK, 1.8);
    const tipX = X(cx + vx * len);
    const tipY = Y(cy + vy * len);
    o += poly(
      [
        [tipX + vx * 8, tipY + vy * 8],
        [tipX - vy * 6, tipY + vx * 6],
        [tipX + vy * 6, tipY - vx * 6],
      ],
      INK,
    );
    o += text(X(cx) + (vertical ? 0 : 0), Y(cy - vy * len) + (vy < 0 ? 18 : -8), label, {
      size: 11,
      anchor: 'middle',
      weight: 'bold',
      fill: INK,
    });
    return o;
  },
  fireplace(x: number, y: number, w: number, d: number): string {
    return (
      rect(X(x), Y(y), w * S, d * S, '#e7dfd0', { stroke: INK, 'stroke-width': 2 }) +
      rect(X(x + 0.8), Y(y + 0.5), (w - 1.6) * S, (d - 0.8) * S, 'none', { stroke: FIX, 'stroke-width': 1.2 })
    );
  },
  closetRod(x0: number, y0: number, x1: number, y1: number): string {
    return line(X(x0), Y(y0), X(x1), Y(y1), FIX, 1.4, { 'stroke-dasharray': '6 4' });
  },
  bed(x: number, y: number, w: number, h: number, headAt: Dir): string {
    let o = rect(X(x), Y(y), w * S, h * S, 'none', { stroke: '#9aa2ad', 'stroke-width': 1.3, rx: 3 });
    if (headAt === 'N')
      o +=
        rect(X(x + 0.5), Y(y + 0.4), (w / 2 - 0.8) * S, 1.4 * S, 'none', {
          stroke: '#9aa2ad',
          'stroke-width': 1.2,
          rx: 4,
        }) +
        rect(X(x + w / 2 + 0.3), Y(y + 0.4), (w / 2 - 0.8) * S, 1.4 * S, 'none', {
          stroke: '#9aa2ad',
          'stroke-width': 1.2,
          rx: 4,
        });
    if (headAt === 'E')
      o +=
        rect(X(x + w - 1.8), Y(y + 0.5), 1.4 * S, (h / 2 - 0.8) * S, 'none', {
          stroke: '#9aa2ad',
          'stroke-width': 1.2,
          rx: 4,
        }) +
        rect(X(x + w - 1.8), Y(y + h / 2 + 0.3), 1.4 * S, (h / 2 - 0.8) * S, 'none', {
          stroke: '#9aa2ad',
          'stroke-width': 1.2,
          rx: 4,
        });
    return o;
  },
  sofa(x: number, y: number, w: number, h: number): string {
    return (
      rect(X(x), Y(y), w * S, h * S, 'none', { stroke: '#9aa2ad', 'stroke-width': 1.3, rx: 5 }) +
      rect(X(x + 0.4), Y(y + 0.9), (w - 0.8) * S, (h - 1.3) * S, 'none', {
        stroke: '#9aa2ad',
        'stroke-width': 1.1,
        rx: 4,
      })
    );
  },
  table(cx: number, cy: number, w: number, h: number, chairs: number): string {
    let o = rect(X(cx - w / 2), Y(cy - h / 2), w * S, h * S, 'none', { stroke: '#9aa2ad', 'stroke-width': 1.3, rx: 4 });
    for (let i = 0; i < chairs; i++) {
      const px = cx - w / 2 + (w * (i + 0.5)) / chairs;
      o += rect(X(px - 0.7), Y(cy - h / 2 - 1.7), 1.4 * S, 1.3 * S, 'none', {
        stroke: '#9aa2ad',
        'stroke-width': 1.1,
        rx: 3,
      });
      o += rect(X(px - 0.7), Y(cy + h / 2 + 0.4), 1.4 * S, 1.3 * S, 'none', {
        stroke: '#9aa2ad',
        'stroke-width': 1.1,
        rx: 3,
      });
    }
    return o;
  },
  car(x: number, y: number): string {
    return rect(X(x), Y(y), 6.5 * S, 15 * S, 'none', {
      stroke: '#b3bac3',
      'stroke-width': 1.3,
      rx: 18,
      'stroke-dasharray': '8 5',
    });
  },
  furnace(x: number, y: number): string {
    return (
      fx.box(x, y, 3, 3) +
      text(X(x + 1.5), Y(y + 1.9), 'FAU', { size: 10, anchor: 'middle', fill: FIX }) +
      circle(X(x + 5), Y(y + 1.5), 1.2 * S, 'none', { stroke: FIX, 'stroke-width': 1.6 }) +
      text(X(x + 5), Y(y + 1.9), 'WH', { size: 10, anchor: 'middle', fill: FIX })
    );
  },
};

// --- Page furniture: title block, north arrow, scale bar ---

function pageFurniture(plan: PlanDef): string {
  let o = text(OX, 62, plan.title, { size: 32, weight: 'bold', fill: C.forest });
  o += text(
    OX,
    915,
    'Sample floor plan for demonstration only. Not to scale; dimensions, windows and options are approximate and may change.',
    { size: 12, fill: '#59626e' },
  );
  const x = 1110;
  o += rect(x - 20, OY, 1400 - x, 720, '#f4efe4', { rx: 8 });
  o += rect(x - 20, OY, 6, 720, C.forest);
  o += text(x, OY + 44, 'The Overlook', { size: 24, weight: 'bold', fill: C.forest });
  plan.subtitle.forEach((s, i) => {
    o += text(x, OY + 72 + i * 20, s, { size: 13, fill: '#59626e' });
  });
  o += line(x, OY + 112, 1370, OY + 112, '#cfc6b4', 1.5);
  plan.stats.forEach((s, i) => {
    o += text(x, OY + 146 + i * 28, s, { size: 15, fill: INK });
  });
  // North arrow.
  const nx = x + 60;
  const ny = OY + 400;
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
  // Scale bar: four 4-foot blocks.
  const sy = OY + 520;
  o += text(x, sy - 16, 'Scale (approx.)', { size: 12, fill: '#59626e' });
  for (let i = 0; i < 4; i++)
    o += rect(x + i * 4 * S, sy, 4 * S, 8, i % 2 === 0 ? INK : '#ffffff', { stroke: INK, 'stroke-width': 1 });
  o +=
    text(x, sy + 26, '0', { size: 11, fill: INK }) +
    text(x + 16 * S, sy + 26, '16 ft', { size: 11, anchor: 'middle', fill: INK });
  o += text(x, OY + 660, 'Summit Lane Homes', { size: 15, weight: 'bold', fill: C.forest });
  o += text(x, OY + 684, 'Maple Hollow', { size: 13, fill: INK });
  return o;
}

function drawPlan(plan: PlanDef): Scene {
  const defs = new Defs();
  let o = rect(0, 0, 1400, 1000, PAPER);
  // Outdoor areas.
  for (const r of plan.outdoor) {
    o += rect(X(r.x), Y(r.y), r.w * S, r.h * S, '#f1ece1', {
      stroke: FIX,
      'stroke-width': 1.5,
      'stroke-dasharray': '8 5',
    });
    o += text(X(r.x + r.w / 2), Y(r.y + r.h / 2) + 5, r.name, {
      size: 13,
      anchor: 'middle',
      fill: '#59626e',
      italic: true,
    });
  }
  o += poly(plan.outline, '#ffffff');
  o += plan.fixtures;
  o += plan.rooms.map(roomWalls).join('');
  o += poly(plan.outline, 'none', { stroke: INK, 'stroke-width': 10, 'stroke-linejoin': 'miter' });
  o += plan.openings.map(opening).join('');
  o += plan.windows.map(windowMark).join('');
  o += plan.doors.map(door).join('');
  o += plan.rooms
    .filter((r) => r.name !== '')
    .map(roomLabel)
    .join('');
  o += pageFurniture(plan);
  return { width: 1400, height: 1000, defs, body: group(o, { 'stroke-linecap': 'butt' }) };
}

function outline(ft: ReadonlyArray<readonly [number, number]>): Pt[] {
  return ft.map(([x, y]) => [X(x), Y(y)] as const);
}

/** Overlook — Main Level. */
export function overlookMainLevel(): Scene {
  const rooms: RoomDef[] = [
    { name: 'Pantry', x: 0, y: 0, w: 8, h: 7 },
    { name: 'Powder', x: 0, y: 7, w: 8, h: 7 },
    { name: 'Dining', x: 8, y: 0, w: 14, h: 14, dims: true, dy: 3.3 },
    { name: 'Laundry', x: 0, y: 14, w: 9, h: 10, dy: 1.5 },
    { name: 'Mud Room', x: 9, y: 14, w: 13, h: 10, dy: -1.5 },
    { name: '2-Car Garage', x: 0, y: 24, w: 22, h: 24, dims: true, dy: -6 },
    { name: 'Great Room', x: 22, y: 0, w: 18, h: 16, dims: true, dx: 2, dy: 4.3 },
    { name: 'Kitchen', x: 22, y: 16, w: 18, h: 14, dims: true, dx: 3, dy: 4 },
    { name: 'Foyer', x: 22, y: 30, w: 18, h: 12, dx: -3, dy: 1 },
    { name: "Owner's Bath", x: 40, y: 0, w: 14, h: 9, dx: -2, dy: 0.6 },
    { name: 'Walk-in Closet', x: 40, y: 9, w: 14, h: 7, dy: 0.9 },
    { name: "Owner's Suite", x: 54, y: 0, w: 14, h: 16, dims: true, dy: 3 },
    { name: 'Bath 2', x: 40, y: 20, w: 10, h: 8, dx: 1, dy: 1 },
    { name: 'Study', x: 40, y: 28, w: 10, h: 14, dims: true },
    { name: 'Bedroom 2', x: 54, y: 20, w: 14, h: 13, dims: true, dy: 1.5 },
    { name: 'Bedroom 3', x: 54, y: 33, w: 14, h: 15, dims: true, dy: 2 },
    { name: 'Lin.', x: 50, y: 38, w: 4, h: 4 },
  ];
  const fixtures =
    // Kitchen: perimeter counter with range, fridge, and an island with sink.
    fx.counter(22, 16.3, 2.2, 8.4) +
    fx.fridge(22.1, 16.4) +
    fx.range(22, 20.2) +
    fx.counter(37.8, 20.5, 2, 7.3) +
    fx.counter(28, 21, 9, 3.6) +
    fx.sink(31.2, 21.6) +
    // Great room: fireplace, sofa, chairs.
    fx.fireplace(36.8, 4, 3.2, 6) +
    fx.sofa(24.3, 2.5, 3, 9) +
    fx.box(28.8, 4.5, 2.6, 5, { stroke: '#9aa2ad', rx: 4 }) +
    // Dining.
    fx.table(15, 5, 7, 3.5, 3) +
    // Pantry shelves, powder room, laundry.
    fx.counter(0.2, 0.2, 1.6, 6.6) +
    fx.counter(6.2, 0.2, 1.6, 6.6) +
    fx.toilet(4, 13.8, 'N') +
    fx.vanity(0.2, 7.6, 1.8, 3, 1) +
    fx.washerDryer(0.3, 21.2) +
    fx.counter(0.2, 14.2, 8.6, 2) +
    // Mud room bench / lockers.
    fx.counter(9.2, 21.8, 9, 2) +
    fx.closetRod(9.6, 22.8, 18, 22.8) +
    // Garage.
    fx.car(3.5, 29) +
    fx.car(12, 29) +
    // Foyer stair down.
    fx.stairs(34, 31, 4.5, 10, 'N', 'DN') +
    // Owner's bath: double vanity, tub, shower, toilet.
    fx.vanity(40.2, 0.2, 7, 2, 2) +
    fx.tub(47.6, 0.3, 6.2, 3.2) +
    fx.shower(49.6, 4.4, 4.2, 4.4) +
    fx.toilet(40.2, 7.1, 'E') +
    fx.closetRod(40.6, 10.5, 43.8, 10.5) +
    fx.closetRod(47.8, 10.5, 53.4, 10.5) +
    fx.closetRod(40.6, 15.3, 53.4, 15.3) +
    fx.bed(58, 1, 7, 7.5, 'N') +
    // Bath 2.
    fx.tub(40.2, 20.2, 3.2, 5.4) +
    fx.vanity(44, 26, 5.6, 1.8, 1) +
    fx.toilet(48.3, 22, 'W') +
    fx.bed(60, 23.5, 7.5, 6, 'E') +
    fx.closetRod(54.8, 32, 60, 32) +
    fx.bed(60, 38, 7.5, 6, 'E') +
    fx.closetRod(54.8, 47, 60, 47) +
    // Study desk.
    fx.box(43, 39.2, 6, 2.4, { stroke: '#9aa2ad' });
  return drawPlan({
    title: 'Overlook — Main Level',
    subtitle: ['Single-level living with an', 'optional finished lower level'],
    stats: ['3 Bedrooms + Study', '2.5 Baths', '2-Car Garage', '≈ 2,460 sq ft (main)'],
    outline: outline([
      [0, 0],
      [68, 0],
      [68, 48],
      [54, 48],
      [54, 42],
      [22, 42],
      [22, 48],
      [0, 48],
    ]),
    rooms,
    openings: [
      [22.6, 16, 39.4, 16],
      [22, 2, 22, 12],
      [24, 30, 33, 30],
      [22, 25, 22, 28],
      [40, 16.6, 40, 19.4],
    ],
    doors: [
      { x: 27, y: 42, w: 3.2, along: 'E', swing: 'N' },
      { x: 13, y: 24, w: 3, along: 'E', swing: 'N' },
      { x: 9, y: 16, w: 2.8, along: 'S', swing: 'W' },
      { x: 8, y: 2, w: 2.5, along: 'S', swing: 'E' },
      { x: 8, y: 9, w: 2.5, along: 'S', swing: 'W' },
      { x: 56, y: 16, w: 3, along: 'E', swing: 'N' },
      { x: 44.6, y: 9, w: 2.6, along: 'E', swing: 'S' },
      { x: 54, y: 12, w: 2.6, along: 'N', swing: 'W' },
      { x: 50, y: 21, w: 2.6, along: 'S', swing: 'W' },
      { x: 40, y: 33, w: 5, along: 'S', swing: 'E', double: true },
      { x: 54, y: 21.5, w: 2.8, along: 'S', swing: 'E' },
      { x: 54, y: 34.5, w: 2.8, along: 'S', swing: 'E' },
      { x: 50.5, y: 38, w: 3, along: 'E', swing: 'N' },
    ],
    windows: [
      [11, 0, 19, 0],
      [24.5, 0, 37.5, 0],
      [44, 0, 47, 0],
      [57.5, 0, 64.5, 0],
      [68, 4, 68, 12],
      [68, 23, 68, 30],
      [68, 37, 68, 44],
      [57.5, 48, 64.5, 48],
      [0, 9, 0, 11.5],
      [0, 17, 0, 20],
      [0, 32, 0, 35],
      [42.5, 42, 47.5, 42],
      [33, 42, 37, 42],
    ],
    fixtures:
      fixtures +
      // Overhead garage door (dashed) drawn over the front wall.
      rect(X(2), Y(48) - 7, 18 * S, 14, PAPER) +
      line(X(2), Y(48), X(20), Y(48), INK, 2, { 'stroke-dasharray': '10 6' }),
    outdoor: [
      { name: 'Covered Patio', x: 24, y: -4.5, w: 14, h: 4.5 },
      { name: 'Front Porch', x: 22, y: 42, w: 32, h: 6 },
    ],
  });
}

/** Overlook — Lower Level (finished basement). */
export function overlookLowerLevel(): Scene {
  const rooms: RoomDef[] = [
    { name: 'Rec Room', x: 22, y: 0, w: 22, h: 24, dims: true, dy: -3 },
    { name: 'Bath', x: 44, y: 0, w: 10, h: 8, dx: 0.8, dy: 0 },
    { name: 'Closet', x: 44, y: 8, w: 10, h: 7 },
    { name: 'Bedroom 4', x: 54, y: 0, w: 14, h: 15, dims: true, dy: 1.5 },
    { name: 'Mechanical', x: 54, y: 19, w: 14, h: 13, dy: 2.8 },
    { name: 'Storage', x: 54, y: 32, w: 14, h: 16, dims: true },
    { name: 'Storage', x: 22, y: 24, w: 10, h: 18, dims: true },
    { name: 'Exercise', x: 44, y: 24, w: 10, h: 18, dims: true, dx: 0.8, dy: -1.5 },
  ];
  const fixtures =
    // Wet bar and media area in the rec room.
    fx.counter(22.2, 0.2, 10, 2.2) +
    fx.sink(25.5, 0.5) +
    fx.counter(22.2, 2.4, 2, 5) +
    fx.sofa(26, 16, 12, 3.2) +
    fx.box(29, 11.8, 6, 2.6, { stroke: '#9aa2ad', rx: 4 }) +
    fx.box(38, 3, 5.5, 0.8, { stroke: '#9aa2ad' }) +
    // Bath.
    fx.shower(44.2, 0.2, 4, 4) +
    fx.vanity(49, 0.2, 4.8, 1.8, 1) +
    fx.toilet(52, 6.8, 'N') +
    fx.closetRod(44.6, 14.2, 53.4, 14.2) +
    fx.bed(57, 1, 7.5, 7.5, 'N') +
    // Mechanical.
    fx.furnace(55.5, 20.5) +
    // Stairs up.
    fx.stairs(34, 31, 4.5, 10, 'S', 'UP') +
    // Shelving in storage rooms.
    fx.counter(22.2, 24.2, 2, 17.6) +
    fx.counter(66, 32.2, 1.8, 15.6) +
    fx.box(46, 37.5, 6, 3, { stroke: '#9aa2ad', rx: 6 });
  return drawPlan({
    title: 'Overlook — Lower Level',
    subtitle: ['Finished basement option', 'beneath the main living areas'],
    stats: ['Rec Room with Wet Bar', 'Bedroom 4 + Bath', 'Exercise Room', '≈ 1,380 sq ft finished'],
    outline: outline([
      [22, 0],
      [68, 0],
      [68, 48],
      [54, 48],
      [54, 42],
      [22, 42],
    ]),
    rooms,
    openings: [
      [44, 15.6, 44, 18.6],
      [33, 24, 43, 24],
    ],
    doors: [
      { x: 44, y: 4.5, w: 2.6, along: 'S', swing: 'E' },
      { x: 54, y: 9, w: 2.6, along: 'N', swing: 'W' },
      { x: 56, y: 15, w: 3, along: 'E', swing: 'N' },
      { x: 64, y: 19, w: 3, along: 'E', swing: 'S' },
      { x: 54, y: 36, w: 3, along: 'S', swing: 'E' },
      { x: 32, y: 27, w: 2.8, along: 'S', swing: 'W' },
      { x: 44, y: 27, w: 5, along: 'S', swing: 'E', double: true },
    ],
    windows: [
      [25, 0, 31, 0],
      [35, 0, 41, 0],
      [58, 0, 64, 0],
      [68, 40, 68, 44],
    ],
    fixtures:
      fixtures +
      // Egress window wells.
      path(`M${X(57.5)} ${Y(0)} A${3.5 * S} ${2.6 * S} 0 0 1 ${X(64.5)} ${Y(0)}`, 'none', {
        stroke: FIX,
        'stroke-width': 1.6,
      }) +
      text(X(61), Y(-0.9), 'egress well', { size: 10, anchor: 'middle', fill: FIX }) +
      // Unexcavated area under the garage, shown faintly.
      rect(X(0), Y(0), 22 * S, 48 * S, 'none', { stroke: '#c9ced4', 'stroke-width': 1.5, 'stroke-dasharray': '4 6' }) +
      text(X(11), Y(24), 'Unexcavated', { size: 14, anchor: 'middle', fill: '#9aa2ad', italic: true }),
    outdoor: [],
  });
}
