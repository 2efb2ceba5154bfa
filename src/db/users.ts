import type { Knex } from 'knex';
import { isRole, type Role } from '../shared/permissions.js';
import { normalizeUsername } from '../shared/staff-credentials.js';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  role: string;
  active: boolean | number;
  email: string | null;
  /** How the team page lists the person and how the desk signs what it sends; null until set (the username then). */
  display_name: string | null;
  last_sign_in_at: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | string | null;
}

/** The account as the session layer sees it on every request: who, which role, whether it may be signed in. */
export interface AccountState {
  id: number;
  username: string;
  role: Role;
  active: boolean;
  /** An authenticator app or a passkey is set up. */
  twoFactor: boolean;
  /** The owner requires two-factor for everyone. */
  twoFactorRequired: boolean;
  /** The account is given every community (owners reach them all whatever this says: web/staff-scope.ts). */
  allCommunities: boolean;
}

export function findUserByUsername(db: Knex | Knex.Transaction, username: string): Promise<UserRow | undefined> {
  return db<UserRow>('users')
    .where({ username: normalizeUsername(username) })
    .first();
}

export function findUserById(db: Knex | Knex.Transaction, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

/** SQLite gives booleans as 0/1. */
export function isActive(row: Pick<UserRow, 'active'>): boolean {
  return row.active === true || row.active === 1;
}

/** A boolean column as either database gives it (PostgreSQL true, SQLite 1). */
export function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
}

/**
 * One query per staff request (passport's deserializeUser): the account's role, state and two-factor, read from
 * the shared database, so a role change, a deactivation or a new password takes effect on the next request on
 * every instance.
 */
export async function accountState(db: Knex, id: number): Promise<AccountState | undefined> {
  const row = await db('users as u')
    .where('u.id', id)
    .select(
      'u.id',
      'u.username',
      'u.role',
      'u.active',
      'u.totp_secret',
      'u.all_communities',
      db('passkeys as p').count('*').whereRaw('p.user_id = u.id').as('passkeys'),
      db('team_settings').select('require_two_factor').where({ id: 1 }).as('required'),
    )
    .first<
      | (Pick<UserRow, 'id' | 'username' | 'role' | 'active' | 'totp_secret'> & {
          all_communities: unknown;
          passkeys: number | string;
          required: boolean | number | null;
        })
      | undefined
    >();
  if (!row) return undefined;
  return {
    id: row.id,
    username: row.username,
    role: isRole(row.role) ? row.role : 'sales',
    active: isActive(row),
    twoFactor: row.totp_secret !== null || Number(row.passkeys) > 0,
    twoFactorRequired: row.required === true || row.required === 1,
    allCommunities: isTrue(row.all_communities),
  };
}

/**
 * Creates the account as an owner (ADMIN_USERNAME, `npm run admin -- set-password`), or resets its password
 * when it exists (its role and state stay).
 */
export async function upsertUser(db: Knex | Knex.Transaction, username: string, passwordHash: string): Promise<void> {
  await db('users')
    .insert({ username: normalizeUsername(username), password_hash: passwordHash, role: 'owner', active: true })
    .onConflict('username')
    .merge({ password_hash: passwordHash, updated_at: db.fn.now() });
}

export interface TeamMemberRow {
  id: number;
  username: string;
  role: string;
  active: boolean | number;
  email: string | null;
  display_name: string | null;
  last_sign_in_at: string | null;
  totp_secret: string | null;
  passkeys: number | string;
}

/** Every account, for the team page: by username. */
export function listTeam(db: Knex): Promise<TeamMemberRow[]> {
  return db('users as u')
    .select(
      'u.id',
      'u.username',
      'u.role',
      'u.active',
      'u.email',
      'u.display_name',
      'u.last_sign_in_at',
      'u.totp_secret',
      db('passkeys as p').count('*').whereRaw('p.user_id = u.id').as('passkeys'),
    )
    .orderBy('u.username');
}

/** The name a person goes by on the desk and in what it sends: their display name, or their username until set. */
export async function displayNameOf(db: Knex | Knex.Transaction, username: string): Promise<string> {
  const row = (await db('users').where({ username }).first('display_name')) as
    { display_name: string | null } | undefined;
  return row?.display_name || username;
}

/** Active owners, counted inside the transaction that would remove one. */
export async function countActiveOwners(trx: Knex.Transaction): Promise<number> {
  const row = await trx('users').where({ role: 'owner', active: true }).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** The roles that work leads (contract, "The sales desk"): an owner or a sales account, while it is active. */
const LEAD_ROLES = ['owner', 'sales'];

/**
 * The account a lead may be given to, or undefined when `username` names none that can take leads: only an active
 * sales or owner account. Every assignment goes through it.
 */
export async function assignableAccount(db: Knex, username: string): Promise<string | undefined> {
  const row = await db<UserRow>('users')
    .where({ username: normalizeUsername(username), active: true })
    .whereIn('role', LEAD_ROLES)
    .first('username');
  return row?.username;
}

/** Every account a lead may be given to, by name: the owner choices on the desk and the inbox's owner filter. */
export async function listAssignableAccounts(db: Knex): Promise<string[]> {
  // The same rule as assignableAccount: active sales and owner accounts.
  return (await db<UserRow>('users')
    .where({ active: true })
    .whereIn('role', LEAD_ROLES)
    .orderBy('username')
    .pluck('username')) as string[];
}
