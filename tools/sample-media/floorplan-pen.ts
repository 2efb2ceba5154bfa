/**
 * Drawing primitives for architectural floor plans: walls, doors, windows and fixtures, described in feet and
 * drawn through a Pen that maps feet to sheet pixels (each sheet picks the scale its plan needs).
 */
import { type Pt, circle, ellipse, line, path, poly, rect, text } from './svg.js';

export const INK = '#2b3440';
export const PAPER = '#fcfaf5';
export const FIX = '#6b7480';
const FURNITURE = '#9aa2ad';

export type Dir = 'N' | 'S' | 'E' | 'W';
/** A wall segment in feet, axis-aligned: [x0, y0, x1, y1]. */
export type Segment = readonly [number, number, number, number];

export const VEC: Record<Dir, Pt> = { N: [0, -1], S: [0, 1], E: [1, 0], W: [-1, 0] };

export interface Pen {
  /** Pixels per foot. */
  s: number;
  x(ft: number): number;
  y(ft: number): number;
}

export function makePen(s: number, originX: number, originY: number): Pen {
  return { s, x: (ft) => originX + ft * s, y: (ft) => originY + ft * s };
}

export interface DoorDef {
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

/** A cased opening: the wall is left out along the segment. */
export function opening(p: Pen, [x0, y0, x1, y1]: Segment): string {
  return y0 === y1
    ? rect(p.x(x0), p.y(y0) - 7, (x1 - x0) * p.s, 14, PAPER)
    : rect(p.x(x0) - 7, p.y(y0), 14, (y1 - y0) * p.s, PAPER);
}

export function door(p: Pen, d: DoorDef): string {
  const [ax, ay] = VEC[d.along];
  const [sx, sy] = VEC[d.swing];
  const leaves: Array<readonly [Pt, number]> =
    d.double === true
      ? [
          [[d.x, d.y], d.w / 2],
          [[d.x + ax * d.w, d.y + ay * d.w], -d.w / 2],
        ]
      : [[[d.x, d.y], d.w]];
  let out = opening(p, [
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
    out += line(p.x(hx), p.y(hy), p.x(tipX), p.y(tipY), INK, 2.5);
    const cross = dirx * sy - diry * sx;
    out += path(
      `M${p.x(hx + dirx * l)} ${p.y(hy + diry * l)} A${l * p.s} ${l * p.s} 0 0 ${cross > 0 ? 1 : 0} ${p.x(tipX)} ${p.y(tipY)}`,
      'none',
      { stroke: INK, 'stroke-width': 1.2 },
    );
  }
  return out;
}

export function windowMark(p: Pen, [x0, y0, x1, y1]: Segment): string {
  if (y0 === y1) {
    return (
      rect(p.x(x0), p.y(y0) - 6, (x1 - x0) * p.s, 12, PAPER, { stroke: INK, 'stroke-width': 1.5 }) +
      line(p.x(x0), p.y(y0), p.x(x1), p.y(y0), INK, 1.5)
    );
  }
  return (
    rect(p.x(x0) - 6, p.y(y0), 12, (y1 - y0) * p.s, PAPER, { stroke: INK, 'stroke-width': 1.5 }) +
    line(p.x(x0), p.y(y0), p.x(x0), p.y(y1), INK, 1.5)
  );
}

/** A sliding patio door: two overlapping glass panels in the wall. */
export function slider(p: Pen, [x0, y0, x1, y1]: Segment): string {
  const horizontal = y0 === y1;
  const half = horizontal ? (x1 - x0) / 2 : (y1 - y0) / 2;
  const gap = opening(p, [x0, y0, x1, y1]);
  const panel = (from: number, offset: number) =>
    horizontal
      ? rect(p.x(from), p.y(y0) + offset - 2, (half + 0.3) * p.s, 4, '#ffffff', { stroke: INK, 'stroke-width': 1.5 })
      : rect(p.x(x0) + offset - 2, p.y(from), 4, (half + 0.3) * p.s, '#ffffff', { stroke: INK, 'stroke-width': 1.5 });
  return horizontal ? gap + panel(x0, -3) + panel(x0 + half - 0.3, 3) : gap + panel(y0, -3) + panel(y0 + half - 0.3, 3);
}

/** Fixtures and furniture, in feet. */
export function fixtures(p: Pen) {
  const X = p.x;
  const Y = p.y;
  const S = p.s;
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
        rect(X(x + 0.4), Y(y + 0.4), (w - 0.8) * S, (h - 0.8) * S, 'none', {
          stroke: FIX,
          'stroke-width': 1.2,
          rx: 0.9 * S,
        })
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
      const vertical = h > w;
      for (let i = 0; i < sinks; i++) {
        const along = (i + 0.5) / sinks;
        o += vertical
          ? ellipse(X(x + w / 2), Y(y + h * along), 0.5 * S, 0.7 * S, 'none', { stroke: FIX, 'stroke-width': 1.3 })
          : ellipse(X(x + w * along), Y(y + h / 2), 0.7 * S, 0.5 * S, 'none', { stroke: FIX, 'stroke-width': 1.3 });
      }
      return o;
    },
    washerDryer(x: number, y: number, vertical = false): string {
      const [dx, dy] = vertical ? [0, 2.7] : [2.7, 0];
      return (
        fx.box(x, y, 2.5, 2.5) +
        text(X(x + 1.25), Y(y + 1.6), 'W', { size: 11, anchor: 'middle', fill: FIX }) +
        fx.box(x + dx, y + dy, 2.5, 2.5) +
        text(X(x + dx + 1.25), Y(y + dy + 1.6), 'D', { size: 11, anchor: 'middle', fill: FIX })
      );
    },
    fireplace(x: number, y: number, w: number, d: number): string {
      return (
        rect(X(x), Y(y), w * S, d * S, '#e7dfd0', { stroke: INK, 'stroke-width': 2 }) +
        rect(X(x + 0.5), Y(y + 0.5), (w - 1) * S, (d - 1) * S, 'none', { stroke: FIX, 'stroke-width': 1.2 })
      );
    },
    closetRod(x0: number, y0: number, x1: number, y1: number): string {
      return line(X(x0), Y(y0), X(x1), Y(y1), FIX, 1.4, { 'stroke-dasharray': '6 4' });
    },
    bed(x: number, y: number, w: number, h: number, headAt: 'N' | 'E' | 'W'): string {
      const soft = { stroke: FURNITURE, 'stroke-width': 1.2, rx: 4 };
      let o = rect(X(x), Y(y), w * S, h * S, 'none', { stroke: FURNITURE, 'stroke-width': 1.3, rx: 3 });
      if (headAt === 'N')
        o +=
          rect(X(x + 0.5), Y(y + 0.4), (w / 2 - 0.8) * S, 1.4 * S, 'none', soft) +
          rect(X(x + w / 2 + 0.3), Y(y + 0.4), (w / 2 - 0.8) * S, 1.4 * S, 'none', soft);
      else {
        const px = headAt === 'E' ? x + w - 1.8 : x + 0.4;
        o +=
          rect(X(px), Y(y + 0.5), 1.4 * S, (h / 2 - 0.8) * S, 'none', soft) +
          rect(X(px), Y(y + h / 2 + 0.3), 1.4 * S, (h / 2 - 0.8) * S, 'none', soft);
      }
      return o;
    },
    /** A sofa with its back to the north wall, arms at both ends. */
    sofa(x: number, y: number, w: number, h: number): string {
      const soft = { stroke: FURNITURE, 'stroke-width': 1.2, rx: 3 };
      return (
        rect(X(x), Y(y), w * S, h * S, 'none', { stroke: FURNITURE, 'stroke-width': 1.3, rx: 4 }) +
        rect(X(x + 0.7), Y(y), (w - 1.4) * S, 0.9 * S, 'none', soft) +
        rect(X(x), Y(y), 0.7 * S, h * S, 'none', soft) +
        rect(X(x + w - 0.7), Y(y), 0.7 * S, h * S, 'none', soft)
      );
    },
    /** A sofa with its back to a west or east wall. */
    sofaSide(x: number, y: number, w: number, h: number, backAt: 'W' | 'E'): string {
      const soft = { stroke: FURNITURE, 'stroke-width': 1.2, rx: 3 };
      const back = backAt === 'W' ? x : x + w - 0.9;
      return (
        rect(X(x), Y(y), w * S, h * S, 'none', { stroke: FURNITURE, 'stroke-width': 1.3, rx: 4 }) +
        rect(X(back), Y(y + 0.7), 0.9 * S, (h - 1.4) * S, 'none', soft) +
        rect(X(x), Y(y), w * S, 0.7 * S, 'none', soft) +
        rect(X(x), Y(y + h - 0.7), w * S, 0.7 * S, 'none', soft)
      );
    },
    table(cx: number, cy: number, w: number, h: number, chairs: number): string {
      const soft = { stroke: FURNITURE, 'stroke-width': 1.1, rx: 3 };
      let o = rect(X(cx - w / 2), Y(cy - h / 2), w * S, h * S, 'none', {
        stroke: FURNITURE,
        'stroke-width': 1.3,
        rx: 4,
      });
      for (let i = 0; i < chairs; i++) {
        const px = cx - w / 2 + (w * (i + 0.5)) / chairs;
        o += rect(X(px - 0.7), Y(cy - h / 2 - 1.7), 1.4 * S, 1.3 * S, 'none', soft);
        o += rect(X(px - 0.7), Y(cy + h / 2 + 0.4), 1.4 * S, 1.3 * S, 'none', soft);
      }
      return o;
    },
    desk(x: number, y: number, w: number, h: number): string {
      return (
        fx.box(x, y, w, h, { stroke: FURNITURE }) +
        circle(X(x + w / 2), Y(y + h + 1.1), 0.8 * S, 'none', {
          stroke: FURNITURE,
          'stroke-width': 1.2,
        })
      );
    },
    /** A parked car seen from above, nose toward `facing`. */
    car(cx: number, cy: number, facing: Dir): string {
      const along = facing === 'N' || facing === 'S';
      const [w, h] = along ? [6.4, 15] : [15, 6.4];
      return rect(X(cx - w / 2), Y(cy - h / 2), w * S, h * S, 'none', {
        stroke: '#b3bac3',
        'stroke-width': 1.3,
        rx: 1.2 * S,
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
    shelves(x: number, y: number, w: number, h: number): string {
      return fx.counter(x, y, w, h);
    },
  };
  return fx;
}

export type Fixtures = ReturnType<typeof fixtures>;

/** A stair run with treads and an arrow pointing the way it climbs or descends, labeled UP or DN. */
export function stairs(p: Pen, x: number, y: number, w: number, h: number, dir: Dir, label: string): string {
  let o = rect(p.x(x), p.y(y), w * p.s, h * p.s, '#ffffff', { stroke: INK, 'stroke-width': 2 });
  const vertical = dir === 'N' || dir === 'S';
  const count = Math.round((vertical ? h : w) / 0.9);
  for (let i = 1; i < count; i++) {
    o += vertical
      ? line(p.x(x), p.y(y + (h * i) / count), p.x(x + w), p.y(y + (h * i) / count), FIX, 1.2)
      : line(p.x(x + (w * i) / count), p.y(y), p.x(x + (w * i) / count), p.y(y + h), FIX, 1.2);
  }
  const [vx, vy] = VEC[dir];
  const cx = x + w / 2;
  const cy = y + h / 2;
  const len = (vertical ? h : w) * 0.38;
  o += line(p.x(cx - vx * len), p.y(cy - vy * len), p.x(cx + vx * len), p.y(cy + vy * len), INK, 1.8);
  const tipX = p.x(cx + vx * len);
  const tipY = p.y(cy + vy * len);
  o += poly(
    [
      [tipX + vx * 8, tipY + vy * 8],
      [tipX - vy * 6, tipY + vx * 6],
      [tipX + vy * 6, tipY - vx * 6],
    ],
    INK,
  );
  const labelX = vertical ? p.x(cx) : p.x(cx - vx * len) - vx * 18;
  const labelY = vertical ? p.y(cy - vy * len) + (vy < 0 ? 18 : -8) : p.y(cy) + 4;
  o += text(labelX, labelY, label, { size: 11, anchor: 'middle', weight: 'bold', fill: INK });
  return o;
}
