import type { ReactNode } from 'react';
import { Widget } from '../../src/render/widget.js';
import {
  blankValue,
  fieldId,
  isPoint,
  itemLabel,
  joinPath,
  labelOfKey,
  LENGTH_FIELD,
  NONE_FIELD,
  type ChoiceSource,
  type FieldNode,
} from '../../src/shared/content-form.js';
import type { FileKind } from '../../src/shared/file-limits.js';
import { FileSelect, type PickableFile } from './FilePicker.js';
import {
  CONTENT_STATE_ID,
  DISCARD_ID,
  draftStateText,
  SCHEDULE_AT_ID,
  type ContentEditorProps,
} from '../../src/shared/content-editor-props.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';

export interface ContentSectionState {
  published: { version: number; at: string | null; by: string | null };
  draft: { version: number; at: string; by: string } | null;
  scheduled: { version: number; at: string } | null;
}

export interface ContentEditorPageProps {
  communityName: string;
  staff: StaffViewer;
  section: { id: string; title: string; summary: string; shownOn: string };
  tree: FieldNode;
  /** What the form shows: the stored draft (or published) data, or what the person posted. */
  values: unknown;
  /** Messages by the path they are shown at (see problemTarget); `at` for the schedule's field. */
  errors: Record<string, string[]>;
  /** Paths shown but not editable (a published plan's slug). */
  readOnly: string[];
  /** Where focus goes when the page loads after a list action: `up:plans.1`, or an item's path. */
  focus?: string;
  baseVersion: number;
  state: ContentSectionState;
  /** The schedule's date and time as typed (datetime-local), kept after a refused post. */
  scheduleAt: string;
  timeZone: string;
  editor: ContentEditorProps;
  /** The file library's files of each kind the form has a field for. */
  files: Partial<Record<FileKind, PickableFile[]>>;
  /** The records a reference can point at, by their key and name (the plans a promotion applies to). */
  choices: Partial<Record<ChoiceSource, { key: string; name: string }[]>>;
  /** Where the section is edited (ContentListPage's base). */
  base?: string;
}

/** Hints of keys whose empty value means something. */
const EMPTY_MEANS: Record<string, string> = {
  basePrice: 'Leave empty to show “Pricing coming soon”.',
  minimumLotSqft: 'Leave empty when the plan fits any lot.',
};

interface Context {
  errors: Record<string, string[]>;
  readOnly: Set<string>;
  focus?: string;
  files: Partial<Record<FileKind, PickableFile[]>>;
  choices: Partial<Record<ChoiceSource, { key: string; name: string }[]>>;
}

/** What "none" is called for a file that may be left out. */
function noneLabelOf(label: string): string {
  return `No ${label.toLowerCase()}`;
}

/** What a choice list asks, and what ticking none means, by the records it offers. */
const CHOICE_WORDS: Record<ChoiceSource, { none: string; missing: string }> = {
  plans: {
    none: 'Tick none to apply it to every plan.',
    missing: 'no longer a plan',
  },
};

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p className="field-error" id={`${id}-error`} data-content-error="">
      {messages.join(' ')}
    </p>
  );
}

function hintOf(node: FieldNode, key: string): string | undefined {
  const hints: string[] = [];
  if (node.kind === 'text') {
    if (node.max !== undefined) hints.push(`Up to ${node.max} characters.`);
    if (node.optional || node.nullable) hints.push('Optional.');
  }
  if (node.kind === 'number') {
    if (node.integer) hints.push('A whole number.');
    if (node.min !== undefined && node.max !== undefined) hints.push(`From ${node.min} to ${node.max}.`);
    if (node.step !== undefined && !node.integer) hints.push(`In steps of ${node.step}.`);
    if (node.nullable) hints.push(EMPTY_MEANS[key] ?? 'Leave empty for none.');
  }
  return hints.length > 0 ? hints.join(' ') : undefined;
}

