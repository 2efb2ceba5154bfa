import { choiceFromStored, storedChoice } from './account-communities.js';
import { setCommunityIds, type CommunityIds } from '../db/user-communities.js';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { countActiveOwners, findUserById, findUserByUsername, isActive, type UserRow } from '../db/users.js';
import { setCalendarToken } from '../db/lead-desk.js';
import { endAccountSessions } from '../db/session-store.js';
import { characterCount, EMAIL_PATTERN } from '../shared/contact-rules.js';
import { cleanText } from '../shared/text-input.js';
import { isRole, type Role } from '../shared/permissions.js';
import { newUsernameProblem, normalizeUsername } from '../shared/staff-credentials.js';
import { recordAudit, type Actor } from './audit-log.js';
import { passwordProblem } from './password-rules.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { queueStaffMail } from './staff-mail.js';
import { defaultLeadsTo, handOverOpenLeads, HandoverError, type LeadsTo } from './lead-handover.js';

/**
 * The team, run from the browser (contract, "A team with roles"): invitations that make an account with a role,
 * role changes, deactivation, password resets by e-mail and password changes. Every change is one transaction
 * with its audit row; a change that must end sessions ends them in that transaction (the sessions table is
 * shared by every instance).
 */

/** An invitation works once and for 72 hours (contract). */
export const INVITATION_LIFETIME_MS = 72 * 3600 * 1000;
/** A reset link works once and for an hour. */
export const RESET_LIFETIME_MS = 3600 * 1000;

export type { Actor };

export class TeamError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 410,
    /** Per form field, for the invitation and reset forms. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A one-use secret for a link, and the hash that is stored (never the secret itself). */
function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

const isoIn = (ms: number, from = Date.now()) => new Date(from + ms).toISOString();

export interface Invitation {
  email: string;
  role: Role;
  /** The communities the account will work in once accepted (wave 4): all unless given; owners always all. */
  communities?: CommunityIds;
}

/** Checks an invitation's input: `{email, role}`. */
export function parseInvitation(body: unknown): Invitation | TeamError {
  const { email, role } = (body ?? {}) as { email?: unknown; role?: unknown };
  const fields: Record<string, string> = {};
  const address = typeof email === 'string' ? email.trim() : '';
  if (!EMAIL_PATTERN.test(address) || address.length > 254)
    fields.email = 'Enter an e-mail address, like name@example.com.';
  if (!isRole(role)) fields.role = 'Choose a role: owner, marketing or sales.';
  if (Object.keys(fields).length > 0) return new TeamError(Object.values(fields).join(' '), 400, fields);
  return { email: address, role: role as Role };
}

/**
 * Stores an invitation and, when staff mail is configured, the letter that carries its link (same transaction:
 * the letter is sent after, and never lost). Returns the link, which the owner may also pass on themselves.
 */
export async function invite(
  db: Knex,
  invitation: Invitation,
  actor: Actor,
  options: { origin: string; communityName: string; mail: boolean },
): Promise<{ link: string }> {
  const { token, hash } = newToken();
  const link = `${options.origin}/join/${token}`;
  await db.transaction(async (trx) => {
    await trx('staff_invitations').insert({
      token_hash: hash,
      email: invitation.email,
      role: invitation.role,
      invited_by: actor.username,
      communities: storedChoice(invitation.role === 'owner' ? 'all' : (invitation.communities ?? 'all')),
      created_at: new Date().toISOString(),
      expires_at: isoIn(INVITATION_LIFETIME_MS),
    });
    if (options.mail) {
      await queueStaffMail(trx, {
        to: invitation.email,
        subject: `You are invited to the ${options.communityName} staff pages`,
        text: [
          `${actor.username} invited you to the ${options.communityName} staff pages as ${invitation.role}.`,
          '',
          'Choose your username and password here (the link works once, for 72 hours):',
          link,
          '',
          'If you did not expect this, ignore this e-mail.',
        ].join('\n'),
      });
    }
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'account.invited',
      target: invitation.email,
      details: {
        role: invitation.role,
        ...(invitation.communities && invitation.communities !== 'all' && invitation.role !== 'owner'
          ? { communities: invitation.communities }
          : {}),
      },
    });
  });
  return { link };
}

