import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** scrypt with N=2^15, r=8, p=1 (32 MiB, about 100 ms here): see docs/decisions/004-password-hashing.md. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEMORY });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

const wholeNumber = (text: string | undefined) =>
  text !== undefined && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : 0;

/**
 * True when the password matches the stored hash. A stored value that is not a usable scrypt hash (another
 * scheme, damaged text, parameters scrypt refuses or that need more than MAX_MEMORY) never matches: that
 * answers a login with 401 instead of a 500.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText || rest.length > 0) return false;
  const params = { N: wholeNumber(n), r: wholeNumber(r), p: wholeNumber(p) };
  const expected = Buffer.from(keyText, 'base64');
  if (params.N < 2 || params.r === 0 || params.p === 0 || expected.length < 16) return false;
  try {
    const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64'), expected.length, {
      ...params,
      maxmem: MAX_MEMORY,
    });
    return crypto.timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

/** A hash to check against when the username does not exist, so both cases take the same time. */
export const UNKNOWN_USER_HASH = hashPassword(crypto.randomBytes(16).toString('hex'));
