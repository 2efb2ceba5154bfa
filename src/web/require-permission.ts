import type { RequestHandler } from 'express';
import { areaOf, roleMay } from '../shared/permissions.js';
import { isStaffCall } from './client-wants.js';

/**
 * What a signed-in account without two-factor may reach while the owner requires it: its account page, where it
 * enrolls, and the enrollment calls.
 */
export const ENROLLMENT_PATHS = ['/admin/account'];

function isEnrollment(path: string): boolean {
  return ENROLLMENT_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
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
    if (user.twoFactorRequired && !user.twoFactor && !isEnrollment(path)) {
      if (isStaffCall(req)) {
        res.status(403).json({ error: 'Set up two-factor sign-in on your account page first.' });
        return;
      }
      res.redirect(303, '/admin/account#two-factor');
      return;
    }
    if (roleMay(user.role, areaOf(path))) return next();
    if (isStaffCall(req)) {
      res.status(403).json({ error: 'Your role does not include this.' });
      return;
    }
    forbidden(req, res, next);
  };
}
