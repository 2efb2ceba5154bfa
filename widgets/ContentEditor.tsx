import { useEffect, useRef, useState } from 'react';
import {
  applyConflictChoices,
  CONFLICT_CHOICE,
  conflictFields,
  fieldId,
  formToData,
  labelOfPath,
  problemTarget,
} from '../src/shared/content-form.js';
import {
  CONTENT_ERRORS_ID,
  CONTENT_STATE_ID,
  DISCARD_ID,
  draftStateText,
  SCHEDULE_AT_ID,
  type ContentConflictView,
  type ContentEditorProps,
} from '../src/shared/content-editor-props.js';
import type { EditorNotice } from '../src/shared/editor-notice.js';
import { ErrorSummary, type FormProblem } from '../src/shared/ErrorSummary.js';
import { formatInTimeZone } from '../src/shared/time-zone.js';
import { NoticeAlert } from '../src/shared/NoticeAlert.js';

interface Problem {
  path: string;
  message: string;
}

function elementFor(path: string): HTMLElement | null {
  return document.getElementById(path === 'at' ? SCHEDULE_AT_ID : fieldId(path));
}

function describedBy(element: Element, id: string, on: boolean): void {
  const ids = new Set((element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean));
  if (on) ids.add(id);
  else ids.delete(id);
  if (ids.size > 0) element.setAttribute('aria-describedby', [...ids].join(' '));
  else element.removeAttribute('aria-describedby');
}

/** Takes away every field's error, as the server showed them or an earlier save did. */
function clearFieldErrors(form: HTMLFormElement): void {
  for (const error of form.querySelectorAll('[data-content-error]')) {
    const owner = error.id.replace(/-error$/, '');
    const field = document.getElementById(owner);
    if (field) {
      field.removeAttribute('aria-invalid');
      describedBy(field, error.id, false);
    }
    error.remove();
  }
}

/** Shows each problem next to its field (or the group that holds it), as the server does for a plain post. */
function showFieldErrors(form: HTMLFormElement, problems: Problem[]): FormProblem[] {
  const byTarget = new Map<string, string[]>();
  for (const problem of problems) {
    const target = problem.path === 'at' ? 'at' : problemTarget(problem.path, (path) => elementFor(path) !== null);
    byTarget.set(target, [...(byTarget.get(target) ?? []), problem.message]);
  }
  const summary: FormProblem[] = [];
  for (const [target, messages] of byTarget) {
    const element = elementFor(target) ?? form;
    const id = `${element.id || 'f-root'}-error`;
    const error = document.createElement('p');
    error.className = 'field-error';
    error.id = id;
    error.dataset.contentError = '';
    error.textContent = messages.join(' ');
    if (element instanceof HTMLFieldSetElement) element.querySelector('legend')?.after(error);
    else if (element === form) form.prepend(error);
    else element.before(error);
    if (element !== form) {
      if (!(element instanceof HTMLFieldSetElement)) element.setAttribute('aria-invalid', 'true');
      describedBy(element, id, true);
    }
    summary.push({ fieldId: element.id || 'f-root', label: target === 'at' ? 'Publish at' : labelOfPath(target) });
  }
  return summary;
}

/** Where the section's calls live: under /admin/content, or under its community's address. */
function sectionPathOf(props: { base?: string; section: string }): string {
  return `${props.base ?? '/admin/content'}/${props.section}`;
}

/** The version's data, as the JSON call answers it (undefined when it cannot be read). */
async function versionData(sectionPath: string, version: number): Promise<unknown> {
  const response = await fetch(`${sectionPath}/versions/${version}.json`, {
    headers: { Accept: 'application/json' },
  });
  return response.ok ? ((await response.json()) as { data: unknown }).data : undefined;
}

/** The page's line about the draft, brought up to date after a save by fetch (the page is not reloaded). */
async function showDraftState(sectionPath: string, timeZone: string): Promise<void> {
  const response = await fetch(`${sectionPath}.json`, { headers: { Accept: 'application/json' } });
  if (!response.ok) return;
  const view = (await response.json()) as { draft: { version: number; savedAt: string; savedBy: string } | null };
  const line = document.getElementById(`${CONTENT_STATE_ID}-draft`);
  if (line) {
    line.textContent = draftStateText(
      view.draft
        ? { version: view.draft.version, at: formatInTimeZone(view.draft.savedAt, timeZone), by: view.draft.savedBy }
        : null,
    );
  }
  const discard = document.getElementById(DISCARD_ID);
  if (discard) discard.hidden = view.draft === null;
}

