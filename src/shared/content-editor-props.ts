import type { EditorNotice } from './editor-notice.js';
import type { FieldNode } from './content-form.js';
import type { FormProblem } from './ErrorSummary.js';

/** Someone else saved the section since this person started: who, when, and the fields they changed. */
export interface ContentConflictView {
  by: string;
  /** When, as the community reads it. */
  at: string;
  version: number;
  /**
   * Each field they changed: their value, the one in this form, and which one is chosen (theirs where this
   * person left the field as it was). A radio pair per field lets the person choose before saving again.
   */
  fields: { path: string; label: string; theirs: string; yours: string; take: 'mine' | 'theirs' }[];
}

/** The editor's line about the draft, as the page shows it and as a save by the widget brings it up to date. */
export function draftStateText(draft: { version: number; at: string; by: string } | null): string {
  return draft
    ? `Draft: version ${draft.version}, saved ${draft.at} by ${draft.by}. The form shows the draft.`
    : 'No draft: the form shows the published version.';
}

/** The props of the ContentEditor widget (JSON): it saves the editor's form by fetch and shows the outcome. */
export interface ContentEditorProps {
  section: string;
  /** Where the section's calls live: /admin/content, or a community's /admin/communities/<slug>/content. */
  base?: string;
  formId: string;
  tree: FieldNode;
  problems: FormProblem[];
  notice?: EditorNotice;
  conflict?: ContentConflictView;
  /** The form holds changes not saved yet (it came back from a list action or a refused save). */
  dirty: boolean;
  timeZone: string;
  /** Only for a section with a map point (hasPoint): what its small maps draw with. */
  map?: ContentEditorMap;
}

/** What the map of a point needs: tiles, Leaflet's stylesheet (linked once a map is drawn) and the community. */
export interface ContentEditorMap {
  tileUrl: string;
  attribution: string;
  stylesheet: string;
  /** The community's published location, drawn on the map of every other point for scale. */
  home: { name: string; latitude: number; longitude: number };
}

/** The id of the form's error summary. */
export const CONTENT_ERRORS_ID = 'content-errors';
/** The id of the schedule's date and time field; a problem with it has the path `at`. */
export const SCHEDULE_AT_ID = 'schedule-at';
/** The id of the editor's state list (published / draft / scheduled), which a save by the widget brings up to date. */
export const CONTENT_STATE_ID = 'content-state';
/** The id of the Discard draft block, shown once the section has a draft. */
export const DISCARD_ID = 'content-discard';
