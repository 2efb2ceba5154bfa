import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { LeadOutboxHandle } from '../services/lead-outbox.js';
import { registerAgentClient } from '../services/agent-registrations.js';
import { CONTACT_SUCCESS_ANSWER } from '../shared/contact-form.js';
import { AGENT_REGISTER_PATH, validateAgentRegistration } from '../shared/reach-forms.js';
import { dateInZone } from '../shared/tour-slots.js';
import { formatCalendarDate } from '../shared/time-zone.js';
import type { Renderer } from '../render/renderer.js';
import { AgentsPage, type AgentsPageState } from '../../views/reach/AgentsPage.js';
import { wantsPage } from './client-wants.js';
import { rateLimitedText, type LeadRateLimit } from './lead-rate-limit.js';
import { publicFormPost } from './public-form-post.js';
import { builderContentOf, contentOf } from './request-content.js';
import { onBuilderRoot } from '../render/community-path.js';
import { builderOrganizationJsonLd } from '../render/structured-data.js';
import { requestVisit } from './request-visit.js';
import { communityOf } from './request-community.js';

export const AGENTS_PATH = '/agents';

interface AgentsDeps {
  db: Knex;
  renderer: Renderer;
  leadRateLimit: LeadRateLimit;
  outbox?: LeadOutboxHandle;
  /** The public origin, for the builder's JSON-LD. */
  siteUrl?: string;
}

/** "2026-11-26" → "November 26, 2026 (2026-11-26)": a person reads the first, a script the second. */
function sinceLabel(date: string): string {
  return `${formatCalendarDate(date)} (${date})`;
}

/**
 * /agents and POST /agents/register (contract, "Reach beyond the site"): the terms and the form; a registration
 * is a lead of kind `agent-registration` whose buyer is the client. A client another agent registered within the
 * protection period is answered 409 with the day the protection began, never who holds it.
 */
export function createAgentsRouter(deps: AgentsDeps): Router {
  const { db, renderer } = deps;
  const router = Router({ caseSensitive: true });

  function renderPage(req: Request, res: Response, state: AgentsPageState) {
    const content = contentOf(req);
    // On a builder's site of several communities the page is the builder's: no one community's name on it.
    const builderPage = onBuilderRoot();
    const shown = builderPage ? builderContentOf(req) : content;
    res.send(
      renderer.page(<AgentsPage content={shown} path={AGENTS_PATH} visit={requestVisit(req)} state={state} />, {
        title: 'For real-estate agents',
        description: builderPage
          ? `Register your client with ${content.builder.name}: ${content.agents.commission}`
          : `Register your client with ${content.builder.name} at ${content.community.name}: ${content.agents.commission}`,
        path: AGENTS_PATH,
        ...(builderPage ? { jsonLd: [builderOrganizationJsonLd(builderContentOf(req), deps.siteUrl)] } : {}),
      }),
    );
  }

  const posted = (req: Request) => validateAgentRegistration((req.body ?? {}) as Record<string, unknown>).value;

  router.get(AGENTS_PATH, (req, res) => renderPage(req, res, { sent: req.query.sent === '1' }));

  const limiter = deps.leadRateLimit((req, res) => {
    const notice = rateLimitedText(req, contentOf(req).builder.phone);
    if (wantsPage(req)) return renderPage(req, res, { values: posted(req), notice });
    res.type('text/plain').send(notice);
  });
  const tooLarge = (req: Request, res: Response) => {
    const notice = `Your registration was too long to send: please check the fields, or call our sales team at ${contentOf(req).builder.phone}.`;
    if (wantsPage(req)) return renderPage(req, res, { values: posted(req), notice });
    res.type('text/plain').send(notice);
  };

  router.post(AGENT_REGISTER_PATH, ...publicFormPost(limiter, 30, tooLarge), async (req, res) => {
    const content = contentOf(req);
    const outcome = await registerAgentClient(db, (req.body ?? {}) as Record<string, unknown>, {
      sourcePage: req.get('referer') ?? null,
      userAgent: req.get('user-agent') ?? null,
      community: communityOf(req).id,
      protectionDays: content.agents.protectionDays,
      timeZone: content.community.timeZone,
      // Staff hear of it, the CRM gets it, and the agent (never the client, who did not write) a confirmation.
      deliveries: deps.outbox?.channels ?? [],
      planSlugs: content.floorPlans.map((plan) => plan.slug),
    });
    if (outcome.kind === 'invalid') {
      res.status(400);
      if (wantsPage(req)) return renderPage(req, res, { values: outcome.value, errors: outcome.errors });
      res.type('text/plain').send(Object.values(outcome.errors).join('\n'));
      return;
    }
    if (outcome.kind === 'taken') {
      const since = sinceLabel(dateInZone(Date.parse(outcome.since), content.community.timeZone));
      const notice = `This client has been registered with us by another agent since ${since}; a registration protects a client for ${content.agents.protectionDays} days. Please call our sales team at ${content.builder.phone} with any question.`;
      res.status(409);
      if (wantsPage(req)) return renderPage(req, res, { values: outcome.value, notice });
      res.type('text/plain').send(notice);
      return;
    }
    deps.outbox?.kick();
    if (wantsPage(req)) return res.redirect(303, `${AGENTS_PATH}?sent=1`);
    res.type('text/plain').send(CONTACT_SUCCESS_ANSWER);
  });

  return router;
}
