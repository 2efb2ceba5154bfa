import type { ReactElement } from 'react';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Knex } from 'knex';
import type { SectionId } from '../../content/schema.js';
import { isCommunitySection } from '../../content/schema.js';
import type { Renderer } from '../../render/renderer.js';
import { communityIdsOf, type CommunityIds } from '../../db/user-communities.js';
import {
  communityUrl,
  createCommunity,
  isCommunityStatus,
  NEW_COMMUNITY_FIELDS,
  parseNewCommunity,
  publishCommunity,
  setCommunityStatus,
  setupSteps,
  summarize,
  type CommunitySetupDeps,
} from '../../services/community-setup.js';
import type { Community, CommunityDirectory } from '../../services/community-directory.js';
import type { ContentService } from '../../services/content.js';
import type { FileLibrary } from '../../services/file-library.js';
import type { PublicContentChanges } from '../../services/public-content.js';
import { slugFromName } from '../../shared/community-slug.js';
import { guessTimeZone } from '../../shared/time-zone-guess.js';
import type { EditorNotice } from '../../shared/editor-notice.js';
import { mayVisit } from '../../shared/permissions.js';
import { CommunitiesPage } from '../../../views/admin/CommunitiesPage.js';
import { CommunityChecklistPage, STATUS_LABELS } from '../../../views/admin/CommunityChecklistPage.js';
import { NewCommunityPage } from '../../../views/admin/NewCommunityPage.js';
import { actorOf } from '../audit.js';
import { acceptsJson } from '../client-wants.js';
import { communityOf, setRequestCommunity } from '../request-community.js';
import { reachesRequestCommunity } from '../staff-scope.js';
import { isSectionId } from '../../content/sections.js';
import { contentOf, setRequestContent } from '../request-content.js';
import { createContentApiRouter, type SectionRefOf } from './content-api-router.js';
import { createContentRouter } from './content-router.js';
import { answersWithPage, jsonOrForm } from './form-or-json.js';
import { staffOf, staffPage } from './staff-page.js';
import multer from 'multer';
import { lotOutlinesOf } from '../../content/lot-outlines.js';
import type { SitePlanFiles } from '../../services/site-plan-files.js';
import {
  outlineListProblems,
  outlinesSvg,
  ownSitePlan,
  plainDrawing,
  saveSitePlan,
  type SitePlanOutcome,
} from '../../services/site-plan-upload.js';
import { pointsOfShape } from '../../shared/outline-geometry.js';
import { OutlineEditorPage } from '../../../views/admin/OutlineEditorPage.js';
import { requireJson } from './require-json.js';
import { SitePlanUploadPage } from '../../../views/admin/SitePlanUploadPage.js';
import { requireCsrfToken } from '../csrf.js';

/** The largest site-plan file taken (a drawing of a large community as a PNG). */
const SITE_PLAN_MAX_BYTES = 20_000_000;
const outlinesJson = express.json({ limit: '2mb', strict: true });

export interface CommunitiesRouterDeps {
  db: Knex;
  content: ContentService;
  communities: CommunityDirectory;
  publicContent: PublicContentChanges;
  renderer: Renderer;
  files?: Pick<FileLibrary, 'list'>;
  /** Where uploaded site plans are kept and read from (services/site-plan-files.ts). */
  sitePlanFiles?: SitePlanFiles;
  map?: { tileUrl: string; attribution: string; stylesheet: string };
}

/** The time zones this Node knows, offered on the new-community form (US zones first: the builders are American). */
const TIME_ZONES = (() => {
  const all = Intl.supportedValuesOf('timeZone');
  return [...all.filter((zone) => zone.startsWith('America/')), ...all.filter((zone) => !zone.startsWith('America/'))];
})();

/** The community a `/communities/<slug>` request is about, once the account is known to reach it. */
const communityByRequest = new WeakMap<Request, Community>();

/** A community's own sections under its address; a builder's section there is no page (404). */
const communitySection: SectionRefOf = (req, id: SectionId) => {
  const community = communityByRequest.get(req);
  return community && isCommunitySection(id) ? { community: community.id, id } : undefined;
};

/** The community sections' editors and their history pages: what a bare id's page sends on to the community's. */
const BARE_COMMUNITY_PAGE = /^\/([a-z-]+)(\/history)?$/;

