import { Router } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../content/index.js';
import { listHomesites } from '../db/homesites.js';
import { contentOf } from './request-content.js';

const PUBLIC_PATHS = (content: Content, lots: number[]) => [
  '/',
  '/about',
  '/site-plan',
  '/floor-plans',
  ...content.floorPlans.map((plan) => `/floor-plans/${plan.slug}`),
  '/contact',
  '/tours',
  '/quick-move-in',
  '/homes',
  '/privacy',
  '/agents',
  '/interest',
  ...lots.map((lot) => `/homesites/${lot}`),
];

/**
 * robots.txt, sitemap.xml, the web manifest and the health check. Addresses come from SITE_URL (config), never
 * from the request's Host header: these answers are cached for an hour, by proxies too.
 */
export function createSiteFilesRouter(deps: { db: Knex; siteUrl: string }): Router {
  const { db, siteUrl } = deps;
  const router = Router();

  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(`User-agent: *\nDisallow: /admin\nDisallow: /login\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);
  });

  router.get('/sitemap.xml', async (req, res) => {
    const content = contentOf(req);
    const lots = (await listHomesites(db)).map((row) => row.lot);
    const urls = PUBLIC_PATHS(content, lots)
      .map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`)
      .join('\n');
    res
      .type('application/xml')
      .set('Cache-Control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  router.get('/manifest.webmanifest', (req, res) => {
    const content = contentOf(req);
    res
      .type('application/manifest+json')
      .set('Cache-Control', 'public, max-age=86400')
      .send(
        JSON.stringify({
          name: `${content.community.name} by ${content.builder.name}`,
          short_name: content.community.name,
          start_url: '/',
          display: 'browser',
          background_color: '#faf7f0',
          theme_color: '#1f4d3a',
          icons: [
            { src: '/sample/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/sample/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          ],
        }),
      );
  });

  router.get('/healthz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await db.raw('select 1');
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable', error: 'The database does not answer.' });
    }
  });

  return router;
}
