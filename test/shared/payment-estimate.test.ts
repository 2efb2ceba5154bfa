import { expect } from 'chai';
import { financingSectionSchema, emptyFinancing } from '../../src/content/financing-section.js';
import {
  askedChoicesOf,
  asksForEstimate,
  checkChoice,
  estimatePayment,
  financingTermsOf,
  formatDollars,
  formatPercent,
  monthlyPrincipalAndInterest,
  readChoices,
  termChoices,
  type FinancingTerms,
} from '../../src/shared/payment-estimate.js';

/**
 * Values of the published amortization tables (the "monthly payment per $1,000 borrowed" table printed in lenders'
 * rate sheets and financial tables: 6 % / 30 years 5.9955, 5 % / 15 years 7.9079, 7 % / 30 years 6.6530, 4.5 % / 30
 * years 5.0669, 3 % / 10 years 9.6561, 6.5 % / 30 years 6.3207), as the payment on a loan of that size, to the cent.
 * Each was checked against M = L·r / (1 − (1 + r)^−n), r the monthly rate and n the number of payments.
 */
const PUBLISHED: [loan: number, ratePercent: number, years: number, payment: number][] = [
  [100_000, 6, 30, 599.55],
  [100_000, 5, 15, 790.79],
  [100_000, 7, 30, 665.3],
  [200_000, 4.5, 30, 1013.37],
  [100_000, 3, 10, 965.61],
  [250_000, 6.5, 30, 1580.17],
];

const cents = (value: number) => Math.round(value * 100) / 100;

const TERMS: FinancingTerms = {
  ratePercent: 6,
  aprPercent: 6.25,
  termYears: 30,
  downPaymentPercent: 20,
  propertyTaxPercent: 1.2,
  insuranceMonthly: 100,
  hoaMonthly: 50,
};

describe('monthlyPrincipalAndInterest', () => {
  for (const [loan, rate, years, payment] of PUBLISHED) {
    it(`gives $${payment} for $${loan.toLocaleString('en-US')} at ${rate}% over ${years} years (published table)`, () => {
      expect(cents(monthlyPrincipalAndInterest(loan, rate, years))).to.equal(payment);
    });
  }

  it('repays a 0% loan in equal parts: $120,000 over 10 years is $1,000 a month', () => {
    expect(monthlyPrincipalAndInterest(120_000, 0, 10)).to.equal(1000);
  });

  it('is 0 when nothing is borrowed (all down)', () => {
    expect(monthlyPrincipalAndInterest(0, 6, 30)).to.equal(0);
  });

  it('repays the loan exactly: 360 payments of the amount bring the balance to zero', () => {
    const monthly = monthlyPrincipalAndInterest(100_000, 6, 30);
    let balance = 100_000;
    for (let month = 0; month < 360; month += 1) balance = balance * (1 + 0.005) - monthly;
    expect(Math.abs(balance)).to.be.below(1e-6);
  });
});

describe('estimatePayment', () => {
  it('adds property tax, insurance and HOA dues to principal and interest', () => {
    // $125,000 at 20% down leaves $100,000 at 6% for 30 years: $599.55; tax 1.2% of $125,000 a year is $125.00.
    const estimate = estimatePayment(125_000, TERMS);
    expect(estimate.downPayment).to.equal(25_000);
    expect(estimate.loanAmount).to.equal(100_000);
    expect(cents(estimate.principalAndInterest)).to.equal(599.55);
    expect(estimate.propertyTax).to.equal(125);
    expect(cents(estimate.total)).to.equal(874.55);
    expect(estimate.payments).to.equal(360);
    expect(estimate.aprPercent).to.equal(6.25);
    expect(estimate.advertised).to.equal(true);
  });

  it('leaves out what is not set', () => {
    const estimate = estimatePayment(125_000, {
      ...TERMS,
      propertyTaxPercent: null,
      insuranceMonthly: null,
      hoaMonthly: null,
    });
    expect(estimate.propertyTax).to.equal(null);
    expect(cents(estimate.total)).to.equal(599.55);
  });

  it('uses the buyer’s down payment, rate and term, and no APR for a loan that is not the advertised one', () => {
    const estimate = estimatePayment(125_000, TERMS, { downPaymentPercent: 20, ratePercent: 5, termYears: 15 });
    expect(cents(estimate.principalAndInterest)).to.equal(790.79);
    expect(estimate.aprPercent).to.equal(null);
    expect(estimate.advertised).to.equal(false);
  });

  it('keeps the APR when only the down payment changes', () => {
    const estimate = estimatePayment(200_000, TERMS, { downPaymentPercent: 50 });
    expect(cents(estimate.principalAndInterest)).to.equal(599.55);
    expect(estimate.aprPercent).to.equal(6.25);
    expect(estimate.advertised).to.equal(false);
  });

  it('figures 100% down as no loan, and 0% down as the whole price borrowed', () => {
    expect(estimatePayment(125_000, TERMS, { downPaymentPercent: 100 }).principalAndInterest).to.equal(0);
    expect(estimatePayment(100_000, TERMS, { downPaymentPercent: 0 }).loanAmount).to.equal(100_000);
  });
});

describe('financingTermsOf', () => {
  it('gives none while the rate, APR, term or down payment is empty', () => {
    expect(financingTermsOf(emptyFinancing)).to.equal(null);
    expect(financingTermsOf({ ...TERMS, aprPercent: null })).to.equal(null);
    expect(financingTermsOf({ ...TERMS, propertyTaxPercent: null })).to.deep.equal({
      ...TERMS,
      propertyTaxPercent: null,
    });
  });
});