interface InvitationRow {
  id: number;
  email: string;
  role: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  withdrawn_at: string | null;
  /** "all" or a list of community ids, as JSON; null for an invitation from before communities (all). */
  communities?: string | null;
}

const GONE = 'This invitation link has been used, withdrawn or has expired. Ask the owner for a new one.';

/**
 * An invitation that can still be accepted; 404 for an unknown token, 410 for a used, withdrawn or expired one, and
 * for one whose owner is no longer an active owner (an invitation is only as good as the standing of who sent it).
 */
export async function openInvitation(db: Knex | Knex.Transaction, token: string): Promise<InvitationRow> {
  const row = await db('staff_invitations')
    .where({ token_hash: tokenHash(token) })
    .first<InvitationRow | undefined>();
  if (!row) throw new TeamError('This invitation link is not known. Ask for a new one.', 404);
  if (row.used_at !== null || row.withdrawn_at !== null || row.expires_at <= new Date().toISOString())
    throw new TeamError(GONE, 410);
  const sender = await findUserByUsername(db, row.invited_by);
  if (!sender || !isActive(sender) || sender.role !== 'owner') throw new TeamError(GONE, 410);
  return row;
}

/** An invitation not yet used, withdrawn or expired, as the team page lists it. */
export interface PendingInvitation {
  id: number;
  email: string;
  role: Role;
  invitedBy: string;
  expiresAt: string;
}

/** The invitations waiting for an answer, newest first. */
export async function listPendingInvitations(db: Knex): Promise<PendingInvitation[]> {
  const rows = await db('staff_invitations')
    .whereNull('used_at')
    .whereNull('withdrawn_at')
    .andWhere('expires_at', '>', new Date().toISOString())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .select<InvitationRow[]>('*');
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    role: isRole(row.role) ? row.role : 'sales',
    invitedBy: row.invited_by,
    expiresAt: row.expires_at,
  }));
}

/**
 * An owner withdraws a pending invitation: its link answers 410 from now on. 404 for an unknown one, 409 for one
 * that was used, withdrawn or has expired already (nothing to withdraw).
 */
export async function revokeInvitation(db: Knex, id: number, actor: Actor): Promise<PendingInvitation> {
  return db.transaction(async (trx) => {
    const row = await trx('staff_invitations').where({ id }).first<InvitationRow | undefined>();
    if (!row) throw new TeamError('There is no such invitation.', 404);
    const now = new Date().toISOString();
    // Under a condition: of a revocation and an acceptance at once, one alone finds it pending.
    const withdrawn = await trx('staff_invitations')
      .where({ id })
      .whereNull('used_at')
      .whereNull('withdrawn_at')
      .andWhere('expires_at', '>', now)
      .update({ withdrawn_at: now, withdrawn_by: actor.username });
    if (withdrawn === 0)
      throw new TeamError('This invitation is no longer waiting: it was used, withdrawn or expired.', 409);
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'account.invitation-revoked',
      target: row.email,
      details: { role: row.role, invitedBy: row.invited_by },
    });
    return {
      id: Number(row.id),
      email: row.email,
      role: isRole(row.role) ? row.role : 'sales',
      invitedBy: row.invited_by,
      expiresAt: row.expires_at,
    };
  });
}

/**
 * The pending invitations `username` sent, withdrawn in `trx` (the deactivation or demotion that made them
 * worthless), with one audit row saying how many and to whom they went. Returns how many.
 */
async function cancelInvitationsOf(trx: Knex.Transaction, username: string, actor: Actor): Promise<number> {
  const now = new Date().toISOString();
  const pending = trx('staff_invitations')
    .where({ invited_by: username })
    .whereNull('used_at')
    .whereNull('withdrawn_at')
    .andWhere('expires_at', '>', now);
  const emails = (await pending.clone().orderBy('id').pluck('email')) as string[];
  if (emails.length === 0) return 0;
  await pending.clone().update({ withdrawn_at: now, withdrawn_by: actor.username });
  await recordAudit(trx, {
    actor: actor.username,
    ip: actor.ip,
    action: 'account.invitations-cancelled',
    target: username,
    details: { invitations: emails.length, emails },
  });
  return emails.length;
}

