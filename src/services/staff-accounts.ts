import type { Knex } from 'knex';
import { endAccountSessions } from '../db/session-store.js';
import { findUserByUsername, upsertUser, type UserRow } from '../db/users.js';
import {
  newUsernameProblem,
  normalizeUsername,
  SIGN_IN_PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../shared/staff-credentials.js';
import { recordAudit } from './audit-log.js';
import { passwordProblem } from './password-rules.js';
import { hashPassword, PASSWORD_HASH_COST, unknownUserHash, verifyPassword } from './passwords.js';

/** What setting a password did: a new account, a new password for one that existed, or nothing (the same one). */
export interface StaffPasswordChange {
  /** The username as stored (and as sign-in compares it): normalizeUsername's form. */
  username: string;
  outcome: 'created' | 'password reset' | 'unchanged';
}

/** Why a username cannot be an account's (empty or too long once normalised), or undefined when it can. */
export function usernameProblem(username: string): string | undefined {
  const normalized = normalizeUsername(username);
  if (normalized === '') return 'The username must not be empty.';
  if (normalized.length > USERNAME_MAX_LENGTH) return `The username must be at most ${USERNAME_MAX_LENGTH} characters.`;
  return undefined;
}

/** Who sets the password from outside the staff pages, as the audit row's `details.by` names it. */
export type StaffPasswordSetter = 'ADMIN_PASSWORD' | 'npm run admin';

/**
 * Sets the password of an owner account, creating it when there is none (ADMIN_USERNAME/ADMIN_PASSWORD at start,
 * `npm run admin -- set-password`), under the same rules as every password (password-rules.ts). `cost` is the
 * scrypt cost of the new hash (PASSWORD_HASH_COST). A new password is an audit row (actor '': no staff member did
 * it; `details.by` names the way) and ends every session of the account, in one transaction, as a reset by e-mail
 * does; the password it already has changes nothing, so a restart with ADMIN_PASSWORD signs nobody out.
 */
export async function setStaffPassword(
  db: Knex,
  username: string,
  password: string,
  cost = PASSWORD_HASH_COST,
  by: StaffPasswordSetter = 'npm run admin',
): Promise<StaffPasswordChange> {
  const problem = usernameProblem(username) ?? passwordProblem(password, username);
  if (problem) throw new Error(problem);
  const stored = normalizeUsername(username);
  const existing = await findUserByUsername(db, username);
  // A new account's name follows the rule of invitations; an existing one keeps its name.
  const nameProblem = existing ? undefined : newUsernameProblem(username);
  if (nameProblem) throw new Error(nameProblem);
  if (existing && (await verifyPassword(password, existing.password_hash)))
    return { username: stored, outcome: 'unchanged' };
  const hash = await hashPassword(password, cost);
  await db.transaction(async (trx) => {
    await upsertUser(trx, username, hash);
    const user = await findUserByUsername(trx, username);
    const ended = user ? await endAccountSessions(trx, user.id) : 0;
    await recordAudit(trx, {
      actor: '',
      action: existing ? 'account.password-set' : 'account.created',
      target: stored,
      details: existing ? { by, sessions: ended } : { by, role: 'owner' },
    });
  });
  return { username: stored, outcome: existing ? 'password reset' : 'created' };
}

/** How many staff accounts there are (none on a fresh install until ADMIN_USERNAME or `npm run admin`). */
export async function countStaffAccounts(db: Knex): Promise<number> {
  const row = await db('users').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/**
 * The start-up line about staff accounts: what ADMIN_USERNAME/ADMIN_PASSWORD did, or how to make the first
 * account when there is none. Never the password. Undefined when there is nothing to say.
 */
export function staffAccountNotice(
  change: StaffPasswordChange | undefined,
  accounts: number,
  loginUrl: string,
): string | undefined {
  if (change?.outcome === 'created')
    return `Staff account "${change.username}" created from ADMIN_USERNAME and ADMIN_PASSWORD; sign in at ${loginUrl}`;
  if (change?.outcome === 'password reset')
    return `Staff account "${change.username}": password reset to ADMIN_PASSWORD; sign in at ${loginUrl}`;
  if (change?.outcome === 'unchanged')
    return `Staff account "${change.username}": its password is already ADMIN_PASSWORD; sign in at ${loginUrl}`;
  if (accounts === 0)
    return 'No staff account yet: start with ADMIN_USERNAME and ADMIN_PASSWORD set, or run npm run admin -- set-password <username>';
  return undefined;
}

/**
 * The user when the credentials match; the same work is done whether or not the username exists (an unknown one
 * is checked against a hash of `cost`, the cost the site's own hashes have).
 */
export async function checkCredentials(
  db: Knex,
  username: string,
  password: string,
  cost = PASSWORD_HASH_COST,
): Promise<UserRow | undefined> {
  const user =
    usernameProblem(username) === undefined && password.length <= SIGN_IN_PASSWORD_MAX_LENGTH
      ? await findUserByUsername(db, username)
      : undefined;
  const matches = await verifyPassword(
    password.slice(0, SIGN_IN_PASSWORD_MAX_LENGTH),
    user?.password_hash ?? (await unknownUserHash(cost)),
  );
  return user && matches ? user : undefined;
}
