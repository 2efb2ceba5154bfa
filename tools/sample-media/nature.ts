/** Landscape building blocks: skies, sun, clouds, hills, trees, shrubs, lawns and streets. */
import { C, type Defs, circle, ellipse, group, line, mix, path, poly, rect, n } from './svg.js';

export type TimeOfDay = 'sunrise' | 'day' | 'golden' | 'twilight' | 'overcast';

interface SkyLook {
  stops: ReadonlyArray<readonly [number, string]>;
  sun: string;
  cloud: string;
  cloudOpacity: number;
  /** Tint applied to distant scenery (haze color). */
  haze: string;
}

export const SKIES: Record<TimeOfDay, SkyLook> = {
  sunrise: {
    stops: [
      [0, '#8fb3d4'],
      [0.55, '#e8cdbd'],
      [0.85, '#f6d7b0'],
      [1, '#fbe6c4'],
    ],
    sun: '#fff1cf',
    cloud: '#fbe9e0',
    cloudOpacity: 0.85,
    haze: '#e9d3c2',
  },
  day: {
    stops: [
      [0, '#6fa3cf'],
      [0.6, '#a9cbe2'],
      [1, '#dceaf0'],
    ],
    sun: '#fffbe6',
    cloud: '#ffffff',
    cloudOpacity: 0.95,
    haze: '#c7dbe2',
  },
  golden: {
    stops: [
      [0, '#6d86ad'],
      [0.45, '#e3b488'],
      [0.8, '#f3a25e'],
      [1, '#f7c27a'],
    ],
    sun: '#fff0c4',
    cloud: '#f8cfa6',
    cloudOpacity: 0.8,
    haze: '#e8b88c',
  },
  twilight: {
    stops: [
      [0, '#18213d'],
      [0.45, '#34406e'],
      [0.78, '#7f6390'],
      [1, '#e0936b'],
    ],
    sun: '#f6d3a3',
    cloud: '#5b5479',
    cloudOpacity: 0.55,
    haze: '#5f5680',
  },
  overcast: {
    stops: [
      [0, '#b7c8d2'],
      [0.7, '#dfe6e4'],
      [1, '#eeeee6'],
    ],
    sun: '#ffffff',
    cloud: '#f4f5f2',
    cloudOpacity: 0.9,
    haze: '#d8dfdc',
  },
};

export function sky(defs: Defs, w: number, h: number, time: TimeOfDay): string {
  return rect(0, 0, w, h, defs.linear(SKIES[time].stops));
}

/** A sun (or low moon) with a soft halo. */
export function sun(
  defs: Defs,
  cx: number,
  cy: number,
  r: number,
  color: string,
  haloScale = 5,
  haloOpacity = 0.55,
): string {
  const halo = defs.radial([
    [0, color, haloOpacity],
    [0.35, color, haloOpacity * 0.35],
    [1, color, 0],
  ]);
  return circle(cx, cy, r * haloScale, halo) + circle(cx, cy, r, color);
}

/** A flat, rounded cumulus cloud made of overlapping ellipses. */
export function cloud(x: number, y: number, w: number, color: string, opacity: number): string {
  const h = w * 0.28;
  return group(
    ellipse(x, y, w * 0.5, h * 0.42, color) +
      ellipse(x - w * 0.18, y - h * 0.25, w * 0.22, h * 0.5, color) +
      ellipse(x + w * 0.08, y - h * 0.45, w * 0.24, h * 0.62, color) +
      ellipse(x + w * 0.3, y - h * 0.18, w * 0.17, h * 0.4, color),
    { opacity },
  );
}

/** Thin horizontal streak cloud (good for sunrise/sunset skies). */
export function streakCloud(x: number, y: number, w: number, color: string, opacity: number): string {
  return group(
    rect(x, y, w, w * 0.035, color, { rx: w * 0.0175 }) +
      rect(x + w * 0.18, y - w * 0.03, w * 0.55, w * 0.03, color, { rx: w * 0.015 }),
    { opacity },
  );
}

/** A smooth rolling hill band from the left to the right edge, filled down to `bottom`. */
export function hills(
  w: number,
  baseY: number,
  amp: number,
  phase: number,
  fill: string,
  bottom: number,
  waves = 2.2,
  x0 = 0,
): string {
  const steps = 48;
  let d = `M${n(x0)} ${n(bottom)} L${n(x0)} ${n(baseY)}`;
  for (let i = 0; i <= steps; i++) {
    const x = x0 + (w * i) / steps;
    const t = i / steps;
    const y =
      baseY -
      amp * (0.6 * Math.sin(t * Math.PI * waves + phase) + 0.4 * Math.sin(t * Math.PI * waves * 2.3 + phase * 1.7));
    d += ` L${n(x)} ${n(y)}`;
  }
  d += ` L${n(x0 + w)} ${n(bottom)} Z`;
  return path(d, fill);
}