/** One input with its label, hint and error; `label` is what it is called, `key` what the schema calls it. */
function Field({
  node,
  path,
  label,
  fieldKey,
  value,
  context,
  controls,
  itemLabel: isItemLabel,
  noneLabel,
}: {
  node: FieldNode;
  path: string;
  label: string;
  fieldKey: string;
  value: unknown;
  context: Context;
  controls?: ReactNode;
  /** The label names a list item ("Paragraph 2"): the editor renumbers it when the item is dragged. */
  itemLabel?: boolean;
  /** A file that may be left out: what its "none" is called ("No image" for a promotion's image). */
  noneLabel?: string;
}) {
  const id = fieldId(path);
  const messages = context.errors[path];
  const readOnly = context.readOnly.has(path);
  const hint = readOnly ? 'Published: a plan’s address never changes.' : hintOf(node, fieldKey);
  const describedBy =
    [hint ? `${id}-hint` : '', messages?.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: path,
    'aria-describedby': describedBy,
    'aria-invalid': messages?.length ? (true as const) : undefined,
  };
  const labelMark = isItemLabel ? { 'data-item-label': '' } : {};
  let input: ReactNode;
  if (node.kind === 'boolean') {
    return (
      <div className="content-field content-check">
        <input type="checkbox" {...common} defaultChecked={value === true} />
        <label htmlFor={id} {...labelMark}>
          {label}
        </label>
        <FieldError id={id} messages={messages} />
        {controls}
      </div>
    );
  }
  if (node.kind === 'enum') {
    input = (
      <select {...common} defaultValue={text(value)}>
        {node.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (node.kind === 'number') {
    input = (
      <input
        type="number"
        inputMode={node.integer ? 'numeric' : 'decimal'}
        step={node.step ?? 'any'}
        {...common}
        defaultValue={text(value)}
      />
    );
  } else if (node.kind === 'text' && node.input === 'textarea') {
    input = (
      <textarea {...common} rows={(node.max ?? 0) > 1000 ? 8 : 4} defaultValue={text(value)} readOnly={readOnly} />
    );
  } else if (node.kind === 'text') {
    input = <input type={node.input} {...common} defaultValue={text(value)} readOnly={readOnly} />;
  } else if (node.kind === 'file') {
    const none = node.optional || node.nullable || noneLabel !== undefined;
    input = (
      <FileSelect
        name={path}
        id={id}
        kind={node.fileKind}
        files={context.files[node.fileKind] ?? []}
        value={text(value)}
        noneLabel={none ? (noneLabel ?? noneLabelOf(label)) : undefined}
        describedBy={describedBy}
        invalid={Boolean(messages?.length)}
      />
    );
  }
  return (
    <div className="content-field field">
      <label htmlFor={id} {...labelMark}>
        {label}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} messages={messages} />
      {input}
      {controls}
    </div>
  );
}

function ItemControls({
  path,
  label,
  index,
  length,
  canRemove,
  focus,
}: {
  path: string;
  label: string;
  index: number;
  length: number;
  canRemove: boolean;
  focus?: string;
}) {
  const button = (kind: 'up' | 'down' | 'remove', text: string, disabled: boolean) => (
    <button
      type="submit"
      name="action"
      value={`${kind}:${path}`}
      className={`button button-small${kind === 'remove' ? ' button-danger' : ''}`}
      aria-label={`${text}: ${label}`}
      data-item-label=""
      disabled={disabled}
      autoFocus={focus === `${kind}:${path}`}
    >
      {text}
    </button>
  );
  return (
    <div className="content-item-controls">
      {button('up', 'Move up', index === 0)}
      {button('down', 'Move down', index === length - 1)}
      {button('remove', 'Remove', !canRemove)}
    </div>
  );
}

function Node({
  node,
  path,
  fieldKey,
  label,
  value,
  context,
}: {
  node: FieldNode;
  path: string;
  fieldKey: string;
  label: string;
  value: unknown;
  context: Context;
}): ReactNode {
  if (node.kind === 'object') {
    const isNone = node.nullable && value === null;
    const record = (isNone ? blankValue({ ...node, nullable: false }) : (value ?? {})) as Record<string, unknown>;
    const noneId = `${fieldId(path)}-none`;
    const children = (
      <ObjectFields
        node={node}
        path={path}
        record={record}
        context={context}
        noneLabel={node.noneWhenEmpty ? noneLabelOf(label) : undefined}
      />
    );
    if (path === '') return <>{children}</>;
    return (
      <fieldset className="content-group" id={fieldId(path)}>
        <legend>{label}</legend>
        <FieldError id={fieldId(path)} messages={context.errors[path]} />
        {node.nullable && !node.noneWhenEmpty ? (
          <div className="content-field content-check">
            <input type="checkbox" id={noneId} name={joinPath(path, NONE_FIELD)} defaultChecked={isNone} />
            <label htmlFor={noneId}>
              {path.startsWith('hours.') ? 'Closed this day' : `No ${label.toLowerCase()}`}
            </label>
          </div>
        ) : null}
        {children}
      </fieldset>
    );
  }
  if (node.kind === 'choices') {
    return <Choices node={node} path={path} label={label} value={value} context={context} />;
  }
  if (node.kind === 'list') {
    const items = Array.isArray(value) ? value : [];
    const canAdd = node.max === undefined || items.length < node.max;
    const canRemove = node.min === undefined || items.length > node.min;
    const itemNoun = itemLabel(fieldKey, 0).replace(/ 1$/, '');
    const noun = itemNoun.toLowerCase();
    const limits =
      node.min !== undefined && node.min === node.max
        ? `Exactly ${node.min}.`
        : [node.min ? `At least ${node.min}.` : '', node.max !== undefined ? `At most ${node.max}.` : '']
            .filter(Boolean)
            .join(' ');
    return (
      <fieldset className="content-group content-list" id={fieldId(path)}>
        <legend>{label}</legend>
        {limits ? <p className="field-hint">{limits}</p> : null}
        <FieldError id={fieldId(path)} messages={context.errors[path]} />
        <input type="hidden" name={joinPath(path, LENGTH_FIELD)} value={items.length} />
        {items.length === 0 ? <p>None yet.</p> : null}
        <ol className="content-items" data-list={path} data-noun={itemNoun}>
          {items.map((item, index) => {
            const itemPath = joinPath(path, index);
            const name = itemLabel(fieldKey, index, item);
            const controls = (
              <ItemControls
                path={itemPath}
                label={name}
                index={index}
                length={items.length}
                canRemove={canRemove}
                focus={context.focus}
              />
            );
            const focused = context.focus === itemPath;
            return (
              <li
                key={index}
                className="content-item"
                data-item={itemPath}
                tabIndex={focused ? -1 : undefined}
                autoFocus={focused}
              >
                {/* Shown by the editor widget, which makes the list draggable; Move up / Move down are the keyboard's. */}
                <span
                  className="content-drag-handle"
                  role="img"
                  aria-label={`Drag to reorder: ${name}`}
                  data-item-label=""
                  hidden
                >
                  <span aria-hidden="true">⠿</span>
                </span>
                {node.item.kind === 'object' ? (
                  <fieldset className="content-group" id={fieldId(itemPath)}>
                    <legend data-item-label="">{name}</legend>
                    <ItemBody node={node.item} path={itemPath} value={item} context={context} />
                    {controls}
                  </fieldset>
                ) : (
                  <Field
                    node={node.item}
                    path={itemPath}
                    label={name}
                    fieldKey={fieldKey}
                    value={item}
                    context={context}
                    controls={controls}
                    itemLabel
                  />
                )}
              </li>
            );
          })}
        </ol>
        <button
          type="submit"
          name="action"
          value={`add:${path}`}
          className="button button-small"
          disabled={!canAdd}
          autoFocus={context.focus === `add:${path}`}
        >
          Add {noun}
        </button>
      </fieldset>
    );
  }
  return <Field node={node} path={path} label={label} fieldKey={fieldKey} value={value} context={context} />;
}

/**
 * A map point's fields with the place of its map right after the longitude: the editor widget draws a small map
 * there that shows the point and sets both numbers by a click or a drag. Without JavaScript the numbers are all.
 */
function withPointMap(node: FieldNode, path: string, children: ReactNode[]): ReactNode[] {
  if (node.kind !== 'object' || !isPoint(node)) return children;
  const at = node.fields.findIndex((field) => field.key === 'longitude') + 1;
  const map = <div key="point-map" className="content-point-map" data-point={path} hidden />;
  return [...children.slice(0, at), map, ...children.slice(at)];
}

/** An object item's fields, inside the item's own fieldset (its legend names it). */
function ItemBody({ node, path, value, context }: { node: FieldNode; path: string; value: unknown; context: Context }) {
  if (node.kind !== 'object') return null;
  const record = (value ?? {}) as Record<string, unknown>;
  return (
    <>
      <FieldError id={fieldId(path)} messages={context.errors[path]} />
      <ObjectFields node={node} path={path} record={record} context={context} />
    </>
  );
}

/** An object's fields in schema order, with a map after a latitude/longitude pair. */
function ObjectFields({
  node,
  path,
  record,
  context,
  noneLabel,
}: {
  node: Extract<FieldNode, { kind: 'object' }>;
  path: string;
  record: Record<string, unknown>;
  context: Context;
  /** The group is left out when its file is: that file's "none" option says so ("No image"). */
  noneLabel?: string;
}) {
  return withPointMap(
    node,
    path,
    node.fields.map((field) =>
      field.key === node.noneWhenEmpty ? (
        <Field
          key={field.key}
          node={field.node}
          path={joinPath(path, field.key)}
          label={labelOfKey(field.key)}
          fieldKey={field.key}
          value={record[field.key]}
          context={context}
          noneLabel={noneLabel}
        />
      ) : (
        <Node
          key={field.key}
          node={field.node}
          path={joinPath(path, field.key)}
          fieldKey={field.key}
          label={labelOfKey(field.key)}
          value={record[field.key]}
          context={context}
        />
      ),
    ),
  );
}

/**
 * References to other records (the plans a promotion applies to): a box per record, named as staff know it, its
 * key as the value. A key that no longer names a record stays offered, ticked, until someone unticks it.
 */
function Choices({
  node,
  path,
  label,
  value,
  context,
}: {
  node: Extract<FieldNode, { kind: 'choices' }>;
  path: string;
  label: string;
  value: unknown;
  context: Context;
}) {
  const chosen = new Set(Array.isArray(value) ? value.map(String) : []);
  const offered = context.choices[node.source] ?? [];
  const unknown = [...chosen].filter((key) => !offered.some((option) => option.key === key));
  const options = [
    ...offered,
    ...unknown.map((key) => ({ key, name: `${key} (${CHOICE_WORDS[node.source].missing})` })),
  ];
  const id = fieldId(path);
  const messages = context.errors[path];
  return (
    <fieldset className="content-group content-choices" id={id} aria-describedby={`${id}-hint`}>
      <legend>{label}</legend>
      <p className="field-hint" id={`${id}-hint`}>
        {CHOICE_WORDS[node.source].none}
      </p>
      <FieldError id={id} messages={messages} />
      <input type="hidden" name={joinPath(path, LENGTH_FIELD)} value={options.length} />
      {options.map((option, index) => (
        <div className="content-field content-check" key={option.key}>
          <input
            type="checkbox"
            id={`${id}--${index}`}
            name={joinPath(path, index)}
            value={option.key}
            defaultChecked={chosen.has(option.key)}
          />
          <label htmlFor={`${id}--${index}`}>{option.name}</label>
        </div>
      ))}
    </fieldset>
  );
}

function StateLine({ state }: { state: ContentSectionState }) {
  return (
    <ul className="content-state" id={CONTENT_STATE_ID}>
      <li>
        {`Published: version ${state.published.version}${state.published.at ? `, ${state.published.at}` : ''}${state.published.by ? ` by ${state.published.by}` : ''}.`}
      </li>
      <li id={`${CONTENT_STATE_ID}-draft`}>{draftStateText(state.draft)}</li>
      {state.scheduled ? (
        <li>{`Scheduled: version ${state.scheduled.version} will be published ${state.scheduled.at}.`}</li>
      ) : null}
    </ul>
  );
}

export function ContentEditorPage(props: ContentEditorPageProps) {
  const { section, staff, state, editor } = props;
  const context: Context = {
    errors: props.errors,
    readOnly: new Set(props.readOnly),
    focus: props.focus,
    files: props.files,
    choices: props.choices,
  };
  const previewHref = `/preview${section.shownOn}`;
  const base = props.base ?? '/admin/content';
  const atError = props.errors.at;
  return (
    <AdminLayout communityName={props.communityName} staff={staff} path="/admin/content">
      <p className="content-breadcrumb">
        <a href={base}>Content</a> › {section.title}
      </p>
      <h1>{section.title}</h1>
      <p>{section.summary}.</p>
      <StateLine state={state} />
      <form id={editor.formId} className="content-editor" method="post" action={`${base}/${section.id}`} noValidate>
        <input type="hidden" name="_csrf" value={staff.csrfToken} />
        <input type="hidden" name="baseVersion" value={props.baseVersion} />
        {/* First in the form, so Enter in a field saves the draft (the first submit button is the default). */}
        <div className="content-actions">
          <button type="submit" name="action" value="save" className="button button-accent">
            Save draft
          </button>
          <a className="button" href={previewHref} target="_blank" rel="noopener">
            Preview<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <button type="submit" name="action" value="publish" className="button">
            Publish now
          </button>
          <a className="button" href={`${base}/${section.id}/history`}>
            History
          </a>
        </div>
        <Widget name="ContentEditor" props={editor} className="content-editor-widget" />
        <FieldError id="f-root" messages={props.errors['']} />
        <Node node={props.tree} path="" fieldKey="" label="" value={props.values} context={context} />
        <section className="content-publish" aria-labelledby="publish-heading">
          <h2 id="publish-heading">Save and publish</h2>
          <p>Preview shows the saved draft. Publishing saves this form, then puts it on the public site at once.</p>
          <div className="content-publish-row">
            <button type="submit" name="action" value="save" className="button">
              Save draft
            </button>
            <button type="submit" name="action" value="publish" className="button button-accent">
              Publish now
            </button>
          </div>
          <div className="content-field field">
            <label htmlFor={SCHEDULE_AT_ID}>Publish at (date and time in {props.timeZone})</label>
            <FieldError id={SCHEDULE_AT_ID} messages={atError} />
            <input
              type="datetime-local"
              id={SCHEDULE_AT_ID}
              name="at"
              defaultValue={props.scheduleAt}
              aria-describedby={atError?.length ? `${SCHEDULE_AT_ID}-error` : undefined}
              aria-invalid={atError?.length ? true : undefined}
            />
          </div>
          <div className="content-publish-row">
            <button type="submit" name="action" value="schedule" className="button">
              Schedule
            </button>
            {state.scheduled ? (
              <button type="submit" name="action" value="cancel-schedule" className="button button-danger">
                Cancel schedule
              </button>
            ) : null}
          </div>
          {/* Hidden while there is no draft; the editor widget shows it once a save by fetch made one. */}
          <div className="content-discard" id={DISCARD_ID} hidden={!state.draft}>
            <p id="discard-hint">
              Discard draft throws this draft away: the form and the preview go back to the published version.
            </p>
            <button
              type="submit"
              name="action"
              value="discard"
              className="button button-danger"
              aria-describedby="discard-hint"
            >
              Discard draft
            </button>
          </div>
        </section>
      </form>
    </AdminLayout>
  );
}
