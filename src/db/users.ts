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
