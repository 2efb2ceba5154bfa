import crypto from 'node:crypto';
import { normalizeUsername } from '../db/users.js';

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): after a successful sign-in a
 * browser holds a token that names the username it signed in as, a random device id and when it was issued,
 * signed with an HMAC keyed from the session secret. Holding a valid one for the username being tried proves the
 * browser signed in as that user before, so a stranger's failures for that username do not lock it out.
 */

/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_COOKIE_LIFETIME_MS = 180 * 24 * 3600 * 1000;

const VERSION = 'v1';

export interface DeviceToken {
  /** The random id the per-device limit counts by. */
  deviceId: string;
  username: string;
}

export interface DeviceCookies {
  issue(username: string, now?: number): string;
  /** The token's device when it is authentic, unexpired and bound to this username; otherwise undefined. */
  verify(token: string | undefined, username: string, now?: number): DeviceToken | undefined;
}

/** The username as the login limits count it: case, spacing and Unicode forms do not make another user. */
export function loginName(username: string): string {
  return normalizeUsername(username).replace(/\s+/g, '');
}

export function createDeviceCookies(secret: string): DeviceCookies {
  // A key of its own, derived from the session secret, so a device token can never pass as anything else.
  const key = crypto.createHmac('sha256', secret).update('login device cookie').digest();
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');

  return {
    issue(username, now = Date.now()) {
      const name = Buffer.from(loginName(username)).toString('base64url');
      const deviceId = crypto.randomBytes(16).toString('base64url');
      const payload = `${VERSION}.${name}.${deviceId}.${Math.floor(now / 1000)}`;
      return `${payload}.${sign(payload)}`;
    },

    verify(token, username, now = Date.now()) {
      const parts = token?.split('.') ?? [];
      if (parts.length !== 5 || parts[0] !== VERSION) return undefined;
      const [, name = '', deviceId = '', issuedAt = '', signature = ''] = parts;
      const expected = Buffer.from(sign(parts.slice(0, 4).join('.')));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
      const issuedMs = Number(issuedAt) * 1000;
      // Only too old counts: a token "from the future" still needed the key, and instances' clocks may differ a little.
      if (!/^\d{1,12}$/.test(issuedAt) || now - issuedMs > DEVICE_COOKIE_LIFETIME_MS) return undefined;
      const boundTo = Buffer.from(name, 'base64url').toString('utf8');
      return boundTo === loginName(username) ? { deviceId, username: boundTo } : undefined;
    },
  };
}
