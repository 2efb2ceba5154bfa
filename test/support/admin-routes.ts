import { createLeadDesk } from '../../src/services/lead-desk.js';
import { createFileLibrary } from '../../src/services/file-library.js';
import { expect } from 'chai';
import type { Router } from 'express';
import type { Renderer } from '../../src/render/renderer.js';
import { createImageLibrary } from '../../src/services/image-library.js';
import { createDirectoryStorage } from '../../src/services/upload-storage.js';
import { createStaffRouter } from '../../src/web/admin/staff-router.js';
import { memoryRateLimitStores } from '../../src/web/rate-limit-store.js';
import type { TestServer } from './test-server.js';

export interface RouteEntry {
  method: string;
  path: string;
}

/**
 * Every route of the admin router, read from the Router itself (Express 5 / router 2: route layers carry
 * `route.path` and `route.methods`; a nested router is walked too), so a route added later is covered by the tests
 * that use this without anyone remembering to list it.
 */
export function adminRoutes(router: Router, prefix = '/admin'): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const layer of router.stack) {
    if (layer.route) {
      const methods = Object.keys((layer.route as unknown as { methods: Record<string, boolean> }).methods).filter(
        (method) => method !== '_all',
      );
      for (const method of methods)
        entries.push({
          method: method.toUpperCase(),
          path: `${prefix}${layer.route.path === '/' ? '' : layer.route.path}`,
        });
      continue;
    }
    const nested = layer.handle as unknown as Partial<Router>;
    if (Array.isArray(nested.stack)) {
      const rawPath = (layer as unknown as { rawPath?: unknown }).rawPath;
      expect(rawPath, 'a nested admin router needs a string path for this walker').to.be.a('string');
      entries.push(...adminRoutes(nested as Router, `${prefix}${rawPath === '/' ? '' : String(rawPath)}`));
    }
  }
  return entries;
}

/** Every staff route of the running app: the routers app.ts mounts on /admin, with every service they take. */
export function appAdminRoutes(server: TestServer): RouteEntry[] {
  const app = server.site.app as unknown as { router: Router };
  const entries: RouteEntry[] = [];
  for (const layer of app.router.stack) {
    const rawPath = (layer as unknown as { rawPath?: unknown }).rawPath;
    const nested = layer.handle as unknown as Partial<Router>;
    if (rawPath === '/admin' && Array.isArray(nested.stack)) entries.push(...adminRoutes(nested as Router));
  }
  expect(entries.length, 'the staff routers mounted on /admin').to.be.greaterThan(0);
  return entries;
}

/** The staff router as app.ts builds it, over the test server's database (for walking its routes). */
export function staffRouterOf(server: TestServer): Router {
  const renderer: Renderer = { page: () => '' };
  return createStaffRouter({
    db: server.db,
    content: server.site.content,
    renderer,
    image: (src, alt) => ({ src, alt, width: 1, height: 1 }),
    images: createImageLibrary({
      db: server.db,
      uploads: createDirectoryStorage(server.config.uploadDir),
      publicContent: server.site.publicContent,
      cleanup: server.site.uploadCleanup,
    }),
    files: createFileLibrary({
      db: server.db,
      uploads: createDirectoryStorage(server.config.uploadDir),
      publicContent: server.site.publicContent,
      cleanup: server.site.uploadCleanup,
    }),
    homesites: undefined,
    tours: undefined,
    desk: createLeadDesk({ db: server.db }),
    siteUrl: server.config.siteUrl,
    team: { mail: false, mailStored: () => undefined, origin: () => server.url },
    account: {
      sessionIdleMs: server.config.sessionIdleMs,
      passwordHashCost: server.config.passwordHashCost,
      relyingParty: () => ({ id: 'localhost', name: 'test', origin: server.url }),
      siteUrl: server.config.siteUrl,
      loginRateLimit: server.config.loginRateLimit,
      rateLimitStores: memoryRateLimitStores,
    },
  });
}
