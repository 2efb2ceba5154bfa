import { expect } from 'chai';
import { createLeadDesk } from '../../src/services/lead-desk.js';
import type { Router } from 'express';
import fs from 'node:fs/promises';
import http from 'node:http';
import sharp from 'sharp';
import { loadContent } from '../../src/content/index.js';
import type { Renderer } from '../../src/render/renderer.js';
import { createImageLibrary } from '../../src/services/image-library.js';
import { createDirectoryStorage } from '../../src/services/upload-storage.js';
import { createStaffRouter } from '../../src/web/admin/staff-router.js';
import { insertContactMessage } from '../support/contact-messages.js';
import { tableNames } from '../support/test-database.js';
// This file's sign-ins need only the session cookie.
import { csrfTokenOf, signInCookie as signIn, STAFF_ENV as STAFF } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface RouteEntry {
  method: string;
  path: string;
}

/**
 * Every route of the admin router, read from the Router itself (Express 5 / router 2: route layers carry
 * `route.path` and `route.methods`; a nested router is walked too), so a route added later is covered here
 * without anyone remembering to list it.
 */
function adminRoutes(router: Router, prefix = '/admin'): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const layer of router.stack) {
    if (layer.route) {
      const methods = Object.keys((layer.route as unknown as { methods: Record<string, boolean> }).methods).filter(
        (method) => method !== '_all',
      );
      for (const method of methods)
        entries.push({
          method: method.toUpperCase(),
          path: `${prefix}${layer.route.path === '/' ? '' : layer.route.path}`,
        });
      continue;
    }
    const nested = layer.handle as unknown as Partial<Router>;
    if (Array.isArray(nested.stack)) {
      const rawPath = (layer as unknown as { rawPath?: unknown }).rawPath;
      expect(rawPath, 'a nested admin router needs a string path for this walker').to.be.a('string');
      entries.push(...adminRoutes(nested as Router, `${prefix}${rawPath === '/' ? '' : String(rawPath)}`));
    }
  }
  return entries;
}

/**
 * Every table's rows and every file under UPLOAD_DIR. A session's idle deadline (expires_at) is left out:
 * any request on a live session renews it (rolling sessions), which is not a change the request made.
 */
async function snapshot(server: TestServer) {
  const rows: Record<string, unknown[]> = {};
  for (const table of await tableNames(server.db)) {
    const found = (await server.db(table).select('*')) as Record<string, unknown>[];
    const kept = table === 'sessions' ? found.map(({ expires_at: _renewed, ...row }) => row) : found;
    // Neither database promises an order without ORDER BY; compare the rows as a sorted set.
    rows[table] = kept.map((row) => JSON.stringify(row)).sort();
  }
  const uploads = await fs.readdir(server.config.uploadDir, { recursive: true }).catch(() => []);
  return { rows, uploads: uploads.map(String).sort() };
}