/**
 * The section editor with JavaScript: Save draft saves by fetch (PUT …/draft) without a reload and shows a refusal
 * next to each field, or who saved meanwhile and what they changed, keeping everything typed; leaving with unsaved
 * changes asks first. Every other button (publish, schedule, the list buttons) posts the form as it does without
 * JavaScript: the server rebuilds the form from the post, so nothing typed is lost.
 */
export default function ContentEditor(props: ContentEditorProps) {
  const [notice, setNotice] = useState<EditorNotice | undefined>(props.notice);
  const [problems, setProblems] = useState<FormProblem[]>(props.problems);
  const [conflict, setConflict] = useState<ContentConflictView | undefined>(props.conflict);
  const [saving, setSaving] = useState(false);
  const [moved, setMoved] = useState('');
  const focusSummary = useRef(false);
  const sectionPath = sectionPathOf(props);

  useEffect(() => {
    if (!focusSummary.current) return;
    focusSummary.current = false;
    document.getElementById(CONTENT_ERRORS_ID)?.focus();
  }, [problems]);

  useEffect(() => {
    const form = document.getElementById(props.formId) as HTMLFormElement | null;
    if (!form) return;
    let dirty = props.dirty;
    let leaving = false;
    const baseInput = form.elements.namedItem('baseVersion') as HTMLInputElement;
    const csrf = (form.elements.namedItem('_csrf') as HTMLInputElement).value;

    const onChange = () => {
      dirty = true;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty || leaving) return;
      event.preventDefault();
      // Chrome before 119 and Safari still need returnValue set.
      event.returnValue = '';
    };

    async function save() {
      const entries = new FormData(form!);
      const get = (name: string) => {
        const value = entries.get(name);
        return typeof value === 'string' ? value : undefined;
      };
      const data = formToData(props.tree, get);
      const baseVersion = Number(baseInput.value);
      setSaving(true);
      try {
        // After a conflict: the fields where the person chose the colleague's value take it (the version saved
        // meanwhile, which is the form's base now), as the server does for a plain post.
        if ([...entries.keys()].some((name) => name.startsWith(CONFLICT_CHOICE))) {
          applyConflictChoices(data, await versionData(sectionPath, baseVersion), get);
        }
        const response = await fetch(`${sectionPath}/draft`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrf },
          body: JSON.stringify({ data, baseVersion }),
        });
        const body = (await response.json().catch(() => ({}))) as {
          version?: number;
          errors?: Problem[];
          error?: string;
          latestVersion?: number;
          draft?: { version: number; data: unknown; savedAt: string; savedBy: string } | null;
        };
        clearFieldErrors(form!);
        if (response.ok && body.version !== undefined) {
          baseInput.value = String(body.version);
          dirty = false;
          setProblems([]);
          setConflict(undefined);
          setNotice({
            kind: 'success',
            text: `Draft saved (version ${body.version}). The public site is unchanged until you publish.`,
          });
          await showDraftState(sectionPath, props.timeZone).catch(() => undefined);
          return;
        }
        if (response.status === 400 && body.errors) {
          focusSummary.current = true;
          setNotice(undefined);
          setProblems(showFieldErrors(form!, body.errors));
          return;
        }
        if (response.status === 409 && body.draft) {
          const started = await versionData(sectionPath, baseVersion);
          const latest = body.draft;
          baseInput.value = String(latest.version);
          setProblems([]);
          setConflict({
            by: latest.savedBy,
            at: formatInTimeZone(latest.savedAt, props.timeZone),
            version: latest.version,
            fields: conflictFields(started, latest.data, data),
          });
          setNotice({
            kind: 'error',
            text: 'Not saved: someone else saved this section after you opened it. What you typed is still here.',
          });
          return;
        }
        setNotice({ kind: 'error', text: `Not saved: ${body.error ?? `the server answered ${response.status}`}.` });
      } catch {
        setNotice({ kind: 'error', text: 'Not saved: the server could not be reached. Try again.' });
      } finally {
        setSaving(false);
      }
    }

    const onSubmit = (event: SubmitEvent) => {
      const submitter = event.submitter as HTMLButtonElement | null;
      if ((submitter?.value ?? 'save') !== 'save') {
        // Publish, schedule and the list buttons post the whole form: nothing typed is lost.
        leaving = true;
        return;
      }
      event.preventDefault();
      void save();
    };
    form.addEventListener('input', onChange);
    form.addEventListener('change', onChange);
    form.addEventListener('submit', onSubmit);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      form.removeEventListener('input', onChange);
      form.removeEventListener('change', onChange);
      form.removeEventListener('submit', onSubmit);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [props.formId, sectionPath, props.section, props.tree, props.dirty, props.timeZone]);

  useEffect(() => {
    // Dragging and the maps load only where the form has a list or a map point: their code (Sortable, Leaflet)
    // is never part of another editor's, let alone a public page's.
    const form = document.getElementById(props.formId) as HTMLFormElement | null;
    if (!form) return;
    const undo: (() => void)[] = [];
    let stopped = false;
    const keep = (stop: () => void) => (stopped ? stop() : undo.push(stop));
    if (form.querySelector('ol[data-list]')) {
      import('./content-list-drag.js')
        .then((module) => keep(module.enableListDragging(form, setMoved)))
        .catch((error: unknown) => console.error('Dragging could not load', error));
    }
    const map = props.map;
    if (map && form.querySelector('.content-point-map')) {
      import('./content-point-map.js')
        .then((module) => keep(module.enablePointMaps(form, map)))
        .catch((error: unknown) => console.error('The map could not load', error));
    }
    return () => {
      stopped = true;
      for (const stop of undo) stop();
    };
  }, [props.formId, props.map]);

  return (
    <div className="content-editor-status">
      {/* Sticky while the form scrolls: a save from the foot of a long form shows its outcome where the person is. */}
      <div className="content-editor-live" aria-live="polite">
        {saving ? <p className="content-saving">Saving…</p> : null}
        {notice ? <NoticeAlert notice={notice} /> : null}
        <p className="visually-hidden">{moved}</p>
      </div>
      {conflict ? <ConflictBox conflict={conflict} sectionPath={sectionPathOf(props)} /> : null}
      <ErrorSummary id={CONTENT_ERRORS_ID} problems={problems} focusOnLoad={props.problems.length > 0} />
    </div>
  );
}

