import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { createDeviceCookies, DEVICE_COOKIE_LIFETIME_MS, type DeviceToken } from '../services/device-cookies.js';
import { normalizeUsername } from '../shared/staff-credentials.js';
import { memoryRateLimitStores, type RateLimitStores } from './rate-limit-store.js';
import { sendRetryAfter } from './retry-after.js';

const FIFTEEN_MINUTES = 15 * 60_000;

export const DEVICE_COOKIE = 'login-device';
export const SECURE_DEVICE_COOKIE = '__Host-login-device';

/** Where a device cookie waits for the session middleware to set its own cookie first (see keepSessionCookieFirst). */
const PENDING_DEVICE_COOKIE = 'pendingDeviceCookie';

interface LoginThrottleOptions {
  /** Failed sign-ins per address and per username (both for strangers) and per known device, each per 15 minutes. */
  limit: number;
  secret: string;
  production: boolean;
  /** Answers a request over a limit, told how many seconds until it may try again. */
  onLimited(req: Request, res: Response, retryAfterSeconds: number): void;
  /** Where the counts live: each instance's memory unless given (the shared database when several instances run). */
  stores?: RateLimitStores;
}

export interface LoginThrottle {
  /** The limits, in order, for POST /login (after the body is parsed). */
  limits: RequestHandler[];
  /** After a successful sign-in: this browser becomes a known device for `username` (and stays one for others). */
  trustDevice(req: Request, res: Response, username: string): void;
  /**
   * The device this request's cookie proves for `username`, or undefined: the second step asks it for the account
   * whose password was right, so the same browser is spared the strangers' lock there too.
   */
  knownDeviceFor(req: Request, username: string): DeviceToken | undefined;
}

function submittedUsername(req: Request): string {
  const value = (req.body as Record<string, unknown> | undefined)?.username;
  return typeof value === 'string' ? value : '';
}

/** One cookie from the Cookie header (a Map, so a cookie named `constructor` is just a cookie). */
function readCookie(req: Request, name: string): string | undefined {
  const pairs = (req.get('cookie') ?? '').split(';').map((pair): [string, string] => {
    const at = pair.indexOf('=');
    return at < 0 ? [pair.trim(), ''] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
  });
  return new Map(pairs).get(name);
}

/**
 * Login throttling with OWASP's device cookies. A browser that holds a valid device cookie for the username it
 * tries is exempt from that username's lock and from its address's limit, and counts toward its own device's
 * limit instead; any other attempt counts toward both the username's and the address's limit. So strangers'
 * wrong guesses, for the staff username or from the office's shared address, lock strangers out, never the staff
 * member's own browser.
 */
export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const { limit, production, onLimited, stores = memoryRateLimitStores } = options;
  const cookieName = production ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
  const tokens = createDeviceCookies(options.secret);
  const devices = new WeakMap<Request, DeviceToken | undefined>();

  /** The device this request proves for the username it tries, verified once per request. */
  function knownDevice(req: Request): DeviceToken | undefined {
    if (!devices.has(req)) devices.set(req, tokens.verify(readCookie(req, cookieName), submittedUsername(req)));
    return devices.get(req);
  }

  const limiter = (name: string, keyGenerator: (req: Request) => string, skip: (req: Request) => boolean) => {
    const store = stores(name);
    return rateLimit({
      ...(store && { store }),
      windowMs: FIFTEEN_MINUTES,
      limit,
      skipSuccessfulRequests: true,
      // Only a wrong or missing password is a failed guess: the 403 for a correct sign-in over plain HTTP in
      // production (insecure-sign-in.ts) is the operator's set-up, not a guess.
      requestWasSuccessful: (_req, res) => res.statusCode < 400 || res.statusCode === 403,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      validate: { xForwardedForHeader: false },
      keyGenerator,
      skip,
      handler: (req, res) => {
        onLimited(req, res, sendRetryAfter(req, res, FIFTEEN_MINUTES));
      },
    });
  };

  return {
    limits: [
      limiter(
        'login-address',
        (req) => `ip:${ipKeyGenerator(req.ip ?? '')}`,
        (req) => knownDevice(req) !== undefined,
      ),
      limiter(
        'login-device',
        (req) => `device:${knownDevice(req)?.deviceId ?? ''}`,
        (req) => knownDevice(req) === undefined,
      ),
      limiter(
        'login-username',
        (req) => `user:${normalizeUsername(submittedUsername(req))}`,
        (req) => knownDevice(req) !== undefined,
      ),
    ],

    knownDeviceFor(req, username) {
      return tokens.verify(readCookie(req, cookieName), username);
    },

    trustDevice(req, res, username) {
      const cookie = [
        `${cookieName}=${tokens.issue(username, readCookie(req, cookieName))}`,
        'Path=/',
        `Max-Age=${DEVICE_COOKIE_LIFETIME_MS / 1000}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(production ? ['Secure'] : []),
      ].join('; ');
      res.locals[PENDING_DEVICE_COOKIE] = cookie;
    },
  };
}

/**
 * Mounted on /login before the session middleware, so the device cookie is written after the session cookie:
 * express-session adds its cookie when the headers go out, and clients that read the first Set-Cookie of a
 * sign-in (scripts, the test helpers) keep finding the session there.
 */
export const keepSessionCookieFirst: RequestHandler = (_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const cookie: unknown = res.locals[PENDING_DEVICE_COOKIE];
    if (typeof cookie === 'string') res.append('Set-Cookie', cookie);
    return (writeHead as (...rest: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  next();
};
