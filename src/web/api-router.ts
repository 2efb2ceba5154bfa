import { Router } from 'express';
import type { Knex } from 'knex';
import { listFloorplanImages } from '../db/floorplan-images.js';
import { listHomepageImages, type SortDirection } from '../db/homepage-images.js';

/** A Map, not an object literal: `?sort=constructor` must not find Object.prototype's members. */
const SORTS = new Map<string, SortDirection>([
  ['order,asc', 'asc'],
  ['order,desc', 'desc'],
]);

/** The seed's read calls, with its `_embedded` answer shapes (seed-spec §7, contract "Calls"). */
export function createApiRouter(db: Knex): Router {
  const router = Router();

  router.get('/api/homepageimages', async (req, res) => {
    const sort = req.query.sort ?? 'order,asc';
    const direction = typeof sort === 'string' ? SORTS.get(sort) : undefined;
    if (!direction) {
      res.status(400).json({ error: 'sort must be order,asc or order,desc' });
      return;
    }
    const rows = await listHomepageImages(db, direction);
    res.json({ _embedded: { homepageimages: rows.map((row) => ({ url: row.url, order: row.sort_order })) } });
  });

  router.get('/api/floorplanImages/search/findByFloorplan', async (req, res) => {
    const { floorplan } = req.query;
    if (typeof floorplan !== 'string' || floorplan.length > 100) {
      res.status(400).json({ error: 'floorplan must be one floor plan display name, such as Sweetwater II' });
      return;
    }
    const rows = await listFloorplanImages(db, floorplan);
    res.json({ _embedded: { floorplanImages: rows.map((row) => ({ url: row.url })) } });
  });

  return router;
}