/** A distant line of soft tree tops along the horizon. */
export function treeLine(
  x0: number,
  x1: number,
  baseY: number,
  height: number,
  fill: string,
  rand: () => number,
): string {
  let out = '';
  let x = x0;
  while (x < x1) {
    const r = height * (0.35 + rand() * 0.35);
    out += circle(x, baseY - r * 0.9, r, fill);
    x += r * (0.9 + rand() * 0.6);
  }
  return out + rect(x0 - height, baseY - height * 0.3, x1 - x0 + height * 2, height * 0.3 + 2, fill);
}

export interface TreeColors {
  leaf: string;
  leafDark: string;
  leafLight: string;
  trunk: string;
}

export const TREE_GREEN: TreeColors = { leaf: C.leaf, leafDark: C.leafDark, leafLight: '#5f9a62', trunk: C.bark };
export const TREE_AUTUMN: TreeColors = { leaf: '#c9803f', leafDark: '#a4602e', leafLight: '#dea25c', trunk: C.bark };
export const TREE_OLIVE: TreeColors = { leaf: '#6f8c4e', leafDark: '#55703b', leafLight: '#8aa465', trunk: '#5e4636' };

export function darkenTree(c: TreeColors, toward: string, t: number): TreeColors {
  return {
    leaf: mix(c.leaf, toward, t),
    leafDark: mix(c.leafDark, toward, t),
    leafLight: mix(c.leafLight, toward, t),
    trunk: mix(c.trunk, toward, t),
  };
}

/** A rounded deciduous tree standing on (x, ground). */
export function tree(x: number, ground: number, h: number, c: TreeColors = TREE_GREEN): string {
  const r = h * 0.3;
  const cy = ground - h + r * 1.05;
  return group(
    poly(
      [
        [x - h * 0.035, ground],
        [x - h * 0.02, cy + r * 0.3],
        [x + h * 0.02, cy + r * 0.3],
        [x + h * 0.035, ground],
      ],
      c.trunk,
    ) +
      circle(x - r * 0.55, cy + r * 0.35, r * 0.72, c.leafDark) +
      circle(x + r * 0.6, cy + r * 0.3, r * 0.75, c.leafDark) +
      circle(x, cy, r, c.leaf) +
      circle(x - r * 0.5, cy + r * 0.15, r * 0.66, c.leaf) +
      circle(x + r * 0.45, cy + r * 0.05, r * 0.7, c.leaf) +
      circle(x - r * 0.3, cy - r * 0.35, r * 0.45, c.leafLight, { opacity: 0.8 }),
  );
}

/** A conifer made of stacked triangles. */
export function conifer(x: number, ground: number, h: number, c: TreeColors = TREE_GREEN): string {
  const w = h * 0.42;
  let tiers = rect(x - h * 0.025, ground - h * 0.14, h * 0.05, h * 0.14, c.trunk);
  const count = 4;
  for (let i = 0; i < count; i++) {
    const top = ground - h + (i * h * 0.8) / count;
    const bottom = top + h * 0.42;
    const tw = w * (0.45 + (0.55 * (i + 1)) / count);
    tiers += poly(
      [
        [x, top],
        [x + tw / 2, bottom],
        [x - tw / 2, bottom],
      ],
      i % 2 === 0 ? c.leafDark : c.leaf,
    );
  }
  return group(tiers);
}

/** A slim columnar tree (e.g. a hornbeam or cypress). */
export function columnTree(x: number, ground: number, h: number, c: TreeColors = TREE_GREEN): string {
  return group(
    rect(x - h * 0.02, ground - h * 0.12, h * 0.04, h * 0.12, c.trunk) +
      ellipse(x, ground - h * 0.55, h * 0.14, h * 0.47, c.leafDark) +
      ellipse(x - h * 0.03, ground - h * 0.6, h * 0.09, h * 0.38, c.leaf),
  );
}

/** A low rounded shrub. */
export function shrub(x: number, ground: number, w: number, fill: string, shade: string): string {
  const h = w * 0.55;
  return group(
    ellipse(x, ground - h * 0.45, w * 0.5, h * 0.5, shade) +
      ellipse(x - w * 0.08, ground - h * 0.55, w * 0.38, h * 0.42, fill),
  );
}

