import type { Request, RequestHandler } from 'express';

export function wantsJson(req: Request): boolean {
  return req.method !== 'GET' || req.path.endsWith('.json') || (req.get('accept') ?? '').includes('application/json');
}

/** The one gate for /admin: pages redirect to /login (and come back after); calls get 401 and change nothing. */
export const requireStaff: RequestHandler = (req, res, next) => {
  res.set('Cache-Control', 'no-store');
  if (req.user) return next();
  if (wantsJson(req)) {
    res.status(401).json({ error: 'Sign in as staff first.' });
    return;
  }
  res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
};

/** Only same-site admin paths are accepted as the place to return to after login. */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && /^\/admin(?:[/?#]|$)/.test(value) && !value.includes('\\') ? value : '/admin';
}
