/**
 * HTML written as text for the parts of the homesite pages that repeat once per lot (map shapes, table rows,
 * editor rows): rendered through React, 1,000 lots took the server several times its time budget
 * (tools/bench/homesites-results.md). Every value goes through `escapeHtml`, which escapes exactly as React does,
 * so the bytes are the same as the React-rendered markup they replace.
 */

const NEEDS_ESCAPING = /["&'<>]/;
const ESCAPED: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** Text or an attribute value, safe inside an element or a double-quoted attribute. */
export function escapeHtml(value: string | number): string {
  if (typeof value === 'number') return String(value);
  return NEEDS_ESCAPING.test(value) ? value.replace(/["&'<>]/g, (character) => ESCAPED[character]!) : value;
}

/** ` name="value"` for each attribute in order; an undefined value leaves the attribute out, as React does. */
export function attributes(values: Record<string, string | number | undefined>): string {
  let html = '';
  for (const name in values) {
    const value = values[name];
    if (value !== undefined) html += ` ${name}="${escapeHtml(value)}"`;
  }
  return html;
}

/** `<name attributes>content</name>`; `content` is markup, already escaped. */
export function element(name: string, values: Record<string, string | number | undefined>, content = ''): string {
  return `<${name}${attributes(values)}>${content}</${name}>`;
}

/** `<name attributes/>`: an element without content (input), written as React writes it. */
export function voidElement(name: string, values: Record<string, string | number | undefined>): string {
  return `<${name}${attributes(values)}/>`;
}

/** `<option>`s for `choices`, the one whose value is `selected` marked so. */
export function optionsMarkup(choices: ReadonlyArray<{ value: string; label: string }>, selected: string): string {
  let html = '';
  for (const { value, label } of choices) {
    html += element('option', { value, selected: value === selected ? '' : undefined }, escapeHtml(label));
  }
  return html;
}
