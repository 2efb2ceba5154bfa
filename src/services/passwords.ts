import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** scrypt's cost as log2 N: N=2^15, r=8, p=1 (32 MiB, about 100 ms here), see docs/decisions/004-password-hashing.md. */
export const PASSWORD_HASH_COST = 15;
/** The cheapest PASSWORD_HASH_COST, for test runs only (production refuses anything below PASSWORD_HASH_COST). */
export const LOWEST_PASSWORD_HASH_COST = 10;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;

export async function hashPassword(password: string, cost = PASSWORD_HASH_COST): Promise<string> {
  const params = { N: 2 ** cost, r: R, p: P };
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
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

const unknownUserHashes = new Map<number, Promise<string>>();

/**
 * A hash of the given cost to check against when the username does not exist, so both cases take the same time:
 * made once per cost (the session layer asks for it at start, so no sign-in waits for it).
 */
export function unknownUserHash(cost = PASSWORD_HASH_COST): Promise<string> {
  let hash = unknownUserHashes.get(cost);
  if (!hash) {
    hash = hashPassword(crypto.randomBytes(16).toString('hex'), cost);
    unknownUserHashes.set(cost, hash);
  }
  return hash;
}
