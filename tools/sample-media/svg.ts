/**
 * Tiny SVG-building helpers shared by every sample artwork.
 *
 * Artworks are plain SVG strings assembled in code and rasterized with sharp
 * (librsvg). Everything is deterministic: randomness comes from a seeded PRNG,
 * and element ids come from a per-scene counter, so re-running the generator
 * produces identical files.
 */

/** Brand palette plus a few supporting tones. */
export const C = {
  forest: '#1f4d3a',
  forestDark: '#173a2c',
  forestLight: '#2f6b52',
  sage: '#8a9b7a',
  sand: '#e9dcc3',
  sandDark: '#d6c4a3',
  terracotta: '#c0643b',
  terracottaDark: '#9c4d2b',
  slate: '#2b3440',
  slateLight: '#4a5664',
  cream: '#faf7f0',
  white: '#ffffff',
  ink: '#20262e',
  grass: '#6f9a58',
  grassDark: '#557f45',
  grassLight: '#8fb06f',
  leaf: '#3f7a4f',
  leafDark: '#2c5e3c',
  bark: '#6b4a35',
  glass: '#a9c6d6',
  glassDark: '#5d7f93',
  litGlass: '#ffd68a',
  wood: '#a8703f',
  woodLight: '#c89466',
  concrete: '#d8d3c8',
  asphalt: '#5d6166',
} as const;

/** Font stack for all rasterized text (Debian package fonts-dejavu-core). */
export const FONT = 'DejaVu Sans, sans-serif';

export type Pt = readonly [number, number];
export type Attrs = Record<string, string | number | undefined>;

/** Escape text for use inside SVG markup. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Round to 2 decimals to keep the markup compact. */
export function n(v: number): string {
  return String(Math.round(v * 100) / 100);
}

export function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n(v) : esc(v)}"`)
    .join('');
}

