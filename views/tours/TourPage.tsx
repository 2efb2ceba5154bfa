import {
  CONTACT_LABELS,
  EMAIL_EXAMPLE,
  EMAIL_PATTERN_ATTRIBUTE,
  inputMaxLength,
  PHONE_EXAMPLE,
  PHONE_HINT,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_INPUT_PATTERN_ATTRIBUTE,
} from '../../src/shared/contact-rules.js';
import { ErrorSummary } from '../../src/shared/ErrorSummary.js';
import { PHONE_FORMAT_ATTRIBUTE } from '../../src/shared/phone-input.js';
import { Layout } from '../Layout.js';
import type { SiteProps } from '../site-props.js';
import { HONEYPOT_FIELD } from '../../src/shared/contact-form.js';
import { LeadConsent } from '../../src/shared/LeadConsent.js';
import { LEAD_FORM_ATTRIBUTE, type VisitContext } from '../../src/shared/visit-context.js';
import { VisitFields } from '../../src/shared/VisitFields.js';
import { TourCalendar } from './TourCalendar.js';
import type { TourDay } from './tour-day.js';
import { communityPath } from '../../src/render/community-path.js';

// The page's day props, for its handler: the type lives beside the calendar so that neither view imports the other.
export type { TourDay };

/** The id of the chosen day's times: a day link leads there, so the times are in view and next in tab order. */
export const TOUR_DAY_ID = 'tour-day';

export type TourFormField = 'firstname' | 'lastname' | 'email' | 'phone' | 'message' | 'start';

interface TourPageProps extends SiteProps {
  /** Every date from today to the last bookable one, closed dates included. */
  days: TourDay[];
  /** The date whose times are shown (undefined when no day has times). */
  chosen?: string;
  /** The address of the tour page for a date. */
  dayHref: (date: string) => string;
  values: Partial<Record<TourFormField, string>>;
  errors: Partial<Record<TourFormField, string>>;
  /** Why the last post was not booked, said above the form. */
  alert?: string;
  homesite: number | null;
  plan: { slug: string; name: string } | null;
  /** Where the visit began as the server saw it; the boot script replaces it with the first landing page. */
  visit: VisitContext;
  zoneName: string;
}

const CONTACT_INPUTS = [
  { field: 'firstname', type: 'text', autoComplete: 'given-name' },
  { field: 'lastname', type: 'text', autoComplete: 'family-name' },
  { field: 'email', type: 'email', autoComplete: 'email', pattern: EMAIL_PATTERN_ATTRIBUTE },
  { field: 'phone', type: 'tel', autoComplete: 'tel', pattern: PHONE_INPUT_PATTERN_ATTRIBUTE },
] as const;

const TIMES_LEGEND = 'Day and time';
const NOTE_LABEL = 'Note (optional)';

/** The summary's order: the form's own, the time first. */
const FORM_ORDER: readonly TourFormField[] = ['start', 'firstname', 'lastname', 'email', 'phone', 'message'];

/** Where the summary's link for a time problem lands: the list of days and times. */
const TIMES_ID = 'tour-times';

function fieldId(field: TourFormField) {
  return field === 'start' ? TIMES_ID : `tour-${field}`;
}

function fieldLabel(field: TourFormField): string {
  if (field === 'start') return TIMES_LEGEND;
  return field === 'message' ? NOTE_LABEL : CONTACT_LABELS[field];
}

function fieldErrorId(field: TourFormField) {
  return `tour-${field}-error`;
}

