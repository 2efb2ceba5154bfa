import { isCommunityContent, type SiteContent } from '../../src/content/builder-content.js';
import { HONEYPOT_FIELD } from '../../src/shared/contact-form.js';
import {
  EMAIL_EXAMPLE,
  EMAIL_PATTERN_ATTRIBUTE,
  PHONE_EXAMPLE,
  PHONE_HINT,
  PHONE_INPUT_PATTERN_ATTRIBUTE,
} from '../../src/shared/contact-rules.js';
import { ErrorSummary } from '../../src/shared/ErrorSummary.js';
import { LeadConsent } from '../../src/shared/LeadConsent.js';
import {
  AGENT_FIELDS,
  AGENT_REGISTER_PATH,
  AGENT_RULES,
  ruleMaxLength,
  type AgentField,
} from '../../src/shared/reach-forms.js';
import { VisitFields } from '../../src/shared/VisitFields.js';
import { LEAD_FORM_ATTRIBUTE, type VisitContext } from '../../src/shared/visit-context.js';
import { Layout } from '../Layout.js';
import { PageHeading } from '../PageHeading.js';

export interface AgentsPageState {
  values?: Partial<Record<AgentField, string>>;
  errors?: Partial<Record<AgentField, string>>;
  /** The registration was stored (a plain post's redirect). */
  sent?: boolean;
  /** Why the last post was refused, said above the form: the client is already registered, too many posts … */
  notice?: string;
}

interface AgentsPageProps {
  /** A community's content, or on a builder's site of several communities the builder's own. */
  content: SiteContent;
  path: string;
  visit: VisitContext;
  state?: AgentsPageState;
}

const INPUT_TYPES: Record<AgentField, { type: string; autoComplete: string }> = {
  agent_firstname: { type: 'text', autoComplete: 'given-name' },
  agent_lastname: { type: 'text', autoComplete: 'family-name' },
  agent_email: { type: 'email', autoComplete: 'email' },
  agent_phone: { type: 'tel', autoComplete: 'tel' },
  brokerage: { type: 'text', autoComplete: 'organization' },
  license: { type: 'text', autoComplete: 'off' },
  client_firstname: { type: 'text', autoComplete: 'off' },
  client_lastname: { type: 'text', autoComplete: 'off' },
  client_email: { type: 'email', autoComplete: 'off' },
};

const GROUPS: { legend: string; fields: AgentField[] }[] = [
  {
    legend: 'You',
    fields: ['agent_firstname', 'agent_lastname', 'agent_email', 'agent_phone', 'brokerage', 'license'],
  },
  { legend: 'Your client', fields: ['client_firstname', 'client_lastname', 'client_email'] },
];

const fieldId = (field: AgentField) => `agent-${field.replace('_', '-')}`;
const errorId = (field: AgentField) => `${fieldId(field)}-error`;

function Field({ field, state }: { field: AgentField; state: AgentsPageState }) {
  const rule = AGENT_RULES[field];
  const error = state.errors?.[field];
  const input = INPUT_TYPES[field];
  const describedBy = [field === 'agent_phone' ? `${fieldId(field)}-hint` : '', error ? errorId(field) : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={fieldId(field)}>{rule.label}</label>
      <input
        id={fieldId(field)}
        name={field}
        type={input.type}
        required
        autoComplete={input.autoComplete}
        pattern={
          rule.kind === 'email'
            ? EMAIL_PATTERN_ATTRIBUTE
            : rule.kind === 'phone'
              ? PHONE_INPUT_PATTERN_ATTRIBUTE
              : undefined
        }
        placeholder={rule.kind === 'email' ? EMAIL_EXAMPLE : rule.kind === 'phone' ? PHONE_EXAMPLE : undefined}
        inputMode={rule.kind === 'phone' ? 'tel' : undefined}
        maxLength={ruleMaxLength(rule)}
        defaultValue={state.values?.[field] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {field === 'agent_phone' ? (
        <p id={`${fieldId(field)}-hint`} className="field-hint">
          {PHONE_HINT}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(field)} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * /agents: the terms for real-estate agents (the `agents` content section) and the form that registers a client.
 * No widget: a plain form that the browser checks with the server's own rules (reach-forms.ts).
 */
export function AgentsPage({ content, path, visit, state = {} }: AgentsPageProps) {
  const { agents, builder } = content;
  const community = isCommunityContent(content) ? content.community.name : undefined;
  const problems = AGENT_FIELDS.flatMap((field) =>
    state.errors?.[field] ? [{ fieldId: fieldId(field), label: AGENT_RULES[field].label }] : [],
  );
  return (
    <Layout content={content} path={path}>
      <PageHeading title="For real-estate agents">
        <p>
          Register your client with {builder.name} before their first visit to {community ?? 'one of our communities'}.
        </p>
      </PageHeading>
      <div className="container agents">
        <section className="agents-terms" aria-labelledby="agents-terms-heading">
          <h2 id="agents-terms-heading">Terms</h2>
          <dl className="agents-facts">
            <div>
              <dt>Commission</dt>
              <dd>{agents.commission}</dd>
            </div>
            <div>
              <dt>Protection period</dt>
              <dd>{`${agents.protectionDays} days from the day you register your client`}</dd>
            </div>
          </dl>
          {agents.terms.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section className="agents-register" aria-labelledby="agents-form-heading">
          <h2 id="agents-form-heading">Register a client</h2>
          {state.sent ? (
            <p className="alert alert-success" role="status">
              Thank you: your client is registered with you for {agents.protectionDays} days from today. We confirm each
              registration by e-mail within one business day.
            </p>
          ) : null}
          <form className="agents-form" method="post" action={AGENT_REGISTER_PATH} {...{ [LEAD_FORM_ATTRIBUTE]: '' }}>
            <ErrorSummary id="agents-problems" problems={problems} focusOnLoad={problems.length > 0} />
            {state.notice ? (
              <p className="alert alert-error" role="alert">
                {state.notice}
              </p>
            ) : null}
            {GROUPS.map((group) => (
              <fieldset key={group.legend}>
                <legend>{group.legend}</legend>
                <div className="form-grid">
                  {group.fields.map((field) => (
                    <Field key={field} field={field} state={state} />
                  ))}
                </div>
              </fieldset>
            ))}
            <div className="field-trap" aria-hidden="true">
              <label htmlFor="agent-website">Leave this field empty</label>
              <input id="agent-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <VisitFields visit={visit} />
            <LeadConsent
              action="registering your client"
              builder={builder.name}
              community={community ?? 'its communities'}
            />
            <button className="button button-accent" type="submit">
              Register my client
            </button>
          </form>
        </section>
      </div>
    </Layout>
  );
}
