import crypto from 'node:crypto';
import { normalizeUsername } from '../shared/staff-credentials.js';

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): after a successful sign-in a
 * browser holds a token that names the username it signed in as, a random device id and when it was issued,
 * signed with an HMAC keyed from the session secret. Holding a valid one for the username being tried proves the
 * browser signed in as that user before, so strangers' failures (for that username, or from that address) do not
 * lock it out.
 */

/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_COOKIE_LIFETIME_MS = 180 * 24 * 3600 * 1000;

/**
 * How many usernames one browser stays known for (a sales office's shared computer): signing in as one more
 * forgets the one signed in with longest ago.
 */
export const USERNAMES_PER_DEVICE = 5;

const VERSION = 'v1';
/** Between the tokens of one cookie value: not in a token (base64url and dots), and allowed in a cookie. */
const SEPARATOR = '~';

export interface DeviceToken {
  /** The random id the per-device limit counts by. */
  deviceId: string;
  /** The username it was issued for, in normalizeUsername's form. */
  username: string;
}

export interface DeviceCookies {
  /**
   * The cookie value after a sign-in as `username`: a new token for it, and the still-valid tokens `current` (the
   * cookie the browser sent) holds for other usernames.
   */
  issue(username: string, current?: string, now?: number): string;
  /** The device of a token in the cookie value that is authentic, unexpired and bound to this username. */
  verify(value: string | undefined, username: string, now?: number): DeviceToken | undefined;
}

export function createDeviceCookies(secret: string): DeviceCookies {
  // A key of its own, derived from the session secret, so a device token can never pass as anything else.
  const key = crypto.createHmac('sha256', secret).update('login device cookie').digest();
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');

  /** The token's content when it is authentic and unexpired. */
  function open(token: string, now: number): DeviceToken | undefined {
    const parts = token.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) return undefined;
    const [, name = '', deviceId = '', issuedAt = '', signature = ''] = parts;
    const expected = Buffer.from(sign(parts.slice(0, 4).join('.')));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    const issuedMs = Number(issuedAt) * 1000;
    // Only too old counts: a token "from the future" still needed the key, and instances' clocks may differ a little.
    if (!/^\d{1,12}$/.test(issuedAt) || now - issuedMs > DEVICE_COOKIE_LIFETIME_MS) return undefined;
    return { deviceId, username: Buffer.from(name, 'base64url').toString('utf8') };
  }

  const tokensOf = (value: string | undefined) => (value ? value.split(SEPARATOR, USERNAMES_PER_DEVICE) : []);

  return {
    issue(username, current, now = Date.now()) {
      const boundTo = normalizeUsername(username);
      const name = Buffer.from(boundTo).toString('base64url');
      const deviceId = crypto.randomBytes(16).toString('base64url');
      const payload = `${VERSION}.${name}.${deviceId}.${Math.floor(now / 1000)}`;
      const others = tokensOf(current).filter((token) => {
        const opened = open(token, now);
        return opened !== undefined && opened.username !== boundTo;
      });
      return [`${payload}.${sign(payload)}`, ...others].slice(0, USERNAMES_PER_DEVICE).join(SEPARATOR);
    },

    verify(value, username, now = Date.now()) {
      const boundTo = normalizeUsername(username);
      for (const token of tokensOf(value)) {
        const opened = open(token, now);
        if (opened?.username === boundTo) return opened;
      }
      return undefined;
    },
  };
}
