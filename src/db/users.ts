import type { Knex } from 'knex';
import { normalizeUsername } from '../shared/staff-credentials.js';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
}

export function findUserByUsername(db: Knex, username: string): Promise<UserRow | undefined> {
  return db<UserRow>('users')
    .where({ username: normalizeUsername(username) })
    .first();
}

export function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

/** Creates the account, or resets its password when it exists. */
export async function upsertUser(db: Knex, username: string, passwordHash: string): Promise<void> {
  await db('users')
    .insert({ username: normalizeUsername(username), password_hash: passwordHash })
    .onConflict('username')
    .merge({ password_hash: passwordHash, updated_at: db.fn.now() });
}

/**
 * The account a lead may be given to, or undefined when `username` names none that can take leads. Contract, "The
 * sales desk": only an active sales or owner account. Today every account is an owner and none is inactive, so any
 * existing account qualifies; when roles and deactivation arrive (the team issue), this one function filters by role
 * (sales, owner) and active state — every assignment goes through it.
 */
export async function assignableAccount(db: Knex, username: string): Promise<string | undefined> {
  const row = await db<UserRow>('users')
    .where({ username: normalizeUsername(username) })
    .first('username');
  return row?.username;
}

/** Every account a lead may be given to, by name: the owner choices on the desk and the inbox's owner filter. */
export async function listAssignableAccounts(db: Knex): Promise<string[]> {
  // Same rule as assignableAccount: any account today, active sales and owner accounts once roles exist.
  return (await db<UserRow>('users').orderBy('username').pluck('username')) as string[];
}
