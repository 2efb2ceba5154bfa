import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Knex } from 'knex';
import type { Passport } from 'passport';
import type { Renderer } from '../render/renderer.js';
import { LoginPage } from '../../views/admin/LoginPage.js';
import { TwoFactorStepPage } from '../../views/admin/TwoFactorStepPage.js';
import { accountState } from '../db/users.js';
import { recordAudit } from '../services/audit-log.js';
import { authenticationOptions, passWithPasskey, type RelyingParty } from '../services/passkeys.js';
import { passSecondStep } from '../services/two-factor.js';
import { rejectCrossSite, requireCsrfToken } from './csrf.js';
import { createLoginThrottle } from './login-throttle.js';
import { refuseInsecureSignIn } from './insecure-sign-in.js';
import { RATE_LIMIT_VALIDATION, type RateLimitStores } from './rate-limit-store.js';
import { safeReturnTo } from './require-staff.js';
import { cleanText } from '../shared/text-input.js';
import { storeSession } from './session-stored-first.js';
import type { StaffUser } from './staff-session.js';
import { sendRetryAfter } from './retry-after.js';

const WRONG_CREDENTIALS = 'Incorrect username or password.';
const WRONG_CODE = 'That code did not work. Use the current code from your app, or an unused recovery code.';
/** How long a correct password waits for its second step. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;
const FIFTEEN_MINUTES = 15 * 60_000;

interface AuthDeps {
  db: Knex;
  passport: InstanceType<typeof Passport>;
  renderer: Renderer;
  /** The community's name as published now. */
  communityName: () => string;
  /** Failed logins per username or address per 15 minutes before 429; wrong second-step codes per account too. */
  loginRateLimit: number;
  /** Where the failure counts live (shared by every instance on PostgreSQL). */
  rateLimitStores: RateLimitStores;
  sessionCookie: string;
  /** Signs the device cookies that exempt a staff member's own browser from the login limits of strangers. */
  sessionSecret: string;
  /** The session cookie is Secure in production, so a sign-in is only kept over HTTPS. */
  production: boolean;
  /** The passkeys' relying party for this request. */
  relyingParty(req: Request): RelyingParty;
}

function field(req: Request, name: string): string | undefined {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

const formBody = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });

export function createAuthRouter(deps: AuthDeps): Router {
  const { db, passport, renderer, communityName, loginRateLimit, rateLimitStores, sessionCookie, production } = deps;
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
            notice={
              req.query.joined === '1'
                ? 'Your account is ready: sign in with the username and password you chose.'
                : req.query.reset === '1'
                  ? 'Your new password is set: sign in with it.'
                  : undefined
            }
          />,
          { title: 'Staff sign in', description: 'Staff sign in.', path: '/login', noindex: true, admin: true },
        ),
      );
  }

  const throttle = createLoginThrottle({
    limit: loginRateLimit,
    secret: deps.sessionSecret,
    production,
    stores: rateLimitStores,
    onLimited: (req, res, seconds) =>
      renderLogin(req, res, 429, `Too many failed sign-ins. Try again in ${Math.ceil(seconds / 60)} minute(s).`),
  });

  /** The sign-in waiting for its second step, while it is fresh. */
  function pendingOf(req: Request) {
    const pending = req.session.pendingSignIn;
    return pending && Date.now() - pending.at <= PENDING_SIGN_IN_MS ? pending : undefined;
  }

  async function renderStep(req: Request, res: Response, status: number, error?: string) {
    const pending = pendingOf(req);
    const passkeys = pending
      ? await db('passkeys').where({ user_id: pending.userId }).count({ n: '*' }).first()
      : undefined;
    res
      .status(status)
      .set('Cache-Control', 'no-store')
      .send(
        renderer.page(
          <TwoFactorStepPage communityName={communityName()} error={error} passkey={Number(passkeys?.n ?? 0) > 0} />,
          {
            title: 'Two-factor sign-in',
            description: 'Staff sign in.',
            path: '/login/two-factor',
            noindex: true,
            admin: true,
          },
        ),
      );
  }

  /**
   * The second step has a limit of its own: LOGIN_RATE_LIMIT wrong codes per account per 15 minutes, shared by
   * every instance on PostgreSQL. A correct code is not counted. As at the first step (decision 012), a browser with
   * a valid device cookie for the account counts toward its own device's limit instead: a stranger who has the
   * password locks strangers out of the second step, never the staff member's own browser.
   */
  const secondStepStore = rateLimitStores('login-second-step');
  const secondStepLimit = rateLimit({
    ...(secondStepStore && { store: secondStepStore }),
    windowMs: FIFTEEN_MINUTES,
    limit: loginRateLimit,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    validate: RATE_LIMIT_VALIDATION,
    keyGenerator: (req) => {
      const pending = pendingOf(req as Request);
      if (!pending) return `ip:${ipKeyGenerator(req.ip ?? '')}`;
      const device = pending.username ? throttle.knownDeviceFor(req as Request, pending.username) : undefined;
      return device ? `device:${device.deviceId}` : `user:${pending.userId}`;
    },
    handler: (req, res) => {
      const seconds = sendRetryAfter(req as Request, res as Response, FIFTEEN_MINUTES);
      if ((req as Request).is('application/json')) {
        res.status(429).json({ error: `Too many wrong codes. Try again in ${Math.ceil(seconds / 60)} minute(s).` });
        return;
      }
      void renderStep(
        req as Request,
        res as Response,
        429,
        `Too many wrong codes. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
      );
    },
  });

  /**
   * Completes a sign-in: a new session id (req.login regenerates it: no fixation), the login time, the browser and
   * address shown on /admin/account, the last sign-in on the team page, the audit row, then the redirect once the
   * session is stored.
   */
  function completeSignIn(
    req: Request,
    res: Response,
    next: NextFunction,
    user: StaffUser,
    method: string,
    returnTo: string,
    answer: (res: Response, to: string) => void = (response, to) => response.redirect(303, to),
  ) {
    req.login(user, (loginError) => {
      if (loginError) return next(loginError);
      const now = new Date();
      req.session.loginAt = now.getTime();
      req.session.device = cleanText(req.get('user-agent')).slice(0, 300);
      req.session.address = req.ip ?? '';
      delete req.session.pendingSignIn;
      Promise.all([
        db('users').where({ id: user.id }).update({ last_sign_in_at: now.toISOString() }),
        recordAudit(db, {
          actor: user.username,
          ip: req.ip,
          action: 'sign-in',
          target: user.username,
          details: { method },
        }),
      ]).then(() => {
        // Stored before the 303 goes out: a client following it at once must find the login time there.
        storeSession(req, (saveError) => {
          if (saveError) return next(saveError);
          throttle.trustDevice(req, res, user.username);
          answer(res, returnTo);
        });
      }, next);
    });
  }

  router.get('/login', (req, res) => {
    if (req.user) return res.redirect(303, safeReturnTo(req.query.next));
    renderLogin(req, res, 200);
  });

  router.post('/login', rejectCrossSite, formBody, ...throttle.limits, (req, res, next) => {
    const username = cleanText(field(req, 'username'));
    const password = field(req, 'password');
    if (!username || !password) return renderLogin(req, res, 400, 'Enter your username and password.');
    passport.authenticate('local', { session: false }, (error: unknown, user: StaffUser | false) => {
      if (error) return next(error);
      if (!user) {
        // Counted before the answer goes out: the next guess already finds it.
        return void Promise.all([
          throttle.failed(req),
          recordAudit(db, {
            actor: '',
            ip: req.ip,
            action: 'sign-in.failed',
            target: username.slice(0, 64),
          }),
        ]).then(() => renderLogin(req, res, 401, WRONG_CREDENTIALS), next);
      }
      void throttle.refusedAfterCheck(req, res).then((refused) => {
        if (!refused) signInWith(user);
      }, next);
    })(req, res, next);

    function signInWith(user: StaffUser) {
      if (production && !req.secure) return renderLogin(req, res, 403, refuseInsecureSignIn(req, user));
      const returnTo = safeReturnTo(req.query.next);
      if (!user.twoFactor) return completeSignIn(req, res, next, user, 'password', returnTo);
      // The password was right; the session holds no user until the second step passes.
      req.session.regenerate((regenerateError) => {
        if (regenerateError) return next(regenerateError);
        req.session.pendingSignIn = { userId: user.id, at: Date.now(), returnTo, username: user.username };
        storeSession(req, (saveError) => {
          if (saveError) return next(saveError);
          res.redirect(303, '/login/two-factor');
        });
      });
    }
  });

  router.get('/login/two-factor', async (req, res) => {
    if (req.user) return res.redirect(303, '/admin');
    if (!pendingOf(req)) return res.redirect(303, '/login');
    await renderStep(req, res, 200);
  });

  /** The account waiting for its second step, still active; or the answer that sends the person back to /login. */
  async function pendingAccount(req: Request): Promise<StaffUser | undefined> {
    const pending = pendingOf(req);
    const state = pending ? await accountState(db, pending.userId) : undefined;
    return state?.active ? state : undefined;
  }

  router.post('/login/two-factor', rejectCrossSite, formBody, secondStepLimit, async (req, res, next) => {
    const user = await pendingAccount(req);
    if (!user) return res.redirect(303, '/login');
    const method = await passSecondStep(db, user.id, field(req, 'code'));
    if (!method) {
      await recordAudit(db, { actor: '', ip: req.ip, action: 'sign-in.two-factor-failed', target: user.username });
      return renderStep(req, res, 401, WRONG_CODE);
    }
    if (method === 'recovery-code')
      await recordAudit(db, {
        actor: user.username,
        ip: req.ip,
        action: 'two-factor.recovery-code-used',
        target: user.username,
      });
    completeSignIn(req, res, next, user, method, req.session.pendingSignIn?.returnTo ?? '/admin');
  });

  const json = express.json({ limit: '20kb', strict: true });

  router.post('/login/two-factor/passkey/options', rejectCrossSite, async (req, res) => {
    const user = await pendingAccount(req);
    if (!user) return res.status(401).json({ error: 'Sign in with your password first.' });
    const options = await authenticationOptions(db, user.id, deps.relyingParty(req));
    req.session.passkeyChallenge = options.challenge;
    res.set('Cache-Control', 'no-store').json({ options });
  });

  router.post('/login/two-factor/passkey', rejectCrossSite, json, secondStepLimit, async (req, res, next) => {
    const user = await pendingAccount(req);
    const challenge = req.session.passkeyChallenge;
    if (!user || !challenge) return res.status(401).json({ error: 'Sign in with your password first.' });
    delete req.session.passkeyChallenge;
    const passed = await passWithPasskey(
      db,
      user.id,
      { response: (req.body as { response?: unknown } | undefined)?.response, challenge },
      deps.relyingParty(req),
    );
    if (!passed) {
      await recordAudit(db, {
        actor: '',
        ip: req.ip,
        action: 'sign-in.two-factor-failed',
        target: user.username,
        details: { method: 'passkey' },
      });
      return res.status(401).json({ error: 'The passkey was not accepted.' });
    }
    completeSignIn(req, res, next, user, 'passkey', req.session.pendingSignIn?.returnTo ?? '/admin', (response, to) =>
      response.json({ redirect: to }),
    );
  });

  router.post('/logout', rejectCrossSite, formBody, (req, res, next) => {
    if (!req.user) return res.redirect(303, '/login');
    requireCsrfToken(req, res, () => {
      const user = req.user!;
      recordAudit(db, { actor: user.username, ip: req.ip, action: 'sign-out', target: user.username }).then(() => {
        req.logout((logoutError) => {
          if (logoutError) return next(logoutError);
          req.session.destroy((destroyError) => {
            if (destroyError) return next(destroyError);
            res.clearCookie(sessionCookie, { path: '/' });
            res.redirect(303, '/login');
          });
        });
      }, next);
    });
  });

  return router;
}