/** A raw request: the path is sent exactly as written (fetch would normalise %2e%2e and //). */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; location: string | undefined; body: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, body: text }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('Admin access without a session', () => {
  let server: TestServer;
  let routes: RouteEntry[];
  let messageId: number;
  let carousel: { url: string; order: number }[];
  let png: Buffer;

  before(async () => {
    server = await startTestServer(STAFF);
    const content = loadContent();
    const renderer: Renderer = { page: () => '' };
    routes = adminRoutes(
      createStaffRouter({
        db: server.db,
        content,
        renderer,
        image: (src, alt) => ({ src, alt, width: 1, height: 1 }),
        images: createImageLibrary({
          db: server.db,
          uploads: createDirectoryStorage(server.config.uploadDir),
          publicContent: server.site.publicContent,
          cleanup: server.site.uploadCleanup,
        }),
        desk: createLeadDesk({ db: server.db }),
        siteUrl: server.config.siteUrl,
      }),
    );
    messageId = await insertContactMessage(server.db);
    carousel = (await server.db('homepage_images').orderBy('sort_order')).map(
      (image: { url: string; sort_order: number }) => ({ url: image.url, order: image.sort_order }),
    );
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
  });
  after(() => server.close());

  it('finds the admin routes by walking the router (pages, calls, uploads, messages)', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    expect(names).to.include.members([
      'GET /admin',
      'GET /admin/homepage-images',
      'GET /admin/floorplan-images/:slug',
      'GET /admin/images.json',
      'POST /admin/reorder/homepageimages',
      'POST /admin/delete/homepageimage',
      'POST /admin/reorder/floorplanimages',
      'POST /admin/delete/floorplanimage',
      'POST /admin/upload/homepageimage',
      'POST /admin/upload/floorplanimage',
      'GET /admin/messages',
      'GET /admin/messages.csv',
      'POST /admin/messages/:id/read',
    ]);
  });

  /** A request each route would act on if it let the visitor through: real ids, real urls, a real image. */
  function requestFor(route: RouteEntry): { url: string; init: RequestInit } {
    const path = route.path.replace(':slug', 'sweetwater-ii').replace(':id', String(messageId));
    const floorplan =
      path.includes('floorplan') && !path.includes('floorplan-images') ? '?floorplan=Sweetwater%20II' : '';
    const url = `${server.url}${path}${floorplan}`;
    if (route.method === 'GET') return { url, init: { method: 'GET', redirect: 'manual' } };
    if (path.includes('/upload/')) {
      const form = new FormData();
      form.append('alt', 'An intruder');
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
      return { url, init: { method: 'POST', redirect: 'manual', body: form } };
    }
    if (path.endsWith('/read')) {
      return {
        url,
        init: {
          method: 'POST',
          redirect: 'manual',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'read=true',
        },
      };
    }
    const body = path.includes('/reorder/')
      ? carousel.map((image, index) => ({ url: image.url, order: carousel.length - index }))
      : carousel[0];
    return {
      url,
      init: {
        method: route.method,
        redirect: 'manual',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
    };
  }

  it('redirects every admin page to /login and answers every admin call 401, changing nothing', async () => {
    const before = await snapshot(server);
    for (const route of routes) {
      const { url, init } = requestFor(route);
      const response = await fetch(url, init);
      const label = `${route.method} ${route.path}`;
      const isCall = route.method !== 'GET' || /\.(json)$/.test(route.path);
      if (isCall) {
        expect(response.status, label).to.equal(401);
        expect(response.headers.get('content-type'), label).to.match(/^application\/json/);
      } else {
        expect(response.status, label).to.be.oneOf([302, 303]);
        expect(response.headers.get('location'), label).to.match(/^\/login(\?|$)/);
      }
      expect(response.headers.get('set-cookie'), `${label} starts no session`).to.equal(null);
      const body = await response.text();
      expect(body, label).to.not.include('csrf-token');
    }
    expect(await snapshot(server)).to.deep.equal(before);
  });

  it('answers a JSON-accepting GET of an admin page with 401 instead of a redirect', async () => {
    const response = await fetch(`${server.url}/admin/homepage-images`, {
      redirect: 'manual',
      headers: { Accept: 'application/json' },
    });
    expect(response.status).to.equal(401);
  });

  it('sends a plain HTML form post without a session to /login (back to the page it came from), changing nothing', async () => {
    const before = await snapshot(server);
    const response = await fetch(`${server.url}/admin/messages/${messageId}/read`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html,application/xhtml+xml',
        'Sec-Fetch-Mode': 'navigate',
        Referer: `${server.url}/admin/messages`,
      },
      body: 'read=true',
    });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal(`/login?next=${encodeURIComponent('/admin/messages')}`);
    const elsewhere = await fetch(`${server.url}/admin/upload/homepageimage`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        Accept: 'text/html',
        Referer: 'https://evil.example/admin/messages',
      },
      body: '--x--\r\n',
    });
    expect(elsewhere.status).to.equal(303);
    expect(elsewhere.headers.get('location')).to.equal(`/login?next=${encodeURIComponent('/admin')}`);
    expect(await snapshot(server)).to.deep.equal(before);
  });

  it('redirects an unknown admin path too, so it does not reveal which paths exist', async () => {
    const response = await fetch(`${server.url}/admin/no-such-page`, { redirect: 'manual' });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.match(/^\/login/);
  });

  it('never serves admin content for path variants (case, trailing slash, double slash, dot segments, encodings)', async () => {
    const port = Number(new URL(server.url).port);
    const before = await snapshot(server);
    const variants = [
      '/ADMIN/homepage-images',
      '/Admin',
      '/admin/',
      '/admin/homepage-images/',
      '//admin/homepage-images',
      '//admin',
      '/admin/%2e%2e/admin',
      '/admin/%2e%2e/admin/homepage-images',
      '/x/../admin/homepage-images',
      '/%61dmin/homepage-images',
      '/admin%2fhomepage-images',
      '/admin;/homepage-images',
      '/admin/homepage-images;.css',
      '/admin/messages.csv',
      '/admin/MESSAGES.CSV',
      '/admin/images.json?floorplan=The%20Canyon',
      '/admin/floorplan-images/canyon',
    ];
    for (const path of variants) {
      let response = await rawRequest(port, 'GET', path);
      // A trailing slash is answered with a permanent redirect to the one canonical URL; follow it to the end.
      for (let hop = 0; hop < 3 && (response.status === 301 || response.status === 308); hop += 1) {
        expect(response.location, `${path} redirects within the site`).to.match(/^\/(?!\/)/);
        response = await rawRequest(port, 'GET', response.location as string);
      }
      expect(response.status, path).to.be.oneOf([302, 303, 401, 404]);
      if (response.status === 302 || response.status === 303)
        expect(response.location, path).to.match(/^\/login(\?|$)/);
      expect(response.body, path).to.not.include('csrf-token');
      expect(response.body, path).to.not.include('data-widget="AdminImagesEditor"');
      expect(response.body, path).to.not.include('Export CSV');
      expect(response.body, path).to.not.match(/"?firstname"?,/);
    }
    for (const path of [
      '/ADMIN/reorder/homepageimages',
      '/admin/reorder/homepageimages/',
      '/Admin/delete/homepageimage',
      '/admin/%2e%2e/admin/delete/homepageimage',
    ]) {
      const response = await rawRequest(
        port,
        'POST',
        path,
        { 'Content-Type': 'application/json' },
        JSON.stringify(carousel[0]),
      );
      expect(response.status, path).to.be.oneOf([401, 404]);
    }
    expect(await snapshot(server)).to.deep.equal(before);
  });
});

