import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { MESSAGES } from '../src/shared/constants.js';
import {
  CONTACT_SUBMIT_PATH,
  CONTACT_SUCCESS_ANSWER,
  HOMESITE_FIELD,
  HONEYPOT_FIELD,
  PLAN_FIELD,
  type ContactSendOutcome,
} from '../src/shared/contact-form.js';
import { LEAD_CONTEXT_FIELDS } from '../src/shared/lead-context.js';
import { LEAD_FORM_ATTRIBUTE, type VisitContext } from '../src/shared/visit-context.js';
import { VisitFields } from '../src/shared/VisitFields.js';
import {
  CONTACT_FIELDS,
  CONTACT_LABELS,
  contactText,
  EMAIL_EXAMPLE,
  EMAIL_PATTERN_ATTRIBUTE,
  fieldError,
  formatPhone,
  inputMaxLength,
  PHONE_EXAMPLE,
  PHONE_HINT,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_INPUT_PATTERN_ATTRIBUTE,
  type ContactErrors,
  type ContactField,
  type ContactInput,
} from '../src/shared/contact-rules.js';
import { ErrorSummary } from '../src/shared/ErrorSummary.js';
import { LeadConsent, type LeadConsentNames } from '../src/shared/LeadConsent.js';
import { fillVisitFields } from './first-landing.js';
import { useInputBeforeHydration } from './input-before-hydration.js';
import { caretAfterDigits, phoneDigitsBeforeCaret } from './phone-caret.js';
import { useEnhanced } from './use-enhanced.js';
import { COMMUNITY_FIELD } from '../src/shared/contact-community.js';

type Status = 'idle' | 'sending' | 'invalid-phone' | ContactSendOutcome;

interface ContactFormProps {
  initialValues: Partial<ContactInput>;
  initialErrors: ContactErrors;
  initialStatus: 'idle' | ContactSendOutcome;
  /** The server's sentence for a refused plain post (rate-limited, too large). */
  initialNotice?: string;
  /** The floor plan the visitor asked about (`/contact?plan=<slug>`), sent along as the hidden field `plan`. */
  plan?: string;
  /** Names for the consent sentence under the form. */
  consent: LeadConsentNames;
  /** The homesite the visitor asked about (`/contact?homesite=N`), sent along as the hidden field `homesite`. */
  homesite?: number;
  /** Where the visit began as the server saw it; the boot script replaces it with the first landing page. */
  visit: VisitContext;
  /** On the builder's contact page: the communities the message may be about, and the one chosen. */
  communities?: { slug: string; name: string }[];
  community?: string;
}

/** The seed's own alert for a bad phone; the phone field points at it (aria-describedby) while it shows. */
const INVALID_PHONE_ALERT_ID = 'contact-invalid-phone';

/** Answers whose text is the server's own sentence for the buyer: too many posts, a post too large. */
const REFUSALS: Partial<Record<number, 'rate-limited' | 'too-large'>> = { 429: 'rate-limited', 413: 'too-large' };

const EMPTY: ContactInput = { firstname: '', lastname: '', email: '', phone: '', subject: '', message: '' };

const INPUT_ATTRIBUTES: Record<
  ContactField,
  { type?: string; autoComplete: string; inputMode?: 'tel'; placeholder?: string }
> = {
  firstname: { type: 'text', autoComplete: 'given-name' },
  lastname: { type: 'text', autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email', placeholder: EMAIL_EXAMPLE },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: PHONE_EXAMPLE },
  subject: { type: 'text', autoComplete: 'off' },
  message: { autoComplete: 'off' },
};

/**
 * The server's values, overridden by what the visitor typed before the form hydrated, a typed phone in its format.
 * The server's phone is shown as the buyer wrote it: formatting a refused one would cut it to a number that looks
 * right next to "Invalid phone number".
 */
function startingValues(fromServer: Partial<ContactInput>, typed: Readonly<Record<string, string>>): ContactInput {
  const values = { ...EMPTY, ...fromServer };
  for (const field of CONTACT_FIELDS) values[field] = typed[field] ?? values[field];
  return typed.phone === undefined ? values : { ...values, phone: formatPhone(typed.phone) };
}

/** Every field's problem at once (contract: deviations); the phone's is the seed's "Invalid phone number". */
function problemsOf(values: ContactInput): ContactErrors {
  const found: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const problem = fieldError(field, contactText(field, values[field]));
    if (problem) found[field] = problem;
  }
  return found;
}

