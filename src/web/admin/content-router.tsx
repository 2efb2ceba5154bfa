import { actorOf, staffName } from './content-api-router.js';
import { staffScopeOf } from '../staff-scope.js';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { sectionFields } from '../../content/content-fields.js';
import { isCommunitySection, SECTION_IDS, type SectionDocuments, type SectionId } from '../../content/schema.js';
import { isSectionId, parseSection, SECTION_INFO, type SectionProblem } from '../../content/sections.js';
import type { Renderer } from '../../render/renderer.js';
import type { ContentService, SectionView } from '../../services/content.js';
import type { FileLibrary } from '../../services/file-library.js';
import type { FileKind } from '../../shared/file-limits.js';
import type { PickableFile } from '../../../views/admin/FilePicker.js';
import {
  applyConflictChoices,
  applyListAction,
  changedPaths,
  CONFLICT_CHOICE,
  conflictFields,
  fieldId,
  flatten,
  formToData,
  hasPoint,
  labelOfPath,
  nodeAt,
  parseListAction,
  problemTarget,
  valueAt,
  type ChoiceSource,
  type FieldNode,
} from '../../shared/content-form.js';
import {
  SCHEDULE_AT_ID,
  type ContentConflictView,
  type ContentEditorProps,
} from '../../shared/content-editor-props.js';
import type { EditorNotice } from '../../shared/editor-notice.js';
import type { FormProblem } from '../../shared/ErrorSummary.js';
import { formatInTimeZone } from '../../shared/time-zone.js';
import { wallTimeToInstant } from '../../shared/tour-slots.js';
import { ContentEditorPage, type ContentSectionState } from '../../../views/admin/ContentEditorPage.js';
import { ContentHistoryPage } from '../../../views/admin/ContentHistoryPage.js';
import { ContentListPage } from '../../../views/admin/ContentListPage.js';
import { requireCsrfToken } from '../csrf.js';
import { contentOf } from '../request-content.js';
import { bareSection, versionNumber, type SectionRefOf } from './content-api-router.js';
import { staffOf, staffPage } from './staff-page.js';

interface ContentRouterDeps {
  renderer: Renderer;
  content: ContentService;
  /** The file library: the editors' file fields offer its files (decision 038). */
  files?: Pick<FileLibrary, 'list'>;
  /** The map tiles and stylesheet of the public site: an editor with a map point draws a small map with them. */
  map?: { tileUrl: string; attribution: string; stylesheet: string };
  /** Which section an id addresses where this router is mounted (content-api-router.ts). */
  refOf?: SectionRefOf;
  /**
   * Where the list links a community's section when it is not edited here (the bare /admin/content of an install
   * of several communities: the chosen community's address), with that community's name; undefined: here.
   */
  communitySections?: (req: Request) => { base: string; name: string } | undefined;
}

const FORM_ID = 'content-form';
/** The largest section form (the privacy notice, every plan with its levels) is far below this. */
const form = express.urlencoded({ extended: false, limit: '1mb', parameterLimit: 20_000 });

/** What a form post asks for besides the list buttons. */
const ACTIONS = ['save', 'publish', 'schedule', 'cancel-schedule', 'discard'] as const;

function stateOf(view: SectionView, timeZone: string): ContentSectionState {
  const when = (iso: string | null) => (iso === null ? null : formatInTimeZone(iso, timeZone));
  return {
    published: {
      version: view.published.version,
      at: when(view.published.publishedAt),
      by: view.published.publishedBy,
    },
    draft: view.draft ? { version: view.draft.version, at: when(view.draft.savedAt)!, by: view.draft.savedBy } : null,
    scheduled: view.scheduled ? { version: view.scheduled.version, at: when(view.scheduled.at)! } : null,
  };
}