/** Creates the invited account: the username and password the invitee chose, the role the owner gave. */
export async function acceptInvitation(
  db: Knex,
  token: string,
  input: { username: string; password: string },
  options: { ip: string; cost: number },
): Promise<{ id: number; username: string }> {
  const fields: Record<string, string> = {};
  const usernameTrouble = newUsernameProblem(input.username);
  if (usernameTrouble) fields.username = usernameTrouble;
  const passwordTrouble = passwordProblem(input.password, input.username);
  if (passwordTrouble) fields.password = passwordTrouble;
  // Hashed before the transaction: it takes about 100 ms, and holds no lock meanwhile.
  const hash = fields.password ? '' : await hashPassword(input.password, options.cost);
  return db.transaction(async (trx) => {
    const invitation = await openInvitation(trx, token);
    if (!fields.username && (await findUserByUsername(trx, input.username)))
      fields.username = 'This username is taken. Choose another.';
    if (Object.keys(fields).length > 0) throw new TeamError(Object.values(fields).join(' '), 400, fields);
    const username = normalizeUsername(input.username);
    // Marked used first, under a condition: of two acceptances at once, one alone finds it unused.
    const claimed = await trx('staff_invitations')
      .where({ id: invitation.id })
      .whereNull('used_at')
      .whereNull('withdrawn_at')
      .update({ used_at: new Date().toISOString(), username });
    if (claimed === 0) throw new TeamError(GONE, 410);
    const [created] = await trx('users')
      .insert({
        username,
        password_hash: hash,
        role: isRole(invitation.role) ? invitation.role : 'sales',
        active: true,
        email: invitation.email,
      })
      .returning<{ id: number }[]>('id');
    const id = typeof created === 'object' ? created.id : Number(created);
    // The communities the owner chose for this account when inviting it (communities removed since are dropped).
    const chosen = choiceFromStored(invitation.communities);
    if (chosen !== 'all' && invitation.role !== 'owner') {
      const existing = new Set(
        ((await trx('communities').whereIn('id', chosen).select('id')) as { id: number | string }[]).map((row) =>
          Number(row.id),
        ),
      );
      await setCommunityIds(
        trx,
        id,
        chosen.filter((community) => existing.has(community)),
      );
    }
    await recordAudit(trx, {
      actor: username,
      ip: options.ip,
      action: 'account.created',
      target: username,
      details: { role: invitation.role, invitedBy: invitation.invited_by, email: invitation.email },
    });
    return { id, username };
  });
}

/**
 * A role or state change; `leadsTo` says where the account's open leads go when the change makes it stop taking
 * leads (deactivation, or the marketing role). Optional: the contract's `{"active": false}` keeps working, and the
 * leads then go where a new lead would go now (decision 046).
 */
export type MemberChange = ({ role: Role } | { active: boolean }) & { leadsTo?: LeadsTo };

/** `leadsTo` as a call sends it ("unassigned", "rotation", {"account": name}) or as the form does ("account:name"). */
function parseLeadsTo(value: unknown): LeadsTo | undefined {
  if (value === 'unassigned' || value === 'rotation') return value;
  if (typeof value === 'string' && value.startsWith('account:')) return { account: value.slice('account:'.length) };
  const account = (value as { account?: unknown } | null)?.account;
  if (typeof value === 'object' && typeof account === 'string') return { account };
  return undefined;
}

export function parseMemberChange(body: unknown): MemberChange | TeamError {
  const { leadsTo: rawLeadsTo, ...value } = (body ?? {}) as Record<string, unknown>;
  const leadsTo = rawLeadsTo === undefined ? undefined : parseLeadsTo(rawLeadsTo);
  if (rawLeadsTo !== undefined && !leadsTo)
    return new TeamError('Say where the open leads go: "unassigned", "rotation" or {"account": "<username>"}.', 400);
  const keys = Object.keys(value);
  const extra = leadsTo ? { leadsTo } : {};
  if (keys.length === 1 && keys[0] === 'role' && isRole(value.role)) return { role: value.role, ...extra };
  if (keys.length === 1 && keys[0] === 'active' && typeof value.active === 'boolean')
    return { active: value.active, ...extra };
  return new TeamError('Send {"role": "owner" | "marketing" | "sales"} or {"active": true | false}.', 400);
}

/** The roles that work leads, as assignableAccount has them (db/users.ts). */
const takesLeads = (role: Role, active: boolean) => active && (role === 'owner' || role === 'sales');

