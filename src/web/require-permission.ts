import type { Request, RequestHandler, Response } from 'express';
import type { StaffUser } from './staff-session.js';
import { areaOf, roleMay, routedPath } from '../shared/permissions.js';
import { isStaffCall } from './client-wants.js';

/**
 * What a signed-in account without two-factor may reach while the owner requires it: its account page, where it
 * enrolls, and the enrollment calls (an authenticator app or a passkey). Nothing else of the account (not the
 * calendar address, whose feed carries every buyer's name, phone and e-mail), no preview, no other staff page;
 * signing out is outside /admin. Method and path exactly: anything not listed is refused.
 */
export const ENROLLMENT_ROUTES: ReadonlySet<string> = new Set([
  'GET /admin/account',
  'HEAD /admin/account',
  'POST /admin/account/two-factor/start',
  'POST /admin/account/two-factor/confirm',
  'POST /admin/account/passkeys/options',
  'POST /admin/account/passkeys',
]);

function isEnrollment(method: string, path: string): boolean {
  return ENROLLMENT_ROUTES.has(`${method} ${routedPath(path)}`);
}

/** Whether this signed-in account must set up two-factor before it reaches anything but its enrollment. */
export function mustEnroll(user: Pick<StaffUser, 'twoFactor' | 'twoFactorRequired'> | undefined): boolean {
  return user !== undefined && user.twoFactorRequired && !user.twoFactor;
}

/** The answer to an account that must enroll first: 403 for a call, its account page for a page. */
function sendToEnrollment(req: Request, res: Response): void {
  if (isStaffCall(req)) {
    res.status(403).json({ error: 'Set up two-factor sign-in on your account page first.' });
    return;
  }
  res.redirect(303, '/admin/account#two-factor');
}

/**
 * The one permission gate for staff paths, after requireStaff: the path's area from the permission table
 * (shared/permissions.ts), the reader's role from the database (staff-session.ts reads it on every request). A
 * path with no entry is refused to everyone (deny by default). `forbidden` answers a page that is refused.
 */
export function requirePermission(forbidden: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const user = req.user;
    const path = `${req.baseUrl}${req.path}`;
    if (!user) return next();
    if (mustEnroll(user) && !isEnrollment(req.method, path)) return sendToEnrollment(req, res);
    if (roleMay(user.role, areaOf(path, req.method))) return next();
    if (isStaffCall(req)) {
      res.status(403).json({ error: 'Your role does not include this.' });
      return;
    }
    forbidden(req, res, next);
  };
}
