import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { PUBLIC_BUILD_DIR, STATIC_DIR } from '../render/build-paths.js';

const ONE_YEAR = 365 * 24 * 3600 * 1000;
const ONE_DAY = 24 * 3600 * 1000;

/**
 * Files whose names carry a content hash (build output, uploads): cached for a year as immutable; anything else
 * under `dir`, dot files included, is a 404.
 */
export function serveImmutableFiles(dir: string): RequestHandler {
  return express.static(dir, { immutable: true, maxAge: ONE_YEAR, index: false, fallthrough: false, redirect: false });
}

/** Hashed build output is immutable for a year; the sample media (unhashed) for a day, revalidated by ETag. */
export function createStaticRouter(): Router {
  const router = Router();
  router.use('/assets', serveImmutableFiles(path.join(PUBLIC_BUILD_DIR, 'assets')));
  router.use('/img', serveImmutableFiles(path.join(PUBLIC_BUILD_DIR, 'img')));
  router.use(
    '/sample',
    express.static(path.join(STATIC_DIR, 'sample'), {
      maxAge: ONE_DAY,
      index: false,
      fallthrough: false,
      redirect: false,
      dotfiles: 'deny',
    }),
  );
  router.get('/favicon.ico', (_req, res) => {
    res.sendFile(path.join(STATIC_DIR, 'sample', 'icons', 'favicon.ico'), { maxAge: ONE_DAY });
  });
  return router;
}
