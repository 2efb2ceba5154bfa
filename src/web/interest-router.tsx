import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { LeadOutboxHandle } from '../services/lead-outbox.js';
import {
  confirmInterest,
  findUnsubscribeEntry,
  signUpForInterest,
  unsubscribeInterest,
} from '../services/interest-list.js';
import { CONTACT_SUCCESS_ANSWER } from '../shared/contact-form.js';
import { readLeadContext } from '../shared/lead-context.js';
import { INTEREST_PATH, validateInterest } from '../shared/reach-forms.js';
import type { Renderer } from '../render/renderer.js';
import { InterestPage } from '../../views/reach/InterestPage.js';
import { InterestLinkPage } from '../../views/reach/InterestLinkPage.js';
import type { InterestFormState } from '../../views/reach/InterestForm.js';
import { wantsPage } from './client-wants.js';
import { rateLimitedText, type LeadRateLimit } from './lead-rate-limit.js';
import { publicFormPost } from './public-form-post.js';
import { contentOf } from './request-content.js';
import { communityOf } from './request-community.js';
import { communityPath } from '../render/community-path.js';

interface InterestDeps {
  db: Knex;
  renderer: Renderer;
  leadRateLimit: LeadRateLimit;
  outbox?: LeadOutboxHandle;
}

/** A token as the list makes them (32 bytes, base64url); anything else is an unknown link. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function keepPrivate(res: Response) {
  res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex');
}

/**
 * The interest list (contract, "Reach beyond the site"): POST /interest from the short form on `/` and
 * `/site-plan` (or /interest itself), the confirmation link, and the one-click unsubscribe link.
 */
export function createInterestRouter(deps: InterestDeps): Router {
  const { db, renderer } = deps;
  const router = Router({ caseSensitive: true });

  function renderPage(req: Request, res: Response, sent: boolean, state?: InterestFormState) {
    const content = contentOf(req);
    res.send(
      renderer.page(<InterestPage content={content} path={INTEREST_PATH} sent={sent} state={state} />, {
        title: 'Get news of the next release',
        description: `Hear first when new homesites at ${content.community.name} are released.`,
        path: INTEREST_PATH,
        ...(sent ? { noindex: true } : {}),
      }),
    );
  }

  /** What the form shows again after a refused plain post: the posted values, never anything else the body named. */
  function postedState(req: Request): InterestFormState {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const plan = readLeadContext(body).plan;
    return { values: validateInterest(body).value, ...(plan ? { plan } : {}) };
  }

  router.get(INTEREST_PATH, (req, res) => renderPage(req, res, req.query.sent === '1'));

  const limiter = deps.leadRateLimit((req, res) => {
    const notice = rateLimitedText(req, contentOf(req).builder.phone);
    if (wantsPage(req)) return renderPage(req, res, false, { ...postedState(req), notice });
    res.type('text/plain').send(notice);
  });
  const tooLarge = (req: Request, res: Response) => {
    const notice = 'Your sign-up was too long to send: an e-mail address and a first name are all we need.';
    if (wantsPage(req)) return renderPage(req, res, false, { notice });
    res.type('text/plain').send(notice);
  };

  router.post(INTEREST_PATH, ...publicFormPost(limiter, 20, tooLarge), async (req, res) => {
    const content = contentOf(req);
    const outcome = await signUpForInterest(db, (req.body ?? {}) as Record<string, unknown>, {
      sourcePage: req.get('referer') ?? null,
      userAgent: req.get('user-agent') ?? null,
      community: communityOf(req).id,
      deliveries: (deps.outbox?.channels ?? []).filter((channel) => channel === 'webhook'),
      canConfirm: deps.outbox?.interestMail ?? false,
      planSlugs: content.floorPlans.map((plan) => plan.slug),
    });
    if (outcome.kind === 'invalid') {
      res.status(400);
      if (wantsPage(req)) return renderPage(req, res, false, { ...postedState(req), errors: outcome.errors });
      res.type('text/plain').send(Object.values(outcome.errors).join('\n'));
      return;
    }
    deps.outbox?.kick();
    if (wantsPage(req)) return res.redirect(303, communityPath(`${INTEREST_PATH}?sent=1`));
    res.type('text/plain').send(CONTACT_SUCCESS_ANSWER);
  });

  router.get('/interest/confirm/:token', async (req, res, next) => {
    const token = String(req.params.token);
    const entry = TOKEN.test(token) ? await confirmInterest(db, token) : undefined;
    if (!entry) return next();
    keepPrivate(res);
    const content = contentOf(req);
    res.send(
      renderer.page(
        <InterestLinkPage
          content={content}
          path={req.path}
          outcome={entry.state === 'unsubscribed' ? 'still-unsubscribed' : 'confirmed'}
          email={entry.email}
        />,
        { title: 'Interest list', description: 'Your interest-list sign-up.', path: req.path, noindex: true },
      ),
    );
  });

  router.get('/interest/unsubscribe/:token', async (req, res, next) => {
    const token = String(req.params.token);
    const entry = TOKEN.test(token) ? await findUnsubscribeEntry(db, token) : undefined;
    if (!entry) return next();
    keepPrivate(res);
    res.send(
      renderer.page(
        <InterestLinkPage
          content={contentOf(req)}
          path={req.path}
          outcome={entry.state === 'unsubscribed' ? 'unsubscribed' : 'ask-unsubscribe'}
          email={entry.email}
        />,
        { title: 'Unsubscribe', description: 'Unsubscribe from release news.', path: req.path, noindex: true },
      ),
    );
  });

  // RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click` here (form-urlencoded, no cookie, no CSRF token:
  // the secret link is the authority); the page's own button posts an empty form.
  router.post(
    '/interest/unsubscribe/:token',
    (req, res, next) => {
      // The body is not needed; read and discard a small one so the connection can be reused.
      if (req.readableEnded) return next();
      req.resume();
      req.once('end', () => next());
    },
    async (req, res, next) => {
      const token = String(req.params.token);
      const entry = TOKEN.test(token) ? await unsubscribeInterest(db, token) : undefined;
      if (!entry) return next();
      keepPrivate(res);
      res.send(
        renderer.page(
          <InterestLinkPage content={contentOf(req)} path={req.path} outcome="unsubscribed" email={entry.email} />,
          { title: 'Unsubscribed', description: 'Unsubscribed from release news.', path: req.path, noindex: true },
        ),
      );
    },
  );

  return router;
}
