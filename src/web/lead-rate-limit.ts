import type { Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { memoryRateLimitStores, type RateLimitStores } from './rate-limit-store.js';

/** What a form answers when its poster is over the limit (the status is already 429). */
export type RateLimitedAnswer = (req: Request, res: Response) => void;

/** Gives each lead form (contact, tours) its own 429 answer over ONE shared count. */
export type LeadRateLimit = (answer: RateLimitedAnswer) => RequestHandler;

const ANSWER = Symbol('rate-limited answer');
type WithAnswer = Response & { [ANSWER]?: RateLimitedAnswer };

/**
 * CONTACT_RATE_LIMIT counts every lead post from one client address together, contact messages and tour bookings
 * alike (contract: "Tour posts ... count against CONTACT_RATE_LIMIT"): one limiter, one store, so a second form
 * is not a second allowance. `limit` is posts per client address per 10 minutes; 0 turns the limit off. `stores`
 * decides where the count lives (the shared database when several instances run).
 */
export function createLeadRateLimit(limit: number, stores: RateLimitStores = memoryRateLimitStores): LeadRateLimit {
  const store = stores('lead');
  const limiter = rateLimit({
    ...(store && { store }),
    windowMs: 10 * 60_000,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The client address comes from req.ip, which honours TRUST_PROXY; a spoofed header is simply ignored.
    validate: { xForwardedForHeader: false },
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
