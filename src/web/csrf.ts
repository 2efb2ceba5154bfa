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

export const CROSS_SITE_TEXT = 'Cross-site requests are not allowed.';

/**
 * A state change sent from another site: answered 403 by the error handler (errors.tsx), as a page for a browser's
 * form post and as `{"error"}` for a call.
 */
export class CrossSiteRequest extends Error {
  readonly status = 403;
  constructor() {
    super(CROSS_SITE_TEXT);
  }
}

/**
 * Sec-Fetch-Site decides when the browser sends it: it says where the request came from whatever the page's
 * referrer policy, whereas a page with `Referrer-Policy: no-referrer` makes Chromium post `Origin: null` from our
 * own form (docs/decisions/045-form-origins-and-staff-paths.md). Without it (an older browser, a script), the Origin header must
 * be ours when there is one; `null` is not ours.
 */
function sameOrigin(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = req.get('origin');
  if (origin === undefined) return true;
  return origin === `${req.protocol}://${req.get('host') ?? ''}`;
}

/** Refuses a cross-site state change (Sec-Fetch-Site / Origin), before anything is parsed or written. */
export const rejectCrossSite: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method) || sameOrigin(req)) return next();
  next(new CrossSiteRequest());
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