export function el(tag: string, a: Attrs, children?: string): string {
  return children === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${children}</${tag}>`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra: Attrs = {}): string {
  return el('rect', { x, y, width: w, height: h, fill, ...extra });
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string {
  return el('circle', { cx, cy, r, fill, ...extra });
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}): string {
  return el('ellipse', { cx, cy, rx, ry, fill, ...extra });
}

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width = 1,
  extra: Attrs = {},
): string {
  return el('line', { x1, y1, x2, y2, stroke, 'stroke-width': width, ...extra });
}

export function pts(points: readonly Pt[]): string {
  return points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

export function poly(points: readonly Pt[], fill: string, extra: Attrs = {}): string {
  return el('polygon', { points: pts(points), fill, ...extra });
}

export function polyline(points: readonly Pt[], stroke: string, width = 1, extra: Attrs = {}): string {
  return el('polyline', { points: pts(points), fill: 'none', stroke, 'stroke-width': width, ...extra });
}

export function path(d: string, fill: string, extra: Attrs = {}): string {
  return el('path', { d, fill, ...extra });
}

export function group(children: string, extra: Attrs = {}): string {
  return el('g', extra, children);
}

export function translate(x: number, y: number, children: string, scale = 1): string {
  const t = scale === 1 ? `translate(${n(x)} ${n(y)})` : `translate(${n(x)} ${n(y)}) scale(${n(scale)})`;
  return el('g', { transform: t }, children);
}

export interface TextOptions {
  size: number;
  fill?: string;
  weight?: 'normal' | 'bold' | number;
  anchor?: 'start' | 'middle' | 'end';
  spacing?: number;
  family?: string;
  italic?: boolean;
  opacity?: number;
}

export function text(x: number, y: number, s: string, o: TextOptions): string {
  return el(
    'text',
    {
      x,
      y,
      'font-family': o.family ?? FONT,
      'font-size': o.size,
      'font-weight': o.weight === undefined || o.weight === 'normal' ? undefined : o.weight,
      'font-style': o.italic === true ? 'italic' : undefined,
      'text-anchor': o.anchor === undefined || o.anchor === 'start' ? undefined : o.anchor,
      'letter-spacing': o.spacing,
      fill: o.fill ?? C.ink,
      opacity: o.opacity,
    },
    esc(s),
  );
}

/** Collects <defs> content and hands out unique ids. */
export class Defs {
  private readonly items: string[] = [];
  private counter = 0;

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  add(markup: string): void {
    this.items.push(markup);
  }

  toString(): string {
    return this.items.length === 0 ? '' : `<defs>${this.items.join('')}</defs>`;
  }

  /** Vertical (default) or arbitrary-direction linear gradient; returns `url(#id)`. */
  linear(
    stops: ReadonlyArray<readonly [number, string, number?]>,
    dir: readonly [number, number, number, number] = [0, 0, 0, 1],
  ): string {
    const id = this.id('lg');
    const s = stops.map(([o, c, op]) => el('stop', { offset: o, 'stop-color': c, 'stop-opacity': op })).join('');
    this.add(el('linearGradient', { id, x1: dir[0], y1: dir[1], x2: dir[2], y2: dir[3] }, s));
    return `url(#${id})`;
  }

  radial(stops: ReadonlyArray<readonly [number, string, number?]>, cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id('rg');
    const s = stops.map(([o, c, op]) => el('stop', { offset: o, 'stop-color': c, 'stop-opacity': op })).join('');
    this.add(el('radialGradient', { id, cx, cy, r }, s));
    return `url(#${id})`;
  }

  blur(std: number): string {
    const id = this.id('bl');
    this.add(
      el(
        'filter',
        { id, x: '-50%', y: '-50%', width: '200%', height: '200%' },
        el('feGaussianBlur', { stdDeviation: std }),
      ),
    );
    return `url(#${id})`;
  }

  /** A user-space tiling pattern; `body` is drawn inside a w×h tile. */
  pattern(w: number, h: number, body: string): string {
    const id = this.id('pt');
    this.add(el('pattern', { id, width: w, height: h, patternUnits: 'userSpaceOnUse' }, body));
    return `url(#${id})`;
  }

  clip(body: string): string {
    const id = this.id('cp');
    this.add(el('clipPath', { id }, body));
    return `url(#${id})`;
  }
}

/** A finished artwork in its own design coordinate space. */
export interface Scene {
  width: number;
  height: number;
  defs: Defs;
  body: string;
}

/** Serialize a scene; `scale` renders it larger or smaller than its design size. */
export function toSvg(scene: Scene, scale = 1, extraBody = ''): string {
  const w = Math.round(scene.width * scale);
  const h = Math.round(scene.height * scale);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${scene.width} ${scene.height}">` +
    scene.defs.toString() +
    scene.body +
    extraBody +
    '</svg>'
  );
}

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const v = parseInt(h.length === 3 ? h.replace(/(.)/g, '$1$1') : h, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (x: number): string =>
    Math.max(0, Math.min(255, Math.round(x)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Mix two hex colors; t=0 gives `a`, t=1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex(lerp(r1, r2, t), lerp(g1, g2, t), lerp(b1, b2, t));
}

/**
 * The small "SAMPLE IMAGE" badge placed in a corner of every raster image.
 * Returned in the scene's own coordinates.
 */
export function sampleMark(
  width: number,
  height: number,
  o: { corner?: 'br' | 'bl' | 'tr' | 'tl'; size?: number; label?: string } = {},
): string {
  const size = o.size ?? Math.max(11, Math.round(Math.min(width, height) * 0.016));
  const label = o.label ?? 'SAMPLE IMAGE';
  const padX = size * 0.8;
  const w = label.length * size * 0.72 + padX * 2;
  const h = size * 2;
  const margin = size * 1.1;
  const corner = o.corner ?? 'br';
  const x = corner === 'br' || corner === 'tr' ? width - margin - w : margin;
  const y = corner === 'br' || corner === 'bl' ? height - margin - h : margin;
  return group(
    rect(x, y, w, h, C.slate, {
      rx: h / 2,
      opacity: 0.72,
      stroke: C.cream,
      'stroke-opacity': 0.45,
      'stroke-width': Math.max(1, size * 0.08),
    }) +
      text(x + w / 2, y + h * 0.68, label, {
        size,
        fill: C.cream,
        anchor: 'middle',
        weight: 'bold',
        spacing: size * 0.12,
      }),
    { 'aria-label': 'Sample image' },
  );
}
