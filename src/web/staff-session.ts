import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Knex } from 'knex';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Config } from '../config.js';
import { accountState, isActive } from '../db/users.js';
import type { Role } from '../shared/permissions.js';
import { KnexSessionStore } from '../db/session-store.js';
import { unknownUserHash } from '../services/passwords.js';
import { checkCredentials } from '../services/staff-accounts.js';
import { answerAfterSessionStored } from './session-stored-first.js';

export interface StaffUser {
  id: number;
  username: string;
  /** Read from the database on every request: a role change applies at once, on every instance. */
  role: Role;
  /** An authenticator app or a passkey is set up. */
  twoFactor: boolean;
  /** The owner requires two-factor for everyone (then an account without it reaches only its enrollment). */
  twoFactorRequired: boolean;
  /** Given every community (web/staff-scope.ts makes the request's scope from it and the role). */
  allCommunities: boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // Declaration merging: Passport's req.user is our staff user.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends StaffUser {}
  }
}

declare module 'express-session' {
  interface SessionData {
    csrfToken?: string;
    returnTo?: string;
    /** The community the staff pages work in, chosen with the switcher (web/staff-community.ts). */
    community?: number;
    loginAt?: number;
    /** Shown on /admin/account: the browser and address the session signed in from. */
    device?: string;
    address?: string;
    /**
     * A correct password for an account with two-factor: the sign-in waits for the second step (at most
     * PENDING_SIGN_IN_MS), and until then the session holds no user.
     */
    pendingSignIn?: { userId: number; at: number; returnTo: string; username?: string };
    /**
     * The recovery codes the first passkey brought (the passkey call answers the script, which then loads the
     * account page): shown there once, then dropped.
     */
    newRecoveryCodes?: string[];
    /** The WebAuthn challenge of a passkey ceremony under way (enrollment or sign-in). */
    passkeyChallenge?: string;
  }
}

export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';

/**
 * Staff sessions: in the database, cookie HttpOnly + SameSite=Lax (+ Secure and the __Host- prefix in
 * production), an idle timeout renewed by each request (rolling) and an absolute lifetime from login.
 */
export function createStaffSession(options: { config: Config; db: Knex; secret: string }) {
  const { config, db, secret } = options;
  const production = config.env === 'production';
  const store = new KnexSessionStore(db);
  // One authenticator per app (not passport's global), so several apps in one process never share state.
  const passport = new Passport();
  void unknownUserHash(config.passwordHashCost);

  passport.use(
    new LocalStrategy({ usernameField: 'username', passwordField: 'password' }, (username, password, done) => {
      // A deactivated account cannot sign in: its right password is answered as a wrong one.
      checkCredentials(db, username, password, config.passwordHashCost)
        .then(async (user) => (user && isActive(user) ? await accountState(db, user.id) : undefined))
        .then(
          (state) => done(null, state ? { ...state } : false),
          (error: unknown) => done(error),
        );
    }),
  );
  passport.serializeUser<number>((user, done) => done(null, user.id));
  // Every request reads the account again (one indexed query): a deactivated account's session, one that
  // survived the deletion of its sessions by a request in flight, is signed out on its next request.
  passport.deserializeUser<number>((id, done) => {
    accountState(db, id).then(
      (state) => done(null, state?.active ? state : false),
      (error: unknown) => done(error),
    );
  });

  const sessionMiddleware = session({
    name: production ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // unset stays 'keep': sessions end through req.session.destroy()/regenerate(), never `req.session = null`.
    // 'destroy' would also make express-session delete, after the response, a session it failed to load (a
    // database outage), and hand that second error to Express's final handler, which prints it with the SQL.
    proxy: config.trustProxy > 0 ? true : undefined,
    cookie: { httpOnly: true, sameSite: 'lax', secure: production, path: '/', maxAge: config.sessionIdleMs },
  });

  /**
   * Ends a signed-in session older than the absolute lifetime, whatever its activity (one without a login time
   * counts as expired). regenerate, not destroy: the old row goes, and this request still has a (fresh, empty)
   * session, so a POST /login arriving on an expired cookie signs in instead of failing for want of a session.
   */
  const enforceLifetime: RequestHandler = (req, _res, next) => {
    if (!req.user) return next();
    const loginAt = req.session.loginAt;
    if (typeof loginAt === 'number' && Date.now() - loginAt <= config.sessionMaxMs) return next();
    req.user = undefined;
    req.session.regenerate((error: unknown) => next(error));
  };

  return {
    passport,
    store,
    middleware: [
      sessionMiddleware,
      answerAfterSessionStored,
      passport.initialize(),
      passport.session(),
      enforceLifetime,
    ] as RequestHandler[],
  };
}
