import type { Knex } from 'knex';
import { findUserByUsername, upsertUser, type UserRow } from '../db/users.js';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from './passwords.js';

export const MIN_PASSWORD_LENGTH = 8;

export async function setStaffPassword(db: Knex, username: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (username.trim() === '') throw new Error('The username must not be empty.');
  await upsertUser(db, username, await hashPassword(password));
}

/** The user when the credentials match; the same work is done whether or not the username exists. */
export async function checkCredentials(db: Knex, username: string, password: string): Promise<UserRow | undefined> {
  const user = username.length <= 64 && password.length <= 1024 ? await findUserByUsername(db, username) : undefined;
  const matches = await verifyPassword(password.slice(0, 1024), user?.password_hash ?? (await UNKNOWN_USER_HASH));
  return user && matches ? user : undefined;
}
