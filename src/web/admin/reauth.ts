import type { Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Knex } from 'knex';
import { recordAudit } from '../../services/audit-log.js';
import { verifyCurrentPassword } from '../../services/team.js';
import { RATE_LIMIT_VALIDATION, type RateLimitStores } from '../rate-limit-store.js';
import { sendRetryAfter } from '../retry-after.js';

const FIFTEEN_MINUTES = 15 * 60_000;

export const WRONG_PASSWORD = 'This is not your current password.';
export const MISSING_PASSWORD = 'Enter your current password to confirm this change.';

/** Why a re-authentication failed: the answer's status and the text shown next to the password field. */
export interface ReauthRefusal {
  status: 400 | 429;
  text: string;
}

export interface Reauth {
  /** Mounted before the handler (after the body and the CSRF token): LOGIN_RATE_LIMIT wrong passwords per account. */
  limit: RequestHandler;
  /**
   * Checks the current password typed for a sensitive change (ASVS 3.7.1, NIST 800-63B 4.2.3 re-authentication).
   * Undefined when it is right; otherwise the refusal, counted against the limit and written to the audit trail.
   */
  check(req: Request, res: Response, password: unknown, change: string): Promise<ReauthRefusal | undefined>;
  /** Counts a refusal of the same step that is not the password (a wrong code to turn the app off). */
  fail(req: Request, res: Response): void;
}

/**
 * Re-authentication for the account's sensitive changes: turning the authenticator app off, new recovery codes,
 * removing a passkey, a new e-mail address, a new password. A wrong password counts like
 * a wrong sign-in code: LOGIN_RATE_LIMIT per account per 15 minutes, in the shared store on PostgreSQL, so a
 * stolen session cannot be used to guess the password (decision 042).
 */
export function createReauth(deps: { db: Knex; loginRateLimit: number; rateLimitStores: RateLimitStores }): Reauth {
  const store = deps.rateLimitStores('account-reauth');
  const limit = rateLimit({
    ...(store && { store }),
    windowMs: FIFTEEN_MINUTES,
    limit: deps.loginRateLimit,
    skipSuccessfulRequests: true,
    // Only a wrong password (or code) is a failed guess; a bad e-mail address typed with the right password is not.
    requestWasSuccessful: (_req, res) => res.locals.reauthFailed !== true && res.statusCode !== 429,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    validate: RATE_LIMIT_VALIDATION,
    keyGenerator: (req) => `user:${(req as Request).user?.id ?? 0}`,
    // The handler says why; the router answers in its own way (the page with the message by the field, or JSON).
    handler: (req, res, next) => {
      const seconds = sendRetryAfter(req as Request, res as Response, FIFTEEN_MINUTES);
      res.locals.reauthLimited = `Too many wrong passwords. Try again in ${Math.ceil(seconds / 60)} minute(s).`;
      next();
    },
  });

  return {
    limit,
    async check(req, res, password, change) {
      const limited: unknown = res.locals.reauthLimited;
      if (typeof limited === 'string') return { status: 429, text: limited };
      const typed = typeof password === 'string' ? password : '';
      // An empty field is not a guess: it is refused without counting.
      if (typed === '') return { status: 400, text: MISSING_PASSWORD };
      const user = req.user!;
      if (await verifyCurrentPassword(deps.db, user.id, typed)) return undefined;
      res.locals.reauthFailed = true;
      await recordAudit(deps.db, {
        actor: user.username,
        ip: req.ip,
        action: 'account.reauth-failed',
        target: user.username,
        details: { change },
      });
      return { status: 400, text: WRONG_PASSWORD };
    },
    fail(_req, res) {
      res.locals.reauthFailed = true;
    },
  };
}
