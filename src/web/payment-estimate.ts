import type { Request } from 'express';
import { askedChoicesOf, asksForEstimate, financingTermsOf } from '../shared/payment-estimate.js';
import type { PaymentEstimateProps } from '../../views/PaymentEstimate.js';
import { rawQueryOf, type QueryKey } from './page-cache.js';
import { contentOf } from './request-content.js';

/**
 * The payment estimate of a page for `price` (whole USD), from the request's content and address; undefined when
 * there is none to show: the financing assumptions are not set, or the home has no price buyers may see.
 */
export function paymentEstimateFor(req: Request, price: number | null | undefined): PaymentEstimateProps | undefined {
  const content = contentOf(req);
  const terms = financingTermsOf(content.financing);
  if (terms === null || price === null || price === undefined || price <= 0) return undefined;
  return {
    price,
    terms,
    asked: askedChoicesOf(new URLSearchParams(rawQueryOf(req.originalUrl))),
    lenders: content.lenders.map(({ name, href }) => ({ name, href })),
    note: content.financing.note,
  };
}

/**
 * How a page with an estimate is stored by its query. The page without the buyer's fields is stored once, whatever
 * else the query holds (`?utm_source=…`). A page with them is figured for its own request and never stored: the
 * down payment and rate take any of millions of values, and a page that says back what it ignored holds the text the
 * buyer typed, so no bounded key holds them, and keying by them would let anyone fill the cache with one URL each.
 */
export const paymentEstimateQuery: QueryKey = (rawQuery) => (asksForEstimate(rawQuery) ? undefined : '');
