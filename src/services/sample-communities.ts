import type { Knex } from 'knex';
import type { Content } from '../content/index.js';
import {
  generateSampleCommunities,
  sampleHomesiteRecords,
  sampleSitePlanPaths,
} from '../content/sample-communities.js';
import { COMMUNITY_SECTION_IDS } from '../content/schema.js';
import { ContentService } from './content.js';
import { insertCommunity } from '../db/communities.js';
import { insertHomesites } from '../db/homesites.js';
import { insertHomepageImages } from '../db/homepage-images.js';
import { sampleCarousel } from '../db/seed-sample.js';
import { saveSitePlanFile } from '../db/site-plan-files.js';

/**
 * Seeds the generated sample communities 2…count of SAMPLE_COMMUNITIES (the first is the sample itself): each one
 * public, with its own sections, offerings, site plan, lot outlines and homesites. Only into a database that was
 * empty before this start (the caller says so).
 */
export async function seedSampleCommunities(db: Knex, sample: Content, count: number): Promise<number> {
  const generated = generateSampleCommunities(count, sample);
  const at = new Date().toISOString();
  for (const community of generated) {
    const id = await insertCommunity(db, {
      slug: community.slug,
      name: community.name,
      status: community.status,
      street: community.street,
      city: community.city,
      state: community.state,
      zip: community.zip,
      lat: community.lat,
      lng: community.lng,
      time_zone: community.timeZone,
      created_at: at,
      created_by: null,
      published_at: at,
    });
    const documents = { ...community.sections, offerings: community.offerings };
    for (const section of COMMUNITY_SECTION_IDS) {
      await ContentService.insertFirstVersion(db, { scope: id, section }, documents[section], 'sample');
    }
    const paths = sampleSitePlanPaths(community.slug);
    for (const [path, body] of [
      [paths.drawing, community.drawingSvg],
      [paths.outlines, community.outlinesSvg],
    ] as const) {
      await saveSitePlanFile(db, {
        path,
        community_id: id,
        content_type: 'image/svg+xml',
        body,
        encoding: 'utf8',
        updated_at: at,
        updated_by: null,
      });
    }
    await db.transaction(async (trx) => {
      await insertHomesites(trx, id, sampleHomesiteRecords(community, at));
      // The sample's carousel photos, named for this community.
      await insertHomepageImages(
        trx,
        sampleCarousel(community).map((image, index) => ({ ...image, sort_order: index, community_id: id })),
      );
    });
  }
  return generated.length;
}