/** A published plan's slug is its address: shown, not editable (the service refuses a change anyway). */
function readOnlyPaths(id: SectionId, values: unknown, published: unknown): string[] {
  if (id !== 'floor-plans') return [];
  const publishedSlugs = new Set(
    ((published as SectionDocuments['floor-plans'] | undefined)?.plans ?? []).map((plan) => plan.slug),
  );
  const plans = valueAt(values, 'plans');
  if (!Array.isArray(plans)) return [];
  return plans.flatMap((plan: unknown, index) =>
    publishedSlugs.has(String((plan as { slug?: unknown } | null)?.slug)) ? [`plans.${index}.slug`] : [],
  );
}

/** The kinds of file and the records a form's fields choose from. */
function sourcesOf(node: FieldNode, kinds = new Set<FileKind>(), choices = new Set<ChoiceSource>()) {
  if (node.kind === 'file') kinds.add(node.fileKind);
  if (node.kind === 'choices') choices.add(node.source);
  if (node.kind === 'object') for (const field of node.fields) sourcesOf(field.node, kinds, choices);
  if (node.kind === 'list') sourcesOf(node.item, kinds, choices);
  return { kinds, choices };
}

/** Problems grouped where the form shows them, and the summary's links. */
function placeProblems(tree: FieldNode, problems: SectionProblem[]) {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) {
    const target =
      problem.path === 'at' ? 'at' : problemTarget(problem.path, (path) => nodeAt(tree, path) !== undefined);
    (errors[target] ??= []).push(problem.message);
  }
  const summary: FormProblem[] = Object.keys(errors).map((target) => ({
    fieldId: target === 'at' ? SCHEDULE_AT_ID : fieldId(target),
    label: target === 'at' ? 'Publish at' : labelOfPath(target),
  }));
  return { errors, summary };
}

/**
 * Where focus lands after a list button: on the moved item's same button, so pressing it again moves it again (or
 * on the other one once it reached the end, where the first is disabled); on a new item; on Add after a removal.
 */
function focusAfter(kind: 'add' | 'remove' | 'up' | 'down', path: string, data: unknown): string {
  if (kind === 'add') return path;
  if (kind === 'remove') return `add:${path}`;
  const listPath = path.slice(0, path.lastIndexOf('.'));
  const index = Number(path.slice(listPath.length + 1));
  const length = (valueAt(data, listPath) as unknown[]).length;
  if (kind === 'up' && index === 0) return `down:${path}`;
  if (kind === 'down' && index === length - 1) return `up:${path}`;
  return `${kind}:${path}`;
}

/** The notice after a redirect: `?done=saved&version=5`. */
function doneNotice(query: Request['query']): EditorNotice | undefined {
  const version = versionNumber(query.version);
  const v = version === undefined ? '' : ` (version ${version})`;
  switch (query.done) {
    case 'saved':
      return { kind: 'success', text: `Draft saved${v}. The public site is unchanged until you publish.` };
    case 'published':
      return { kind: 'success', text: `Published${v}: the public site shows it now.` };
    case 'scheduled':
      return { kind: 'success', text: `Scheduled${v}: it will be published at the time shown above.` };
    case 'unscheduled':
      return { kind: 'success', text: 'Schedule cancelled: nothing will be published by itself.' };
    case 'restored':
      return { kind: 'success', text: `Restored as a draft${v}. Publish it to put it back on the site.` };
    case 'discarded':
      return {
        kind: 'success',
        text: `Draft${v} discarded: the form shows the published version, as the public site does.`,
      };
    case 'unchanged':
      return { kind: 'success', text: 'Nothing to publish: the form is the same as the published version.' };
    default:
      return undefined;
  }
}

/**
 * The staff content pages (contract "Content in staff hands", issue 28): the list of sections, one editor for every
 * section built from its schema, and its history. A plain form post (no JavaScript) saves, publishes, schedules or
 * changes a list and comes back with everything typed; the editor widget saves by the JSON call instead.
 */
