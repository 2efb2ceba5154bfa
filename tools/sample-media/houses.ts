/**
 * Flat-style house elevations. Each model is drawn in local coordinates with the
 * ground line at y = 0 (the house extends upwards into negative y) and its left
 * edge at x = 0; callers position and scale it with `translate()`.
 */
import { C, type Defs, type Pt, circle, group, line, mix, poly, rect, ellipse } from './svg.js';

export interface HouseStyle {
  wall: string;
  wallLine: string;
  trim: string;
  roof: string;
  roofLine: string;
  door: string;
  garage: string;
  accent: string;
  stone: string;
  glass: string;
  /** Warm lit windows (dusk/twilight). */
  lit: boolean;
}

export interface HouseModel {
  /** Local width of the drawing (x from 0 to width). */
  width: number;
  /** Local height above the ground line. */
  height: number;
  /** x positions (local) of the garage door center and door center, for drives and walks. */
  garageX: number | null;
  garageW: number;
  doorX: number;
  svg: string;
}

export const STYLE_SWEETWATER: HouseStyle = {
  wall: '#8d9c82',
  wallLine: '#7b8a70',
  trim: '#f4efe3',
  roof: '#3f4650',
  roofLine: '#353b44',
  door: C.terracotta,
  garage: '#f1ebdd',
  accent: '#c9b28c',
  stone: '#a99c8b',
  glass: C.glass,
  lit: false,
};

export const STYLE_SILVERWOOD: HouseStyle = {
  wall: '#f4f1ea',
  wallLine: '#ddd7cb',
  trim: '#262a30',
  roof: '#30353b',
  roofLine: '#41474f',
  door: C.wood,
  garage: '#2a2e34',
  accent: C.wood,
  stone: '#b9b2a6',
  glass: '#9fbccc',
  lit: false,
};

export const STYLE_CANYON: HouseStyle = {
  wall: '#dcc7a3',
  wallLine: '#cdb690',
  trim: '#f5eedd',
  roof: '#5d4e45',
  roofLine: '#4e4039',
  door: '#8a4f31',
  garage: '#9a6a47',
  accent: C.forest,
  stone: '#b49f84',
  glass: C.glass,
  lit: false,
};

/** Blend every color of a style toward `toward` (used for time-of-day lighting). */
export function tintStyle(s: HouseStyle, toward: string, t: number, lit = s.lit): HouseStyle {
  return {
    wall: mix(s.wall, toward, t),
    wallLine: mix(s.wallLine, toward, t),
    trim: mix(s.trim, toward, t),
    roof: mix(s.roof, toward, t),
    roofLine: mix(s.roofLine, toward, t),
    door: mix(s.door, toward, t),
    garage: mix(s.garage, toward, t),
    accent: mix(s.accent, toward, t),
    stone: mix(s.stone, toward, t),
    glass: mix(s.glass, toward, t),
    lit,
  };
}

type Cladding = 'lap' | 'board' | 'shingle' | 'stucco';

/** Shared drawing context for one house. */
class Painter {
  private glowFilter: string | null = null;
  constructor(
    readonly defs: Defs,
    readonly s: HouseStyle,
  ) {}

  private glow(): string {
    if (this.glowFilter === null) this.glowFilter = this.defs.blur(9);
    return this.glowFilter;
  }

  /** Wall fill with a cladding texture. */
  wall(
    x: number,
    y: number,
    w: number,
    h: number,
    kind: Cladding,
    base = this.s.wall,
    lineColor = this.s.wallLine,
    clip?: string,
  ): string {
    let tile: string;
    switch (kind) {
      case 'lap':
        tile = this.defs.pattern(40, 11, rect(0, 0, 40, 11, base) + rect(0, 9.6, 40, 1.4, lineColor));
        break;
      case 'board':
        tile = this.defs.pattern(18, 40, rect(0, 0, 18, 40, base) + rect(0, 0, 3, 40, lineColor));
        break;
      case 'shingle':
        tile = this.defs.pattern(
          24,
          16,
          rect(0, 0, 24, 16, base) +
            rect(0, 7, 24, 1.2, lineColor) +
            rect(0, 15, 24, 1.2, lineColor) +
            rect(5, 0, 1.2, 8, lineColor) +
            rect(17, 8, 1.2, 8, lineColor),
        );
        break;
      case 'stucco':
        tile = this.defs.pattern(
          30,
          30,
          rect(0, 0, 30, 30, base) +
            circle(7, 9, 1.2, lineColor, { opacity: 0.5 }) +
            circle(21, 22, 1, lineColor, { opacity: 0.5 }) +
            circle(24, 6, 0.8, lineColor, { opacity: 0.5 }),
        );
        break;
    }
    return rect(x, y, w, h, tile, { 'clip-path': clip });
  }

