import crypto from 'node:crypto';
import type { Request, RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** The session's synchronizer token, created on first use. */
export function csrfToken(req: Request): string {
  req.session.csrfToken ??= crypto.randomBytes(32).toString('base64url');
  return req.session.csrfToken;
}

function sameOrigin(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.get('origin');
  if (origin === undefined) return true;
  return origin === `${req.protocol}://${req.get('host') ?? ''}`;
}

/** Refuses a cross-site state change (Origin / Sec-Fetch-Site), before anything is parsed or written. */
export const rejectCrossSite: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method) || sameOrigin(req)) return next();
  res.status(403).json({ error: 'Cross-site requests are not allowed.' });
};

function tokensMatch(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Requires the session's token in the X-CSRF-Token header or the `_csrf` form field on every state change. */
export const requireCsrfToken: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const body = req.body as Record<string, unknown> | undefined;
  const given = req.get(CSRF_HEADER) ?? (body && typeof body === 'object' ? body[CSRF_FIELD] : undefined);
  if (tokensMatch(req.session?.csrfToken, given)) return next();
  res.status(403).json({ error: 'Missing or invalid CSRF token. Reload the page and try again.' });
};
