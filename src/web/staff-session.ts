import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Knex } from 'knex';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Config } from '../config.js';
import { findUserById } from '../db/users.js';
import { KnexSessionStore } from '../db/session-store.js';
import { checkCredentials } from '../services/staff-accounts.js';

export interface StaffUser {
  id: number;
  username: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface User extends StaffUser {}
  }
}

declare module 'express-session' {
  interface SessionData {
    csrfToken?: string;
    returnTo?: string;
    loginAt?: number;
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

  passport.use(
    new LocalStrategy({ usernameField: 'username', passwordField: 'password' }, (username, password, done) => {
      checkCredentials(db, username, password).then(
        (user) => done(null, user ? { id: user.id, username: user.username } : false),
        (error: unknown) => done(error),
      );
    }),
  );
  passport.serializeUser<number>((user, done) => done(null, user.id));
  passport.deserializeUser<number>((id, done) => {
    findUserById(db, id).then(
      (user) => done(null, user ? { id: user.id, username: user.username } : false),
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
    unset: 'destroy',
    proxy: config.trustProxy > 0 ? true : undefined,
    cookie: { httpOnly: true, sameSite: 'lax', secure: production, path: '/', maxAge: config.sessionIdleMs },
  });

  /** Ends a session older than the absolute lifetime, whatever its activity. */
  const enforceLifetime: RequestHandler = (req, res, next) => {
    const loginAt = req.session?.loginAt;
    if (req.user && loginAt && Date.now() - loginAt > config.sessionMaxMs) {
      req.session.destroy(() => {
        req.user = undefined;
        next();
      });
      return;
    }
    next();
  };

  return {
    passport,
    store,
    middleware: [sessionMiddleware, passport.initialize(), passport.session(), enforceLifetime] as RequestHandler[],
  };
}
