import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import type { Role } from '../../src/shared/permissions.js';
import { csrfTokenOf, postSignIn, signIn, type Staff } from './staff.js';

/** A call as the staff pages' scripts make it: JSON, the CSRF header, a same-origin Origin. */
export function staffCall(
  url: string,
  path: string,
  staff: Staff | undefined,
  body?: unknown,
  options: { method?: string; token?: string | null } = {},
): Promise<Response> {
  const token = options.token === undefined ? staff?.token : options.token;
  return fetch(`${url}${path}`, {
    method: options.method ?? 'POST',
    redirect: 'manual',
    headers: {
      Origin: url,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(staff ? { Cookie: staff.cookie } : {}),
      ...(token ? { 'X-CSRF-Token': token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * The owner invites `email` as `role` and returns the link (201 {link}) at `url`: the link's own origin is SITE_URL
 * when the site has one, which a test server does not answer at.
 */
export async function inviteLink(
  url: string,
  owner: Staff,
  role: Role,
  email = `${role}@example.com`,
): Promise<string> {
  const response = await staffCall(url, '/admin/team/invitations', owner, { email, role });
  expect(response.status, 'invitation').to.equal(201);
  const { link } = (await response.json()) as { link: string };
  expect(link).to.match(/^https?:\/\/[^/]+\/join\/[A-Za-z0-9_-]{20,}$/);
  return `${url}${new URL(link).pathname}`;
}

/** Posts the invitation form as a browser does. */
export function acceptInvitation(link: string, username: string, password: string): Promise<Response> {
  return fetch(link, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(link).origin },
    body: new URLSearchParams({ username, password }),
  });
}

/** A new account of that role, through the owner's invitation and the invitee's form; signed in. */
export async function teamMember(
  url: string,
  owner: Staff,
  role: Role,
  username: string,
  password: string,
): Promise<Staff> {
  const link = await inviteLink(url, owner, role, `${username}@example.com`);
  const accepted = await acceptInvitation(link, username, password);
  expect(accepted.status, 'invitation accepted').to.equal(303);
  return signIn(url, username, password);
}

/** The current code of a TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s), optionally `steps` periods away. */
export function totpCode(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * 30_000,
  });
}

/** Turns the authenticator app on for a signed-in account: its secret and recovery codes. */
export async function enrollTotp(url: string, staff: Staff): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await staffCall(url, '/admin/account/two-factor/start', staff);
  expect(started.status, 'start').to.equal(200);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await staffCall(url, '/admin/account/two-factor/confirm', staff, { code: totpCode(secret) });
  expect(confirmed.status, 'confirm').to.equal(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

/** The first step of a two-factor sign-in: the password's 303 to /login/two-factor and the waiting session. */
export async function passwordStep(url: string, username: string, password: string): Promise<string> {
  const response = await postSignIn(url, username, password);
  expect(response.status, 'password step').to.equal(303);
  expect(response.headers.get('location')).to.equal('/login/two-factor');
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0] ?? '')
    .find((pair) => /^sid=./.test(pair));
  expect(cookie, 'session cookie').to.be.a('string');
  return cookie!;
}

/** The second step's form post. */
export function postCode(url: string, cookie: string, code: string): Promise<Response> {
  return fetch(`${url}/login/two-factor`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: url },
    body: new URLSearchParams({ code }),
  });
}

/** The session cookie a response sets (sid), or the one given when it sets none. */
export function cookieAfter(response: Response, previous: string): string {
  return (
    response.headers
      .getSetCookie()
      .map((setCookie) => setCookie.split(';')[0] ?? '')
      .find((pair) => /^sid=./.test(pair)) ?? previous
  );
}

export async function staffAfterCode(url: string, response: Response, cookie: string): Promise<Staff> {
  const session = cookieAfter(response, cookie);
  return { cookie: session, token: await csrfTokenOf(url, session) };
}