/** The chosen day's times as radio buttons, or why it has none. */
function ChosenDay({ day, start }: { day: TourDay | undefined; start: string | undefined }) {
  if (!day) return null;
  return (
    <div id={TOUR_DAY_ID} className="tour-chosen-day">
      <fieldset className="tour-day">
        <legend>{day.label}</legend>
        {day.state === 'closed' ? (
          <p className="tour-day-note">The sales center is closed on this day. Please choose another day.</p>
        ) : null}
        {day.state === 'full' ? (
          <p className="tour-day-note">Every time on this day is booked. Please choose another day.</p>
        ) : null}
        {day.times.length > 0 ? (
          <div className="tour-day-times">
            {day.times.map((time) => (
              <label key={time.start} className="tour-time">
                <input
                  type="radio"
                  name="start"
                  value={time.start}
                  required
                  disabled={time.left === 0}
                  defaultChecked={start === time.start}
                />
                <span>{time.label}</span>
                {time.left === 0 ? <span className="tour-time-full"> (full)</span> : null}
              </label>
            ))}
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}

export function TourPage(props: TourPageProps) {
  const { content, path, days, chosen, dayHref, values, errors, alert, homesite, plan, visit, zoneName } = props;
  const { community, builder } = content;
  const about = [homesite ? `homesite ${homesite}` : null, plan ? plan.name : null].filter(Boolean);
  return (
    <Layout content={content} path={path}>
      <section className="tours container" aria-labelledby="tours-heading">
        <h1 id="tours-heading">Schedule a tour</h1>
        <p>
          Visit the model home at {community.address.street}, {community.address.city}. Choose a day and a time, leave
          your details, and a sales counselor will be there to meet you
          {about.length > 0 ? ` and talk about ${about.join(' and ')}` : ''}. All times are {zoneName} (
          {community.address.city}, {community.address.region} time).
        </p>
        <form
          className="tour-form"
          method="post"
          action={communityPath('/tours')}
          noValidate
          {...{ [LEAD_FORM_ATTRIBUTE]: '' }}
        >
          <ErrorSummary
            id="tour-problems"
            problems={FORM_ORDER.flatMap((field) => {
              return errors[field] ? [{ fieldId: fieldId(field), label: fieldLabel(field) }] : [];
            })}
            focusOnLoad
          />
          {alert ? (
            <p className="alert alert-error" role="alert">
              {alert}
            </p>
          ) : null}
          <fieldset
            id={TIMES_ID}
            className="tour-times"
            aria-describedby={errors.start ? fieldErrorId('start') : undefined}
          >
            <legend>{TIMES_LEGEND}</legend>
            {errors.start ? (
              <p id={fieldErrorId('start')} className="field-error">
                {errors.start}
              </p>
            ) : null}
            {days.some((day) => day.state !== 'closed') ? (
              <TourCalendar days={days} chosen={chosen} hrefOf={dayHref} />
            ) : (
              <p>No tour times are open right now; please call us.</p>
            )}
            <ChosenDay day={days.find((day) => day.date === chosen)} start={values.start} />
          </fieldset>
          <fieldset className="tour-contact">
            <legend>Your details</legend>
            <div className="form-grid">
              {CONTACT_INPUTS.map((input) => {
                const error = errors[input.field];
                return (
                  <div key={input.field} className="field">
                    <label htmlFor={`tour-${input.field}`}>{CONTACT_LABELS[input.field]}</label>
                    <input
                      id={`tour-${input.field}`}
                      name={input.field}
                      type={input.type}
                      autoComplete={input.autoComplete}
                      pattern={'pattern' in input ? input.pattern : undefined}
                      placeholder={
                        input.field === 'phone' ? PHONE_EXAMPLE : input.field === 'email' ? EMAIL_EXAMPLE : undefined
                      }
                      maxLength={input.field === 'phone' ? PHONE_INPUT_MAX_LENGTH : inputMaxLength(input.field)}
                      inputMode={input.field === 'phone' ? 'tel' : undefined}
                      required
                      defaultValue={values[input.field] ?? ''}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? fieldErrorId(input.field) : undefined}
                      {...(input.field === 'phone' ? { [PHONE_FORMAT_ATTRIBUTE]: '' } : {})}
                    />
                    {input.field === 'phone' ? (
                      // Not in aria-describedby, which names only a problem: the placeholder says the same.
                      <p className="field-hint">{PHONE_HINT}</p>
                    ) : null}
                    {error ? (
                      <p id={fieldErrorId(input.field)} className="field-error">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
              <div className="field field-message">
                <label htmlFor="tour-message">{NOTE_LABEL}</label>
                <textarea
                  id="tour-message"
                  name="message"
                  rows={4}
                  maxLength={inputMaxLength('message')}
                  defaultValue={values.message ?? ''}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? fieldErrorId('message') : undefined}
                />
                {errors.message ? (
                  <p id={fieldErrorId('message')} className="field-error">
                    {errors.message}
                  </p>
                ) : null}
              </div>
              <div className="field-trap" aria-hidden="true">
                <label htmlFor="tour-website">Leave this field empty</label>
                <input id="tour-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
              </div>
              {homesite ? <input type="hidden" name="homesite" value={homesite} /> : null}
              {plan ? <input type="hidden" name="plan" value={plan.slug} /> : null}
              <VisitFields visit={visit} />
            </div>
          </fieldset>
          <LeadConsent action="booking this tour" builder={builder.name} community={community.name} />
          <button className="button button-accent" type="submit">
            Book my tour
          </button>
        </form>
      </section>
    </Layout>
  );
}
