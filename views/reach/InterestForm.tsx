import type { Content } from '../../src/content/index.js';
import { HONEYPOT_FIELD } from '../../src/shared/contact-form.js';
import { EMAIL_EXAMPLE, EMAIL_PATTERN_ATTRIBUTE } from '../../src/shared/contact-rules.js';
import { ErrorSummary } from '../../src/shared/ErrorSummary.js';
import { INTEREST_PATH, INTEREST_RULES, ruleMaxLength, type InterestField } from '../../src/shared/reach-forms.js';
import { VisitFields } from '../../src/shared/VisitFields.js';
import { LEAD_FORM_ATTRIBUTE } from '../../src/shared/visit-context.js';
import { LeadConsent } from '../../src/shared/LeadConsent.js';
import { communityPath } from '../../src/render/community-path.js';

export interface InterestFormState {
  values?: Partial<Record<InterestField, string>>;
  errors?: Partial<Record<InterestField, string>>;
  plan?: string;
  /** A refusal said above the form (sending too often, a post too large). */
  notice?: string;
}

interface InterestFormProps {
  /** Makes the form's ids unique on its page ("home", "site-plan", "page"). */
  id: string;
  /** Who writes (the builder), about what (the community), and the plans a buyer may ask about. */
  content: Pick<Content, 'builder' | 'community' | 'floorPlans'>;
  /** The form's heading level: h2 in a page's section, h1 … never; the standalone page has its own h1. */
  heading: string;
  state?: InterestFormState;
}

/**
 * "Get news of the next release": the interest list's short form (contract: on `/` and `/site-plan`). A plain
 * form, no widget: it adds no script to the pages it is on, and the browser checks the same rules the server
 * does (reach-forms.ts) through `required`, `type`, `pattern` and `maxlength`.
 */
export function InterestForm({ id, content, heading, state = {} }: InterestFormProps) {
  const builderName = content.builder.name;
  const communityName = content.community.name;
  const errors = state.errors ?? {};
  const values = state.values ?? {};
  const fieldId = (field: string) => `interest-${id}-${field}`;
  const errorId = (field: string) => `interest-${id}-${field}-error`;
  const problems = (['email', 'firstname'] as const).flatMap((field) =>
    errors[field] ? [{ fieldId: fieldId(field), label: INTEREST_RULES[field].label }] : [],
  );
  return (
    <section className="interest container" aria-labelledby={`interest-${id}-heading`} id={`interest-${id}`}>
      <div className="interest-text">
        <h2 id={`interest-${id}-heading`}>{heading}</h2>
        <p>
          Homesites are released in phases. Leave your e-mail and {builderName} will write to you once when the next
          ones are released. We first send a link to confirm your address; every e-mail has a one-click unsubscribe.
        </p>
      </div>
      <form
        className="interest-form"
        method="post"
        action={communityPath(INTEREST_PATH)}
        {...{ [LEAD_FORM_ATTRIBUTE]: '' }}
      >
        <ErrorSummary id={`interest-${id}-problems`} problems={problems} focusOnLoad={problems.length > 0} />
        {state.notice ? (
          <p className="alert alert-error" role="alert">
            {state.notice}
          </p>
        ) : null}
        <div className="interest-fields">
          <div className="field">
            <label htmlFor={fieldId('email')}>Email</label>
            <input
              id={fieldId('email')}
              name="email"
              type="email"
              required
              autoComplete="email"
              pattern={EMAIL_PATTERN_ATTRIBUTE}
              placeholder={EMAIL_EXAMPLE}
              maxLength={ruleMaxLength(INTEREST_RULES.email)}
              defaultValue={values.email ?? ''}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? errorId('email') : undefined}
            />
            {errors.email ? (
              <p id={errorId('email')} className="field-error">
                {errors.email}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={fieldId('firstname')}>
              First name <span className="field-optional">(optional)</span>
            </label>
            <input
              id={fieldId('firstname')}
              name="firstname"
              type="text"
              autoComplete="given-name"
              maxLength={ruleMaxLength(INTEREST_RULES.firstname)}
              defaultValue={values.firstname ?? ''}
              aria-invalid={errors.firstname ? true : undefined}
              aria-describedby={errors.firstname ? errorId('firstname') : undefined}
            />
            {errors.firstname ? (
              <p id={errorId('firstname')} className="field-error">
                {errors.firstname}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={fieldId('plan')}>
              Floor plan <span className="field-optional">(optional)</span>
            </label>
            <select id={fieldId('plan')} name="plan" defaultValue={state.plan ?? ''}>
              <option value="">Any plan</option>
              {content.floorPlans.map((plan) => (
                <option key={plan.slug} value={plan.slug}>
                  {plan.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field-trap" aria-hidden="true">
            <label htmlFor={fieldId('website')}>Leave this field empty</label>
            <input id={fieldId('website')} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <VisitFields visit={{}} />
          <button className="button button-accent" type="submit">
            Get news of the next release
          </button>
        </div>
        <LeadConsent action="signing up" builder={builderName} community={communityName} />
      </form>
    </section>
  );
}
