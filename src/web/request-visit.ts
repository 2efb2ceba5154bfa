import type { Request } from 'express';
import { formPageVisit, webUrl, type VisitContext } from '../shared/visit-context.js';

/** The address this request asked for; a Host header that is no host at all gives a placeholder one. */
function requestedPage(req: Request): URL {
  try {
    return new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  } catch {
    return new URL(req.originalUrl, 'http://localhost');
  }
}

/**
 * What a lead form page knows of the visit from its own request: its query and its Referer. The browser replaces
 * it with the visit's first landing page where it recorded one (docs/decisions/016-lead-context.md).
 */
export function requestVisit(req: Request): VisitContext {
  return formPageVisit(requestedPage(req), webUrl(req.get('referer')));
}
