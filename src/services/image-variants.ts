import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import type { ImageVariants } from '../shared/image-variants.js';
import { WIDEST_SMALL_SCREEN_VARIANT } from '../shared/responsive-image.js';
import { loadSharp } from './load-sharp.js';

export type { ImageVariants };

/**
 * Widths the layouts ask for (phone 1x/2x, tablet, desktop hero, then a hero filling a 1280 and a 1920 px screen at
 * device pixel ratio 2); never wider than the source.
 */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600, 2560, 3840] as const;

export function variantWidths(sourceWidth: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((width) => width < sourceWidth);
  widths.push(Math.min(sourceWidth, Math.max(...VARIANT_WIDTHS)));
  return widths;
}

type Format = 'avif' | 'webp' | 'jpg' | 'png';

function encode(pipeline: Sharp, format: Format, width: number): Sharp {
  switch (format) {
    case 'avif':
      // Above 1600 px, AVIF's effort 1 encodes in a third of the time of effort 3 for about a tenth more bytes: those
      // variants go to large screens only, and a fresh clone's first build encodes every one of them.
      return pipeline.avif({ quality: 50, effort: width > WIDEST_SMALL_SCREEN_VARIANT ? 1 : 3 });
    case 'webp':
      return pipeline.webp({ quality: 72, effort: 4 });
    case 'jpg':
      return pipeline.jpeg({ quality: 74, mozjpeg: true, progressive: true });
    case 'png':
      return pipeline.png({ palette: true, compressionLevel: 9 });
  }
}

/** Where encoded variants go: the build's image folder, or one upload's folder in the upload storage. */
export interface VariantSink {
  /** True when a file of that name is already stored; it is then not encoded again (names carry a hash). */
  has(file: string): Promise<boolean>;
  put(file: string, body: Buffer): Promise<void>;
}

export function directorySink(dir: string): VariantSink {
  return {
    has: (file) =>
      fs.stat(path.join(dir, file)).then(
        () => true,
        () => false,
      ),
    async put(file, body) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, file), body);
    },
  };
}

/**
 * Writes AVIF, WebP and JPEG/PNG variants of one image at the widths the site serves, with metadata stripped
 * (sharp drops EXIF unless asked to keep it) and a content hash in each name so they can be cached for a year.
 */
export async function writeImageVariants(
  source: Buffer,
  sink: VariantSink,
  baseName: string,
  urlPrefix: string,
): Promise<ImageVariants> {
  const sharp = await loadSharp();
  const meta = await sharp(source).rotate().metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : meta.height) ?? 0;
  if (width === 0 || height === 0) throw new Error('image has no dimensions');
  const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 10);
  const family: Format = meta.format === 'png' ? 'png' : 'jpg';
  const widths = variantWidths(width);
  const sets: Record<Format, string[]> = { avif: [], webp: [], jpg: [], png: [] };
  for (const format of ['avif', 'webp', family] as const) {
    for (const w of widths) {
      const file = `${baseName}-${w}.${hash}.${format}`;
      if (!(await sink.has(file))) {
        const buffer = await encode(
          sharp(source).rotate().resize({ width: w, withoutEnlargement: true }),
          format,
          w,
        ).toBuffer();
        await sink.put(file, buffer);
      }
      sets[format].push(`${urlPrefix}/${file} ${w}w`);
    }
  }
  const largest = sets[family][sets[family].length - 1] ?? '';
  return {
    width,
    height,
    fallbackSrc: largest.split(' ')[0] ?? '',
    srcSet: sets[family].join(', '),
    webpSrcSet: sets.webp.join(', '),
    avifSrcSet: sets.avif.join(', '),
  };
}
