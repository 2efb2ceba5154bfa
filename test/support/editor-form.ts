import { all, one, parseHtml, type El } from './html.js';

/**
 * A content editor's form fields as a browser would post them: ticked boxes only (with their value, `on` when they
 * have none), each select's chosen option, no submit button.
 */
export function editorFormFields(html: string, formId = 'content-form'): URLSearchParams {
  const doc = parseHtml(html);
  const form = one(doc, 'form', (el) => el.attrs.id === formId);
  const fields = new URLSearchParams();
  const walk = (el: El) => {
    for (const child of el.children) {
      if (typeof child === 'string') continue;
      const name = child.attrs.name;
      if (name && child.tag === 'input' && child.attrs.type !== 'submit') {
        if (child.attrs.type === 'checkbox' || child.attrs.type === 'radio') {
          if ('checked' in child.attrs) fields.append(name, child.attrs.value ?? 'on');
        } else fields.append(name, child.attrs.value ?? '');
      } else if (name && child.tag === 'textarea') {
        fields.append(
          name,
          child.children
            .filter((c) => typeof c === 'string')
            .join('')
            .replace(/^\n/, ''),
        );
      } else if (name && child.tag === 'select') {
        const selected = all(child, 'option').find((option) => 'selected' in option.attrs) ?? all(child, 'option')[0];
        fields.append(name, selected?.attrs.value ?? '');
      }
      walk(child);
    }
  };
  walk(form);
  return fields;
}
