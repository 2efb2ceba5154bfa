import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { Knex } from 'knex';
import { recordAudit } from './audit-log.js';
import type { Actor } from './team.js';
import { replaceRecoveryCodes } from './two-factor.js';

/**
 * Passkeys (WebAuthn, through SimpleWebAuthn): the phishing-resistant way through the second step. A passkey is
 * bound to the site's host (the relying party id) and origin, which the server gives here from SITE_URL in
 * production (the request's own origin outside it, where tests run on a random port). The ceremony's challenge
 * lives in the session between the options and the answer.
 */

/**
 * SimpleWebAuthn, loaded at the first passkey ceremony rather than at start: loading it costs about 0.3 s of CPU,
 * which every start of the server and of every command paid, passkeys used or not.
 */
type WebAuthn = typeof SimpleWebAuthn;
let webAuthn: Promise<WebAuthn> | undefined;
function loadWebAuthn(): Promise<WebAuthn> {
  webAuthn ??= import('@simplewebauthn/server');
  return webAuthn;
}

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface PasskeyView {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

function transportsOf(row: PasskeyRow): AuthenticatorTransport[] | undefined {
  return row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined;
}

export async function listPasskeys(db: Knex, userId: number): Promise<PasskeyView[]> {
  const rows = await db('passkeys').where({ user_id: userId }).orderBy('id').select<PasskeyRow[]>('*');
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
}

export async function registrationOptions(
  db: Knex,
  user: { id: number; username: string },
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db('passkeys').where({ user_id: user.id }).select<PasskeyRow[]>('*');
  return (await loadWebAuthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(`staff-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/**
 * Verifies the browser's answer and keeps the passkey; false when it does not verify. When it is the account's only
 * second factor (no app, no other passkey), the account gets its recovery codes, as with the app: returned once.
 */
export async function addPasskey(
  db: Knex,
  userId: number,
  input: { response: unknown; name: string; challenge: string },
  rp: RelyingParty,
  actor: Actor,
): Promise<false | { recoveryCodes?: string[] }> {
  let verified;
  try {
    const { verifyRegistrationResponse } = await loadWebAuthn();
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: input.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return false;
  }
  if (!verified.verified) return false;
  const { credential } = verified.registrationInfo;
  const name = input.name.trim().slice(0, 100) || 'Passkey';
  return db.transaction(async (trx) => {
    const user = await trx('users').where({ id: userId }).first<{ totp_secret: string | null } | undefined>();
    const others = await trx('passkeys').where({ user_id: userId }).count({ n: '*' }).first();
    const onlyFactor = !user?.totp_secret && Number(others?.n ?? 0) === 0;
    await trx('passkeys').insert({
      user_id: userId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports?.join(',') ?? null,
      name,
      created_at: new Date().toISOString(),
    });
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'two-factor.passkey-added',
      target: actor.username,
      details: { name, ...(onlyFactor && { recoveryCodes: true }) },
    });
    return onlyFactor ? { recoveryCodes: await replaceRecoveryCodes(trx, userId) } : {};
  });
}

export async function removePasskey(db: Knex, userId: number, passkeyId: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (trx) => {
    const row = await trx('passkeys').where({ id: passkeyId, user_id: userId }).first<PasskeyRow | undefined>();
    if (!row) return false;
    await trx('passkeys').where({ id: row.id }).delete();
    await recordAudit(trx, {
      actor: actor.username,
      ip: actor.ip,
      action: 'two-factor.passkey-removed',
      target: actor.username,
      details: { name: row.name },
    });
    return true;
  });
}

export async function authenticationOptions(
  db: Knex,
  userId: number,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rows = await db('passkeys').where({ user_id: userId }).select<PasskeyRow[]>('*');
  return (await loadWebAuthn()).generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: rows.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    userVerification: 'preferred',
  });
}

/** The second step with a passkey of this account: true when the assertion verifies (its counter is kept). */
export async function passWithPasskey(
  db: Knex,
  userId: number,
  input: { response: unknown; challenge: string },
  rp: RelyingParty,
): Promise<boolean> {
  const response = input.response as AuthenticationResponseJSON;
  if (!response || typeof response.id !== 'string') return false;
  const row = await db('passkeys')
    .where({ user_id: userId, credential_id: response.id })
    .first<PasskeyRow | undefined>();
  if (!row) return false;
  try {
    const { verifyAuthenticationResponse } = await loadWebAuthn();
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: input.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
        counter: Number(row.counter),
        transports: transportsOf(row),
      },
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    await db('passkeys')
      .where({ id: row.id })
      .update({ counter: result.authenticationInfo.newCounter, last_used_at: new Date().toISOString() });
    return true;
  } catch {
    return false;
  }
}
