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
  const renderer: Renderer = { page: () => '', siteName: () => '' };
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

/** A route of the app: a method and path, or `*` below a mount that answers under it with no routes (the preview). */
export interface StaffRouteEntry extends RouteEntry {
  /** The prefix a mount answers under (`/preview`), its own routes being the public site's. */
  mount?: boolean;
}

/** The paths that are staff paths: the staff area and the draft preview. */
const STAFF_PREFIXES = /^\/(?:admin|preview)(?:[/.]|$)/;

/**
 * Every route of the running app, read from the app's router as a whole, in whichever router each is declared. A
 * middleware mounted on a prefix with no routes under it (the preview's handler) is listed as `GET <prefix>/*`.
 */
export function appRoutes(server: TestServer): StaffRouteEntry[] {
  const app = server.site.app as unknown as { router: Router };
  const entries = new Map<string, StaffRouteEntry>();
  const add = (entry: StaffRouteEntry) => entries.set(`${entry.method} ${entry.path}`, entry);
  const join = (prefix: string, path: string) => (path === '/' ? prefix : `${prefix}${path}`);
  const walk = (router: Router, prefix: string) => {
    for (const layer of router.stack) {
      if (layer.route) {
        const methods = Object.keys((layer.route as unknown as { methods: Record<string, boolean> }).methods).filter(
          (method) => method !== '_all',
        );
        const paths = ([] as unknown[]).concat(layer.route.path);
        for (const path of paths) {
          expect(path, 'a route path the walker can read').to.be.a('string');
          for (const method of methods) add({ method: method.toUpperCase(), path: join(prefix, String(path)) || '/' });
        }
        continue;
      }
      const rawPaths = ([] as unknown[]).concat((layer as unknown as { rawPath?: unknown }).rawPath ?? '/');
      const nested = layer.handle as unknown as Partial<Router>;
      for (const rawPath of rawPaths) {
        if (typeof rawPath !== 'string') continue;
        if (Array.isArray(nested.stack)) walk(nested as Router, join(prefix, rawPath));
        else if (join(prefix, rawPath) !== '') add({ method: 'GET', path: `${join(prefix, rawPath)}/*`, mount: true });
      }
    }
  };
  walk(app.router, '');
  return [...entries.values()];
}

/**
 * Every staff route of the running app (not only what is mounted on /admin): the staff routers, the calendar
 * feed, the preview, and anything added later under /admin or /preview.
 */
export function appStaffRoutes(server: TestServer): StaffRouteEntry[] {
  const found = appRoutes(server).filter((entry) => STAFF_PREFIXES.test(entry.path));
  expect(found.length, 'staff routes found in the app').to.be.greaterThan(50);
  return found;
}

/**
 * A concrete path for a route pattern: each `:name` given in `values` is filled with it (a parameter not given stays
 * as written, as the walks that name only some of them expect).
 */
export function concreteRoutePath(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (whole, name: string) => values[name] ?? whole);
}
