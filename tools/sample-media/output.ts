/** Writers that turn scenes into files under static/sample/. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { type Scene, sampleMark, toSvg } from './svg.js';

/** One generated file, as listed in static/sample/README.md. */
export interface Output {
  /** Path relative to static/sample/. */
  file: string;
  /** What the file shows. */
  what: string;
  /** Expected pixel size for raster images; checked after writing. */
  px?: readonly [number, number];
}

async function ensureDir(file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
}

/** Rasterize a scene (with its SAMPLE IMAGE badge) at its design size, or `scale` times it (a vector scene stays sharp). */
export function renderScene(scene: Scene, mark: Parameters<typeof sampleMark>[2] | null = {}, scale = 1): Sharp {
  const badge = mark === null ? '' : sampleMark(scene.width, scene.height, mark);
  return sharp(Buffer.from(toSvg(scene, scale, badge))).flatten({ background: '#ffffff' });
}

export async function writeJpeg(
  scene: Scene,
  file: string,
  mark: Parameters<typeof sampleMark>[2] = {},
  scale = 1,
): Promise<void> {
  await ensureDir(file);
  await renderScene(scene, mark, scale).jpeg({ quality: 78, mozjpeg: true, chromaSubsampling: '4:2:0' }).toFile(file);
}

const PALETTE_PNG = { palette: true, compressionLevel: 9, effort: 10, dither: 0.5 } as const;

/** Palette PNG: ideal for line drawings and flat artwork with few colors. */
export async function writePng(
  scene: Scene,
  file: string,
  mark: Parameters<typeof sampleMark>[2] = {},
  colors = 64,
): Promise<void> {
  await ensureDir(file);
  await renderScene(scene, mark)
    .png({ ...PALETTE_PNG, colors })
    .toFile(file);
}

/** The same palette PNG from a finished SVG (badge included), for callers that record what they rasterized. */
export function svgToPalettePng(svg: string, colors = 64): Promise<Buffer> {
  return sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .png({ ...PALETTE_PNG, colors })
    .toBuffer();
}

export async function writeText(file: string, content: string | Buffer): Promise<void> {
  await ensureDir(file);
  await writeFile(file, content);
}

/** Render an SVG string to a square PNG buffer (palette PNG by default). */
export async function svgToPng(svg: string, size: number, palette = true): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9, palette, colors: 64 }).toBuffer();
}

/** Pixel size of the first image stored in an ICO file (read from its embedded PNG). */
export async function icoEntrySize(file: string): Promise<readonly [number | undefined, number | undefined]> {
  const buf = await readFile(file);
  const offset = buf.readUInt32LE(6 + 12);
  const meta = await sharp(buf.subarray(offset)).metadata();
  return [meta.width, meta.height];
}