describe('The financing section', () => {
  it('is valid empty, and valid set', () => {
    expect(financingSectionSchema.safeParse(emptyFinancing).success).to.equal(true);
    expect(financingSectionSchema.safeParse({ ...TERMS, ratePercent: 6.125, note: null }).success).to.equal(true);
  });

  it('wants the rate, APR, term and down payment together, naming each one missing', () => {
    const parsed = financingSectionSchema.safeParse({ ...emptyFinancing, ratePercent: 6 });
    expect(parsed.success).to.equal(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).to.deep.equal([
      'aprPercent',
      'termYears',
      'downPaymentPercent',
    ]);
  });

  it('refuses a rate above 25%, a down payment above 100% and a term of 41 years', () => {
    for (const change of [{ ratePercent: 26 }, { downPaymentPercent: 101 }, { termYears: 41 }, { termYears: 0 }])
      expect(
        financingSectionSchema.safeParse({ ...TERMS, note: null, ...change }).success,
        JSON.stringify(change),
      ).to.equal(false);
  });
});

describe('The buyer’s fields', () => {
  it('takes a down payment from 0 to 100% and a rate from 0 to 25%, with decimals and a % sign', () => {
    expect(checkChoice('downPaymentPercent', '0', TERMS)).to.deep.equal({ ok: true, value: 0 });
    expect(checkChoice('downPaymentPercent', '100', TERMS)).to.deep.equal({ ok: true, value: 100 });
    expect(checkChoice('downPaymentPercent', ' 3.5 ', TERMS)).to.deep.equal({ ok: true, value: 3.5 });
    expect(checkChoice('ratePercent', '6.125%', TERMS)).to.deep.equal({ ok: true, value: 6.125 });
    expect(checkChoice('ratePercent', '0', TERMS)).to.deep.equal({ ok: true, value: 0 });
    expect(checkChoice('ratePercent', '25', TERMS)).to.deep.equal({ ok: true, value: 25 });
  });

  it('refuses text, negatives, out-of-range values, hex and exponents, saying the rule', () => {
    for (const text of ['abc', '-5', '101', '1e2', '0x10', 'Infinity', 'NaN', '5,5', '1.23456'])
      expect(checkChoice('downPaymentPercent', text, TERMS).ok, text).to.equal(false);
    expect(checkChoice('ratePercent', '26', TERMS)).to.deep.equal({
      ok: false,
      message: 'Ignored “26”: enter an interest rate from 0 to 25 percent.',
    });
  });

  it('offers terms of 10, 15, 20 and 30 years and the advertised one, and takes no other', () => {
    expect(termChoices(TERMS)).to.deep.equal([10, 15, 20, 30]);
    expect(termChoices({ termYears: 40 })).to.deep.equal([10, 15, 20, 30, 40]);
    expect(checkChoice('termYears', '15', TERMS)).to.deep.equal({ ok: true, value: 15 });
    expect(checkChoice('termYears', '25', TERMS)).to.deep.equal({
      ok: false,
      message: 'Ignored “25”: choose a term of 10, 15, 20 or 30 years.',
    });
    expect(checkChoice('termYears', '15.5', TERMS).ok).to.equal(false);
  });

  it('reads an address: good values used, bad and repeated ones ignored and said so, empty ones advertised', () => {
    const asked = askedChoicesOf(new URLSearchParams('down=abc&rate=5&rate=6&term=&utm_source=x'));
    expect(asked).to.deep.equal({ downPaymentPercent: ['abc'], ratePercent: ['5', '6'], termYears: [''] });
    const reading = readChoices(asked, TERMS);
    expect(reading.choices).to.deep.equal({ downPaymentPercent: 20, ratePercent: 6, termYears: 30 });
    expect(reading.values).to.deep.equal({ downPaymentPercent: 'abc', ratePercent: '6', termYears: '30' });
    expect(reading.ignored).to.deep.equal({
      downPaymentPercent:
        'Ignored “abc”: enter a down payment from 0 to 100 percent of the price. This estimate uses 20%.',
      ratePercent: 'Ignored: the address gives this more than once. This estimate uses 6%.',
    });
    expect(readChoices(askedChoicesOf(new URLSearchParams('down=10&rate=5.5&term=15')), TERMS).choices).to.deep.equal({
      downPaymentPercent: 10,
      ratePercent: 5.5,
      termYears: 15,
    });
  });

  it('keeps no more than a short piece of a long value', () => {
    const asked = askedChoicesOf(new URLSearchParams(`down=${'9'.repeat(10_000)}`));
    expect(asked.downPaymentPercent?.[0]).to.have.length(24);
  });

  it('tells a query that asks for an estimate from one that does not', () => {
    expect(asksForEstimate('')).to.equal(false);
    expect(asksForEstimate('utm_source=x&gclid=1')).to.equal(false);
    expect(asksForEstimate('down=5')).to.equal(true);
    expect(asksForEstimate('utm_source=x&term=')).to.equal(true);
  });
});

describe('Payment formats', () => {
  it('reads dollars whole and percentages to three decimals', () => {
    expect(formatDollars(3245.5)).to.equal('$3,246');
    expect(formatDollars(599.55)).to.equal('$600');
    expect(formatPercent(6.125)).to.equal('6.125%');
    expect(formatPercent(10)).to.equal('10%');
  });
});
