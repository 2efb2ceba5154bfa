import type { Knex } from 'knex';
import type { Content, FloorPlan } from '../content/index.js';
import { countHomepageImages, insertHomepageImages } from './homepage-images.js';
import { insertFloorplanImages } from './floorplan-images.js';
import { insertHomesites } from './homesites.js';
import { sampleHomesites } from './sample-homesites.js';

/**
 * Staff-editable sample rows: the carousel and each plan's gallery (its drawings, then its photos). Names of the
 * community and its plans come from the content, as the pages show them.
 */
export function sampleCarousel(community: Pick<Content['community'], 'name'>): { url: string; alt: string }[] {
  return [
    { url: '/sample/carousel/carousel-1.jpg', alt: `A street of new homes at sunrise in ${community.name}` },
    { url: '/sample/carousel/carousel-2.jpg', alt: `A ${community.name} home at golden hour` },
    { url: '/sample/carousel/carousel-3.jpg', alt: 'The community park and pond with homes behind' },
    { url: '/sample/carousel/carousel-4.jpg', alt: `A ${community.name} street at twilight with lit windows` },
  ];
}

/**
 * The sample photos of each plan's gallery, by the room each shows, keyed by the plan's slug: the files are
 * /sample/floorplans/<slug>-1.jpg, -2.jpg …, and each alt names the plan as the content does.
 */
const SAMPLE_PHOTO_ROOMS: Record<string, string[]> = {
  'sweetwater-ii': ['exterior', 'kitchen', 'living room'],
  'silverwood-ii': ['exterior', 'kitchen', 'owner’s suite'],
  canyon: ['exterior', 'kitchen', 'great room'],
};

function samplePhotos(plan: FloorPlan): { url: string; alt: string }[] {
  return (SAMPLE_PHOTO_ROOMS[plan.slug] ?? []).map((room, index) => ({
    url: `/sample/floorplans/${plan.slug}-${index + 1}.jpg`,
    alt: `${plan.name} ${room}`,
  }));
}

/** A plan's floor-plan drawings, one per level, from the content: the start of its gallery, which staff manage. */
function galleryDrawings(plan: FloorPlan): { url: string; alt: string }[] {
  return plan.levels.map(({ drawing }) => ({ url: drawing.src, alt: drawing.alt }));
}

/** Seeds the sample community once (images and homesites): only when the database has no images at all. */
export async function seedSampleContent(db: Knex, content: Content, community: number): Promise<boolean> {
  const [carousel, gallery] = await Promise.all([
    countHomepageImages(db),
    db('floorplan_images').count<{ count: number | string }[]>({ count: '*' }).first(),
  ]);
  if (carousel > 0 || Number(gallery?.count ?? 0) > 0) return false;
  await db.transaction(async (trx) => {
    await insertHomepageImages(
      trx,
      sampleCarousel(content.community).map((image, index) => ({ ...image, sort_order: index })),
    );
    for (const plan of content.floorPlans) {
      const images = [...galleryDrawings(plan), ...samplePhotos(plan)];
      await insertFloorplanImages(
        trx,
        images.map((image, index) => ({ ...image, floorplan: plan.name, sort_order: index })),
      );
    }
    await insertHomesites(trx, community, sampleHomesites(new Date().toISOString()));
  });
  return true;
}
