import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, MemoryStore, type Options, type Store } from 'express-rate-limit';
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
  /**
   * For POST /login (after the body is parsed): refuses with 429 a request whose address, username or device has
   * had LOGIN_RATE_LIMIT failures in the window. It counts nothing itself: only `failed` does.
   */
  limits: RequestHandler[];
  /** A wrong or unknown username or password: counted against its address, username or device before the 401. */
  failed(req: Request): Promise<void>;
  /**
   * Whether a sign-in whose password was right must still be refused: the failures counted while it was checked
   * reached the limit. Answers the 429 itself when so.
   */
  refusedAfterCheck(req: Request, res: Response): Promise<boolean>;
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

  /**
   * One count of failures per key, in a store of express-rate-limit's kind (memory, or the shared database). Only
   * failures are ever counted, and a request is judged by the failures already counted, never by requests still
   * in flight: ten correct sign-ins at once from one office all pass (express-rate-limit's skipSuccessfulRequests
   * counts each request first and takes it back after, so the sixth of ten at once saw five "failures").
   */
  const counter = (name: string, keyGenerator: (req: Request) => string, skip: (req: Request) => boolean) => {
    const store: Store = stores(name) ?? new MemoryStore();
    void store.init?.({ windowMs: FIFTEEN_MINUTES } as Options);
    return {
      /** When the count of this request's key starts over, if it has reached the limit. */
      async reached(req: Request): Promise<Date | undefined> {
        if (skip(req)) return undefined;
        const info = await store.get?.(keyGenerator(req));
        if (!info || info.totalHits < limit) return undefined;
        return info.resetTime ?? new Date(Date.now() + FIFTEEN_MINUTES);
      },
      async failed(req: Request): Promise<void> {
        if (!skip(req)) await store.increment(keyGenerator(req));
      },
    };
  };

  const counters = [
    counter(
      'login-address',
      (req) => `ip:${ipKeyGenerator(req.ip ?? '')}`,
      (req) => knownDevice(req) !== undefined,
    ),
    counter(
      'login-device',
      (req) => `device:${knownDevice(req)?.deviceId ?? ''}`,
      (req) => knownDevice(req) === undefined,
    ),
    counter(
      'login-username',
      (req) => `user:${normalizeUsername(submittedUsername(req))}`,
      (req) => knownDevice(req) !== undefined,
    ),
  ];

  /** Answers 429 when any count reached the limit; the latest reset time is the one to wait for. */
  async function refuseReached(req: Request, res: Response): Promise<boolean> {
    const resets = (await Promise.all(counters.map((each) => each.reached(req)))).filter(
      (reset): reset is Date => reset !== undefined,
    );
    if (resets.length === 0) return false;
    const resetAt = new Date(Math.max(...resets.map((reset) => reset.getTime())));
    onLimited(req, res, sendRetryAfter(req, res, FIFTEEN_MINUTES, resetAt));
    return true;
  }

  return {
    limits: [
      (req, res, next) => {
        refuseReached(req, res).then((refused) => {
          if (!refused) next();
        }, next);
      },
    ],

    knownDeviceFor(req, username) {
      return tokens.verify(readCookie(req, cookieName), username);
    },

    async failed(req) {
      await Promise.all(counters.map((each) => each.failed(req)));
    },

    refusedAfterCheck: refuseReached,

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