/**
 * Changes an account's role or state. The last active owner can be neither demoted nor deactivated (409): the
 * owners are counted inside the transaction. A deactivation ends the account's sessions at once.
 */
export async function changeMember(
  db: Knex,
  username: string,
  change: MemberChange,
  actor: Actor,
): Promise<{ username: string; role: Role; active: boolean; leadsHandedOver?: number }> {
  return db.transaction(async (trx) => {
    const user = await findUserByUsername(trx, username);
    if (!user) throw new TeamError('There is no such account.', 404);
    const role: Role = isRole(user.role) ? user.role : 'sales';
    const active = isActive(user);
    const next = { role: 'role' in change ? change.role : role, active: 'active' in change ? change.active : active };
    const losesOwner = role === 'owner' && active && (next.role !== 'owner' || !next.active);
    if (losesOwner && (await countActiveOwners(trx)) <= 1)
      throw new TeamError('This is the last active owner: make another account an owner first.', 409);
    if (next.role === role && next.active === active) return { username: user.username, ...next };
    await trx('users')
      .where({ id: user.id })
      .update({ role: next.role, active: next.active, updated_at: trx.fn.now() });
    if (!next.active) await endAccountSessions(trx, user.id);
    // Its open leads go elsewhere in the same transaction: none keeps an owner who no longer works leads.
    const handedOver =
      takesLeads(role, active) && !takesLeads(next.role, next.active)
        ? await handOverOpenLeads(trx, user.username, change.leadsTo ?? (await defaultLeadsTo(trx)), actor).catch(
            (error: unknown) => {
              throw error instanceof HandoverError
                ? new TeamError(error.message, 400, { leadsTo: error.message })
                : error;
            },
          )
        : 0;
    // An invitation is only as good as its sender's standing: one who is no longer an active owner leaves none.
    if (!(next.active && next.role === 'owner')) await cancelInvitationsOf(trx, user.username, actor);
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      target: user.username,
      ...('role' in change
        ? { action: 'account.role', details: { role: [role, next.role] } }
        : {
            action: next.active ? 'account.reactivated' : 'account.deactivated',
            details: { active: [active, next.active] },
          }),
    });
    return { username: user.username, ...next, ...(handedOver > 0 && { leadsHandedOver: handedOver }) };
  });
}

/**
 * "Forgot your password": when the name or e-mail belongs to an active account with an e-mail address, a reset
 * link is e-mailed. The caller answers the same whatever happened here: no one learns whether an account exists.
 */
