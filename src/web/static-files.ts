import path from 'node:path';
import express, { Router } from 'express';
import { PUBLIC_BUILD_DIR, STATIC_DIR } from '../render/build-paths.js';

const ONE_YEAR = 365 * 24 * 3600 * 1000;
const ONE_DAY = 24 * 3600 * 1000;

/** Hashed build output is immutable for a year; the sample media (unhashed) for a day, revalidated by ETag. */
export function createStaticRouter(): Router {
  const router = Router();
  const immutable = { immutable: true, maxAge: ONE_YEAR, index: false, fallthrough: false, redirect: false } as const;
  router.use('/assets', express.static(path.join(PUBLIC_BUILD_DIR, 'assets'), immutable));
  router.use('/img', express.static(path.join(PUBLIC_BUILD_DIR, 'img'), immutable));
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
