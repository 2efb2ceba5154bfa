import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type Express, type RequestHandler } from 'express';
import type { ContentService } from '../services/content.js';
import { requireStaff } from './require-staff.js';
import { setRequestContent } from './request-content.js';
import type { CommunityDirectory } from '../services/community-directory.js';

const previews = new WeakSet<IncomingMessage>();

/** Whether this request renders drafts (a staff preview): never served from or stored in the page cache. */
export function isPreview(req: IncomingMessage): boolean {
  return previews.has(req);
}

const BANNER =
  '<div class="preview-banner" role="note"><strong>Preview</strong> — drafts shown as they will look once published. ' +
  'Buyers still see the published site. <a href="/admin/content">Back to content</a></div>';

/**
 * Every preview answer is `no-store`, whatever the public route it renders says (the manifest, sitemap and
 * robots.txt are publicly cacheable for an hour): a draft must never sit in a proxy or the browser's cache.
 */
function keepNoStore(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    setHeader(name, name.toLowerCase() === 'cache-control' ? 'no-store' : value);
  res.setHeader('Cache-Control', 'no-store');
}

/** Puts the banner first in the page's body. */
function withBanner(html: string): string {
  return html.replace(/<body([^>]*)>/, (body) => `${body}${BANNER}`);
}

/**
 * `GET /preview/<public path>`: the public page rendered with every section's draft in place of its published
 * document, for staff only (a redirect to /login otherwise), never cached and never indexed. The request is handed
 * back to the app under the public path, so the page is the one buyers will get, banner aside.
 */
export function createPreviewRouter(deps: {
  app: Express;
  content: ContentService;
  communities: CommunityDirectory;
  session: RequestHandler[];
  /**
   * The staff gate's permission check (require-permission.ts): /preview is the content area's, and an account that
   * must enroll in two-factor first reaches none of it.
   */
  permission: RequestHandler;
}): Router {
  const router = Router();
  router.use('/preview', ...deps.session, requireStaff, deps.permission, async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').send('A preview can only be looked at.');
      return;
    }
    // The community whose page it is: the one at /communities/<slug>/…, the first one at the root.
    const slug = /^\/communities\/([a-z0-9-]+)(?:[/?#]|$)/.exec(req.url)?.[1];
    const community = (slug === undefined ? undefined : deps.communities.bySlug(slug)) ?? deps.communities.first();
    try {
      setRequestContent(req, await deps.content.preview(community.id));
    } catch (error) {
      next(error);
      return;
    }
    previews.add(req);
    keepNoStore(res);
    res.set('X-Robots-Tag', 'noindex');
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      const html = typeof body === 'string' && /^text\/html/.test(String(res.get('Content-Type') ?? 'text/html'));
      return send(html ? withBanner(body as string) : body);
    };
    const target = req.url === '' ? '/' : req.url;
    if (/^\/+(?:admin|login|logout|preview)(?:[/?#.]|$)/i.test(target)) return next();
    req.url = target;
    req.originalUrl = target;
    (deps.app as unknown as { handle: (req: unknown, res: unknown, next: unknown) => void }).handle(req, res, next);
  });
  return router;
}