function ConflictBox({ conflict, sectionPath }: { conflict: ContentConflictView; sectionPath: string }) {
  return (
    <div className="content-conflict" role="group" aria-labelledby="content-conflict-heading">
      <h2 id="content-conflict-heading">
        {conflict.by} saved version {conflict.version} at {conflict.at}
      </h2>
      {conflict.fields.length === 0 ? (
        <p>They changed nothing you can see in this form. Save draft again to save yours.</p>
      ) : (
        <>
          <p>
            They changed these fields since you opened this form. Choose for each which value to keep, then save draft
            again: nothing of theirs is replaced unless you choose yours.
          </p>
          {conflict.fields.map((field) => {
            const id = `conflict-${fieldId(field.path)}`;
            return (
              <fieldset key={field.path} className="content-conflict-field">
                <legend>{field.label}</legend>
                <div className="content-check">
                  <input
                    type="radio"
                    id={`${id}-theirs`}
                    name={`${CONFLICT_CHOICE}${field.path}`}
                    value="theirs"
                    defaultChecked={field.take === 'theirs'}
                  />
                  <label htmlFor={`${id}-theirs`}>Keep theirs: “{field.theirs}”</label>
                </div>
                <div className="content-check">
                  <input
                    type="radio"
                    id={`${id}-mine`}
                    name={`${CONFLICT_CHOICE}${field.path}`}
                    value="mine"
                    defaultChecked={field.take === 'mine'}
                  />
                  <label htmlFor={`${id}-mine`}>Keep yours: “{field.yours}”</label>
                </div>
              </fieldset>
            );
          })}
        </>
      )}
      <p>
        Or <a href={sectionPath}>open their version</a> and start again from it.
      </p>
    </div>
  );
}