/**
 * The contact form (seed-spec §4, §5, §7). Without JavaScript it posts as a plain form and the server answers
 * with the outcome page; with JavaScript it validates with the same rules as the server, formats the phone as
 * the user types, and posts in the background, reading the answer as text (`success` or anything else).
 * Both show every field's problem at once, so the form never validates natively (one bubble at a time).
 */
export default function ContactForm({
  initialValues,
  initialErrors,
  initialStatus,
  initialNotice,
  plan,
  homesite,
  visit,
  consent,
  communities,
  community,
}: ContactFormProps) {
  const enhanced = useEnhanced();
  const typed = useInputBeforeHydration();
  const [values, setValues] = useState<ContactInput>(() => startingValues(initialValues, typed.values));
  const [errors, setErrors] = useState<ContactErrors>(initialErrors);
  const [status, setStatus] = useState<Status>(initialStatus);
  const [notice, setNotice] = useState<string | undefined>(initialNotice);
  // The problems of a plain post are listed at the top; a send with JavaScript focuses the first field instead.
  const [summaryShown, setSummaryShown] = useState(Object.keys(initialErrors).length > 0);
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  function update(field: ContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  // A phone typed before hydration is shown formatted from the enhanced render on: the caret stays after its digits.
  useLayoutEffect(() => {
    const { focus } = typed;
    const raw = typed.values.phone;
    const input = formRef.current?.querySelector<HTMLInputElement>('[name="phone"]');
    if (!enhanced || focus?.name !== 'phone' || raw === undefined || !input || document.activeElement !== input) return;
    const caret = caretAfterDigits(input.value, phoneDigitsBeforeCaret(raw, focus.selectionStart ?? raw.length));
    input.setSelectionRange(caret, caret);
  }, [enhanced, typed]);

  // Where the caret goes once the formatted phone is on screen: set in the same commit, before the next key is
  // handled, so a key typed within a frame of the last one lands after the same digits.
  const phoneCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = phoneCaret.current;
    phoneCaret.current = null;
    const input = formRef.current?.querySelector<HTMLInputElement>('[name="phone"]');
    if (caret === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret, caret);
  }, [values]);

  function onPhoneChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const digitsBeforeCaret = phoneDigitsBeforeCaret(input.value, input.selectionStart ?? input.value.length);
    const formatted = formatPhone(input.value);
    phoneCaret.current = caretAfterDigits(formatted, digitsBeforeCaret);
    // A new values object each time, so the commit (and the caret above) comes even when the formatted number is
    // unchanged (a character the formatter drops).
    update('phone', formatted);
    if (status === 'invalid-phone') setStatus('idle');
  }

  function focusField(field: ContactField) {
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  /** Shows the outcome of a send. Disabling the button dropped its focus: the outcome takes it, for screen readers too. */
  function settle(outcome: Status) {
    flushSync(() => setStatus(outcome));
    if (document.activeElement === document.body || document.activeElement === null) outcomeRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const found = problemsOf(values);
    setErrors(found);
    const firstInvalid = CONTACT_FIELDS.find((field) => found[field]);
    setSummaryShown(false);
    if (firstInvalid) {
      // Seed: an invalid phone shows its own alert and nothing is sent.
      setStatus(found.phone ? 'invalid-phone' : 'idle');
      focusField(firstInvalid);
      return;
    }
    setStatus('sending');
    const body = new URLSearchParams(values);
    const chosen = formRef.current?.querySelector<HTMLSelectElement>(`select[name="${COMMUNITY_FIELD}"]`)?.value;
    if (chosen) body.set(COMMUNITY_FIELD, chosen);
    // Hydration wrote the server's visit fields back into the form: the visit's first landing page replaces them.
    if (formRef.current) fillVisitFields(formRef.current);
    for (const field of LEAD_CONTEXT_FIELDS) {
      const value = formRef.current?.querySelector<HTMLInputElement>(`input[type="hidden"][name="${field}"]`)?.value;
      if (value) body.set(field, value);
    }
    const honeypot = formRef.current?.querySelector<HTMLInputElement>(`[name="${HONEYPOT_FIELD}"]`)?.value ?? '';
    if (honeypot) body.set(HONEYPOT_FIELD, honeypot);
    try {
      const response = await fetch(CONTACT_SUBMIT_PATH, {
        method: 'POST',
        headers: { Accept: 'text/plain' },
        body,
      });
      const text = await response.text();
      const refusal = REFUSALS[response.status];
      if (text === CONTACT_SUCCESS_ANSWER) {
        setValues(EMPTY);
        setErrors({});
        settle('success');
      } else if (refusal && text.trim() !== '') {
        // The server's sentence says what to do (when to try again, what to shorten): shown instead of the generic alert.
        setNotice(text.trim());
        settle(refusal);
      } else {
        settle('failure');
      }
    } catch {
      // The seed ignores network errors; a buyer must never believe a lost message was sent (docs/decisions).
      settle('failure');
    }
  }

  const sending = status === 'sending';
  const phoneAlertShown = status === 'invalid-phone';
  // While the seed's phone alert shows, it is the phone's message; it is not repeated under the field.
  const errorFor = (field: ContactField) => (field === 'phone' && phoneAlertShown ? undefined : errors[field]);

  return (
    <form
      ref={formRef}
      className="contact-form"
      method="post"
      action={CONTACT_SUBMIT_PATH}
      noValidate
      onSubmit={enhanced ? onSubmit : undefined}
      aria-describedby="contact-form-note"
      {...{ [LEAD_FORM_ATTRIBUTE]: '' }}
    >
      {summaryShown ? (
        <ErrorSummary
          id="contact-problems"
          problems={CONTACT_FIELDS.flatMap((field) => {
            return errors[field] ? [{ fieldId: `contact-${field}`, label: CONTACT_LABELS[field] }] : [];
          })}
          focusOnLoad={!enhanced}
        />
      ) : null}
      <p id="contact-form-note" className="form-note">
        All fields are required.
      </p>
      <div className="alerts" aria-live="polite">
        {status === 'success' ? (
          <p ref={outcomeRef} className="alert alert-success" role="status" tabIndex={-1}>
            {MESSAGES.contactSuccess}
          </p>
        ) : null}
        {status === 'failure' ? (
          <p ref={outcomeRef} className="alert alert-error" role="alert" tabIndex={-1}>
            {MESSAGES.contactFailure}
          </p>
        ) : null}
        {(status === 'rate-limited' || status === 'too-large') && notice ? (
          <p ref={outcomeRef} className="alert alert-error" role="alert" tabIndex={-1}>
            {notice}
          </p>
        ) : null}
        {phoneAlertShown ? (
          <p id={INVALID_PHONE_ALERT_ID} className="alert alert-error" role="alert">
            {MESSAGES.invalidPhone}
          </p>
        ) : null}
      </div>
      <div className="form-grid">
        {CONTACT_FIELDS.map((field) => {
          const error = errorFor(field);
          const id = `contact-${field}`;
          const phoneAlert = field === 'phone' && phoneAlertShown;
          const common = {
            id,
            name: field,
            value: values[field],
            required: true,
            maxLength: field === 'phone' ? PHONE_INPUT_MAX_LENGTH : inputMaxLength(field),
            'aria-invalid': error || phoneAlert ? true : undefined,
            'aria-describedby': error ? `${id}-error` : phoneAlert ? INVALID_PHONE_ALERT_ID : undefined,
            ...INPUT_ATTRIBUTES[field],
          };
          return (
            <div key={field} className={`field field-${field}`}>
              <label htmlFor={id}>{CONTACT_LABELS[field]}</label>
              {field === 'message' ? (
                <textarea {...common} rows={6} onChange={(event) => update(field, event.currentTarget.value)} />
              ) : (
                <input
                  {...common}
                  pattern={
                    field === 'email'
                      ? EMAIL_PATTERN_ATTRIBUTE
                      : field === 'phone'
                        ? PHONE_INPUT_PATTERN_ATTRIBUTE
                        : undefined
                  }
                  onChange={field === 'phone' ? onPhoneChange : (event) => update(field, event.currentTarget.value)}
                />
              )}
              {field === 'phone' ? (
                // Not in aria-describedby, which names only a problem: the placeholder tells a screen reader the same.
                <p className="field-hint">{PHONE_HINT}</p>
              ) : null}
              {error ? (
                <p id={`${id}-error`} className="field-error">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="field-trap" aria-hidden="true">
          <label htmlFor={`contact-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input
            id={`contact-${HONEYPOT_FIELD}`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        {communities && communities.length > 0 ? (
          <div className="field field-community">
            <label htmlFor="contact-community">Which community is it about?</label>
            <select id="contact-community" name={COMMUNITY_FIELD} defaultValue={community ?? ''}>
              <option value="">Not sure yet</option>
              {communities.map((choice) => (
                <option key={choice.slug} value={choice.slug}>
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {plan ? <input type="hidden" name={PLAN_FIELD} value={plan} /> : null}
        {homesite ? <input type="hidden" name={HOMESITE_FIELD} value={homesite} /> : null}
        <VisitFields visit={visit} />
      </div>
      <LeadConsent action="sending this message" {...consent} />
      <button className="button button-accent" type="submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
