import { Router } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../content/index.js';
import type { ContentSource } from '../content/content-source.js';
import { listHomesites } from '../db/homesites.js';
import type { CommunityDirectory } from '../services/community-directory.js';
import { contentOf } from './request-content.js';
import { communityOf } from './request-community.js';

/** A community's pages, at its address ('' for the one community of a site at the root). */
const COMMUNITY_PATHS = (address: string, content: Content, lots: number[]) =>
  [
    '/',
    '/about',
    '/site-plan',
    '/floor-plans',
    ...content.floorPlans.map((plan) => `/floor-plans/${plan.slug}`),
    '/contact',
    '/tours',
    '/quick-move-in',
    '/interest',
    ...lots.map((lot) => `/homesites/${lot}`),
  ].map((path) => (address !== '' && path === '/' ? address : `${address}${path}`));

/** The pages of a one-community site, at the root: the community's, then the builder's texts, then its homesites. */
const PUBLIC_PATHS = (content: Content, lots: number[]) => {
  const pages = COMMUNITY_PATHS('', content, []);
  return [
    ...pages.slice(0, -1),
    '/homes',
    '/privacy',
    '/agents',
    '/interest',
    ...lots.map((lot) => `/homesites/${lot}`),
  ];
};

/**
 * robots.txt, sitemap.xml, the web manifest and the health check. Addresses come from SITE_URL (config), never
 * from the request's Host header: these answers are cached for an hour, by proxies too.
 */
export function createSiteFilesRouter(deps: {
  db: Knex;
  siteUrl: string;
  communities: CommunityDirectory;
  content: ContentSource;
}): Router {
  const { db, siteUrl } = deps;
  const router = Router();

  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(`User-agent: *\nDisallow: /admin\nDisallow: /login\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);
  });

  /** Every public page of a builder's site: its own, and every public community's at its address. */
  async function builderSitePaths(): Promise<string[]> {
    const { communities, content } = deps;
    const listed = communities.all().filter((community) => community.public);
    const plans = new Set<string>();
    const pages: string[] = [];
    for (const community of listed) {
      const own = content.publishedFor(community.id);
      if (!own) continue;
      for (const plan of own.floorPlans) plans.add(plan.slug);
      const lots = (await listHomesites(db, community.id)).map((row) => row.lot);
      pages.push(...COMMUNITY_PATHS(`/communities/${community.slug}`, own, lots));
    }
    return [
      '/',
      '/communities',
      '/homes',
      '/plans',
      ...[...plans].map((slug) => `/plans/${slug}`),
      '/contact',
      '/privacy',
      '/agents',
      ...pages,
    ];
  }

  router.get('/sitemap.xml', async (req, res) => {
    const paths = deps.communities.isBuilderSite()
      ? await builderSitePaths()
      : PUBLIC_PATHS(
          contentOf(req),
          (await listHomesites(db, communityOf(req).id)).map((row) => row.lot),
        );
    const urls = paths.map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`).join('\n');
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
