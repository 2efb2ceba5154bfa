import { expect } from 'chai';
import sharp from 'sharp';
import { one, parseHtml } from './html.js';

export const STAFF_PASSWORD = 'correct horse battery';
/** Environment for startTestServer that creates the staff account these helpers sign in with. */
export const STAFF_ENV = { ADMIN_USERNAME: 'staff', ADMIN_PASSWORD: STAFF_PASSWORD };

export interface Staff {
  cookie: string;
  token: string;
}

/**
 * Posts the sign-in form as a browser does and returns the answer as it comes (303 with a session cookie, 401,
 * 429 …), without following it. `cookie` goes along (a device cookie, an earlier session), `next` is the page the
 * form was shown for, `headers` any others (X-Forwarded-For, X-Forwarded-Proto).
 */
export function postSignIn(
  url: string,
  username: string,
  password: string,
  options: { cookie?: string; headers?: Record<string, string>; next?: string } = {},
): Promise<Response> {
  return fetch(`${url}/login${options.next === undefined ? '' : `?next=${encodeURIComponent(options.next)}`}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: new URLSearchParams({ username, password }),
  });
}

/**
 * Signs in through the real login form and returns the session cookie (`name=value`) it sets. `headers` go with
 * the request (e.g. `X-Forwarded-Proto: https`, without which a production site sets no Secure cookie).
 */
export async function signInCookie(
  url: string,
  username = 'staff',
  password = STAFF_PASSWORD,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await postSignIn(url, username, password, { headers });
  expect(response.status, 'login status').to.equal(303);
  // `sid`, or `__Host-sid` in production.
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0] ?? '')
    .find((pair) => /^(__Host-)?sid=./.test(pair));
  expect(cookie, 'session cookie').to.be.a('string');
  return cookie!;
}

/** Reads the CSRF token from an admin page, as the editor does. */
export async function csrfTokenOf(url: string, cookie: string, headers: Record<string, string> = {}): Promise<string> {
  const html = await (await fetch(`${url}/admin`, { headers: { ...headers, Cookie: cookie } })).text();
  const token = one(parseHtml(html), 'meta', (meta) => meta.attrs.name === 'csrf-token').attrs.content ?? '';
  expect(token, 'csrf meta tag').to.have.length.greaterThan(20);
  return token;
}

/** Signs in through the real login form and reads the CSRF token from an admin page, as the editor does. */
export async function signIn(
  url: string,
  username = 'staff',
  password = STAFF_PASSWORD,
  headers: Record<string, string> = {},
): Promise<Staff> {
  const cookie = await signInCookie(url, username, password, headers);
  return { cookie, token: await csrfTokenOf(url, cookie, headers) };
}

/** Uploads an image through the admin upload call as the editor does (multipart, CSRF header, JSON answer). */
export function postImage(
  baseUrl: string,
  staff: Staff,
  uploadPath: string,
  image: { alt: string; bytes: Buffer; type: string; name: string },
): Promise<Response> {
  const form = new FormData();
  form.append('alt', image.alt);
  form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return fetch(`${baseUrl}${uploadPath}`, {
    method: 'POST',
    headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, Accept: 'application/json' },
    body: form,
  });
}

/**
 * A photo of one colour to upload: a PNG of `width` × `height` pixels, 800 × 533 unless given: two widths of
 * variants (400 and 800 px) in each format, six files, at about a third of the encoding a 1200 px photo costs.
 */
export interface PlainPhoto {
  alt: string;
  background: string;
  name: string;
  width?: number;
  height?: number;
}

/** Uploads a plain PNG to the home page carousel through the admin upload call, as the editor does. */
export async function uploadCarouselPhoto(baseUrl: string, staff: Staff, photo: PlainPhoto): Promise<Response> {
  const { alt, background, name, width = 800, height = 533 } = photo;
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return postImage(baseUrl, staff, '/admin/upload/homepageimage', { alt, bytes, type: 'image/png', name });
}