  /** Cladding filling the triangle of a front gable (drawn before `gable()`). */
  gableInfill(x0: number, x1: number, baseY: number, peak: number, kind: Cladding, base = this.s.wall): string {
    const lineColor = base === this.s.wall ? this.s.wallLine : mix(base, '#000000', 0.2);
    return this.wall(
      x0,
      baseY - peak,
      x1 - x0,
      peak + 1,
      kind,
      base,
      lineColor,
      clipTriangle(this.defs, x0, x1, baseY, peak),
    );
  }

  /** Ledgestone veneer. */
  stone(x: number, y: number, w: number, h: number): string {
    const s = this.s.stone;
    const grout = mix(s, '#3a332c', 0.45);
    const a = mix(s, '#ffffff', 0.15);
    const b = mix(s, '#5a4a3a', 0.2);
    const tile = this.defs.pattern(
      60,
      36,
      rect(0, 0, 60, 36, grout) +
        rect(1, 1, 26, 10, s, { rx: 3 }) +
        rect(29, 1, 30, 10, a, { rx: 3 }) +
        rect(1, 13, 16, 10, b, { rx: 3 }) +
        rect(19, 13, 24, 10, s, { rx: 3 }) +
        rect(45, 13, 14, 10, a, { rx: 3 }) +
        rect(1, 25, 34, 10, a, { rx: 3 }) +
        rect(37, 25, 22, 10, b, { rx: 3 }),
    );
    return rect(x, y, w, h, tile);
  }

  roofFill(kind: 'shingle' | 'metal'): string {
    const { roof, roofLine } = this.s;
    return kind === 'metal'
      ? this.defs.pattern(16, 40, rect(0, 0, 16, 40, roof) + rect(0, 0, 2, 40, roofLine))
      : this.defs.pattern(40, 12, rect(0, 0, 40, 12, roof) + rect(0, 10.5, 40, 1.5, roofLine));
  }

  /** Front-facing gable: triangle with fascia; returns roof and optional gable infill. */
  gable(
    x0: number,
    x1: number,
    baseY: number,
    peak: number,
    overhang: number,
    kind: 'shingle' | 'metal',
    infill?: string,
  ): string {
    const cx = (x0 + x1) / 2;
    const slope = peak / ((x1 - x0) / 2);
    const t = 16;
    const outer: Pt[] = [
      [x0 - overhang, baseY + overhang * slope],
      [cx, baseY - peak],
      [x1 + overhang, baseY + overhang * slope],
    ];
    const innerPeak = baseY - peak + t * 1.2;
    const inner: Pt[] = [
      [x0 + t * 0.4, baseY + 1],
      [cx, innerPeak],
      [x1 - t * 0.4, baseY + 1],
    ];
    const roof = poly(
      [
        [x0 - overhang - 4, baseY + overhang * slope + 4],
        [cx, baseY - peak - 8],
        [x1 + overhang + 4, baseY + overhang * slope + 4],
        [x1 + overhang - 6, baseY + overhang * slope + 10],
        [cx, baseY - peak + 6],
        [x0 - overhang + 6, baseY + overhang * slope + 10],
      ],
      this.roofFill(kind),
    );
    return (
      (infill ?? '') +
      poly(outer, 'none', { stroke: this.s.trim, 'stroke-width': 7, 'stroke-linejoin': 'round' }) +
      roof +
      poly(inner, 'none', { stroke: mix(this.s.trim, '#000000', 0.08), 'stroke-width': 2, opacity: 0.5 })
    );
  }

  /** A side-gable (or hip) roof seen from the front: a trapezoid above the eave line. */
  sideRoof(
    x0: number,
    x1: number,
    eaveY: number,
    ridgeY: number,
    overhang: number,
    inset: number,
    kind: 'shingle' | 'metal',
  ): string {
    const pts: Pt[] = [
      [x0 - overhang, eaveY],
      [x1 + overhang, eaveY],
      [x1 - inset, ridgeY],
      [x0 + inset, ridgeY],
    ];
    return (
      rect(x0, eaveY, x1 - x0, 12, '#000000', { opacity: 0.15 }) +
      poly(pts, this.roofFill(kind)) +
      rect(x0 - overhang, eaveY - 2, x1 - x0 + overhang * 2, 8, this.s.trim) +
      line(x0 + inset, ridgeY, x1 - inset, ridgeY, mix(this.s.roof, '#000000', 0.3), 4)
    );
  }

