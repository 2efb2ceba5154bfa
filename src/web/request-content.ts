import type { Request, RequestHandler } from 'express';
import type { Content } from '../content/schema.js';
import type { ContentSource } from '../content/content-source.js';
import { builderContentOf as builderView, type BuilderContent } from '../content/builder-content.js';

const contentByRequest = new WeakMap<Request, Content>();

/**
 * Fixes the content one request sees, so a publish in the middle of a request cannot mix two revisions in one
 * page. A preview request sets the draft view instead (web/preview-router.ts).
 */
export function attachContent(source: ContentSource): RequestHandler {
  return (req, _res, next) => {
    if (!contentByRequest.has(req)) contentByRequest.set(req, source.published());
    next();
  };
}

export function setRequestContent(req: Request, content: Content): void {
  contentByRequest.set(req, content);
}

/** The content this request renders: the published revision, or the draft view in a staff preview. */
export function contentOf(req: Request): Content {
  const content = contentByRequest.get(req);
  if (!content) throw new Error(`no content attached to ${req.method} ${req.originalUrl}`);
  return content;
}

/** The builder-wide view of the request's content: what the builder's own pages render (content/builder-content.ts). */
export function builderContentOf(req: Request): BuilderContent {
  return builderView(contentOf(req));
}
