import type { Knex } from 'knex';
import { loadContent, type FloorPlan } from '../content/index.js';
import { countHomepageImages, insertHomepageImages } from './homepage-images.js';
import { insertFloorplanImages } from './floorplan-images.js';
import { insertHomesites } from './homesites.js';
import { sampleHomesites } from './sample-homesites.js';

/** Staff-editable sample rows: the carousel and each plan's gallery (its drawings, then its photos). */
const SAMPLE_CAROUSEL = [
  { url: '/sample/carousel/carousel-1.jpg', alt: 'A street of new homes at sunrise in Maple Hollow' },
  { url: '/sample/carousel/carousel-2.jpg', alt: 'A Maple Hollow home at golden hour' },
  { url: '/sample/carousel/carousel-3.jpg', alt: 'The community park and pond with homes behind' },
  { url: '/sample/carousel/carousel-4.jpg', alt: 'A Maple Hollow street at twilight with lit windows' },
];

const SAMPLE_PHOTOS: Record<string, { url: string; alt: string }[]> = {
  'Sweetwater II': [
    { url: '/sample/floorplans/sweetwater-ii-1.jpg', alt: 'Sweetwater II exterior' },
    { url: '/sample/floorplans/sweetwater-ii-2.jpg', alt: 'Sweetwater II kitchen' },
    { url: '/sample/floorplans/sweetwater-ii-3.jpg', alt: 'Sweetwater II living room' },
  ],
  'Silverwood II': [
    { url: '/sample/floorplans/silverwood-ii-1.jpg', alt: 'Silverwood II exterior' },
    { url: '/sample/floorplans/silverwood-ii-2.jpg', alt: 'Silverwood II kitchen' },
    { url: '/sample/floorplans/silverwood-ii-3.jpg', alt: 'Silverwood II owner’s suite' },
  ],
  'The Canyon': [
    { url: '/sample/floorplans/canyon-1.jpg', alt: 'The Canyon exterior' },
    { url: '/sample/floorplans/canyon-2.jpg', alt: 'The Canyon kitchen' },
    { url: '/sample/floorplans/canyon-3.jpg', alt: 'The Canyon great room' },
  ],
};

/** A plan's floor-plan drawings (one per level, from the content) that the page does not already show as fixed. */
function galleryDrawings(plan: FloorPlan): { url: string; alt: string }[] {
  const fixed = new Set(plan.fixedImages.map((image) => image.src));
  return plan.levels
    .map(({ drawing }) => ({ url: drawing.src, alt: drawing.alt }))
    .filter((drawing) => !fixed.has(drawing.url));
}

/** Seeds the sample community once (images and homesites): only when the database has no images at all. */
export async function seedSampleContent(db: Knex): Promise<boolean> {
  const [carousel, gallery] = await Promise.all([
    countHomepageImages(db),
    db('floorplan_images').count<{ count: number | string }[]>({ count: '*' }).first(),
  ]);
  if (carousel > 0 || Number(gallery?.count ?? 0) > 0) return false;
  await db.transaction(async (trx) => {
    await insertHomepageImages(
      trx,
      SAMPLE_CAROUSEL.map((image, index) => ({ ...image, sort_order: index })),
    );
    for (const plan of loadContent().floorPlans) {
      const images = [...galleryDrawings(plan), ...(SAMPLE_PHOTOS[plan.name] ?? [])];
      await insertFloorplanImages(
        trx,
        images.map((image, index) => ({ ...image, floorplan: plan.name, sort_order: index })),
      );
    }
    await insertHomesites(trx, sampleHomesites(new Date().toISOString()));
  });
  return true;
}