export async function requestPasswordReset(
  db: Knex,
  who: string,
  options: { origin: string; communityName: string; ip: string; mail: boolean },
): Promise<void> {
  const typed = who.trim();
  if (!options.mail || typed === '' || typed.length > 254) return;
  const user =
    (await findUserByUsername(db, typed)) ??
    (await db<UserRow>('users').whereRaw('lower(email) = ?', [typed.toLowerCase()]).first());
  if (!user || !isActive(user) || !user.email) return;
  const { token, hash } = newToken();
  const link = `${options.origin}/login/reset/${token}`;
  await db.transaction(async (trx) => {
    // A newer link ends the older ones: only the last letter's link works.
    await endResetLinks(trx, user.id);
    await trx('password_resets').insert({
      token_hash: hash,
      user_id: user.id,
      created_at: new Date().toISOString(),
      expires_at: isoIn(RESET_LIFETIME_MS),
      password_fingerprint: passwordFingerprint(user.password_hash),
    });
    await queueStaffMail(trx, {
      to: user.email!,
      subject: `Reset your ${options.communityName} staff password`,
      text: [
        `Someone (hopefully you) asked to reset the password of "${user.username}" on the ${options.communityName} staff pages.`,
        '',
        'Choose a new password here (the link works once, for one hour; every session of the account ends):',
        link,
        '',
        'If you did not ask, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    });
    await recordAudit(trx, {
      actor: '',
      ip: options.ip,
      action: 'account.password-reset-requested',
      target: user.username,
    });
  });
}

/**
 * What a reset link is bound to: the account's password as it was when the link was issued (a hash of its hash).
 * Any change of the password, by whatever way, ends every link issued before it.
 */
export function passwordFingerprint(passwordHash: string): string {
  return crypto.createHash('sha256').update(`password-reset:${passwordHash}`).digest('hex');
}

/** Ends every unused reset link of an account. */
async function endResetLinks(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('password_resets').where({ user_id: userId }).whereNull('used_at').update({
    used_at: new Date().toISOString(),
  });
}

interface ResetRow {
  id: number;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  password_fingerprint: string | null;
}

const RESET_GONE = 'This reset link has been used or has expired. Ask for a new one.';

/**
 * The reset link, while it works: unused, unexpired, the newest of its account's links, and issued for the
 * password the account still has.
 */
export async function openReset(db: Knex | Knex.Transaction, token: string): Promise<ResetRow> {
  const row = await db('password_resets')
    .where({ token_hash: tokenHash(token) })
    .first<ResetRow | undefined>();
  if (!row || row.used_at !== null || row.expires_at <= new Date().toISOString()) throw new TeamError(RESET_GONE, 410);
  const user = await findUserById(db, row.user_id);
  if (!user || row.password_fingerprint !== passwordFingerprint(user.password_hash))
    throw new TeamError(RESET_GONE, 410);
  return row;
}

/** Sets the new password from a reset link: once, every session of the account ends. */
export async function resetPassword(
  db: Knex,
  token: string,
  password: string,
  options: { ip: string; cost: number },
): Promise<void> {
  const reset = await openReset(db, token);
  const user = await findUserById(db, reset.user_id);
  if (!user || !isActive(user)) throw new TeamError('This reset link has been used or has expired.', 410);
  const problem = passwordProblem(password, user.username);
  if (problem) throw new TeamError(problem, 400, { password: problem });
  const hash = await hashPassword(password, options.cost);
  await db.transaction(async (trx) => {
    // Claimed under conditions: unused, and the password still the one it was issued for (two links at once).
    const current = await findUserById(trx, user.id);
    const claimed = await trx('password_resets')
      .where({ id: reset.id, password_fingerprint: passwordFingerprint(current?.password_hash ?? '') })
      .whereNull('used_at')
      .update({ used_at: new Date().toISOString() });
    if (claimed === 0) throw new TeamError('This reset link has been used.', 410);
    await endResetLinks(trx, user.id);
    await trx('users').where({ id: user.id }).update({ password_hash: hash, updated_at: trx.fn.now() });
    await endAccountSessions(trx, user.id);
    await recordAudit(trx, {
      actor: user.username,
      ip: options.ip,
      action: 'account.password-reset',
      target: user.username,
    });
  });
}

/** Whether `password` is the account's password (up to 1,024 characters compared, as at sign-in). */
function passwordMatches(user: UserRow, password: string): Promise<boolean> {
  return verifyPassword(password.slice(0, 1024), user.password_hash);
}

/** The current password asked again before a sensitive change of one's own account (decision 042). */
export async function verifyCurrentPassword(db: Knex, userId: number, password: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  return user !== undefined && isActive(user) && (await passwordMatches(user, password));
}

/** One's own calendar address gets a new token: the old address stops working at once. */
export async function replaceCalendarToken(db: Knex, username: string, token: string, actor: Actor): Promise<void> {
  await db.transaction(async (trx) => {
    await setCalendarToken(trx, username, token, new Date().toISOString());
    await recordAudit(trx, { actor: actor.username, ip: actor.ip, action: 'account.calendar-token', target: username });
  });
}

/** Changes one's own password (the current one asked again); every other session of the account ends. */
export async function changePassword(
  db: Knex,
  userId: number,
  input: { current: string; password: string },
  options: { ip: string; cost: number; keepSid: string },
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new TeamError('There is no such account.', 404);
  const fields: Record<string, string> = {};
  if (!(await passwordMatches(user, input.current))) fields.current = 'This is not your current password.';
  const problem = passwordProblem(input.password, user.username);
  if (problem) fields.password = problem;
  if (Object.keys(fields).length > 0) throw new TeamError(Object.values(fields).join(' '), 400, fields);
  const hash = await hashPassword(input.password, options.cost);
  await db.transaction(async (trx) => {
    await trx('users').where({ id: user.id }).update({ password_hash: hash, updated_at: trx.fn.now() });
    await endAccountSessions(trx, user.id, options.keepSid);
    await recordAudit(trx, { actor: user.username, ip: options.ip, action: 'account.password', target: user.username });
  });
}

/** A display name: 1–80 characters of one line. */
export const DISPLAY_NAME_MAX_LENGTH = 80;

/** The display name as typed, cleaned; '' clears it (the username is shown then). */
export function parseDisplayName(raw: unknown): string {
  const name = cleanText(raw);
  if (characterCount(name) > DISPLAY_NAME_MAX_LENGTH) {
    const message = `A display name is at most ${DISPLAY_NAME_MAX_LENGTH} characters.`;
    throw new TeamError(message, 400, { displayName: message });
  }
  return name;
}

/** One's own display name (how the team page lists one and how replies to buyers are signed); '' clears it. */
export async function setOwnDisplayName(db: Knex, userId: number, raw: unknown, actor: Actor): Promise<void> {
  const name = parseDisplayName(raw);
  await db.transaction(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw new TeamError('There is no such account.', 404);
    if ((user.display_name ?? '') === name) return;
    await trx('users')
      .where({ id: userId })
      .update({ display_name: name || null, updated_at: trx.fn.now() });
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'account.display-name',
      target: user.username,
      details: { displayName: [user.display_name, name || null] },
    });
  });
}

