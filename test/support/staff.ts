import { expect } from 'chai';

export const STAFF_PASSWORD = 'correct horse battery';
/** Environment for startTestServer that creates the staff account these helpers sign in with. */
export const STAFF_ENV = { ADMIN_USERNAME: 'staff', ADMIN_PASSWORD: STAFF_PASSWORD };

export interface Staff {
  cookie: string;
  token: string;
}

/** Signs in through the real login form and reads the CSRF token from an admin page, as the editor does. */
export async function signIn(url: string): Promise<Staff> {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'staff', password: STAFF_PASSWORD }),
  });
  expect(response.status).to.equal(303);
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const html = await (await fetch(`${url}/admin`, { headers: { Cookie: cookie } })).text();
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(token).to.have.length.greaterThan(20);
  return { cookie, token };
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
