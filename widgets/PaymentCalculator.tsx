import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  advertisedText,
  CHOICE_FIELDS,
  CHOICE_PARAMS,
  ESTIMATE_ANCHOR,
  estimatePayment,
  formatDollars,
  formatPercent,
  readChoices,
  termChoices,
  type AskedChoices,
  type ChoiceField,
  type FinancingTerms,
  type PaymentEstimate,
} from '../src/shared/payment-estimate.js';
import { useInputBeforeHydration } from './input-before-hydration.js';

interface PaymentCalculatorProps {
  /** The price the estimate is for, whole USD (a plan's base price, a homesite's price). */
  price: number;
  terms: FinancingTerms;
  /** The buyer's fields as the address gave them (the form without JavaScript). */
  asked: AskedChoices;
}

const FIELD_IDS: Record<ChoiceField, string> = {
  downPaymentPercent: 'payment-down',
  ratePercent: 'payment-rate',
  termYears: 'payment-term',
};

const LABELS: Record<ChoiceField, string> = {
  downPaymentPercent: 'Down payment (%)',
  ratePercent: 'Interest rate (%)',
  termYears: 'Term (years)',
};

/** Below this down payment a lender usually adds mortgage insurance, which the estimate does not hold. */
const MORTGAGE_INSURANCE_BELOW = 20;

/**
 * The loan's terms beside its payment, as Regulation Z asks of any payment shown (12 CFR 1026.24(d)): the down
 * payment, the terms of repayment and the APR. A rate or term the buyer chose has no APR of ours: it says so.
 */
function termsText(estimate: PaymentEstimate): string {
  const down = `${formatPercent(estimate.downPaymentPercent)} down (${formatDollars(estimate.downPayment)})`;
  const loan = `a ${estimate.termYears}-year fixed-rate loan of ${formatDollars(estimate.loanAmount)}, ${estimate.payments} monthly payments`;
  const apr =
    estimate.aprPercent === null
      ? `${formatPercent(estimate.ratePercent)} interest (the APR of a rate or term you choose depends on the lender’s costs)`
      : `${formatPercent(estimate.ratePercent)} interest, ${formatPercent(estimate.aprPercent)} APR`;
  return `With ${down}, ${loan}, at ${apr}.`;
}

function advertisedTermsText(terms: FinancingTerms): string {
  return `Advertised terms: ${formatPercent(terms.downPaymentPercent)} down, ${terms.termYears} years, ${formatPercent(terms.ratePercent)} interest, ${formatPercent(terms.aprPercent)} APR.`;
}

/** The parts of a payment, in the order a lender's estimate lists them; null where staff set none. */
function partsOf(estimate: PaymentEstimate): { name: string; inSentence: string; amount: number | null }[] {
  return [
    { name: 'Principal and interest', inSentence: 'principal and interest', amount: estimate.principalAndInterest },
    { name: 'Property taxes', inSentence: 'property taxes', amount: estimate.propertyTax },
    { name: 'Homeowner’s insurance', inSentence: 'homeowner’s insurance', amount: estimate.insurance },
    { name: 'HOA dues', inSentence: 'HOA dues', amount: estimate.hoa },
  ];
}

/** What the payment leaves out, so a buyer does not read the estimate as all of it. */
function notIncludedText(estimate: PaymentEstimate): string {
  const left = partsOf(estimate)
    .filter((part) => part.amount === null)
    .map((part) => part.inSentence);
  if (estimate.downPaymentPercent < MORTGAGE_INSURANCE_BELOW)
    left.push('mortgage insurance, which lenders usually ask for with less than 20% down');
  if (left.length === 0) return '';
  return `Not included: ${left.length < 2 ? left[0] : `${left.slice(0, -1).join(', ')} and ${left.at(-1)}`}. `;
}

