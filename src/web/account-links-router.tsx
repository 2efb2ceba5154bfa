import express, { Router, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Knex } from 'knex';
import type { Renderer } from '../render/renderer.js';
import {
  acceptInvitation,
  openInvitation,
  openReset,
  requestPasswordReset,
  resetPassword,
  TeamError,
} from '../services/team.js';
import { cleanText } from '../shared/text-input.js';
import { ForgotPasswordPage } from '../../views/admin/ForgotPasswordPage.js';
import { LinkGonePage } from '../../views/admin/LinkGonePage.js';
import { NewPasswordPage } from '../../views/admin/NewPasswordPage.js';
import { rejectCrossSite } from './csrf.js';
import { RATE_LIMIT_VALIDATION, type RateLimitStores } from './rate-limit-store.js';

interface AccountLinksDeps {
  db: Knex;
  renderer: Renderer;
  /** The community's name as published now. */
  communityName: () => string;
  passwordHashCost: number;
  /** Staff e-mail is configured (reset links can be sent). */
  mail: boolean;
  /** Nudges the staff mail worker after a letter is stored. */
  mailStored(): void;
  origin(req: Request): string;
  loginRateLimit: number;
  rateLimitStores: RateLimitStores;
}

/**
 * The token is in the address: no other site may get it in a Referer, yet the page's own form must post with our
 * Origin (`no-referrer` makes Chromium post `Origin: null`). `same-origin` sends the address to us only
 * (docs/decisions/045-form-origins-and-staff-paths.md).
 */
export const SECRET_PAGE_REFERRER_POLICY = 'same-origin';

const formBody = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });

function field(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/**
 * The links people follow from an e-mail, before they can sign in: an invitation (choose a username and
 * password: the account is made with the role the owner gave), "forgot your password" and the reset link. Each
 * link works once; a used, expired or unknown one answers 410 (404 for an invitation never issued).
 */
export function createAccountLinksRouter(deps: AccountLinksDeps): Router {
  const { db, renderer, communityName } = deps;
  const router = Router();
  const meta = (title: string, path: string) => ({
    title,
    description: 'Staff pages.',
    path,
    noindex: true,
    admin: true,
  });

  function gone(res: Response, error: TeamError, path: string) {
    res
      .status(error.status)
      .set('Cache-Control', 'no-store')
      .send(
        renderer.page(
          <LinkGonePage communityName={communityName()} text={error.message} path={path} />,
          meta('Link no longer works', path),
        ),
      );
  }

  function tokenOf(req: Request): string {
    const token = String(req.params.token ?? '');
    return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : 'unknown-token-unknown-token';
  }

  router.get('/join/:token', async (req, res) => {
    try {
      const invitation = await openInvitation(db, tokenOf(req));
      res
        .set('Cache-Control', 'no-store')
        .set('Referrer-Policy', SECRET_PAGE_REFERRER_POLICY)
        .send(
          renderer.page(
            <NewPasswordPage
              communityName={communityName()}
              kind="invitation"
              action={req.path}
              role={invitation.role}
            />,
            meta('Join the staff', req.path),
          ),
        );
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      gone(res, error, req.path);
    }
  });

  router.post('/join/:token', rejectCrossSite, formBody, async (req, res) => {
    const username = cleanText(field(req, 'username'));
    try {
      await acceptInvitation(
        db,
        tokenOf(req),
        { username, password: field(req, 'password') },
        { ip: req.ip ?? '', cost: deps.passwordHashCost },
      );
      res.redirect(303, '/login?joined=1');
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      if (error.status !== 400) return gone(res, error, req.path);
      const invitation = await openInvitation(db, tokenOf(req)).catch(() => undefined);
      res
        .status(400)
        .set('Cache-Control', 'no-store')
        .send(
          renderer.page(
            <NewPasswordPage
              communityName={communityName()}
              kind="invitation"
              action={req.path}
              role={invitation?.role}
              username={username}
              errors={error.fields}
            />,
            meta('Join the staff', req.path),
          ),
        );
    }
  });

  const resetStore = deps.rateLimitStores('password-reset');
  const resetLimit = rateLimit({
    ...(resetStore && { store: resetStore }),
    windowMs: 15 * 60_000,
    limit: deps.loginRateLimit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    validate: RATE_LIMIT_VALIDATION,
    keyGenerator: (req) => `ip:${ipKeyGenerator(req.ip ?? '')}`,
  });

  const renderForgot = (res: Response, sent: boolean) =>
    res
      .set('Cache-Control', 'no-store')
      .send(
        renderer.page(
          <ForgotPasswordPage communityName={communityName()} sent={sent} mailOff={!deps.mail} />,
          meta('Forgot your password?', '/login/forgot'),
        ),
      );

  router.get('/login/forgot', (_req, res) => renderForgot(res, false));

  // The same answer, at about the same time, whether or not the account exists: the letter goes out later.
  router.post('/login/forgot', rejectCrossSite, formBody, resetLimit, async (req, res) => {
    await requestPasswordReset(db, cleanText(field(req, 'who')), {
      origin: deps.origin(req),
      communityName: communityName(),
      ip: req.ip ?? '',
      mail: deps.mail,
    });
    deps.mailStored();
    renderForgot(res, true);
  });

  router.get('/login/reset/:token', async (req, res) => {
    try {
      await openReset(db, tokenOf(req));
      res
        .set('Cache-Control', 'no-store')
        .set('Referrer-Policy', SECRET_PAGE_REFERRER_POLICY)
        .send(
          renderer.page(
            <NewPasswordPage communityName={communityName()} kind="reset" action={req.path} />,
            meta('Choose a new password', req.path),
          ),
        );
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      gone(res, error, req.path);
    }
  });

  router.post('/login/reset/:token', rejectCrossSite, formBody, async (req, res) => {
    try {
      await resetPassword(db, tokenOf(req), field(req, 'password'), { ip: req.ip ?? '', cost: deps.passwordHashCost });
      res.redirect(303, '/login?reset=1');
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      if (error.status !== 400) return gone(res, error, req.path);
      res
        .status(400)
        .set('Cache-Control', 'no-store')
        .send(
          renderer.page(
            <NewPasswordPage communityName={communityName()} kind="reset" action={req.path} errors={error.fields} />,
            meta('Choose a new password', req.path),
          ),
        );
    }
  });

  return router;
}
