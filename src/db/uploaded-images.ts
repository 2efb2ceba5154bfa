import type { Knex } from 'knex';
import type { ImageVariants } from '../shared/image-variants.js';

export interface UploadedImageRow {
  url: string;
  directory: string;
  width: number;
  height: number;
  src_set: string;
  webp_src_set: string;
  avif_src_set: string;
}

export async function insertUploadedImage(db: Knex, directory: string, variants: ImageVariants): Promise<void> {
  await db('uploaded_images').insert({
    url: variants.fallbackSrc,
    directory,
    width: variants.width,
    height: variants.height,
    src_set: variants.srcSet,
    webp_src_set: variants.webpSrcSet,
    avif_src_set: variants.avifSrcSet,
  });
}

function variantsOf(row: UploadedImageRow): ImageVariants {
  return {
    width: row.width,
    height: row.height,
    fallbackSrc: row.url,
    srcSet: row.src_set,
    webpSrcSet: row.webp_src_set,
    avifSrcSet: row.avif_src_set,
  };
}

export async function findUploadedImages(db: Knex, urls: string[]): Promise<Record<string, ImageVariants>> {
  const wanted = urls.filter((url) => url.startsWith('/uploads/'));
  if (wanted.length === 0) return {};
  const rows = await db<UploadedImageRow>('uploaded_images').whereIn('url', wanted);
  return Object.fromEntries(rows.map((row) => [row.url, variantsOf(row)]));
}

/** Every image of the file library by its lasting address (/files/<id>/<name>), with its current variants. */
export async function readLibraryImageVariants(db: Knex): Promise<Record<string, ImageVariants>> {
  const rows = await db<UploadedImageRow & { address: string }>('files')
    .join('uploaded_images', 'uploaded_images.url', 'files.stored_url')
    .where('files.kind', 'image')
    .select('files.url as address', 'uploaded_images.*');
  return Object.fromEntries(rows.map((row) => [row.address, variantsOf(row)]));
}

export async function takeUploadedImage(db: Knex, url: string): Promise<string | undefined> {
  const row = await db<UploadedImageRow>('uploaded_images').where({ url }).first();
  if (!row) return undefined;
  await db('uploaded_images').where({ url }).delete();
  return row.directory;
}
