import type { Knex } from 'knex';
import { findUserByUsername, upsertUser, type UserRow } from '../db/users.js';
import {
  newUsernameProblem,
  normalizeUsername,
  SIGN_IN_PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../shared/staff-credentials.js';
import { passwordProblem } from './password-rules.js';
import { hashPassword, PASSWORD_HASH_COST, unknownUserHash, verifyPassword } from './passwords.js';

/** What setting a password did: a new account, or a new password for one that existed. */
export interface StaffPasswordChange {
  /** The username as stored (and as sign-in compares it): normalizeUsername's form. */
  username: string;
  outcome: 'created' | 'password reset';
}

/** Why a username cannot be an account's (empty or too long once normalised), or undefined when it can. */
export function usernameProblem(username: string): string | undefined {
  const normalized = normalizeUsername(username);
  if (normalized === '') return 'The username must not be empty.';
  if (normalized.length > USERNAME_MAX_LENGTH) return `The username must be at most ${USERNAME_MAX_LENGTH} characters.`;
  return undefined;
}

/**
 * Sets the password of an owner account, creating it when there is none (ADMIN_USERNAME/ADMIN_PASSWORD at start,
 * `npm run admin -- set-password`), under the same rules as every password (password-rules.ts). `cost` is the
 * scrypt cost of the new hash (PASSWORD_HASH_COST).
 */
export async function setStaffPassword(
  db: Knex,
  username: string,
  password: string,
  cost = PASSWORD_HASH_COST,
): Promise<StaffPasswordChange> {
  const problem = usernameProblem(username) ?? passwordProblem(password, username);
  if (problem) throw new Error(problem);
  const existed = (await findUserByUsername(db, username)) !== undefined;
  // A new account's name follows the rule of invitations; an existing one keeps its name.
  const nameProblem = existed ? undefined : newUsernameProblem(username);
  if (nameProblem) throw new Error(nameProblem);
  await upsertUser(db, username, await hashPassword(password, cost));
  return { username: normalizeUsername(username), outcome: existed ? 'password reset' : 'created' };
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
