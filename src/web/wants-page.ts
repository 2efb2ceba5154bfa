import type { Request } from 'express';

/**
 * True for a browser navigation (a plain form post without JavaScript), which gets a page or a redirect;
 * scripts and API clients (fetch sends Accept: *\/*) get the seed's plain-text answer.
 */
export function wantsPage(req: Request): boolean {
  if (req.get('sec-fetch-mode') === 'navigate') return true;
  return (req.get('accept') ?? '').includes('text/html');
}