  /** Window with trim, glass, muntins and a sill. */
  window(
    x: number,
    y: number,
    w: number,
    h: number,
    grid: 'none' | 'cross' | 'craftsman' | 'colonial' | 'transom' = 'cross',
    shutters?: string,
  ): string {
    const { trim, lit } = this.s;
    const f = Math.max(4, w * 0.08);
    let out = '';
    if (lit) out += rect(x - 6, y - 6, w + 12, h + 12, '#ffc86e', { opacity: 0.75, filter: this.glow() });
    if (shutters !== undefined) {
      out += rect(x - w * 0.42, y, w * 0.36, h, shutters) + rect(x + w * 1.06, y, w * 0.36, h, shutters);
      for (const sx of [x - w * 0.42, x + w * 1.06]) {
        for (let yy = y + 8; yy < y + h - 4; yy += 9)
          out += rect(sx + 3, yy, w * 0.36 - 6, 2, mix(shutters, '#000000', 0.25));
      }
    }
    const glassFill = lit
      ? this.defs.linear([
          [0, '#ffe7b5'],
          [1, '#f6b95e'],
        ])
      : this.defs.linear([
          [0, mix(this.s.glass, '#ffffff', 0.35)],
          [1, this.s.glass],
        ]);
    out += rect(x, y, w, h, trim);
    const gx = x + f;
    const gy = y + f;
    const gw = w - f * 2;
    const gh = h - f * 2;
    out += rect(gx, gy, gw, gh, glassFill);
    if (!lit) {
      out += poly(
        [
          [gx + gw * 0.55, gy],
          [gx + gw * 0.8, gy],
          [gx + gw * 0.3, gy + gh],
          [gx + gw * 0.05, gy + gh],
        ],
        '#ffffff',
        { opacity: 0.18 },
      );
    }
    const m = Math.max(2, f * 0.45);
    switch (grid) {
      case 'cross':
        out += rect(gx + gw / 2 - m / 2, gy, m, gh, trim) + rect(gx, gy + gh / 2 - m / 2, gw, m, trim);
        break;
      case 'craftsman':
        out += rect(gx, gy + gh * 0.42 - m / 2, gw, m * 1.4, trim);
        for (let i = 1; i < 3; i++) out += rect(gx + (gw * i) / 3 - m / 2, gy, m, gh * 0.42, trim);
        break;
      case 'colonial':
        out += rect(gx, gy + gh / 2 - m / 2, gw, m * 1.3, trim);
        for (let i = 1; i < 3; i++) out += rect(gx + (gw * i) / 3 - m / 2, gy, m, gh, trim);
        out += rect(gx, gy + gh / 4 - m / 2, gw, m, trim) + rect(gx, gy + (gh * 3) / 4 - m / 2, gw, m, trim);
        break;
      case 'transom':
        out += rect(gx, gy + gh * 0.28 - m / 2, gw, m, trim) + rect(gx + gw / 2 - m / 2, gy, m, gh * 0.28, trim);
        break;
      case 'none':
        break;
    }
    out += rect(x - 5, y + h - 1, w + 10, 6, mix(trim, '#000000', 0.08));
    return out;
  }

  /** Entry door with optional sidelights. */
  door(x: number, y: number, w: number, h: number, glass: 'top' | 'tall' | 'none', sidelights = false): string {
    const { trim, door, lit } = this.s;
    let out = '';
    const sl = sidelights ? w * 0.32 : 0;
    out += rect(x - sl - 8, y - 8, w + sl * 2 + 16, h + 8, trim);
    if (sidelights) {
      const g = lit ? '#f8cd7c' : mix(this.s.glass, '#ffffff', 0.2);
      out += rect(x - sl - 2, y + 4, sl - 4, h - 8, g) + rect(x + w + 6, y + 4, sl - 4, h - 8, g);
    }
    out += rect(x, y, w, h, door);
    out += rect(x + w * 0.14, y + h * 0.55, w * 0.72, h * 0.36, mix(door, '#000000', 0.12));
    if (glass === 'top') {
      for (let i = 0; i < 3; i++)
        out += rect(
          x + w * 0.14 + (i * w * 0.72) / 3 + 2,
          y + h * 0.1,
          w * 0.24 - 4,
          h * 0.16,
          lit ? '#ffd88f' : this.s.glass,
        );
    } else if (glass === 'tall') {
      out += rect(x + w * 0.25, y + h * 0.1, w * 0.5, h * 0.4, lit ? '#ffd88f' : this.s.glass);
    }
    out += circle(x + w * 0.84, y + h * 0.55, Math.max(2, w * 0.04), '#c9a24a');
    return out;
  }