/**
 * `/admin/content/<id>`: a builder's section, or a community's own section of the community the person works in
 * (the switcher's choice, web/staff-community.ts): the one community of a one-community install, and on an install
 * of several the chosen one, never another. An account that reaches no community finds no community section there
 * (404). On an install of several, the editor and history pages of a community section answer 303 to the same page
 * at the community's own address, so the form there saves to that community whatever is chosen later in another
 * tab; the JSON calls at the bare address follow the chosen community.
 */
export function bareContentScope(communities: CommunityDirectory): {
  prepare: RequestHandler;
  refOf: SectionRefOf;
  communitySections: (req: Request) => { base: string; name: string } | undefined;
} {
  return {
    communitySections: (req) => {
      if (communities.all().length < 2 || !reachesRequestCommunity(req)) return undefined;
      const community = communityOf(req);
      return { base: `/admin/communities/${community.slug}/content`, name: community.name };
    },
    prepare: (req, res, next) => {
      if (!req.user || communities.all().length < 2 || req.method !== 'GET') return next();
      const page = BARE_COMMUNITY_PAGE.exec(req.path);
      const id = page?.[1];
      if (!page || !id || !isSectionId(id) || !isCommunitySection(id) || !reachesRequestCommunity(req)) return next();
      const at = req.originalUrl.indexOf('?');
      const query = at === -1 ? '' : req.originalUrl.slice(at);
      res.redirect(303, `/admin/communities/${communityOf(req).slug}/content/${id}${page[2] ?? ''}${query}`);
    },
    refOf: (req, id) => {
      if (!isCommunitySection(id)) return id;
      return reachesRequestCommunity(req) ? { community: communityOf(req).id, id } : undefined;
    },
  };
}

/**
 * The communities of a builder (contract wave 4, "Communities" and "A new community, set up in the browser"): the
 * list and its JSON, a new community, its checklist, publishing it, its status, and its own content at
 * `/admin/communities/<slug>/content/<id>` (the content routers mounted again for the community). An account sees
 * only its communities: another is a 404. Who may do what is the permission table's (shared/permissions.ts);
 * closing a community is the owners' besides.
 */
