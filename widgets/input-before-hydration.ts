import { createContext, useContext, useState } from 'react';

/**
 * What the visitor did in a widget's server-rendered form before the widget hydrated. Widgets hydrate after the
 * page's `load` event, and on a slow phone the visitor has long been typing by then: React keeps the DOM's values
 * while it hydrates, but a controlled field shows the component's state from its next render on, so a widget
 * whose state starts from its props would wipe what was typed. A widget reads this as its initial state instead.
 */
export interface InputBeforeHydration {
  /** The current value of each named field the visitor changed (only fields whose value differs from the HTML's). */
  values: Readonly<Record<string, string>>;
  /** The values of the boxes now ticked in each named group of checkboxes the visitor changed. */
  checked: Readonly<Record<string, readonly string[]>>;
  /** The named field that has focus, with its caret or selection where the field has one. */
  focus: { name: string; selectionStart: number | null; selectionEnd: number | null } | null;
}

const NOTHING: InputBeforeHydration = { values: {}, checked: {}, focus: null };

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Radios, files and buttons carry no typed value; none of the widgets has one. Checkboxes are read as ticked. */
const UNTYPED_INPUTS = new Set(['hidden', 'checkbox', 'radio', 'file', 'submit', 'reset', 'button', 'image']);

const isCheckbox = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && field.type === 'checkbox';

const FIELDS = 'input[name], textarea[name], select[name]';

/**
 * What the field holds as the HTML has it: its default value, the value of the option selected by default, or
 * whether a checkbox is ticked.
 */
function htmlValue(field: Field): string | boolean {
  if (isCheckbox(field)) return field.defaultChecked;
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue;
  const chosen = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
  return chosen?.value ?? '';
}

/**
 * Each field's value in the HTML, read before React hydrates: React sets a field's defaultValue to the component's
 * value as it hydrates it, before committing, and a hydration it starts over (a key pressed meanwhile makes it) would
 * otherwise see every field as the HTML had it and drop what was typed.
 */
const valuesInHtml = new WeakMap<Field, string | boolean>();

/** Remembers the HTML's values of the fields under `root`; called just before the widget there hydrates. */
export function rememberHtmlValues(root: ParentNode): void {
  for (const field of root.querySelectorAll<Field>(FIELDS)) valuesInHtml.set(field, htmlValue(field));
}

const isChanged = (field: Field) =>
  (isCheckbox(field) ? field.checked : field.value) !== (valuesInHtml.get(field) ?? htmlValue(field));

function changedValue(field: Field): string | undefined {
  if (field instanceof HTMLInputElement && UNTYPED_INPUTS.has(field.type)) return undefined;
  return isChanged(field) ? field.value : undefined;
}

/** Reads the fields under `root` as they are now. */
export function readInputBeforeHydration(root: ParentNode): InputBeforeHydration {
  const values: Record<string, string> = {};
  const fields = [...root.querySelectorAll<Field>(FIELDS)];
  for (const field of fields) {
    const value = changedValue(field);
    if (value !== undefined) values[field.name] = value;
  }
  const boxes = fields.filter(isCheckbox);
  const changedGroups = new Set(boxes.filter(isChanged).map((box) => box.name));
  const checked = Object.fromEntries(
    [...changedGroups].map((name) => [
      name,
      boxes.filter((box) => box.name === name && box.checked).map((box) => box.value),
    ]),
  );
  const active = document.activeElement;
  const focused =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement
      ? active
      : null;
  const focus =
    focused && focused.name && root.contains(focused)
      ? {
          name: focused.name,
          selectionStart: 'selectionStart' in focused ? focused.selectionStart : null,
          selectionEnd: 'selectionEnd' in focused ? focused.selectionEnd : null,
        }
      : null;
  return { values, checked, focus };
}

/** The server-rendered element a widget is hydrating into; none on the server. */
export const HydrationRootContext = createContext<ParentNode | null>(null);

/**
 * Nothing on the server; in the browser, what the visitor did before this widget hydrated. Read in the hydrating
 * render itself, the moment React takes the fields over: a key pressed while the widget's code was starting up is
 * in the DOM by then, and React handles every one after it.
 */
export function useInputBeforeHydration(): InputBeforeHydration {
  const root = useContext(HydrationRootContext);
  const [input] = useState(() => (root ? readInputBeforeHydration(root) : NOTHING));
  return input;
}
