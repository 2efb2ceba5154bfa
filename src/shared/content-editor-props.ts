import type { EditorNotice } from './editor-notice.js';
import type { FieldNode } from './content-form.js';
import type { FormProblem } from './ErrorSummary.js';

/** Someone else saved the section since this person started: who, when, and the fields they changed. */
export interface ContentConflictView {
  by: string;
  /** When, as the community reads it. */
  at: string;
  version: number;
  fields: { label: string; value: string }[];
}

/** The props of the ContentEditor widget (JSON): it saves the editor's form by fetch and shows the outcome. */
export interface ContentEditorProps {
  section: string;
  formId: string;
  tree: FieldNode;
  problems: FormProblem[];
  notice?: EditorNotice;
  conflict?: ContentConflictView;
  /** The form holds changes not saved yet (it came back from a list action or a refused save). */
  dirty: boolean;
  timeZone: string;
}

/** The id of the form's error summary. */
export const CONTENT_ERRORS_ID = 'content-errors';
/** The id of the schedule's date and time field; a problem with it has the path `at`. */
export const SCHEDULE_AT_ID = 'schedule-at';
