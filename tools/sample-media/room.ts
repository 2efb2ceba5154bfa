/**
 * One-point-perspective room helper for the interior illustrations.
 *
 * Coordinates are "back-wall units": the back wall spans x 250..1250 and
 * y 150 (ceiling) .. 700 (floor) of a 1500×1000 canvas. A depth factor `s`
 * (1 = on the back wall, larger = closer to the viewer) scales a point away
 * from the vanishing point, so frontal objects can be drawn in back-wall units
 * and pushed forward with `at(s, …)`.
 */
import { type Defs, type Pt, el, line, mix, n, poly, rect } from './svg.js';

export const ROOM = { L: 250, R: 1250, T: 150, B: 700, W: 1500, H: 1000 } as const;

export interface Faces {
  front: string;
  top?: string;
  side?: string;
}

export class Room {
  readonly vp: Pt;
  constructor(
    readonly defs: Defs,
    vp: Pt = [750, 395],
  ) {
    this.vp = vp;
  }

  /** Project a back-wall point to depth `s`. */
  p(x: number, y: number, s: number): Pt {
    const [vx, vy] = this.vp;
    return [vx + (x - vx) * s, vy + (y - vy) * s];
  }

  /** Draw `svg` (in back-wall units) pushed forward to depth `s`. */
  at(s: number, svg: string): string {
    const [vx, vy] = this.vp;
    return el('g', { transform: `translate(${n(vx)} ${n(vy)}) scale(${n(s)}) translate(${n(-vx)} ${n(-vy)})` }, svg);
  }

  /** A quad on the floor (y = B) between depths s0 and s1. */
  floorQuad(
    x0: number,
    x1: number,
    s0: number,
    s1: number,
    fill: string,
    extra: Record<string, string | number> = {},
  ): string {
    const { B } = ROOM;
    return poly([this.p(x0, B, s0), this.p(x1, B, s0), this.p(x1, B, s1), this.p(x0, B, s1)], fill, extra);
  }

  /** A rectangle on the left or right side wall between depths s0..s1 and heights y0..y1. */
  sideQuad(
    side: 'left' | 'right',
    s0: number,
    s1: number,
    y0: number,
    y1: number,
    fill: string,
    extra: Record<string, string | number> = {},
  ): string {
    const x = side === 'left' ? ROOM.L : ROOM.R;
    return poly([this.p(x, y0, s0), this.p(x, y0, s1), this.p(x, y1, s1), this.p(x, y1, s0)], fill, extra);
  }

  /** A ceiling quad (e.g. a beam) between depths s0..s1. */
  ceilingQuad(s0: number, s1: number, fill: string): string {
    const { L, R, T } = ROOM;
    return poly([this.p(L, T, s0), this.p(R, T, s0), this.p(R, T, s1), this.p(L, T, s1)], fill);
  }

  /**
   * A box whose frontal outline (in back-wall units) is x0..x1 × y0..y1,
   * extending from depth s0 (back) to s1 (front). Draws visible side, top, and front.
   */
  box(x0: number, x1: number, y0: number, y1: number, s0: number, s1: number, f: Faces): string {
    const [vx, vy] = this.vp;
    let out = '';
    if (f.side !== undefined) {
      if (x1 < vx)
        out += poly([this.p(x1, y0, s0), this.p(x1, y0, s1), this.p(x1, y1, s1), this.p(x1, y1, s0)], f.side);
      if (x0 > vx)
        out += poly([this.p(x0, y0, s0), this.p(x0, y0, s1), this.p(x0, y1, s1), this.p(x0, y1, s0)], f.side);
    }
    if (f.top !== undefined && y0 > vy)
      out += poly([this.p(x0, y0, s0), this.p(x1, y0, s0), this.p(x1, y0, s1), this.p(x0, y0, s1)], f.top);
    if (f.top !== undefined && y1 < vy)
      out += poly([this.p(x0, y1, s0), this.p(x1, y1, s0), this.p(x1, y1, s1), this.p(x0, y1, s1)], f.top);
    const [ax, ay] = this.p(x0, y0, s1);
    const [bx, by] = this.p(x1, y1, s1);
    out += rect(ax, ay, bx - ax, by - ay, f.front);
    return out;
  }

  /** Back wall, side walls, ceiling and floor, with baseboards and crown. */
  shell(o: {
    wall: string;
    side: string;
    ceiling: string;
    floor: string;
    floorLine: string;
    trim: string;
    floorKind: 'planks' | 'tile' | 'carpet';
  }): string {
    const { L, R, T, B, W, H } = ROOM;
    const far = 4;
    let out = '';
    out += poly(
      [
        [0, 0],
        [W, 0],
        [W, H],
        [0, H],
      ],
      o.side,
    );
    out += poly([this.p(L, T, 1), this.p(R, T, 1), this.p(R, T, far), this.p(L, T, far)], o.ceiling);
    const floorPts: Pt[] = [this.p(L, B, 1), this.p(R, B, 1), this.p(R, B, far), this.p(L, B, far)];
    out += poly(floorPts, o.floor);
    const rightWall: Pt[] = [this.p(R, T, 1), this.p(R, T, far), this.p(R, B, far), this.p(R, B, 1)];
    out += poly(rightWall, mix(o.side, '#000000', 0.05));
    if (o.floorKind === 'planks') {
      for (let x = L, i = 0; x < R; x += 38, i++) {
        if (i % 3 === 0)
          out += poly(
            [this.p(x, B, 1), this.p(x + 38, B, 1), this.p(x + 38, B, far), this.p(x, B, far)],
            mix(o.floor, '#ffffff', 0.06),
          );
        out += line(...this.p(x, B, 1), ...this.p(x, B, far), o.floorLine, 1.5);
      }
      for (const s of [1.12, 1.3, 1.55, 1.85]) {
        for (let x = L + ((s * 100) % 76); x < R; x += 152) {
          out += line(...this.p(x, B, s), ...this.p(x + 38, B, s), o.floorLine, 1.5);
        }
      }
    } else if (o.floorKind === 'tile') {
      for (let x = L; x <= R; x += 100) out += line(...this.p(x, B, 1), ...this.p(x, B, far), o.floorLine, 2);
      for (let i = 0; i < 12; i++) {
        const s = 1 / (1 - i * 0.075);
        if (s > far || s <= 0) break;
        out += line(...this.p(L, B, s), ...this.p(R, B, s), o.floorLine, 2);
      }
    }
    out += rect(L, T, R - L, B - T, o.wall);
    out += rect(L, B - 14, R - L, 14, o.trim) + rect(L, T, R - L, 8, o.trim);
    out += poly([this.p(L, B - 14, 1), this.p(L, B - 14, far), this.p(L, B, far), this.p(L, B, 1)], o.trim);
    out += poly([this.p(R, B - 14, 1), this.p(R, B - 14, far), this.p(R, B, far), this.p(R, B, 1)], o.trim);
    out += line(...this.p(L, T, 1), ...this.p(L, T, far), mix(o.side, '#000000', 0.1), 2);
    out += line(...this.p(R, T, 1), ...this.p(R, T, far), mix(o.side, '#000000', 0.1), 2);
    return out;
  }
}
