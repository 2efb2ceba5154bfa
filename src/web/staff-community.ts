import express, { Router, type Request, type RequestHandler } from 'express';
import type { Community, CommunityDirectory } from '../services/community-directory.js';
import { inScope } from '../shared/staff-scope.js';
import { requireCsrfToken } from './csrf.js';
import { setRequestCommunity } from './request-community.js';
import { staffScopeOf } from './staff-scope.js';
import type { ContentSource } from '../content/content-source.js';
import { setRequestContent } from './request-content.js';

const reachableByRequest = new WeakMap<Request, readonly Community[]>();

/**
 * The community a staff request works in (its homesites, tours, carousel): the one the person chose with the
 * switcher (kept in the session), else the first community when the account reaches it, else the first it reaches.
 * The one place a staff request's community is decided, after the account's scope is known.
 */
export function chooseStaffCommunity(communities: CommunityDirectory, content: ContentSource): RequestHandler {
  return (req, _res, next) => {
    const scope = staffScopeOf(req);
    const reachable = communities.all().filter((community) => inScope(scope, community.id));
    reachableByRequest.set(req, reachable);
    const chosen =
      reachable.find((community) => community.id === req.session.community) ??
      reachable.find((community) => community.id === communities.first().id) ??
      reachable[0];
    if (chosen) {
      setRequestCommunity(req, chosen);
      // Its pages name it and check changes by its plans: the request reads its content.
      const published = content.publishedFor(chosen.id);
      if (published) setRequestContent(req, published);
    }
    next();
  };
}

/** The communities the signed-in account reaches, in the order they were created. */
export function staffCommunitiesOf(req: Request): readonly Community[] {
  return reachableByRequest.get(req) ?? [];
}

/** Where the switcher sends the person back to: a staff page of this site, never another address. */
function backTo(raw: unknown): string {
  return typeof raw === 'string' && /^\/admin(?:[/?#]|$)/.test(raw) && !raw.includes('//') ? raw : '/admin';
}

/**
 * `POST /admin/community` (`community`: a slug the account reaches): the staff pages work in that community from
 * now on in this session; an unknown or unreachable slug is a 404.
 */
export function createCommunitySwitchRouter(): Router {
  const router = Router();
  router.post(
    '/community',
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 5 }),
    requireCsrfToken,
    (req, res) => {
      const body = (req.body ?? {}) as { community?: unknown; back?: unknown };
      const chosen = staffCommunitiesOf(req).find((community) => community.slug === body.community);
      if (!chosen) return void res.status(404).json({ error: 'There is no such community of yours.' });
      req.session.community = chosen.id;
      res.redirect(303, backTo(body.back));
    },
  );
  return router;
}