describe('CSRF protection on admin state changes', () => {
  let server: TestServer;
  let cookie: string;
  let token: string;
  let messageId: number;
  let png: Buffer;

  before(async () => {
    server = await startTestServer(STAFF);
    cookie = await signIn(server.url);
    token = await csrfTokenOf(server.url, cookie);
    expect(token).to.have.length.greaterThan(20);
    messageId = await insertContactMessage(server.db);
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
  });
  after(() => server.close());

  async function carousel() {
    return (await server.db('homepage_images').orderBy('sort_order')).map(
      (image: { url: string; sort_order: number }) => ({ url: image.url, order: image.sort_order }),
    );
  }

  /** The four state changes, each sent with the given headers (token, origin) merged in. */
  async function changes(): Promise<
    { name: string; send(headers: Record<string, string>, formToken?: string): Promise<Response> }[]
  > {
    const images = await carousel();
    const json = (path: string, body: unknown) => (headers: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    return [
      {
        name: 'reorder',
        send: json(
          '/admin/reorder/homepageimages',
          images.map((image, index) => ({ url: image.url, order: images.length - index })),
        ),
      },
      { name: 'delete', send: json('/admin/delete/homepageimage', images[0]) },
      {
        name: 'upload',
        send: (headers, formToken) => {
          const form = new FormData();
          if (formToken !== undefined) form.append('_csrf', formToken);
          form.append('alt', 'A new photo');
          form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
          return fetch(`${server.url}/admin/upload/homepageimage`, {
            method: 'POST',
            redirect: 'manual',
            headers: { Cookie: cookie, ...headers },
            body: form,
          });
        },
      },
      {
        name: 'mark read',
        send: (headers, formToken) =>
          fetch(`${server.url}/admin/messages/${messageId}/read`, {
            method: 'POST',
            redirect: 'manual',
            headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
            body: new URLSearchParams({ read: 'true', ...(formToken === undefined ? {} : { _csrf: formToken }) }),
          }),
      },
    ];
  }

  const refused: [string, Record<string, string>, string | undefined][] = [
    ['no token', {}, undefined],
    ['a wrong token in the header', { 'X-CSRF-Token': 'x'.repeat(43) }, undefined],
    ['a wrong token in the form', {}, 'y'.repeat(43)],
    ['an empty token', { 'X-CSRF-Token': '' }, undefined],
  ];
  for (const [label, headers, formToken] of refused) {
    it(`refuses each state change with ${label}: 403 and nothing changed`, async () => {
      const before = await snapshot(server);
      for (const change of await changes()) {
        const response = await change.send(headers, formToken);
        expect(response.status, change.name).to.equal(403);
      }
      expect(await snapshot(server)).to.deep.equal(before);
    });
  }

  for (const [label, headers] of [
    ['a cross-site Origin', { Origin: 'https://evil.example' }],
    ['Origin: null', { Origin: 'null' }],
    ['an Origin on another port', { Origin: 'http://127.0.0.1:1' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ] as const) {
    it(`refuses each state change from ${label} even with the right token: 403 and nothing changed`, async () => {
      const before = await snapshot(server);
      for (const change of await changes()) {
        const response = await change.send({ ...headers, 'X-CSRF-Token': token }, token);
        expect(response.status, change.name).to.equal(403);
      }
      expect(await snapshot(server)).to.deep.equal(before);
    });
  }

  it('accepts the token from the same origin, in the header or in the form field', async () => {
    const images = await carousel();
    const reorder = await fetch(`${server.url}/admin/reorder/homepageimages`, {
      method: 'POST',
      headers: {
        Cookie: cookie,
        'Content-Type': 'application/json',
        'X-CSRF-Token': token,
        Origin: server.url,
        'Sec-Fetch-Site': 'same-origin',
      },
      body: JSON.stringify(images.map((image, index) => ({ url: image.url, order: images.length - index }))),
    });
    expect(reorder.status).to.equal(200);
    expect((await carousel()).map((image) => image.url)).to.deep.equal(images.map((image) => image.url).reverse());
    const read = await fetch(`${server.url}/admin/messages/${messageId}/read`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ read: 'true', _csrf: token }),
    });
    expect(read.status).to.equal(303);
    expect((await server.db('contact_messages').where({ id: messageId }).first())?.read_at).to.not.equal(null);
  });
});
