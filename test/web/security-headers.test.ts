import { expect } from 'chai';
import sharp from 'sharp';
import { observatoryScore } from '../support/observatory.js';
import { postSignIn, signIn } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Production settings behind a TLS-terminating proxy, as docs/deploy.md sets them up. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-production-1234',
  TRUST_PROXY: '1',
  ADMIN_USERNAME: 'staff',
  ADMIN_PASSWORD: 'observatory-password',
};
const VIA_HTTPS = { 'x-forwarded-proto': 'https' };

describe('Security headers (HTTP Observatory rubric, production settings)', () => {
  let server: TestServer;
  let cookie = '';
  let uploadedImage = '';

  before(async () => {
    server = await startTestServer(PRODUCTION);
    const staff = await signIn(server.url, 'staff', 'observatory-password', VIA_HTTPS);
    cookie = staff.cookie;
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    form.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'lawn.jpg');
    form.set('alt', 'A lawn');
    const upload = await fetch(`${server.url}/admin/upload/homepageimage`, {
      method: 'POST',
      headers: { ...VIA_HTTPS, cookie, 'x-csrf-token': staff.token },
      body: form,
    });
    expect(upload.status).to.equal(201);
    uploadedImage = ((await upload.json()) as { url: string }).url;
  });
  after(() => server.close());

  async function score(path: string, withCookie = false) {
    const response = await fetch(`${server.url}${path}`, {
      headers: { ...VIA_HTTPS, ...(withCookie ? { cookie } : {}) },
    });
    const body = /^text\/html/.test(response.headers.get('content-type') ?? '') ? await response.text() : undefined;
    return { status: response.status, ...observatoryScore(response.headers, body) };
  }

  for (const [label, path, withCookie] of [
    ['the home page', '/', false],
    ['the 404 page', '/no-such-page', false],
    ['an admin page', '/admin/homepage-images', true],
  ] as const) {
    it(`scores at least 120 with no negative modifier on ${label}`, async () => {
      const result = await score(path, withCookie);
      const negatives = result.modifiers.filter((item) => item.modifier < 0);
      expect(negatives, JSON.stringify(negatives)).to.deep.equal([]);
      expect(result.score, JSON.stringify(result.modifiers)).to.be.at.least(120);
    });
  }

  it('scores at least 120 with no negative modifier on an uploaded image', async () => {
    const result = await score(uploadedImage);
    expect(result.status).to.equal(200);
    expect(result.modifiers.filter((item) => item.modifier < 0)).to.deep.equal([]);
    expect(result.score).to.be.at.least(120);
  });

  it("earns the CSP bonus for default-src 'none' without unsafe-inline or unsafe-eval", async () => {
    const result = await score('/');
    expect(result.modifiers.find((item) => item.test === 'content-security-policy')?.result).to.equal(
      'csp-implemented-with-no-unsafe-default-src-none',
    );
  });

  it('sets the staff session cookie Secure, HttpOnly and SameSite with the __Host- prefix', async () => {
    const login = await postSignIn(server.url, 'staff', 'observatory-password', { headers: VIA_HTTPS });
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).to.match(/^__Host-sid=/);
    expect(setCookie).to.match(/;\s*Secure/i);
    expect(setCookie).to.match(/;\s*HttpOnly/i);
    expect(setCookie).to.match(/;\s*SameSite=Lax/i);
    expect(setCookie).to.match(/;\s*Path=\//i);
  });

  it('sends HSTS for at least six months in production', async () => {
    const response = await fetch(`${server.url}/`, { headers: VIA_HTTPS });
    expect(Number(/max-age=(\d+)/.exec(response.headers.get('strict-transport-security') ?? '')?.[1])).to.be.at.least(
      15_768_000,
    );
  });
});

describe('Security headers (default settings)', () => {
  let server: TestServer;
  let headers: Headers;
  before(async () => {
    server = await startTestServer();
    const response = await fetch(`${server.url}/`);
    headers = response.headers;
    await response.arrayBuffer();
  });
  after(() => server.close());

  it("sends a Content-Security-Policy with script-src 'self' and no unsafe-inline", () => {
    const policy = headers.get('content-security-policy') ?? '';
    const scriptSrc = policy
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).to.equal("script-src 'self'");
    expect(policy).to.not.include('unsafe-inline');
    expect(policy).to.not.include('unsafe-eval');
  });

  it('sends X-Content-Type-Options: nosniff', () => {
    expect(headers.get('x-content-type-options')).to.equal('nosniff');
  });

  it('sends a Referrer-Policy that keeps paths from other sites', () => {
    expect(headers.get('referrer-policy')).to.be.oneOf([
      'strict-origin-when-cross-origin',
      'strict-origin',
      'same-origin',
      'no-referrer',
    ]);
  });
});
