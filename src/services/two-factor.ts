import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Secret, TOTP } from 'otpauth';
import { findUserById } from '../db/users.js';
import { recordAudit } from './audit-log.js';
import type { Actor } from './team.js';

/**
 * Two-factor sign-in by authenticator app (RFC 6238 TOTP: SHA-1, 6 digits, 30 s, as every app reads an otpauth
 * URL) and single-use recovery codes. Passkeys, the other way through the second step, are passkeys.ts's.
 * A TOTP code signs in once: the account remembers the last time step that signed in, and a code of that step or
 * an earlier one is refused. Recovery codes are random, so a plain SHA-256 of each is what is stored.
 */

export const RECOVERY_CODE_COUNT = 10;
const PERIOD = 30;
/** One step either side: a phone's clock a little off, or a code typed as it changed. */
const WINDOW = 1;

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** Starts enrollment: a new secret, kept pending until a code from it is confirmed. */
export async function startTotp(
  db: Knex,
  user: { id: number; username: string },
  issuer: string,
): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = new Secret({ size: 20 }).base32;
  await db('users').where({ id: user.id }).update({ totp_pending_secret: secret });
  return { secret, otpauthUrl: totpOf(secret, user.username, issuer).toString() };
}

/** The pending secret's otpauth URL, to draw its QR code again (the page after a failed confirmation). */
export async function pendingTotp(
  db: Knex,
  user: { id: number; username: string },
  issuer: string,
): Promise<{ secret: string; otpauthUrl: string } | undefined> {
  const row = await findUserById(db, user.id);
  const secret = row?.totp_pending_secret;
  return secret ? { secret, otpauthUrl: totpOf(secret, user.username, issuer).toString() } : undefined;
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = crypto.randomBytes(8).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** A recovery code as typed (spaces, dash, capitals) to its one form, then hashed. */
function recoveryHash(code: string): string {
  return crypto
    .createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toLowerCase())
    .digest('hex');
}

/** Ten new recovery codes for the account, in `trx`; any earlier ones stop working. Shown once, stored hashed. */
export async function replaceRecoveryCodes(trx: Knex.Transaction, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx('recovery_codes').where({ user_id: userId }).delete();
  await trx('recovery_codes').insert(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(code) })));
  return codes;
}

/** A 6-digit code as typed, or undefined. */
function sixDigits(code: unknown): string | undefined {
  if (typeof code !== 'string' && typeof code !== 'number') return undefined;
  const digits = String(code).replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/**
 * Confirms enrollment with a code from the pending secret: two-factor is on from now, and the ten recovery codes
 * (shown once) replace any earlier ones. Undefined when the code does not match (or nothing is pending). The
 * confirming code proves the app has the secret; it is not a sign-in, so it does not use up its time step.
 */
export async function confirmTotp(
  db: Knex,
  userId: number,
  code: unknown,
  actor: Actor,
  options: { passwordChecked: boolean } = { passwordChecked: false },
): Promise<string[] | undefined | 'password-needed'> {
  const row = await findUserById(db, userId);
  const secret = row?.totp_pending_secret;
  const digits = sixDigits(code);
  if (!row || !secret || !digits) return undefined;
  if (totpOf(secret).validate({ token: digits, window: WINDOW }) === null) return undefined;
  return db.transaction(async (trx) => {
    // Replacing an app that is on takes the current password (decision 046); the condition holds it even when the
    // app was turned on by another request after the caller looked.
    const query = trx('users').where({ id: userId });
    if (!options.passwordChecked) query.whereNull('totp_secret');
    const updated = await query.update({ totp_secret: secret, totp_pending_secret: null, totp_last_step: null });
    if (updated === 0) return 'password-needed' as const;
    const codes = await replaceRecoveryCodes(trx, userId);
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: row.totp_secret ? 'two-factor.replaced' : 'two-factor.enabled',
      target: row.username,
      details: { method: 'app' },
    });
    return codes;
  });
}

/** New recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(db: Knex, userId: number, actor: Actor): Promise<string[]> {
  return db.transaction(async (trx) => {
    const codes = await replaceRecoveryCodes(trx, userId);
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'two-factor.recovery-codes',
      target: actor.username,
    });
    return codes;
  });
}

/** Turns the authenticator app off (passkeys stay); recovery codes go when no second factor is left. */
export async function disableTotp(db: Knex, userId: number, actor: Actor): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('users')
      .where({ id: userId })
      .update({ totp_secret: null, totp_pending_secret: null, totp_last_step: null });
    const passkeys = await trx('passkeys').where({ user_id: userId }).count({ n: '*' }).first();
    if (Number(passkeys?.n ?? 0) === 0) await trx('recovery_codes').where({ user_id: userId }).delete();
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'two-factor.disabled',
      target: actor.username,
      details: { method: 'app' },
    });
  });
}

export async function unusedRecoveryCodes(db: Knex, userId: number): Promise<number> {
  const row = await db('recovery_codes').where({ user_id: userId }).whereNull('used_at').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/**
 * The second step with a code: a current TOTP code whose time step has not signed in before, or an unused
 * recovery code. Each is used up in one conditional update, so two requests with the same code cannot both pass.
 */
export async function passSecondStep(
  db: Knex,
  userId: number,
  code: unknown,
): Promise<'app' | 'recovery-code' | undefined> {
  const row = await findUserById(db, userId);
  if (!row) return undefined;
  const digits = sixDigits(code);
  if (digits && row.totp_secret) {
    const delta = totpOf(row.totp_secret).validate({ token: digits, window: WINDOW });
    if (delta === null) return undefined;
    const step = TOTP.counter({ period: PERIOD }) + delta;
    const used = await db('users')
      .where({ id: userId })
      .andWhere((query) => query.whereNull('totp_last_step').orWhere('totp_last_step', '<', step))
      .update({ totp_last_step: step });
    return used === 1 ? 'app' : undefined;
  }
  if (typeof code !== 'string' || code.length > 40) return undefined;
  const used = await db('recovery_codes')
    .where({ user_id: userId, code_hash: recoveryHash(code) })
    .whereNull('used_at')
    .update({ used_at: new Date().toISOString() });
  return used > 0 ? 'recovery-code' : undefined;
}
