import type { Knex } from 'knex';
import { countHomepageImages, insertHomepageImages } from './homepage-images.js';
import { insertFloorplanImages } from './floorplan-images.js';
import { insertHomesites } from './homesites.js';
import { sampleHomesites } from './sample-homesites.js';

/** Staff-editable sample rows: the carousel and the three photo galleries. Overlook's two images are fixed content. */
const SAMPLE_CAROUSEL = [
  { url: '/sample/carousel/carousel-1.jpg', alt: 'A street of new homes at sunrise in Maple Hollow' },
  { url: '/sample/carousel/carousel-2.jpg', alt: 'A Maple Hollow home at golden hour' },
  { url: '/sample/carousel/carousel-3.jpg', alt: 'The community park and pond with homes behind' },
  { url: '/sample/carousel/carousel-4.jpg', alt: 'A Maple Hollow street at twilight with lit windows' },
];

const SAMPLE_GALLERIES: Record<string, { slug: string; alts: [string, string, string] }> = {
  'Sweetwater II': {
    slug: 'sweetwater-ii',
    alts: ['Sweetwater II exterior', 'Sweetwater II kitchen', 'Sweetwater II living room'],
  },
  'Silverwood II': {
    slug: 'silverwood-ii',
    alts: ['Silverwood II exterior', 'Silverwood II kitchen', 'Silverwood II living room'],
  },
  'The Canyon': { slug: 'canyon', alts: ['The Canyon exterior', 'The Canyon kitchen', 'The Canyon living room'] },
};

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
    for (const [floorplan, { slug, alts }] of Object.entries(SAMPLE_GALLERIES)) {
      await insertFloorplanImages(
        trx,
        alts.map((alt, index) => ({
          url: `/sample/floorplans/${slug}-${index + 1}.jpg`,
          floorplan,
          alt,
          sort_order: index,
        })),
      );
    }
    await insertHomesites(trx, sampleHomesites(new Date().toISOString()));
  });
  return true;
}