/** A row of shrubs with a few flower dots, from x0 to x1, skipping `gaps` (e.g. walks). */
export function shrubRow(
  x0: number,
  x1: number,
  ground: number,
  size: number,
  fill: string,
  shade: string,
  flower: string | null,
  rand: () => number,
  gaps: ReadonlyArray<readonly [number, number]> = [],
): string {
  let out = '';
  let x = x0 + size / 2;
  let i = 0;
  while (x < x1) {
    const w = size * (i % 3 === 1 ? 1.35 : 0.8 + rand() * 0.3);
    const blocked = gaps.some(([g0, g1]) => x + w * 0.45 > g0 && x - w * 0.45 < g1);
    if (!blocked) {
      out += shrub(x, ground, w, fill, shade);
      if (flower !== null && i % 2 === 0) {
        for (let k = 0; k < 4; k++) {
          out += circle(x + (rand() - 0.5) * w * 0.6, ground - w * 0.25 - rand() * w * 0.25, w * 0.05, flower);
        }
      }
    }
    x += w * 0.75;
    i += 1;
  }
  return out;
}

/** A grass tuft / ornamental grass. */
export function grassTuft(x: number, ground: number, h: number, fill: string): string {
  let d = '';
  for (let i = -3; i <= 3; i++) {
    const tipX = x + i * h * 0.16;
    d += `M${n(x + i * h * 0.03)} ${n(ground)} Q${n(x + i * h * 0.05)} ${n(ground - h * 0.6)} ${n(tipX)} ${n(ground - h * (1 - Math.abs(i) * 0.1))} `;
  }
  return path(d, 'none', { stroke: fill, 'stroke-width': h * 0.06, 'stroke-linecap': 'round' });
}

/** A street lamp post; `lit` adds a warm glow. */
export function streetLamp(defs: Defs, x: number, ground: number, h: number, lit: boolean): string {
  let glow = '';
  if (lit) {
    const g = defs.radial([
      [0, '#ffe2a8', 0.75],
      [0.4, '#ffd68a', 0.25],
      [1, '#ffd68a', 0],
    ]);
    glow =
      circle(x, ground - h + h * 0.06, h * 0.45, g) +
      ellipse(x, ground, h * 0.35, h * 0.06, '#ffd68a', { opacity: 0.25 });
  }
  return group(
    glow +
      rect(x - h * 0.018, ground - h, h * 0.036, h, C.slate) +
      rect(x - h * 0.05, ground - h * 0.04, h * 0.1, h * 0.04, C.slate) +
      poly(
        [
          [x - h * 0.06, ground - h + h * 0.02],
          [x + h * 0.06, ground - h + h * 0.02],
          [x + h * 0.04, ground - h + h * 0.14],
          [x - h * 0.04, ground - h + h * 0.14],
        ],
        lit ? '#ffe6b0' : '#e8e4d8',
      ) +
      poly(
        [
          [x - h * 0.075, ground - h + h * 0.03],
          [x, ground - h - h * 0.04],
          [x + h * 0.075, ground - h + h * 0.03],
        ],
        C.slate,
      ),
  );
}

/** A residential street band with curbs, sidewalk and dashed center line. */
export function street(
  w: number,
  sidewalkY: number,
  streetY: number,
  bottom: number,
  o: { asphalt?: string; walk?: string; dash?: string } = {},
): string {
  const walk = o.walk ?? C.concrete;
  const asphalt = o.asphalt ?? C.asphalt;
  const dash = o.dash ?? '#e9e2c8';
  const mid = (streetY + bottom) / 2 + 8;
  let dashes = '';
  for (let x = 20; x < w; x += 90) dashes += rect(x, mid - 2, 46, 4, dash, { opacity: 0.8 });
  let joints = '';
  for (let x = 40; x < w; x += 80) joints += line(x, sidewalkY, x, streetY - 8, mix(walk, '#000000', 0.12), 1.5);
  return (
    rect(0, sidewalkY, w, streetY - sidewalkY, walk) +
    joints +
    rect(0, streetY - 8, w, 10, mix(walk, '#000000', 0.1)) +
    rect(0, streetY, w, bottom - streetY, asphalt) +
    dashes
  );
}

/** A simple mailbox on a post. */
export function mailbox(x: number, ground: number, h: number, color: string): string {
  return group(
    rect(x - h * 0.04, ground - h * 0.75, h * 0.08, h * 0.75, '#f1ece0') +
      rect(x - h * 0.2, ground - h, h * 0.4, h * 0.25, color, { rx: h * 0.1 }) +
      rect(x + h * 0.12, ground - h * 1.08, h * 0.03, h * 0.16, C.terracotta),
  );
}
