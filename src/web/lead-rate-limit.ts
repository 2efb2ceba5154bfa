import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type RateLimitInfo } from 'express-rate-limit';
import { memoryRateLimitStores, RATE_LIMIT_VALIDATION, type RateLimitStores } from './rate-limit-store.js';

/** What a form answers when its poster is over the limit (the status is already 429). */
export type RateLimitedAnswer = (req: Request, res: Response) => void;

const WINDOW_MS = 10 * 60_000;

/** Whole minutes until the poster's count starts over, at least one. */
function minutesLeft(req: Request): number {
  const reset = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime?.getTime();
  const ms = reset === undefined ? WINDOW_MS : reset - Date.now();
  return Math.max(1, Math.ceil(ms / 60_000));
}

/**
 * The one sentence a buyer over the limit reads, on both forms, with and without JavaScript: when to try again,
 * and how to reach the sales team now.
 */
export function rateLimitedText(req: Request, salesPhone: string): string {
  const minutes = minutesLeft(req);
  return `We have received several requests from you in a short time: please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or call our sales team at ${salesPhone}.`;
}

/** Gives each lead form (contact, tours) its own 429 answer over ONE shared count. */
export type LeadRateLimit = (answer: RateLimitedAnswer) => RequestHandler;

const ANSWER = Symbol('rate-limited answer');
type WithAnswer = Response & { [ANSWER]?: RateLimitedAnswer };

/**
 * CONTACT_RATE_LIMIT counts every lead post from one client address together, contact messages and tour bookings
 * alike (contract: "Tour posts ... count against CONTACT_RATE_LIMIT"): one limiter, one store, so a second form
 * is not a second allowance. Only accepted posts count (contract: "contact posts accepted per client address"): a
 * post refused for a typo, a full slot or the limit itself is taken off the count again when its answer is a 4xx. `limit` is posts per client address per 10 minutes; 0 turns the limit off. `stores`
 * decides where the count lives (the shared database when several instances run).
 */
export function createLeadRateLimit(limit: number, stores: RateLimitStores = memoryRateLimitStores): LeadRateLimit {
  const store = stores('lead');
  const limiter = rateLimit({
    ...(store && { store }),
    windowMs: WINDOW_MS,
    limit,
    skipFailedRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    validate: RATE_LIMIT_VALIDATION,
    skip: () => limit === 0,
    handler: (req, res) => {
      res.status(429);
      const answer = (res as WithAnswer)[ANSWER];
      if (answer) return answer(req, res);
      res.type('text/plain').send('Too many messages from this address; please try again later.');
    },
  });
  return (answer) => (req, res, next) => {
    (res as WithAnswer)[ANSWER] = answer;
    return limiter(req, res, next);
  };
}