export function createCommunitiesRouter(deps: CommunitiesRouterDeps): Router {
  const { db, renderer, communities } = deps;
  const setup: CommunitySetupDeps = deps;
  const router = Router({ caseSensitive: true });
  /** A staff page of this area, never stored by a cache (it names drafts, lots and people). */
  function sendStaffPage(req: Request, res: Response, page: ReactElement, title: string, status = 200) {
    res
      .status(status)
      .set('Cache-Control', 'no-store')
      .send(renderer.page(page, staffPage(req, title)));
  }

  const reachOf = (req: Request): Promise<CommunityIds> => communityIdsOf(db, req.user!.id);
  const name = (req: Request) => contentOf(req).community.name;

  /** The community a path names, when the account reaches it; otherwise a 404 (the same as an unknown slug). */
  async function communityParam(req: Request, res: Response, next: NextFunction): Promise<void> {
    const community = communities.bySlug(String(req.params.slug));
    const reach = await reachOf(req);
    if (!community || (reach !== 'all' && !reach.includes(community.id))) {
      // A page answers the site's 404 page; a call, JSON.
      if (req.method === 'GET' && !acceptsJson(req) && !req.path.endsWith('.json')) return next('router');
      res.status(404).json({ error: 'There is no such community.' });
      return;
    }
    communityByRequest.set(req, community);
    next();
  }

  const communityOfRequest = (req: Request) => communityByRequest.get(req)!;

  router.get('/communities.json', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await summarize(db, communities, await reachOf(req)));
  });

  router.get('/communities', async (req, res) => {
    const list = await summarize(db, communities, await reachOf(req));
    sendStaffPage(
      req,
      res,
      <CommunitiesPage
        communityName={name(req)}
        staff={staffOf(req)}
        communities={list.map((community) => ({ ...community, statusLabel: STATUS_LABELS[community.status] }))}
      />,
      'Communities',
    );
  });

  function renderNew(req: Request, res: Response, values: Record<string, string>, errors: Record<string, string>) {
    sendStaffPage(
      req,
      res,
      <NewCommunityPage
        communityName={name(req)}
        staff={staffOf(req)}
        values={values}
        errors={errors}
        timeZones={TIME_ZONES}
        {...(deps.map
          ? {
              pinMap: {
                start: [communities.first().lat, communities.first().lng] as [number, number],
                others: communities.all().map((community) => [community.lat, community.lng] as [number, number]),
                ...deps.map,
              },
            }
          : {})}
      />,
      'New community',
      Object.keys(errors).length > 0 ? 400 : 200,
    );
  }

  router.get('/communities/new', (req, res) =>
    // The time zone is left empty: it is taken from the state and the pin unless chosen.
    renderNew(req, res, { state: communities.first().state }, {}),
  );

  router.post('/communities', ...jsonOrForm, async (req, res) => {
    const page = answersWithPage(req);
    const body = { ...((req.body ?? {}) as Record<string, unknown>) };
    // Without JavaScript the form proposes the web address from the name when it is left empty.
    if (page && (body.slug === undefined || body.slug === '') && typeof body.name === 'string' && body.name.trim())
      body.slug = slugFromName(body.name);
    // And the time zone from the state and the pin, when left empty (the checklist shows it; it can be changed).
    if (page && (body.timeZone === undefined || body.timeZone === '') && typeof body.state === 'string') {
      const coordinate = (value: unknown) =>
        typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;
      const guessed = guessTimeZone(body.state, coordinate(body.lat), coordinate(body.lng));
      if (guessed) body.timeZone = guessed;
    }
    const values = Object.fromEntries(NEW_COMMUNITY_FIELDS.map((field) => [field, String(body[field] ?? '')]));
    const parsed = parseNewCommunity(body);
    if (!parsed.ok) {
      if (!page) return res.status(400).json({ errors: parsed.problems });
      return renderNew(req, res, values, Object.fromEntries(parsed.problems.map((p) => [p.field, p.message])));
    }
    const created = await createCommunity(setup, parsed.value, actorOf(req));
    if (!created.ok) {
      if (!page)
        return res.status(409).json({ error: created.message, errors: [{ field: 'slug', message: created.message }] });
      return renderNew(req, res, values, { slug: created.message });
    }
    if (!page) return res.status(201).json({ slug: created.slug });
    res.redirect(303, `/admin/communities/${created.slug}?done=created`);
  });

  router.get('/communities/:slug', communityParam, async (req, res) => {
    const community = communityOfRequest(req);
    const steps = await setupSteps(deps, community);
    const role = req.user!.role;
    const done = typeof req.query.done === 'string' ? req.query.done : '';
    const notices: Record<string, EditorNotice> = {
      created: { kind: 'success', text: `${community.name} is created. It is not public until you publish it.` },
      published: { kind: 'success', text: `${community.name} is public now.` },
      'site-plan': { kind: 'success', text: `The site plan of ${community.name} is saved.` },
      status: { kind: 'success', text: `${community.name} is now ${STATUS_LABELS[community.status].toLowerCase()}.` },
    };
    renderChecklist(req, res, community, steps, role, notices[done]);
  });

  function renderChecklist(
    req: Request,
    res: Response,
    community: Community,
    steps: Awaited<ReturnType<typeof setupSteps>>,
    role: NonNullable<Request['user']>['role'],
    notice?: EditorNotice,
    status = 200,
  ) {
    sendStaffPage(
      req,
      res,
      <CommunityChecklistPage
        communityName={name(req)}
        staff={staffOf(req)}
        community={{ ...community, url: communityUrl(community, communities.isBuilderSite()) }}
        steps={steps}
        mayChange={mayVisit(role, `/admin/communities/${community.slug}/publish`, 'POST')}
        mayClose={role === 'owner'}
        notice={notice}
      />,
      community.name,
      status,
    );
  }

  /** A plain form's refused change: the checklist again, with the reason at its top and the status given. */
  async function refuseOnChecklist(req: Request, res: Response, community: Community, text: string, status: number) {
    const steps = await setupSteps(deps, community);
    renderChecklist(req, res, community, steps, req.user!.role, { kind: 'error', text }, status);
  }

  router.post('/communities/:slug/publish', ...jsonOrForm, communityParam, async (req, res) => {
    const community = communityOfRequest(req);
    const result = await publishCommunity(setup, community.slug, actorOf(req));
    const page = answersWithPage(req);
    if (result.ok) {
      if (page) return res.redirect(303, `/admin/communities/${community.slug}?done=published`);
      return res.json({ slug: result.slug, publishedAt: result.publishedAt });
    }
    if (result.status === 404) return res.status(404).json({ error: result.message });
    if (!page) return res.status(409).json({ missing: result.missing.map((step) => step.label) });
    await refuseOnChecklist(
      req,
      res,
      community,
      `Not published: still missing ${result.missing.map((step) => step.label).join(', ')}.`,
      409,
    );
  });

  router.post('/communities/:slug/status', ...jsonOrForm, communityParam, async (req, res) => {
    const community = communityOfRequest(req);
    const status = (req.body as { status?: unknown } | undefined)?.status;
    const page = answersWithPage(req);
    if (!isCommunityStatus(status)) {
      const text = 'Status must be coming-soon, selling, sold-out or closed.';
      if (!page) return res.status(400).json({ errors: [{ field: 'status', message: text }] });
      return refuseOnChecklist(req, res, community, 'Choose a status.', 400);
    }
    // Owners open and close communities (issue 38): marketing does the rest.
    if ((status === 'closed' || community.status === 'closed') && req.user!.role !== 'owner') {
      const text = 'Only an owner closes a community or opens a closed one again.';
      if (!page) return res.status(403).json({ error: text });
      return refuseOnChecklist(req, res, community, text, 403);
    }
    await setCommunityStatus(setup, community, status, actorOf(req));
    if (page) return res.redirect(303, `/admin/communities/${community.slug}?done=status`);
    res.json({ slug: community.slug, status });
  });

  // The community's own content: the content routers again, each id addressing this community's section.
  const scoped = Router({ caseSensitive: true, mergeParams: true });
  scoped.use(communityParam, (req, _res, next) => {
    const community = communityOfRequest(req);
    const own = deps.content.publishedFor(community.id);
    setRequestCommunity(req, community);
    if (own) setRequestContent(req, own);
    next();
  });
  scoped.use(createContentApiRouter({ content: deps.content, refOf: communitySection }));
  scoped.use(createContentRouter({ ...deps, refOf: communitySection }));
  router.use('/communities/:slug', scoped);

  /** The site plan's two files, in memory: the drawing (an image) and the lot outlines (an SVG). */
  const sitePlanUpload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: SITE_PLAN_MAX_BYTES, files: 2, fields: 4, parts: 8 },
  }).fields([
    { name: 'drawing', maxCount: 1 },
    { name: 'outlines', maxCount: 1 },
  ]);

  const sitePlanDeps = () => (deps.sitePlanFiles ? { ...setup, sitePlanFiles: deps.sitePlanFiles } : undefined);

  function renderSitePlan(req: Request, res: Response, community: Community, errors: string[], status = 200) {
    const current = deps.content.publishedFor(community.id);
    sendStaffPage(
      req,
      res,
      <SitePlanUploadPage
        communityName={name(req)}
        staff={staffOf(req)}
        community={community}
        lots={current ? lotOutlinesOf(current).shapes.length : 0}
        errors={errors}
      />,
      `Site plan of ${community.name}`,
      status,
    );
  }

  /** JSON for a call; a plain form post gets the checklist (done) or the form again with every problem. */
  async function answerSitePlan(
    req: Request,
    res: Response,
    outcome: SitePlanOutcome,
    drawingAlone = false,
  ): Promise<void> {
    const community = communityOfRequest(req);
    if (answersWithPage(req)) {
      // A drawing alone goes on to the outline editor, to draw its lots.
      if (outcome.ok && drawingAlone)
        return void res.redirect(303, `/admin/communities/${community.slug}/outlines?done=drawing`);
      if (outcome.ok) return void res.redirect(303, `/admin/communities/${community.slug}?done=site-plan`);
      return renderSitePlan(req, res, community, outcome.errors, 400);
    }
    if (!outcome.ok) return void res.status(400).json({ errors: outcome.errors });
    res.json({ lots: outcome.lots, created: outcome.created });
  }

  router.get('/communities/:slug/site-plan', communityParam, (req, res) =>
    renderSitePlan(req, res, communityOfRequest(req), []),
  );

  router.post('/communities/:slug/site-plan', communityParam, (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      return void res.status(415).json({ errors: ['Send the drawing and the outlines as multipart/form-data.'] });
    }
    sitePlanUpload(req, res, (error: unknown) => {
      if (!error) return void requireCsrfToken(req, res, () => receivedSitePlan(req, res, next));
      const text =
        error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE'
          ? `A site-plan file may be at most ${SITE_PLAN_MAX_BYTES / 1_000_000} MB.`
          : 'The upload could not be read: send the drawing and the outlines as files.';
      return void res.status(400).json({ errors: [text] });
    });
  });

  /** A site-plan upload read and its token checked: the files stored, or every problem said. */
  function receivedSitePlan(req: Request, res: Response, next: NextFunction): void {
    const files = (req.files ?? {}) as Record<string, Express.Multer.File[] | undefined>;
    // A form's empty file field arrives as a file of no bytes: no file chosen.
    const drawing = files.drawing?.[0]?.size ? files.drawing[0] : undefined;
    const sent = files.outlines?.[0]?.buffer.toString('utf8') ?? (req.body as { outlines?: unknown }).outlines;
    // The outlines may be left out: the drawing alone, its lots drawn in the outline editor.
    const outlines = typeof sent === 'string' && sent.trim() !== '' ? sent : undefined;
    const uploadDeps = sitePlanDeps();
    if (!uploadDeps) return void res.status(503).json({ errors: ['Site plans cannot be stored here.'] });
    if (!drawing)
      return void answerSitePlan(req, res, { ok: false, errors: ['Choose the site-plan drawing (an image).'] });
    saveSitePlan(
      uploadDeps,
      communityOfRequest(req),
      { drawing: { body: drawing.buffer, contentType: drawing.mimetype }, outlines },
      actorOf(req),
    )
      .then((outcome) => answerSitePlan(req, res, outcome, outlines === undefined))
      .catch(next);
  }

  router.get('/communities/:slug/outlines', communityParam, (req, res) => {
    const community = communityOfRequest(req);
    const current = deps.content.publishedFor(community.id);
    const own =
      deps.sitePlanFiles && current
        ? ownSitePlan({ ...deps, sitePlanFiles: deps.sitePlanFiles }, community)
        : undefined;
    const outlines = current && own?.drawing ? lotOutlinesOf(current) : undefined;
    const notices: Record<string, EditorNotice> = {
      drawing: { kind: 'success', text: `The drawing of ${community.name} is saved: draw its lots over it.` },
    };
    sendStaffPage(
      req,
      res,
      <OutlineEditorPage
        communityName={name(req)}
        staff={staffOf(req)}
        community={community}
        drawing={
          current && outlines
            ? { src: current.media.sitePlan.src, width: outlines.width, height: outlines.height }
            : undefined
        }
        lots={(outlines?.shapes ?? []).map((shape) => ({
          lot: shape.lot,
          points: pointsOfShape(shape.kind, shape.attributes),
        }))}
        notice={typeof req.query.done === 'string' ? notices[req.query.done] : undefined}
      />,
      `Lot outlines of ${community.name}`,
    );
  });

  // 78 lots of a few points each are some 10 KB; a large community drawn finely stays well under 2 MB.
  router.put(
    '/communities/:slug/outlines',
    requireJson,
    outlinesJson,
    requireCsrfToken,
    communityParam,
    async (req, res) => {
      const community = communityOfRequest(req);
      const uploadDeps = sitePlanDeps();
      const current = deps.content.publishedFor(community.id);
      if (!uploadDeps || !current) return void res.status(404).json({ errors: ['This community has no site plan.'] });
      const { width, height } = lotOutlinesOf(current);
      const problems = outlineListProblems(req.body, width, height);
      if (problems.length > 0) return void res.status(400).json({ errors: problems });
      const lots = (req.body as { lots: { lot: number; points: [number, number][] }[] }).lots;
      const numbers = lots.map((entry) => entry.lot);
      const twice = numbers.filter((lot, index) => numbers.indexOf(lot) !== index);
      if (twice.length > 0) {
        return void res.status(400).json({ errors: [`Lot ${[...new Set(twice)].join(', ')} is drawn twice.`] });
      }
      await answerSitePlan(
        req,
        res,
        await saveSitePlan(
          uploadDeps,
          community,
          {
            outlines: outlinesSvg(lots, width, height),
            // A new community starts with a copy of the first one's site plan: lots drawn before its own drawing
            // was uploaded get a plain one of their size, never the other community's.
            ...(ownSitePlan(uploadDeps, community).drawing ? {} : { drawing: plainDrawing(width, height) }),
          },
          actorOf(req),
        ),
      );
    },
  );

  return router;
}
