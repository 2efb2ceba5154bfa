import { Router } from 'express';
import type { Knex } from 'knex';
import { listCollection } from '../db/image-collections.js';
import { communityOf } from './request-community.js';

/** A Map, not an object literal: `?sort=constructor` must not find Object.prototype's members. */
const SORTS = new Map<string, 'asc' | 'desc'>([
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
    // Descending is the exact reverse of the stored order (sort_order, then id).
    const stored = await listCollection(db, { kind: 'homepage', community: communityOf(req).id });
    const rows = direction === 'asc' ? stored : stored.reverse();
    res.json({ _embedded: { homepageimages: rows.map((row) => ({ url: row.url, order: row.sort_order })) } });
  });

  router.get('/api/floorplanImages/search/findByFloorplan', async (req, res) => {
    const { floorplan } = req.query;
    if (typeof floorplan !== 'string' || floorplan.length > 100) {
      res.status(400).json({ error: 'floorplan must be one floor plan display name, such as Sweetwater II' });
      return;
    }
    const rows = await listCollection(db, { kind: 'floorplan', floorplan });
    res.json({ _embedded: { floorplanImages: rows.map((row) => ({ url: row.url })) } });
  });

  return router;
}