  garageDoor(x: number, y: number, w: number, h: number, kind: 'carriage' | 'modern' | 'panel'): string {
    const { garage, trim } = this.s;
    const dark = mix(garage, '#000000', 0.16);
    let out = rect(x - 8, y - 8, w + 16, h + 8, trim) + rect(x, y, w, h, garage);
    if (kind === 'carriage') {
      const half = w / 2;
      for (const hx of [x, x + half]) {
        out += rect(hx + 8, y + h * 0.34, half - 16, h * 0.6, dark, { opacity: 0.35 });
        for (let i = 0; i < 4; i++)
          out += rect(
            hx + 8 + (i * (half - 16)) / 4 + 3,
            y + 8,
            (half - 16) / 4 - 6,
            h * 0.2,
            this.s.lit ? '#f2c679' : this.s.glass,
          );
        out += line(hx + 14, y + h * 0.4, hx + half - 14, y + h * 0.9, dark, 3, { opacity: 0.5 });
        out +=
          circle(hx + half / 2 - 10, y + h * 0.62, 2.5, '#2b2b2b') +
          circle(hx + half / 2 + 10, y + h * 0.62, 2.5, '#2b2b2b');
      }
      out += rect(x + half - 1.5, y, 3, h, dark);
    } else if (kind === 'modern') {
      const rows = 4;
      for (let r = 1; r < rows; r++) out += rect(x, y + (h * r) / rows - 1.5, w, 3, dark);
      for (let i = 0; i < 5; i++)
        out += rect(
          x + 6 + (i * (w - 12)) / 5 + 3,
          y + 6,
          (w - 12) / 5 - 6,
          h / rows - 12,
          this.s.lit ? '#f2c679' : mix(this.s.glass, '#000000', 0.25),
        );
    } else {
      const rows = 4;
      const cols = 4;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          out += rect(
            x + 6 + (c * (w - 12)) / cols + 3,
            y + 5 + (r * (h - 10)) / rows + 3,
            (w - 12) / cols - 6,
            (h - 10) / rows - 6,
            dark,
            { opacity: 0.3 },
          );
        }
      }
    }
    return out;
  }

  /** Wall-mounted lantern. */
  lantern(x: number, y: number, size: number): string {
    let out = '';
    if (this.s.lit) out += circle(x, y, size * 2.6, '#ffd27a', { opacity: 0.45, filter: this.glow() });
    out +=
      rect(x - size * 0.35, y - size * 0.6, size * 0.7, size * 1.1, this.s.lit ? '#ffe0a0' : '#e9dcbc') +
      rect(x - size * 0.5, y - size * 0.8, size, size * 0.25, '#23272c') +
      rect(x - size * 0.4, y + size * 0.5, size * 0.8, size * 0.2, '#23272c');
    return out;
  }

  /** Small triangular knee brace under an eave. */
  brace(x: number, y: number, size: number, dir: 1 | -1): string {
    return poly(
      [
        [x, y],
        [x + dir * size, y],
        [x, y + size],
      ],
      'none',
      { stroke: this.s.trim, 'stroke-width': 5 },
    );
  }
}

function groundShadow(x0: number, x1: number): string {
  return ellipse((x0 + x1) / 2, 4, (x1 - x0) * 0.56, 14, '#000000', { opacity: 0.16 });
}

