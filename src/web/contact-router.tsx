import { Router, type Request, type Response, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { floorPlanBySlug, type Content, type FloorPlan } from '../content/index.js';
import { receiveContactMessage } from '../services/contact-messages.js';
import type { LeadOutboxHandle } from '../services/lead-outbox.js';
import {
  CONTACT_SUBMIT_PATH,
  CONTACT_SUCCESS_ANSWER,
  HOMESITE_FIELD,
  PLAN_FIELD,
  type ContactPageState,
} from '../shared/contact-form.js';
import { validateContact } from '../shared/contact-rules.js';
import { readLeadContext } from '../shared/lead-context.js';
import { visitFieldsOf } from '../shared/visit-context.js';
import type { HomesiteService } from '../services/homesites.js';
import { ContactPage, type SalesOffice } from '../../views/ContactPage.js';
import { builderOrganizationJsonLd } from '../render/structured-data.js';
import { rateLimitedText, type LeadRateLimit } from './lead-rate-limit.js';
import { builderContentOf, contentOf } from './request-content.js';
import { siteProps, type PageKit } from './page-context.js';
import { wantsPage } from './client-wants.js';
import { publicFormPost, tooLargeText } from './public-form-post.js';
import { requestVisit } from './request-visit.js';
import { communityOf } from './request-community.js';
import { communityPath } from '../render/community-path.js';
import { onBuilderRoot } from '../render/community-path.js';
import { COMMUNITY_FIELD } from '../shared/contact-community.js';

interface ContactDeps extends PageKit {
  db: Knex;
  /** CONTACT_RATE_LIMIT, shared with the tour form. */
  leadRateLimit: LeadRateLimit;
  /** The lead outbox, when e-mail or the webhook is configured: told after each stored message. */
  outbox?: LeadOutboxHandle;
  /** The page cache (the plain /contact page is the same for everyone). */
  cached: RequestHandler;
  /** `/contact?homesite=N` asks about homesite N only when there is one. */
  homesites: Pick<HomesiteService, 'find'>;
  /**
   * The public communities a message on the builder's contact page may be about (none on a one-community site),
   * each with its sales office as that page lists it.
   */
  choices?: () => ({ id: number; slug: string; name: string } & { office?: SalesOffice })[];
  /** The public origin, for the builder's JSON-LD. */
  siteUrl?: string;
}

/** The floor plan a query or body value names, if the content knows it; a value of any other shape names none. */
function planNamed(content: Content, raw: unknown): FloorPlan | undefined {
  return typeof raw === 'string' ? floorPlanBySlug(content, raw) : undefined;
}

/** The subject a question about a homesite, a plan or both starts with. */
function questionAbout(homesite: number | undefined, plan: FloorPlan | undefined): string | undefined {
  if (homesite !== undefined && plan) return `Question about homesite ${homesite} (${plan.name})`;
  if (homesite !== undefined) return `Question about homesite ${homesite}`;
  return plan ? `Question about ${plan.name}` : undefined;
}

/** What a plain post gives back to the form shown again: the plan, homesite and visit fields it carried. */
function postedContext(content: Content, body: unknown): Pick<ContactPageState, 'plan' | 'homesite' | 'visit'> {
  const posted = readLeadContext(body);
  return {
    plan: planNamed(content, posted.plan)?.slug,
    homesite: posted.homesite,
    visit: visitFieldsOf(posted),
  };
}

export function createContactRouter(deps: ContactDeps): Router {
  const { db, renderer } = deps;
  const router = Router();

  /** On the builder's contact page, the communities to choose from (none on a community's own page). */
  const choicesHere = () => (onBuilderRoot() ? (deps.choices?.() ?? []) : []);

  /**
   * The community a message posted here is about: on a community's page the request's; on the builder's contact
   * page the one chosen, or with "Not sure yet" (or a community no longer offered) the request's (the first),
   * marked as not chosen so the inbox says so (decision 050). A post without the field at all comes from a form
   * opened while the site was the first community's alone, so it is that community's.
   */
  function communityPosted(req: Request): { community: number; communityUnsure?: boolean } {
    const choices = choicesHere();
    if (choices.length === 0) return { community: communityOf(req).id };
    const chosen = (req.body as Record<string, unknown> | undefined)?.[COMMUNITY_FIELD];
    if (chosen === undefined) return { community: communityOf(req).id };
    const found = choices.find((choice) => choice.slug === chosen);
    return found ? { community: found.id } : { community: communityOf(req).id, communityUnsure: true };
  }

  function renderContact(req: Request, res: Response, initial: ContactPageState) {
    const content = contentOf(req);
    const choices = choicesHere();
    if (choices.length > 0) {
      const chosen = (req.body as Record<string, unknown> | undefined)?.[COMMUNITY_FIELD];
      initial = {
        ...initial,
        communities: choices.map(({ slug, name }) => ({ slug, name })),
        ...(typeof chosen === 'string' && choices.some((choice) => choice.slug === chosen)
          ? { community: chosen }
          : {}),
      };
    }
    // The builder's page on a site of several communities: the builder's view, and every community's office.
    if (onBuilderRoot()) {
      const builder = builderContentOf(req);
      const offices = choices.flatMap((choice) => (choice.office ? [choice.office] : []));
      return void res.send(
        renderer.page(<ContactPage content={builder} path="/contact" initial={initial} offices={offices} />, {
          title: 'Contact Us',
          description: `Contact ${content.builder.name}: call ${content.builder.phone} or send us a message about any of our communities.`,
          path: '/contact',
          jsonLd: [builderOrganizationJsonLd(builder, deps.siteUrl)],
        }),
      );
    }
    res.send(
      renderer.page(<ContactPage {...siteProps(deps, req)} path="/contact" initial={initial} />, {
        title: 'Contact Us',
        description: `Contact ${content.builder.name} about ${content.community.name}: call ${content.builder.phone} or send us a message.`,
        path: '/contact',
      }),
    );
  }

  /**
   * `/contact?plan=<slug>` (the floor-plan pages' "Ask about" link) and `/contact?homesite=N` (the homesites' one)
   * start the form with a subject naming what was asked about, carried along with the post. An unknown or
   * malformed slug or number is simply not asked about.
   */
  async function askingAbout(content: Content, query: Request['query']): Promise<ContactPageState> {
    const plan = planNamed(content, query[PLAN_FIELD]);
    const lot = readLeadContext({ [HOMESITE_FIELD]: query[HOMESITE_FIELD] }).homesite;
    const homesite = lot !== undefined && (await deps.homesites.find(lot)) ? lot : undefined;
    const subject = questionAbout(homesite, plan);
    return { ...(subject ? { values: { subject } } : {}), plan: plan?.slug, homesite };
  }

  // `cached` serves and keeps only requests without a Referer, from which the form's visit fields are filled
  // (app.ts), and only for the queries the site's own links carry (contact-page-query.ts): the form writes its own
  // address into landing_page, so any other query is rendered for its request.
  router.get('/contact', deps.cached, async (req, res) => {
    const state =
      req.query.sent === '1' ? { status: 'success' as const } : await askingAbout(contentOf(req), req.query);
    renderContact(req, res, { ...state, visit: requestVisit(req) });
  });

  const limiter = deps.leadRateLimit((req, res) => {
    const content = contentOf(req);
    const notice = rateLimitedText(req, content.builder.phone);
    if (wantsPage(req))
      // Only the form's own fields go back into the page, never whatever else the body named.
      return renderContact(req, res, {
        values: validateContact(req.body ?? {}).value,
        status: 'rate-limited',
        notice,
        ...postedContext(content, req.body),
      });
    res.type('text/plain').send(notice);
  });

  const tooLarge = (req: Request, res: Response) => {
    const content = contentOf(req);
    const notice = tooLargeText('message', content.builder.phone);
    if (wantsPage(req))
      return renderContact(req, res, {
        values: validateContact(req.body ?? {}).value,
        status: 'too-large',
        notice,
        ...postedContext(content, req.body),
      });
    res.type('text/plain').send(notice);
  };

  router.post(CONTACT_SUBMIT_PATH, ...publicFormPost(limiter, 20, tooLarge), async (req, res) => {
    const content = contentOf(req);
    const outcome = await receiveContactMessage(db, (req.body ?? {}) as Record<string, unknown>, {
      sourcePage: req.get('referer') ?? null,
      userAgent: req.get('user-agent') ?? null,
      ...communityPosted(req),
      deliveries: deps.outbox?.channels ?? [],
      planSlugs: content.floorPlans.map((plan) => plan.slug),
    });
    if (outcome.kind === 'invalid') {
      res.status(400);
      if (wantsPage(req))
        return renderContact(req, res, {
          values: outcome.value,
          errors: outcome.errors,
          ...postedContext(content, req.body),
        });
      res.type('text/plain').send(Object.values(outcome.errors).join('\n'));
      return;
    }
    deps.outbox?.kick();
    if (wantsPage(req)) return res.redirect(303, communityPath('/contact?sent=1'));
    res.type('text/plain').send(CONTACT_SUCCESS_ANSWER);
  });

  return router;
}