/** One's own e-mail address, where reset links go. */
export async function setOwnEmail(db: Knex, userId: number, email: string, actor: Actor): Promise<void> {
  const address = email.trim();
  if (address !== '' && (!EMAIL_PATTERN.test(address) || address.length > 254))
    throw new TeamError('Enter an e-mail address, like name@example.com.', 400, {
      email: 'Enter an e-mail address, like name@example.com.',
    });
  await db.transaction(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw new TeamError('There is no such account.', 404);
    await trx('users')
      .where({ id: userId })
      .update({ email: address || null, updated_at: trx.fn.now() });
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'account.email',
      target: user.username,
      details: { email: [user.email, address || null] },
    });
  });
}

/** Whether the owner requires two-factor for everyone. */
export async function twoFactorRequired(db: Knex): Promise<boolean> {
  const row = await db('team_settings').where({ id: 1 }).first<{ require_two_factor: boolean | number } | undefined>();
  return row?.require_two_factor === true || row?.require_two_factor === 1;
}

export async function setTwoFactorRequired(db: Knex, required: boolean, actor: Actor): Promise<void> {
  await db.transaction(async (trx) => {
    const before = await twoFactorRequired(trx as unknown as Knex);
    if (before === required) return;
    await trx('team_settings').where({ id: 1 }).update({ require_two_factor: required });
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'team.require-two-factor',
      target: 'team',
      details: { required: [before, required] },
    });
  });
}

/**
 * An owner resets a colleague's lost second factor (decision 046): the authenticator app, every passkey and every
 * recovery code go, and every session of the account ends, in one transaction with its audit row. The colleague
 * signs in with the password alone next time, and enrolls again (at once, while the owner requires two-factor).
 * One's own factors are changed on one's account page, where each removal is proved with the factor itself.
 */
export async function resetTwoFactor(
  db: Knex,
  username: string,
  actor: Actor,
): Promise<{ username: string; app: boolean; passkeys: number; recoveryCodes: number; sessions: number }> {
  return db.transaction(async (trx) => {
    const user = await findUserByUsername(trx, username);
    if (!user) throw new TeamError('There is no such account.', 404);
    if (user.username === actor.username)
      throw new TeamError('Change your own two-factor sign-in on your account page.', 409);
    const app = user.totp_secret !== null;
    await trx('users')
      .where({ id: user.id })
      .update({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: trx.fn.now() });
    const passkeys = await trx('passkeys').where({ user_id: user.id }).delete();
    const recoveryCodes = await trx('recovery_codes')
      .where({ user_id: user.id })
      .whereNull('used_at')
      .count({ n: '*' })
      .first();
    await trx('recovery_codes').where({ user_id: user.id }).delete();
    const sessions = await endAccountSessions(trx, user.id);
    const result = { app, passkeys, recoveryCodes: Number(recoveryCodes?.n ?? 0), sessions };
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'two-factor.reset',
      target: user.username,
      details: result,
    });
    return { username: user.username, ...result };
  });
}