/** Sweetwater II: two-story craftsman with front gable, tapered porch columns on stone piers. */
export function craftsmanHouse(defs: Defs, s: HouseStyle = STYLE_SWEETWATER): HouseModel {
  const p = new Painter(defs, s);
  let o = groundShadow(0, 700);
  // Garage wing (single-story, front gable).
  o += p.wall(470, -150, 230, 150, 'lap');
  o += p.gableInfill(470, 700, -150, 78, 'shingle', s.accent);
  o += p.gable(470, 700, -150, 78, 18, 'shingle');
  o += p.brace(480, -150, 22, 1) + p.brace(690, -150, 22, -1);
  o += p.garageDoor(500, -118, 170, 118, 'carriage');
  o += p.lantern(486, -95, 14) + p.lantern(684, -95, 14);
  // Main two-story body.
  o += p.wall(0, -300, 470, 300, 'lap');
  o += p.sideRoof(0, 470, -300, -380, 26, 40, 'shingle');
  // Front gable over the left bay with shingle infill.
  o += p.gableInfill(30, 320, -300, 112, 'shingle', s.accent);
  o += p.gable(30, 320, -300, 112, 24, 'shingle');
  o += p.brace(40, -300, 26, 1) + p.brace(310, -300, 26, -1);
  o += p.window(145, -365, 60, 40, 'craftsman');
  // Second floor windows.
  o +=
    p.window(70, -268, 62, 88, 'craftsman') +
    p.window(218, -268, 62, 88, 'craftsman') +
    p.window(365, -268, 62, 88, 'craftsman');
  // Belly band between stories.
  o += rect(0, -158, 470, 9, s.trim);
  // Porch: roof, columns on stone piers, railing, floor, steps.
  o += rect(10, -150, 330, 150, '#000000', { opacity: 0.12 });
  o += p.window(60, -122, 48, 82, 'craftsman') + p.window(112, -122, 48, 82, 'craftsman');
  o += p.door(222, -122, 52, 110, 'top', true);
  o += p.lantern(185, -92, 12);
  o += p.window(375, -122, 62, 82, 'craftsman');
  o +=
    poly(
      [
        [0, -150],
        [350, -150],
        [340, -172],
        [10, -172],
      ],
      p.roofFill('shingle'),
    ) + rect(0, -152, 350, 12, s.trim);
  for (const cx of [30, 325]) {
    o += p.stone(cx - 20, -58, 40, 48) + rect(cx - 23, -62, 46, 6, s.trim);
    o += poly(
      [
        [cx - 9, -140],
        [cx + 9, -140],
        [cx + 14, -62],
        [cx - 14, -62],
      ],
      s.trim,
    );
  }
  for (let bx = 58; bx < 176; bx += 10) o += rect(bx, -50, 3, 38, s.trim);
  o += rect(50, -54, 128, 5, s.trim) + rect(50, -18, 128, 4, s.trim);
  o += rect(0, -12, 350, 12, mix(s.stone, '#000000', 0.1));
  o += rect(196, -8, 104, 8, mix(s.trim, '#000000', 0.1)) + rect(186, -1, 124, 9, mix(s.trim, '#000000', 0.18));
  return { width: 700, height: 415, garageX: 585, garageW: 170, doorX: 248, svg: group(o) };
}

function clipTriangle(defs: Defs, x0: number, x1: number, baseY: number, peak: number): string {
  return defs.clip(
    poly(
      [
        [x0, baseY],
        [(x0 + x1) / 2, baseY - peak],
        [x1, baseY],
      ],
      '#000',
    ),
  );
}

/** Silverwood II: modern farmhouse, white board-and-batten, black windows, metal roofs. */
export function farmhouse(defs: Defs, s: HouseStyle = STYLE_SILVERWOOD): HouseModel {
  const p = new Painter(defs, s);
  let o = groundShadow(0, 730);
  // Garage wing.
  o += p.wall(480, -160, 250, 160, 'board');
  o += p.gableInfill(480, 730, -160, 125, 'board');
  o += p.gable(480, 730, -160, 125, 16, 'metal');
  o += p.window(585, -232, 40, 48, 'none');
  o += p.garageDoor(515, -120, 180, 120, 'modern');
  o += p.lantern(500, -135, 13) + p.lantern(710, -135, 13);
  // Main body with a tall front gable on the left.
  o += p.wall(0, -300, 480, 300, 'board');
  o += p.sideRoof(230, 480, -300, -395, 22, 30, 'metal');
  o += p.gableInfill(0, 240, -300, 165, 'board');
  o += p.gable(0, 240, -300, 165, 20, 'metal');
  o += p.window(98, -400, 44, 56, 'none');
  o += p.window(50, -272, 56, 100, 'none') + p.window(134, -272, 56, 100, 'none');
  o += p.window(290, -272, 52, 90, 'transom') + p.window(380, -272, 52, 90, 'transom');
  // Wraparound-style porch with a metal shed roof and cedar posts.
  o += rect(0, -150, 480, 150, '#000000', { opacity: 0.1 });
  o += p.window(40, -128, 70, 110, 'transom') + p.window(125, -128, 70, 110, 'transom');
  o += p.door(330, -128, 62, 116, 'tall', true);
  o += p.lantern(290, -92, 12) + p.lantern(432, -92, 12);
  o +=
    poly(
      [
        [-14, -150],
        [494, -150],
        [480, -180],
        [0, -180],
      ],
      p.roofFill('metal'),
    ) + rect(-14, -152, 508, 11, s.trim);
  for (const cx of [14, 246, 466]) {
    o += rect(cx - 8, -141, 16, 130, s.accent) + rect(cx - 11, -141, 22, 6, mix(s.accent, '#000000', 0.2));
  }
  o += rect(-6, -12, 492, 12, mix(s.wall, '#000000', 0.18));
  o += rect(318, -4, 86, 6, '#b9b2a6') + rect(310, 2, 102, 8, '#a9a297');
  return { width: 730, height: 470, garageX: 605, garageW: 180, doorX: 361, svg: group(o) };
}

