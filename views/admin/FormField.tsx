import type { InputHTMLAttributes } from 'react';
import type { EditorNotice } from '../../src/shared/editor-notice.js';

/** A labelled field of a staff form, its problem (when there is one) right under it and tied to it. */
export function FormField({
  id,
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string; hint?: string }) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      ) : null}
      {/* A text field unless said otherwise: the staff forms' styles select inputs by their type. */}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        type="text"
        {...input}
      />
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </>
  );
}

/** The outcome of a staff action: green for done, red (an alert) for refused. */
export function Notice({ notice }: { notice?: EditorNotice }) {
  if (!notice) return null;
  return (
    <p className={`alert alert-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );
}
