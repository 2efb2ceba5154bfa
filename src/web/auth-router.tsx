import express, { Router, type Request, type Response } from 'express';
import type { Passport } from 'passport';
import type { Renderer } from '../render/renderer.js';
import { LoginPage } from '../../views/admin/LoginPage.js';
import { rejectCrossSite, requireCsrfToken } from './csrf.js';
import { createLoginThrottle } from './login-throttle.js';
import { refuseInsecureSignIn } from './insecure-sign-in.js';
import type { RateLimitStores } from './rate-limit-store.js';
import { safeReturnTo } from './require-staff.js';
import { cleanText } from '../shared/text-input.js';
import { storeSession } from './session-stored-first.js';
import type { StaffUser } from './staff-session.js';

const WRONG_CREDENTIALS = 'Incorrect username or password.';

interface AuthDeps {
  passport: InstanceType<typeof Passport>;
  renderer: Renderer;
  /** The community's name as published now. */
  communityName: () => string;
  /** Failed logins per username or address per 15 minutes before 429. */
  loginRateLimit: number;
  /** Where the failure counts live (shared by every instance on PostgreSQL). */
  rateLimitStores: RateLimitStores;
  sessionCookie: string;
  /** Signs the device cookies that exempt a staff member's own browser from the login limits of strangers. */
  sessionSecret: string;
  /** The session cookie is Secure in production, so a sign-in is only kept over HTTPS. */
  production: boolean;
}

function field(req: Request, name: string): string | undefined {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

export function createAuthRouter({
  passport,
  renderer,
  communityName,
  loginRateLimit,
  rateLimitStores,
  sessionCookie,
  sessionSecret,
  production,
}: AuthDeps): Router {
  const router = Router();

  function renderLogin(req: Request, res: Response, status: number, error?: string) {
    res
      .status(status)
      .set('Cache-Control', 'no-store')
      .send(
        renderer.page(
          <LoginPage
            communityName={communityName()}
            error={error}
            username={cleanText(field(req, 'username'))}
            next={typeof req.query.next === 'string' ? safeReturnTo(req.query.next) : undefined}
          />,
          { title: 'Staff sign in', description: 'Staff sign in.', path: '/login', noindex: true, admin: true },
        ),
      );
  }

  const throttle = createLoginThrottle({
    limit: loginRateLimit,
    secret: sessionSecret,
    production,
    stores: rateLimitStores,
    onLimited: (req, res, seconds) =>
      renderLogin(req, res, 429, `Too many failed sign-ins. Try again in ${Math.ceil(seconds / 60)} minute(s).`),
  });

  router.get('/login', (req, res) => {
    if (req.user) return res.redirect(303, safeReturnTo(req.query.next));
    renderLogin(req, res, 200);
  });

  router.post(
    '/login',
    rejectCrossSite,
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    ...throttle.limits,
    (req, res, next) => {
      const username = cleanText(field(req, 'username'));
      const password = field(req, 'password');
      if (!username || !password) return renderLogin(req, res, 400, 'Enter your username and password.');
      passport.authenticate('local', { session: false }, (error: unknown, user: StaffUser | false) => {
        if (error) return next(error);
        if (!user) return renderLogin(req, res, 401, WRONG_CREDENTIALS);
        if (production && !req.secure) return renderLogin(req, res, 403, refuseInsecureSignIn(req, user));
        const returnTo = safeReturnTo(req.query.next);
        // req.login regenerates the session id (no fixation); the return address travels in the URL, not the session.
        req.login(user, (loginError) => {
          if (loginError) return next(loginError);
          req.session.loginAt = Date.now();
          // Stored before the 303 goes out: a client following it at once must find the login time there.
          storeSession(req, (saveError) => {
            if (saveError) return next(saveError);
            throttle.trustDevice(req, res, user.username);
            res.redirect(303, returnTo);
          });
        });
      })(req, res, next);
    },
  );

  router.post(
    '/logout',
    rejectCrossSite,
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    (req, res, next) => {
      if (!req.user) return res.redirect(303, '/login');
      requireCsrfToken(req, res, () => {
        req.logout((logoutError) => {
          if (logoutError) return next(logoutError);
          req.session.destroy((destroyError) => {
            if (destroyError) return next(destroyError);
            res.clearCookie(sessionCookie, { path: '/' });
            res.redirect(303, '/login');
          });
        });
      });
    },
  );

  return router;
}
