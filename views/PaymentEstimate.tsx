import { Widget } from '../src/render/widget.js';
import { ESTIMATE_ANCHOR, type AskedChoices, type FinancingTerms } from '../src/shared/payment-estimate.js';
import { ExternalLink } from './ExternalLink.js';

export interface PaymentEstimateProps {
  /** Whole USD: a plan's base price, a homesite's price. */
  price: number;
  terms: FinancingTerms;
  /** The buyer's fields as the page's address gave them. */
  asked: AskedChoices;
  /** The preferred lenders (content's `partners` section). */
  lenders: { name: string; href: string }[];
  /** Staff's line under the estimate (when the rate was quoted, whose offer it is). */
  note: string | null;
}

/**
 * The monthly payment estimate of a plan or homesite page (contract, wave 4): the payment with its down payment,
 * term and APR beside it, what it includes, the buyer's own numbers (a GET form, live once the widget runs: it
 * hydrates as it nears the screen, below the fold on a phone) and the lenders to ask for the real figure.
 */
export function PaymentEstimate({ price, terms, asked, lenders, note }: PaymentEstimateProps) {
  return (
    <section
      className="container payment-estimate"
      id={ESTIMATE_ANCHOR}
      aria-labelledby="payment-heading"
      tabIndex={-1}
    >
      <h2 id="payment-heading">Monthly payment estimate</h2>
      <Widget name="PaymentCalculator" props={{ price, terms, asked }} hydrate="visible" />
      {note ? <p className="payment-note">{note}</p> : null}
      {lenders.length > 0 ? (
        <p className="payment-lenders">
          For your own rate and payment, get pre-approved with{' '}
          {lenders.map((lender, index) => (
            <span key={lender.name}>
              {index === 0 ? '' : index === lenders.length - 1 ? ' or ' : ', '}
              <ExternalLink href={lender.href}>{lender.name}</ExternalLink>
            </span>
          ))}
          .
        </p>
      ) : null}
    </section>
  );
}
