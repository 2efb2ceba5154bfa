import { expect } from 'chai';
import { createDeviceCookies } from '../../src/services/device-cookies.js';
import { setStaffPassword } from '../../src/services/staff-accounts.js';
import { resolveSessionSecret } from '../../src/session-secret.js';
import { postSignIn, STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const SECURE_PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-production-1234',
};

/**
 * TRUST_PROXY=1 lets each request claim its own client address in X-Forwarded-For, so strangers, the staff
 * member and the per-address limit can be told apart on one loopback connection.
 */
function postLogin(
  server: TestServer,
  username: string,
  password: string,
  address: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return postSignIn(server.url, username, password, { cookie, headers: { 'X-Forwarded-For': address, ...headers } });
}

function cookiePair(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`));
}

function setCookieLine(response: Response, name: string): string {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`)) ?? '';
}

/** Five wrong guesses for `username`, each from another stranger's address. */
async function strangersGuess(server: TestServer, username: string, times = 5): Promise<void> {
  for (let attempt = 1; attempt <= times; attempt += 1) {
    const response = await postLogin(server, username, 'a wrong guess', `203.0.113.${attempt}`);
    expect(response.status, `guess ${attempt}`).to.equal(401);
  }
}

describe('Login lockout and device cookies', () => {
  let server: TestServer;
  /** The staff member's browser, which signed in before the attack. */
  let staffDevice: string;

  beforeEach(async () => {
    server = await startTestServer({ ...STAFF_ENV, LOGIN_RATE_LIMIT: '5', TRUST_PROXY: '1' });
    const signIn = await postLogin(server, 'staff', STAFF_PASSWORD, '198.51.100.7');
    expect(signIn.status).to.equal(303);
    staffDevice = cookiePair(signIn, 'login-device') ?? '';
  });
  afterEach(() => server.close());

  it('gives the browser a long-lived, HttpOnly, SameSite=Strict device cookie after the session cookie', async () => {
    expect(staffDevice).to.match(/^login-device=v1\./);
    const signIn = await postLogin(server, 'staff', STAFF_PASSWORD, '198.51.100.8');
    const cookies = signIn.headers.getSetCookie();
    expect(cookies[0]).to.match(/^sid=/);
    const line = setCookieLine(signIn, 'login-device');
    expect(line)
      .to.match(/; HttpOnly/)
      .and.match(/; SameSite=Strict/)
      .and.match(/; Path=\//);
    expect(Number(/Max-Age=(\d+)/.exec(line)?.[1])).to.be.at.least(90 * 24 * 3600);
    expect(line).to.not.match(/Secure/);
  });

  it("locks strangers out of a username after five wrong guesses, but not the staff member's own browser", async () => {
    await strangersGuess(server, 'staff');
    const stranger = await postLogin(server, 'staff', STAFF_PASSWORD, '203.0.113.50');
    expect(stranger.status, 'another stranger, even with the right password').to.equal(429);
    const ownBrowser = await postLogin(server, 'staff', STAFF_PASSWORD, '198.51.100.7', staffDevice);
    expect(ownBrowser.status).to.equal(303);
    expect(ownBrowser.headers.get('location')).to.equal('/admin');
    // Whatever case or spacing the staff member types, the device cookie is for the same username.
    const typedDifferently = await postLogin(server, ' Staff ', STAFF_PASSWORD, '198.51.100.7', staffDevice);
    expect(typedDifferently.status).to.equal(303);
  });

  it("lets the staff member's own browser in from any address after seven guesses from one, however the name is typed", async () => {
    const statuses: number[] = [];
    for (let guess = 1; guess <= 7; guess += 1)
      statuses.push((await postLogin(server, 'staff', 'a wrong guess', '203.0.113.70')).status);
    expect(statuses).to.deep.equal([401, 401, 401, 401, 401, 429, 429]);
    for (const typed of ['staff', 'Staff', ' staff', 'ｓｔａｆｆ']) {
      for (const address of ['203.0.113.70', '198.51.100.99']) {
        const ownBrowser = await postLogin(server, typed, STAFF_PASSWORD, address, staffDevice);
        expect(ownBrowser.status, `"${typed}" from ${address}`).to.equal(303);
        const newBrowser = await postLogin(server, typed, STAFF_PASSWORD, address);
        expect(newBrowser.status, `"${typed}" from ${address} in a browser never signed in with`).to.equal(429);
      }
    }
  });

  it('counts a username for the lock in the form sign-in compares it in: inner spaces make another username', async () => {
    await strangersGuess(server, 'st aff');
    const stranger = await postLogin(server, 'staff', STAFF_PASSWORD, '203.0.113.50');
    expect(stranger.status, 'staff was not the username guessed').to.equal(303);
    const full = await postLogin(server, 'ＳＴ ＡＦＦ', 'a wrong guess', '203.0.113.51');
    expect(full.status, 'the full-width form of the username that was guessed').to.equal(429);
  });

  it("does not count the staff browser's own typo toward the username lock", async () => {
    await strangersGuess(server, 'staff', 4);
    const typo = await postLogin(server, 'staff', 'a typo', '198.51.100.7', staffDevice);
    expect(typo.status).to.equal(401);
    const stranger = await postLogin(server, 'staff', STAFF_PASSWORD, '203.0.113.50');
    expect(stranger.status, 'the fifth failure was the known device').to.equal(303);
  });

  it('gives a tampered, forged or expired device cookie no exemption', async () => {
    await strangersGuess(server, 'staff');
    const [prefix, signature = ''] = [staffDevice.slice(0, staffDevice.lastIndexOf('.')), staffDevice.split('.').pop()];
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const parts = staffDevice.slice('login-device='.length).split('.');
    const otherUser = Buffer.from('someone-else').toString('base64url');
    const secret = resolveSessionSecret(server.config);
    const wrongKey = createDeviceCookies('not the site secret, but long enough anyway').issue('staff');
    const expired = createDeviceCookies(secret).issue('staff', undefined, Date.now() - 181 * 24 * 3600 * 1000);
    const forgeries = {
      'a changed signature': `${prefix}.${flipped}`,
      'another username under the same signature': `login-device=${[parts[0], otherUser, ...parts.slice(2)].join('.')}`,
      'a later issue time under the same signature': `login-device=${[...parts.slice(0, 3), String(Number(parts[3]) + 1), parts[4]].join('.')}`,
      'a token signed with another key': `login-device=${wrongKey}`,
      'an expired token': `login-device=${expired}`,
      'no signature': `login-device=${parts.slice(0, 4).join('.')}`,
      garbage: 'login-device=constructor',
    };
    for (const [label, cookie] of Object.entries(forgeries)) {
      const response = await postLogin(server, 'staff', STAFF_PASSWORD, '203.0.113.60', cookie);
      expect(response.status, label).to.equal(429);
    }
    const genuine = await postLogin(server, 'staff', STAFF_PASSWORD, '203.0.113.61', staffDevice);
    expect(genuine.status, 'the genuine cookie').to.equal(303);
  });

  it('gives a device cookie for another username no exemption on the staff username', async () => {
    await setStaffPassword(server.db, 'helper', 'another long password', server.config.passwordHashCost);
    const helperSignIn = await postLogin(server, 'helper', 'another long password', '198.51.100.20');
    const helperDevice = cookiePair(helperSignIn, 'login-device') ?? '';
    expect(helperDevice).to.match(/^login-device=/);
    await strangersGuess(server, 'staff');
    const response = await postLogin(server, 'staff', STAFF_PASSWORD, '198.51.100.20', helperDevice);
    expect(response.status).to.equal(429);
  });

  it("exempts the staff member's own browser from the limit of the office's shared address", async () => {
    for (const username of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) {
      const response = await postLogin(server, username, 'a wrong guess', '198.51.100.7');
      expect(response.status, username).to.equal(username === 'frank' ? 429 : 401);
    }
    const ownBrowser = await postLogin(server, 'staff', STAFF_PASSWORD, '198.51.100.7', staffDevice);
    expect(ownBrowser.status, "staff's own browser").to.equal(303);
    const otherBrowser = await postLogin(server, 'staff', STAFF_PASSWORD, '198.51.100.7');
    expect(otherBrowser.status, 'a browser without the device cookie at that address').to.equal(429);
    expect(Number(otherBrowser.headers.get('retry-after'))).to.be.within(1, 15 * 60);
  });

  it('keeps a shared browser known for each staff username that signs in on it', async () => {
    await setStaffPassword(server.db, 'helper', 'another long password', server.config.passwordHashCost);
    const helperSignIn = await postLogin(server, 'helper', 'another long password', '198.51.100.7', staffDevice);
    expect(helperSignIn.status).to.equal(303);
    const bothDevices = cookiePair(helperSignIn, 'login-device') ?? '';
    await strangersGuess(server, 'staff');
    await strangersGuess(server, 'helper');
    for (const [username, password] of [
      ['staff', STAFF_PASSWORD],
      ['helper', 'another long password'],
    ] as const) {
      const response = await postLogin(server, username, password, '198.51.100.7', bothDevices);
      expect(response.status, username).to.equal(303);
    }
  });

  it('limits wrong guesses from one known device on its own, wherever they come from', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await postLogin(server, 'staff', 'a wrong guess', `192.0.2.${attempt}`, staffDevice);
      expect(response.status, `guess ${attempt}`).to.equal(401);
    }
    const device = await postLogin(server, 'staff', STAFF_PASSWORD, '192.0.2.99', staffDevice);
    expect(device.status, 'that device').to.equal(429);
    const stranger = await postLogin(server, 'staff', STAFF_PASSWORD, '192.0.2.100');
    expect(stranger.status, 'the username itself was not locked by them').to.equal(303);
  });
});

describe('Device cookie in production', () => {
  it('is Secure, HttpOnly, SameSite=Strict and __Host- prefixed', async () => {
    const server = await startTestServer({ ...STAFF_ENV, ...SECURE_PRODUCTION, TRUST_PROXY: '1' });
    try {
      const signIn = await postLogin(server, 'staff', STAFF_PASSWORD, '198.51.100.7', undefined, {
        'X-Forwarded-Proto': 'https',
      });
      expect(signIn.status).to.equal(303);
      expect(signIn.headers.getSetCookie()[0]).to.match(/^__Host-sid=/);
      const line = setCookieLine(signIn, '__Host-login-device');
      expect(line)
        .to.match(/; Secure/)
        .and.match(/; HttpOnly/)
        .and.match(/; SameSite=Strict/)
        .and.match(/; Path=\//);
      expect(line).to.not.match(/Domain=/i);
    } finally {
      await server.close();
    }
  });
});
