import { contentOf } from './request-content.js';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { ERROR_TITLES, ErrorPage, type ErrorStatus } from '../../views/ErrorPage.js';
import { framePath } from '../../views/Layout.js';
import { communityBase, communityStatus, onBuilderRoot } from '../render/community-path.js';
import type { PageKit } from './page-context.js';
import { isPlainFormPost, wantsJsonError, wantsPage } from './client-wants.js';
import { CrossSiteRequest } from './csrf.js';
import { loggablePath } from './request-log.js';

const CLIENT_ERROR_TEXT: Record<number, string> = {
  400: 'The request could not be understood.',
  403: 'This request is not allowed.',
  404: 'Not found.',
  405: 'Method not allowed.',
  413: 'The request body is too large.',
  415: 'Unsupported content type.',
};

/**
 * A service the request needs is out for a while (the upload store): answered 503 with Retry-After. The code that
 * raises it logs the outage itself, once per outage, so the error handler does not log each request.
 */
export class ServiceUnavailable extends Error {
  readonly status = 503;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

const UNAVAILABLE_TEXT = 'Temporarily unavailable. Please try again in a moment.';

/** How many error pages are kept for one published content (statuses × nav paths × community addresses). */
const KEPT_PER_CONTENT = 200;

/** Error pages as rendered, by the published content they were rendered from (a publish replaces the object). */
const renderedErrorPages = new WeakMap<object, Map<string, string>>();

/**
 * The error page's HTML. Its frame shows only the path's framePath, so every path outside the nav gets the same
 * page: it is rendered once per content, address and status, and a scanner's thousands of 404s cost no render.
 * Paths under /floor-plans/ (the frame may name them, and they are unbounded) are rendered each time.
 */
function errorPageHtml(kit: PageKit, req: Request, status: ErrorStatus): string {
  const content = contentOf(req);
  const path = framePath(req.path);
  const render = () =>
    kit.renderer.page(<ErrorPage content={content} path={path} status={status} />, {
      title: ERROR_TITLES[status],
      description: 'This page could not be shown.',
      path,
      noindex: true,
    });
  if (path.startsWith('/floor-plans/')) return render();
  const key = [status, path, communityBase(), onBuilderRoot(), communityStatus() ?? '', kit.renderer.siteName()].join(
    '\u0000',
  );
  let pages = renderedErrorPages.get(content);
  if (!pages) renderedErrorPages.set(content, (pages = new Map()));
  let html = pages.get(key);
  if (html === undefined) {
    html = render();
    if (pages.size >= KEPT_PER_CONTENT) pages.clear();
    pages.set(key, html);
  }
  return html;
}

function renderErrorPage(kit: PageKit, req: Request, res: Response, status: ErrorStatus) {
  res.status(status).send(errorPageHtml(kit, req, status));
}

/** The styled 404 for pages; a JSON 404 for API paths. */
export function notFound(kit: PageKit): RequestHandler {
  return (req, res) => {
    if (wantsJsonError(req)) res.status(404).json({ error: 'Not found' });
    else renderErrorPage(kit, req, res, 404);
  };
}

/**
 * Client errors (bad body, too large, bad encoding) keep their 4xx status with a short generic text; a service out
 * for a while gets 503 with Retry-After (a page, JSON or text, as the client wants); anything else is logged and
 * answered 500 without a stack trace, path or driver message.
 */
export function errorHandler(kit: PageKit, logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (error instanceof CrossSiteRequest && !res.headersSent) {
      // A person who pressed a form's button reads a page; a script reads the contract's JSON.
      res.set('Cache-Control', 'no-store');
      if (isPlainFormPost(req)) renderErrorPage(kit, req, res, 403);
      else res.status(403).json({ error: error.message });
      return;
    }
    const status =
      typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 500;
    if (res.headersSent) {
      logger.error({ err: error }, 'error after the response started');
      res.destroy();
      return;
    }
    if (status >= 400 && status < 500) {
      const text = CLIENT_ERROR_TEXT[status] ?? 'The request could not be processed.';
      if (wantsJsonError(req)) res.status(status).json({ error: text });
      else res.status(status).type('text/plain').send(text);
      return;
    }
    if (error instanceof ServiceUnavailable) {
      res.set('Retry-After', String(error.retryAfterSeconds));
      if (wantsJsonError(req)) res.status(503).json({ error: UNAVAILABLE_TEXT });
      else if (wantsPage(req)) renderErrorPage(kit, req, res, 503);
      else res.status(503).type('text/plain').send(UNAVAILABLE_TEXT);
      return;
    }
    logger.error({ err: error, method: req.method, url: loggablePath(req.originalUrl) }, 'request failed');
    if (wantsJsonError(req) || !wantsPage(req)) res.status(500).type('text/plain').send('Internal server error.');
    else renderErrorPage(kit, req, res, 500);
  };
}
