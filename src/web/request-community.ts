import type { Request, RequestHandler } from 'express';
import type { Community, CommunityDirectory } from '../services/community-directory.js';

const communityByRequest = new WeakMap<Request, Community>();

/**
 * The one place that decides which community a request is in (decision 050), as `contentOf` decides its content:
 * the first community unless a community's own address (`/communities/<slug>/…`) or a preview named another.
 */
export function attachCommunity(directory: CommunityDirectory): RequestHandler {
  return (req, _res, next) => {
    if (!communityByRequest.has(req)) communityByRequest.set(req, directory.first());
    next();
  };
}

export function setRequestCommunity(req: Request, community: Community): void {
  communityByRequest.set(req, community);
}

/** The community this request is in. */
export function communityOf(req: Request): Community {
  const community = communityByRequest.get(req);
  if (!community) throw new Error(`no community attached to ${req.method} ${req.originalUrl}`);
  return community;
}