export function createContentRouter(deps: ContentRouterDeps): Router {
  const { renderer, content } = deps;
  const refOf = deps.refOf ?? bareSection;
  const router = Router({ caseSensitive: true });

  router.get('/content', async (req, res) => {
    const timeZone = contentOf(req).community.timeZone;
    const refs = SECTION_IDS.map((id) => refOf(req, id));
    const found = await content.views(refs.filter((ref) => ref !== undefined));
    const views = refs.map((ref) => (ref === undefined ? undefined : found.shift()));
    const elsewhere = deps.communitySections?.(req);
    const sections = SECTION_IDS.flatMap((id, index) => {
      const view = views[index];
      if (!view) return [];
      const own = elsewhere && isCommunitySection(id) ? { base: elsewhere.base, scope: 'community' as const } : {};
      return [{ id, ...SECTION_INFO[id], state: stateOf(view, timeZone), ...own }];
    });
    res.send(
      renderer.page(
        <ContentListPage
          communityName={contentOf(req).community.name}
          staff={staffOf(req)}
          sections={sections}
          timeZone={timeZone}
          base={`${req.baseUrl}/content`}
          {...(elsewhere ? { chosenCommunity: elsewhere.name } : {})}
        />,
        staffPage(req, 'Content'),
      ),
    );
  });

  function sectionParam(req: Request, next: NextFunction): SectionId | undefined {
    const id = String(req.params.id);
    if (isSectionId(id) && refOf(req, id) !== undefined) return id;
    next();
    return undefined;
  }

  /** The section an id addresses here (sectionParam has checked there is one). */
  const refIn = (req: Request, id: SectionId) => refOf(req, id)!;

  interface EditorRender {
    status?: number;
    values?: unknown;
    baseVersion?: number;
    problems?: SectionProblem[];
    notice?: EditorNotice;
    conflict?: ContentConflictView;
    focus?: string;
    dirty?: boolean;
    scheduleAt?: string;
  }

  async function renderEditor(req: Request, res: Response, id: SectionId, view: SectionView, extra: EditorRender) {
    const community = contentOf(req).community;
    const timeZone = community.timeZone;
    const tree = sectionFields(id);
    const values = extra.values ?? view.draft?.data ?? view.published.data;
    const { errors, summary } = placeProblems(tree, extra.problems ?? []);
    const sources = sourcesOf(tree);
    const files: Partial<Record<FileKind, PickableFile[]>> = {};
    for (const kind of sources.kinds) {
      files[kind] = ((await deps.files?.list(staffScopeOf(req), kind)) ?? []).map((file) => ({
        url: file.url,
        originalName: file.originalName,
        title: file.title,
      }));
    }
    const choices: Partial<Record<ChoiceSource, { key: string; name: string }[]>> = {};
    if (sources.choices.has('plans')) {
      // The plans as staff see them now: the draft's (a plan being added) or the published ones.
      const plans = await content.view('floor-plans');
      const data = (plans?.draft?.data ?? plans?.published.data) as SectionDocuments['floor-plans'] | undefined;
      choices.plans = (data?.plans ?? []).map((plan) => ({ key: plan.slug, name: plan.name }));
    }
    const base = `${req.baseUrl}/content`;
    const editor: ContentEditorProps = {
      section: id,
      ...(base === '/admin/content' ? {} : { base }),
      formId: FORM_ID,
      tree,
      problems: summary,
      ...(extra.notice ? { notice: extra.notice } : {}),
      ...(extra.conflict ? { conflict: extra.conflict } : {}),
      dirty: extra.dirty ?? false,
      timeZone,
      ...(deps.map && hasPoint(tree)
        ? {
            map: {
              ...deps.map,
              home: { name: community.name, latitude: community.latitude, longitude: community.longitude },
            },
          }
        : {}),
    };
    res
      .status(extra.status ?? 200)
      .set('Cache-Control', 'no-store')
      .send(
        renderer.page(
          <ContentEditorPage
            communityName={community.name}
            staff={staffOf(req)}
            section={{ id, ...SECTION_INFO[id] }}
            tree={tree}
            values={values}
            errors={errors}
            readOnly={readOnlyPaths(id, values, view.published.data)}
            focus={summary.length > 0 ? undefined : extra.focus}
            baseVersion={extra.baseVersion ?? view.draft?.version ?? view.published.version}
            state={stateOf(view, timeZone)}
            scheduleAt={extra.scheduleAt ?? ''}
            timeZone={timeZone}
            editor={editor}
            files={files}
            choices={choices}
            base={base}
          />,
          staffPage(req, `Edit: ${SECTION_INFO[id].title}`),
        ),
      );
  }

  router.get('/content/:id', async (req, res, next) => {
    const id = sectionParam(req, next);
    if (!id) return;
    const view = await content.view(refIn(req, id));
    if (!view) return next();
    await renderEditor(req, res, id, view, { notice: doneNotice(req.query) });
  });

  router.post('/content/:id', form, requireCsrfToken, async (req, res, next) => {
    const id = sectionParam(req, next);
    if (!id) return;
    const view = await content.view(refIn(req, id));
    if (!view) return next();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const get = (name: string) => {
      const value = body[name];
      return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : undefined;
    };
    const tree = sectionFields(id);
    const data = formToData(tree, get);
    const posted = versionNumber(body.baseVersion);
    // After a conflict the form carries a choice per field the colleague changed: theirs replaces what was typed.
    if (posted !== undefined && Object.keys(body).some((name) => name.startsWith(CONFLICT_CHOICE))) {
      const theirs = await content.version(refIn(req, id), posted);
      if (theirs) applyConflictChoices(data, theirs.data, get);
    }
    const scheduleAt = typeof body.at === 'string' ? body.at.slice(0, 20) : '';
    const action = typeof body.action === 'string' ? body.action : 'save';
    const kept = { values: data, baseVersion: posted, scheduleAt, dirty: true };
    const back = (done: string, version?: number) =>
      res.redirect(
        303,
        `${req.baseUrl}/content/${id}?done=${done}${version === undefined ? '' : `&version=${version}`}`,
      );

    const listAction = parseListAction(action);
    if (listAction) {
      const focus = applyListAction(tree, data, listAction);
      if (focus === undefined) {
        return renderEditor(req, res, id, view, {
          ...kept,
          status: 400,
          notice: { kind: 'error', text: 'That list cannot change that way.' },
        });
      }
      return renderEditor(req, res, id, view, {
        ...kept,
        focus: focusAfter(listAction.kind, focus, data),
        notice: { kind: 'success', text: 'Changed in the form, not saved yet: Save draft to keep it.' },
      });
    }
    if (!(ACTIONS as readonly string[]).includes(action)) {
      return renderEditor(req, res, id, view, {
        ...kept,
        status: 400,
        notice: { kind: 'error', text: 'Unknown action.' },
      });
    }
    if (action === 'cancel-schedule') {
      await content.cancelSchedule(refIn(req, id), actorOf(req));
      return back('unscheduled');
    }
    if (posted === undefined) {
      return renderEditor(req, res, id, view, {
        ...kept,
        status: 400,
        notice: { kind: 'error', text: 'The form lost the version it started from: open the editor again.' },
      });
    }

    if (action === 'discard') {
      // The form's baseVersion is the draft the person saw; a draft saved since is shown, never thrown away unseen.
      const discarded = await content.discardDraft(refIn(req, id), posted, actorOf(req));
      if (discarded.ok) return back('discarded', discarded.value.discarded);
      return renderRefusal(req, res, id, kept, discarded, 'Not discarded');
    }

    const problems: SectionProblem[] = [];
    let at: Date | undefined;
    if (action === 'schedule') {
      const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(scheduleAt);
      const instant = match ? wallTimeToInstant(match[1]!, match[2]!, contentOf(req).community.timeZone) : undefined;
      if (instant === undefined) problems.push({ path: 'at', message: 'Enter a date and time that exists here.' });
      else if (instant <= Date.now())
        problems.push({ path: 'at', message: 'The time to publish must be in the future.' });
      else at = new Date(instant);
    }
    const parsed = parseSection(id, data);
    if (!parsed.ok) problems.push(...parsed.problems);
    if (problems.length > 0) return renderEditor(req, res, id, view, { ...kept, status: 400, problems });

    // Save the form as a new draft unless it is exactly the latest version (publishing a saved draft as it is).
    const latest = view.draft ?? view.published;
    let version = latest.version;
    if (posted !== latest.version || JSON.stringify(parsed.ok && parsed.data) !== JSON.stringify(latest.data)) {
      const saved = await content.saveDraft(refIn(req, id), data, posted, staffName(req));
      if (!saved.ok) return renderRefusal(req, res, id, kept, saved);
      version = saved.value.version;
    }
    if (action === 'save') return back('saved', version);
    if (!view.draft && version === view.published.version) return back('unchanged');
    const result =
      action === 'publish'
        ? await content.publish(refIn(req, id), version, actorOf(req))
        : await content.schedule(refIn(req, id), version, at!, actorOf(req));
    if (!result.ok) return renderRefusal(req, res, id, kept, result);
    return back(action === 'publish' ? 'published' : 'scheduled', version);
  });

  /** A refused save: every problem next to its field, or the 409 saying who saved what meanwhile. */
  async function renderRefusal(
    req: Request,
    res: Response,
    id: SectionId,
    kept: EditorRender & { baseVersion?: number },
    result: Exclude<Awaited<ReturnType<ContentService['saveDraft']>>, { ok: true }>,
    refused = 'Not saved',
  ) {
    const view = await content.view(refIn(req, id));
    if (!view) return res.status(404).end();
    if (result.status === 400)
      return renderEditor(req, res, id, view, { ...kept, status: 400, problems: result.problems });
    if (result.status === 409) {
      const latest = view.draft ?? {
        ...view.published,
        savedAt: view.published.publishedAt ?? '',
        savedBy: view.published.publishedBy ?? '',
      };
      const started =
        kept.baseVersion === undefined ? undefined : (await content.version(refIn(req, id), kept.baseVersion))?.data;
      const conflict: ContentConflictView = {
        by: latest.savedBy,
        at: formatInTimeZone(latest.savedAt, contentOf(req).community.timeZone),
        version: latest.version,
        fields: conflictFields(started, latest.data, kept.values),
      };
      return renderEditor(req, res, id, view, {
        ...kept,
        status: 409,
        baseVersion: latest.version,
        conflict,
        notice: {
          kind: 'error',
          text: `${refused}: someone else saved this section after you opened it. What you typed is still here.`,
        },
      });
    }
    return renderEditor(req, res, id, view, {
      ...kept,
      status: result.status,
      notice: { kind: 'error', text: result.message },
    });
  }

  router.get('/content/:id/history', async (req, res, next) => {
    const id = sectionParam(req, next);
    if (!id) return;
    const view = await content.view(refIn(req, id));
    if (!view) return next();
    const timeZone = contentOf(req).community.timeZone;
    const versions = await content.versions(refIn(req, id));
    const compareWith = versionNumber(req.query.compare);
    const other = compareWith === undefined ? undefined : await content.version(refIn(req, id), compareWith);
    let comparison;
    if (other && other.publishedAt !== null) {
      const before = flatten(other.data);
      const now = flatten(view.published.data);
      comparison = {
        version: other.version,
        rows: changedPaths(other.data, view.published.data).map((path) => ({
          path,
          label: labelOfPath(path),
          then: before.get(path) ?? '(not there)',
          now: now.get(path) ?? '(not there)',
        })),
      };
    }
    res.set('Cache-Control', 'no-store').send(
      renderer.page(
        <ContentHistoryPage
          communityName={contentOf(req).community.name}
          staff={staffOf(req)}
          section={{ id, title: SECTION_INFO[id].title }}
          current={view.published.version}
          versions={versions.map((version) => ({
            version: version.version,
            at: version.publishedAt === null ? '' : formatInTimeZone(version.publishedAt, timeZone),
            by: version.publishedBy ?? '',
          }))}
          comparison={comparison}
          notFound={compareWith !== undefined && !comparison}
          base={`${req.baseUrl}/content`}
        />,
        staffPage(req, `History: ${SECTION_INFO[id].title}`),
      ),
    );
  });

  return router;
}
