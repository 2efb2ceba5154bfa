import type { Knex } from 'knex';
import { cleanText } from '../shared/text-input.js';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
}

/** A username as stored and looked up: the text-field rule (text-input.ts) on its NFKC form, in lower case. */
export function normalizeUsername(username: string): string {
  return cleanText(username.normalize('NFKC')).toLowerCase();
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
