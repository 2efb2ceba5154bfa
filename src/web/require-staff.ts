import type { Request, RequestHandler } from 'express';
import { isPlainFormPost, isStaffCall } from './client-wants.js';

/** Where a plain form post (upload, mark as read) came from, when that is one of our admin pages. */
function adminReferer(req: Request): string | undefined {
  const referer = req.get('referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    if (url.host !== req.get('host')) return undefined;
    const path = `${url.pathname}${url.search}`;
    return safeReturnTo(path) === path ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one gate for /admin: pages redirect to /login (and come back after); calls get 401 and change nothing.
 * A plain HTML form post (no JavaScript: the upload form, Mark as read) is a browser navigation, not a call:
 * it is sent to /login too, back to the page it came from, instead of showing the browser a JSON error.
 */
export const requireStaff: RequestHandler = (req, res, next) => {
  res.set('Cache-Control', 'no-store');
  if (req.user) return next();
  const formPost = isPlainFormPost(req);
  if (isStaffCall(req) && !formPost) {
    res.status(401).json({ error: 'Sign in as staff first.' });
    return;
  }
  const returnTo = formPost ? (adminReferer(req) ?? '/admin') : req.originalUrl;
  res.redirect(303, `/login?next=${encodeURIComponent(returnTo)}`);
};

/** Only same-site admin paths are accepted as the place to return to after login. */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?:admin|preview)(?:[/?#]|$)/.test(value) && !value.includes('\\')
    ? value
    : '/admin';
}
