import type { Request } from 'express';

/**
 * What the client wants back, in one place: a page (browser navigation, plain form post without JavaScript) or
 * JSON (the editors' fetch calls, API clients). Each router asks one of these by name.
 */

function acceptHeader(req: Request): string {
  return req.get('accept') ?? '';
}

/** The Accept header names HTML: a browser form (upload, import) rather than fetch. */
export function acceptsHtml(req: Request): boolean {
  return acceptHeader(req).includes('text/html');
}

/** The Accept header names JSON. */
export function acceptsJson(req: Request): boolean {
  return acceptHeader(req).includes('application/json');
}

/**
 * True for a browser navigation (a plain form post without JavaScript), which gets a page or a redirect;
 * scripts and API clients (fetch sends Accept: *\/*) get the seed's plain-text answer.
 */
export function wantsPage(req: Request): boolean {
  if (req.get('sec-fetch-mode') === 'navigate') return true;
  return acceptsHtml(req);
}

/** A plain HTML form post (no JavaScript: the upload form, Mark as read): a browser navigation, not a call. */
export function isPlainFormPost(req: Request): boolean {
  return req.method === 'POST' && wantsPage(req) && !acceptsJson(req);
}

/** A staff call rather than a staff page: any state change, a `.json` path, or a client asking for JSON. */
export function isStaffCall(req: Request): boolean {
  return req.method !== 'GET' || req.path.endsWith('.json') || acceptsJson(req);
}

/** A staff save answered as JSON: sent as JSON (the editor) or asking for JSON; a plain form gets the page. */
export function wantsJsonAnswer(req: Request): boolean {
  return req.is('application/json') === 'application/json' || acceptsJson(req);
}

/** An error for an API or staff path, or for a client that asks for JSON first, is answered as JSON. */
export function wantsJsonError(req: Request): boolean {
  return (
    req.path.startsWith('/api/') || req.path.startsWith('/admin/') || acceptHeader(req).startsWith('application/json')
  );
}