/** The fields as the address carries them: only values that differ from the advertised ones. */
function addressOf(texts: Record<ChoiceField, string>, terms: FinancingTerms): string {
  const params = new URLSearchParams(window.location.search);
  for (const field of CHOICE_FIELDS) {
    const text = texts[field].trim();
    if (text === '' || text === advertisedText(field, terms)) params.delete(CHOICE_PARAMS[field]);
    else params.set(CHOICE_PARAMS[field], text);
  }
  const query = params.toString();
  return `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
}

/**
 * A monthly payment estimate a buyer can change: a plain GET form (down payment, rate, term) that the server figures
 * without JavaScript, and that figures as the buyer types once hydrated, by the same rules (shared/payment-estimate).
 */
export default function PaymentCalculator({ price, terms, asked: askedInAddress }: PaymentCalculatorProps) {
  const typed = useInputBeforeHydration();
  const [asked, setAsked] = useState<AskedChoices>(() => {
    const fromPage = { ...askedInAddress };
    for (const field of CHOICE_FIELDS) {
      const value = typed.values[CHOICE_PARAMS[field]];
      if (value !== undefined) fromPage[field] = [value];
    }
    return fromPage;
  });
  const reading = readChoices(asked, terms);
  const [texts, setTexts] = useState<Record<ChoiceField, string>>(() => {
    const shown = { ...reading.values };
    // A term the select does not offer would show as its first option: it shows the term the estimate uses.
    if (reading.ignored.termYears) shown.termYears = String(reading.choices.termYears);
    return shown;
  });
  const changed = useRef(false);
  useEffect(() => {
    if (changed.current) window.history.replaceState(window.history.state, '', addressOf(texts, terms));
  }, [texts, terms]);

  const estimate = estimatePayment(price, terms, reading.choices);
  const parts = partsOf(estimate).flatMap(({ name, amount }) => (amount === null ? [] : [{ name, amount }]));

  function change(field: ChoiceField) {
    return (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const { value } = event.target;
      changed.current = true;
      setTexts((current) => ({ ...current, [field]: value }));
      setAsked((current) => ({ ...current, [field]: [value] }));
    };
  }

  // Once live, the estimate is already figured and the address kept in step: sending the form would only load the
  // same page again (Enter in a field sends it).
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
  }

  function problemId(field: ChoiceField): string {
    return `${FIELD_IDS[field]}-problem`;
  }

  function fieldProps(field: ChoiceField) {
    const problem = reading.ignored[field];
    return {
      id: FIELD_IDS[field],
      name: CHOICE_PARAMS[field],
      value: texts[field],
      onChange: change(field),
      ...(problem ? { 'aria-invalid': true, 'aria-describedby': problemId(field) } : {}),
    };
  }

  function problemOf(field: ChoiceField) {
    const problem = reading.ignored[field];
    return problem ? (
      <p className="field-error" id={problemId(field)}>
        {problem}
      </p>
    ) : null;
  }

  return (
    <div className="payment-calculator">
      <output className="payment-result" htmlFor={Object.values(FIELD_IDS).join(' ')} aria-live="polite">
        <span className="payment-amount">
          Estimated payment <strong>{formatDollars(estimate.total)}/mo</strong>
        </span>{' '}
        <span className="payment-terms">{termsText(estimate)}</span>
      </output>
      {estimate.advertised ? null : <p className="payment-advertised">{advertisedTermsText(terms)}</p>}
      <dl className="payment-parts">
        {parts.map((part) => (
          <div key={part.name}>
            <dt>{part.name}</dt>
            <dd>{formatDollars(part.amount)}</dd>
          </div>
        ))}
      </dl>
      <p className="payment-includes">
        {notIncludedText(estimate)}An estimate, not an offer of credit: your lender figures your actual payment.
      </p>
      <form
        className="payment-form"
        method="get"
        action={`#${ESTIMATE_ANCHOR}`}
        onSubmit={submit}
        aria-labelledby="payment-form-heading"
      >
        <h3 id="payment-form-heading">Try your own numbers</h3>
        <div className="payment-fields">
          <div className="field">
            <label htmlFor={FIELD_IDS.downPaymentPercent}>{LABELS.downPaymentPercent}</label>
            <input type="text" inputMode="decimal" autoComplete="off" {...fieldProps('downPaymentPercent')} />
            {problemOf('downPaymentPercent')}
          </div>
          <div className="field">
            <label htmlFor={FIELD_IDS.ratePercent}>{LABELS.ratePercent}</label>
            <input type="text" inputMode="decimal" autoComplete="off" {...fieldProps('ratePercent')} />
            {problemOf('ratePercent')}
          </div>
          <div className="field">
            <label htmlFor={FIELD_IDS.termYears}>{LABELS.termYears}</label>
            <select {...fieldProps('termYears')}>
              {termChoices(terms).map((years) => (
                <option key={years} value={String(years)}>
                  {years} years
                </option>
              ))}
            </select>
            {problemOf('termYears')}
          </div>
        </div>
        <button className="button" type="submit">
          Recalculate
        </button>
      </form>
    </div>
  );
}
