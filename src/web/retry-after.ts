import type { Request, Response } from 'express';
import type { RateLimitInfo } from 'express-rate-limit';

/**
 * For a request express-rate-limit has just refused: the whole seconds (at least one) until its count starts over,
 * also sent as Retry-After. `resetTime` is the count's own reset time when the caller knows it; otherwise the
 * limiter's, and without either a whole window of `windowMs` is assumed.
 */
export function sendRetryAfter(req: Request, res: Response, windowMs: number, resetTime?: Date): number {
  const resetAt = (resetTime ?? (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime)?.getTime();
  const seconds = Math.max(1, Math.ceil(((resetAt ?? Date.now() + windowMs) - Date.now()) / 1000));
  res.set('Retry-After', String(seconds));
  return seconds;
}
