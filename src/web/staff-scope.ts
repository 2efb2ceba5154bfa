import type { Request, RequestHandler } from 'express';
import type { Knex } from 'knex';
import { inScope, scopeOfAccount, type StaffScope } from '../services/staff-scope.js';
import { communityOf } from './request-community.js';

const scopeByRequest = new WeakMap<Request, StaffScope>();

/**
 * Middleware for the staff stack (after the sign-in gate): the account's scope, once per request, from the role and
 * all_communities passport read with the account (a limited account's communities are one more query).
 */
export function attachStaffScope(db: Knex): RequestHandler {
  return (req, _res, next) => {
    if (scopeByRequest.has(req) || !req.user) return next();
    scopeOfAccount(db, req.user).then(
      (scope) => {
        scopeByRequest.set(req, scope);
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

/** Sets the scope of a request served without a session (the calendar feed: its token's owner). */
export function setStaffScope(req: Request, scope: StaffScope): void {
  scopeByRequest.set(req, scope);
}

/** The signed-in account's scope; throws when none was attached, so a staff query can never go unnarrowed. */
export function staffScopeOf(req: Request): StaffScope {
  const scope = scopeByRequest.get(req);
  if (!scope) throw new Error(`no staff scope attached to ${req.method} ${req.originalUrl}`);
  return scope;
}

/**
 * For staff pages about the community the request is in (its homesites, its home carousel): an account that does
 * not reach that community finds nothing there (404), as for another community's lead.
 */
export const requireRequestCommunity: RequestHandler = (req, _res, next) => {
  if (inScope(staffScopeOf(req), communityOf(req).id)) return next();
  next('router');
};

/** Whether the signed-in account reaches the community the request is in. */
export function reachesRequestCommunity(req: Request): boolean {
  return inScope(staffScopeOf(req), communityOf(req).id);
}