/** The Canyon: single-story ranch with hip roofs, stone wainscot and a stone-column entry. */
export function ranchHouse(defs: Defs, s: HouseStyle = STYLE_CANYON): HouseModel {
  const p = new Painter(defs, s);
  let o = groundShadow(0, 800);
  o += p.wall(0, -155, 800, 155, 'stucco');
  o += p.sideRoof(250, 800, -155, -255, 28, 130, 'shingle');
  // Garage with its own lower hip roof.
  o += p.sideRoof(0, 250, -150, -228, 24, 70, 'shingle');
  o += p.garageDoor(28, -118, 194, 118, 'carriage');
  o += p.stone(0, -48, 22, 48) + p.stone(228, -48, 22, 48);
  o += p.lantern(14, -110, 12) + p.lantern(238, -110, 12);
  // Stone wainscot.
  o += p.stone(250, -48, 130, 48) + p.stone(560, -48, 240, 48);
  o += rect(250, -52, 130, 5, s.trim) + rect(560, -52, 240, 5, s.trim);
  o += p.window(276, -130, 64, 72, 'cross', s.accent);
  o += p.window(610, -130, 70, 72, 'cross', s.accent) + p.window(715, -130, 55, 72, 'cross');
  // Entry: recessed, under a front gable carried by stone-and-timber columns.
  o += rect(380, -150, 180, 150, mix(s.wall, '#000000', 0.12));
  o += p.door(440, -128, 60, 118, 'tall', true);
  o += p.lantern(412, -98, 11) + p.lantern(528, -98, 11);
  o += p.gableInfill(370, 570, -152, 92, 'shingle', mix(s.stone, '#ffffff', 0.1));
  o += p.gable(370, 570, -152, 92, 16, 'shingle');
  o += rect(370, -160, 200, 12, mix(s.garage, '#000000', 0.1));
  for (const cx of [385, 555]) {
    o += rect(cx - 9, -150, 18, 96, mix(s.garage, '#000000', 0.05));
    o += p.stone(cx - 20, -56, 40, 56) + rect(cx - 22, -60, 44, 6, s.trim);
  }
  o += rect(400, -6, 140, 6, '#c9c1b2');
  return { width: 800, height: 260, garageX: 125, garageW: 194, doorX: 470, svg: group(o) };
}

/** A compact cottage / one-and-a-half story with dormers (used in street scenes). */
export function cottageHouse(defs: Defs, s: HouseStyle): HouseModel {
  const p = new Painter(defs, s);
  let o = groundShadow(0, 520);
  o += p.wall(0, -170, 520, 170, 'lap');
  o += p.sideRoof(0, 520, -170, -330, 26, 70, 'shingle');
  // Dormers.
  for (const dx of [120, 330]) {
    o += p.wall(dx, -280, 70, 62, 'lap');
    o += p.gable(dx, dx + 70, -280, 36, 8, 'shingle');
    o += p.window(dx + 15, -272, 40, 48, 'cross');
  }
  o += p.window(60, -130, 58, 80, 'colonial', s.accent) + p.window(380, -130, 58, 80, 'colonial', s.accent);
  o += p.door(232, -140, 56, 128, 'top');
  o += p.gable(200, 320, -150, 44, 8, 'shingle', rect(200, -150, 120, 6, s.trim));
  o += rect(204, -150, 8, 140, s.trim) + rect(308, -150, 8, 140, s.trim);
  o += p.lantern(190, -110, 11);
  o += rect(190, -12, 140, 12, mix(s.trim, '#000000', 0.15));
  return { width: 520, height: 330, garageX: null, garageW: 0, doorX: 260, svg: group(o) };
}
