import type { Knex } from 'knex';
import { listCollection, type CollectionImageRow, type ImageCollection } from '../db/image-collections.js';
import { findUploadedImages } from '../db/uploaded-images.js';
import type { ImageVariants } from '../shared/image-variants.js';
import type { ResponsiveImage } from '../shared/responsive-image.js';

/** Builds a <picture>'s data for a stored URL: built variants, or an upload's own (render/images.ts). */
export type DescribeStoredImage = (
  src: string,
  alt: string,
  uploaded: Record<string, ImageVariants>,
) => ResponsiveImage;

export interface CollectionImage {
  row: CollectionImageRow;
  image: ResponsiveImage;
}

/**
 * The one way from a collection's rows to responsive images: rows in their order (sort_order, then id), an
 * upload's variants from its own record, everything else from the build's image manifest.
 */
export async function collectionImages(
  db: Knex,
  collection: ImageCollection,
  describe: DescribeStoredImage,
): Promise<CollectionImage[]> {
  const rows = await listCollection(db, collection);
  const uploaded = await findUploadedImages(
    db,
    rows.map((row) => row.url),
  );
  return rows.map((row) => ({ row, image: describe(row.url, row.alt, uploaded) }));
}
