import express, { Router, type Request, type Response } from 'express';
import { isSectionId } from '../../content/sections.js';
import type { SectionId } from '../../content/schema.js';
import type { ContentActor, ContentChangeResult, ContentService, SectionRef } from '../../services/content.js';
import { isPlainFormPost } from '../client-wants.js';
import { requireCsrfToken } from '../csrf.js';
import { requireJson } from './require-json.js';

/** Documents are small (the sample's largest section is under 20 KB); the cap leaves room for a long privacy notice. */
const json = express.json({ limit: '1mb', strict: true });
/** The history page's Restore button is a plain form (its CSRF token in `_csrf`). */
const form = express.urlencoded({ extended: false, limit: '10kb' });

/** A whole number ≥ 1 as a version, or undefined. */
export function versionNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 && number < 1e9 ? number : undefined;
}

/** The signed-in person's username, as drafts record who saved them. */
export function staffName(req: Request): string {
  return req.user?.username ?? '';
}

/** The signed-in person and their address, as the audit trail records a publish, schedule or restore. */
export function actorOf(req: Request): ContentActor {
  return { username: staffName(req), ip: req.ip ?? '' };
}

/** Answers a content change: its value, or the 400 naming every problem, the 409 with the latest draft, the 404. */
export function sendChange<T>(res: Response, result: ContentChangeResult<T>, status = 200): void {
  if (result.ok) {
    res.status(status).json(result.value);
    return;
  }
  if (result.status === 400) {
    res.status(400).json({ errors: result.problems });
    return;
  }
  if (result.status === 409) {
    res.status(409).json({ error: result.message, latestVersion: result.latestVersion, draft: result.draft ?? null });
    return;
  }
  res.status(404).json({ error: result.message });
}

/**
 * Which section a path's id addresses where a content router is mounted: under /admin the id alone; under a
 * community's address (`/admin/communities/<slug>`) its own section, or nothing for a builder's section (404).
 */
export type SectionRefOf = (req: Request, id: SectionId) => SectionRef | undefined;

/** The bare id: a builder's section, or the first community's while there is one community. */
export const bareSection: SectionRefOf = (_req, id) => id;

/** The section a path names, or a 404 answered. */
function sectionOf(req: Request, res: Response, refOf: SectionRefOf): SectionRef | undefined {
  const id = String(req.params.id);
  const ref = isSectionId(id) ? refOf(req, id) : undefined;
  if (ref !== undefined) return ref;
  res.status(404).json({ error: `No content section "${id}".` });
  return undefined;
}

/**
 * The content calls of the contract ("Content in staff hands"): a section's state, drafts, publishing now or on
 * schedule, the versions and restoring one. Mounted under /admin behind requireStaff and rejectCrossSite.
 */
export function createContentApiRouter(deps: { content: ContentService; refOf?: SectionRefOf }): Router {
  const { content } = deps;
  const refOf = deps.refOf ?? bareSection;
  const router = Router({ caseSensitive: true });

  router.get('/content/:id.json', async (req, res) => {
    const id = sectionOf(req, res, refOf);
    if (!id) return;
    const view = await content.view(id);
    if (!view) return res.status(404).json({ error: `No content section "${id}".` });
    res.set('Cache-Control', 'no-store').json(view);
  });

  router.put('/content/:id/draft', requireJson, json, requireCsrfToken, async (req, res) => {
    const id = sectionOf(req, res, refOf);
    if (!id) return;
    const body = (req.body ?? {}) as { data?: unknown; baseVersion?: unknown };
    const baseVersion = versionNumber(body.baseVersion);
    const problems = [
      ...(body.data === undefined || body.data === null || typeof body.data !== 'object'
        ? [{ path: 'data', message: 'must be the section’s data (an object)' }]
        : []),
      ...(baseVersion === undefined ? [{ path: 'baseVersion', message: 'must be the version you started from' }] : []),
    ];
    if (problems.length > 0) return res.status(400).json({ errors: problems });
    sendChange(res, await content.saveDraft(id, body.data, baseVersion!, staffName(req)));
  });

  // Discards the draft the caller saw (`{"version":n}`, the draft's version): 409 with the latest draft if another
  // was saved since or it is gone; the editor's form posts `action=discard` to /admin/content/<id> instead.
  router.delete('/content/:id/draft', requireJson, json, requireCsrfToken, async (req, res) => {
    const id = sectionOf(req, res, refOf);
    if (!id) return;
    const version = versionNumber((req.body as { version?: unknown } | undefined)?.version);
    if (version === undefined) {
      return res
        .status(400)
        .json({ errors: [{ path: 'version', message: 'Version must be the number of the draft you saw.' }] });
    }
    sendChange(res, await content.discardDraft(id, version, actorOf(req)));
  });

  router.post('/content/:id/publish', requireJson, json, requireCsrfToken, async (req, res) => {
    const id = sectionOf(req, res, refOf);
    if (!id) return;
    const body = (req.body ?? {}) as { version?: unknown; at?: unknown };
    const version = versionNumber(body.version);
    if (version === undefined) {
      return res.status(400).json({ errors: [{ path: 'version', message: 'must be the draft’s version' }] });
    }
    if (body.at === undefined || body.at === null) {
      return sendChange(res, await content.publish(id, version, actorOf(req)));
    }
    const at = typeof body.at === 'string' && ISO_INSTANT.test(body.at) ? new Date(body.at) : undefined;
    if (!at || Number.isNaN(at.getTime())) {
      return res.status(400).json({
        errors: [{ path: 'at', message: 'must be a date and time in ISO 8601, such as 2026-12-01T09:00:00-07:00' }],
      });
    }
    sendChange(res, await content.schedule(id, version, at, actorOf(req)));
  });

  router.delete('/content/:id/schedule', requireCsrfToken, async (req, res) => {
    const id = sectionOf(req, res, refOf);
    if (!id) return;
    const cancelled = await content.cancelSchedule(id, actorOf(req));
    if (!cancelled) return res.status(404).json({ error: 'Nothing is scheduled for this section.' });
    res.json({ cancelled: true });
  });

  router.get('/content/:id/versions.json', async (req, res) => {
    const id = sectionOf(req, res, refOf);
    if (!id) return;
    res.set('Cache-Control', 'no-store').json(await content.versions(id));
  });

  router.get('/content/:id/versions/:version.json', async (req, res) => {
    const id = sectionOf(req, res, refOf);
    if (!id) return;
    const number = versionNumber(req.params.version);
    const stored = number === undefined ? undefined : await content.version(id, number);
    if (!stored) return res.status(404).json({ error: 'No such version.' });
    res.set('Cache-Control', 'no-store').json(stored);
  });

  router.post('/content/:id/versions/:version/restore', form, requireCsrfToken, async (req, res) => {
    const id = sectionOf(req, res, refOf);
    if (!id) return;
    const number = versionNumber(req.params.version);
    if (number === undefined) return res.status(404).json({ error: 'No such version.' });
    const result = await content.restore(id, number, actorOf(req));
    // The history page's button, without JavaScript: back to the editor, which shows the restored draft.
    if (result.ok && isPlainFormPost(req)) {
      return res.redirect(
        303,
        `${req.baseUrl}/content/${typeof id === 'string' ? id : id.id}?done=restored&version=${result.value.version}`,
      );
    }
    sendChange(res, result);
  });

  return router;
}

/** A date and time with its offset or Z (2026-12-01T09:00:00-07:00, 2026-12-01T16:00Z). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
