import type { Request } from 'express';
import type { StaffUser } from './staff-session.js';

/** Shown instead of a silent bounce back to /login when the browser would drop the Secure session cookie. */
export const HTTPS_REQUIRED =
  'Signing in needs a secure (HTTPS) connection, and this one is plain HTTP, so your browser would not keep the ' +
  'sign-in. Open this page at its https:// address. (Operators: behind a proxy that handles HTTPS, set ' +
  'TRUST_PROXY so the site knows the connection is secure.)';

/**
 * In production the session cookie is Secure; express-session does not set it on a request it does not see as
 * HTTPS, so a correct sign-in would land back on /login with no word why. Logs the cause for the operator and
 * returns the explanation for the login page.
 */
export function refuseInsecureSignIn(req: Request, user: StaffUser): string {
  req.log.warn(
    { username: user.username, forwardedProto: req.get('x-forwarded-proto') },
    'staff sign-in over plain HTTP refused: in production the session cookie is Secure and the browser drops it ' +
      'without HTTPS. Serve the site over HTTPS; behind a proxy that terminates HTTPS, set TRUST_PROXY (the ' +
      'number of proxies, e.g. 1) so X-Forwarded-Proto is trusted',
  );
  return HTTPS_REQUIRED;
}
