import fs from 'node:fs/promises';
import http, { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { expect } from 'chai';
import pino from 'pino';
import { createSite, type Site } from '../../src/site.js';
import { isFresh, pageCoding } from '../../src/web/page-cache.js';
import { signInCookie, STAFF_ENV } from '../support/staff.js';
import { createTestDatabase } from '../support/test-database.js';
import { testConfig } from '../support/test-server.js';

/**
 * Headers that node writes itself, say when, or frame the body (a render is compressed as it streams, chunked; a hit
 * is sent whole, with its length): they are not what a cached answer must repeat.
 */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request (no decompression, no caching), so the bytes and headers are the server's own. */
function request(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

function lasting(headers: Answer['headers']): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));
}

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

describe('A cached public page', () => {
  let site: Site;
  let server: http.Server;
  let url: string;
  let dataDir: string;
  let drop: () => Promise<void>;
  const logLines: Record<string, unknown>[] = [];
  /** For each request the app was given: whether it came back with its prototype untouched by Express. */
  const untouched = new Map<string, boolean>();

  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cached-page-hits-'));
    const database = await createTestDatabase(dataDir);
    drop = database.drop;
    // Production settings (HSTS, upgrade-insecure-requests) and a logger that keeps its lines.
    const config = testConfig(dataDir, database.url, {
      ...STAFF_ENV,
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-production-1234',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    site = await createSite(config, pino({ level: 'info' }, sink));
    server = http.createServer((req, res) => {
      const key = `${req.method} ${req.url} ${req.headers['x-probe'] ?? ''}`;
      site.app(req, res);
      untouched.set(key, Object.getPrototypeOf(req) === IncomingMessage.prototype);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await site?.close();
    await drop?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is answered before Express sets up the request', async () => {
    await request(`${url}/about`, { headers: { ...GZIP, 'x-probe': 'render' } });
    await request(`${url}/about`, { headers: { ...GZIP, 'x-probe': 'hit' } });
    expect(untouched.get('GET /about render'), 'the render went through Express').to.equal(false);
    expect(untouched.get('GET /about hit'), 'the hit did not').to.equal(true);
  });

  it('gets the same status, headers and bytes from the cache as from the render that stored it', async () => {
    // gzip alone: offered br too, a render is compressed with br, a hit is always the stored gzip.
    const rendered = await request(`${url}/floor-plans`, { headers: { 'accept-encoding': 'gzip' } });
    const hit = await request(`${url}/floor-plans`, { headers: { 'accept-encoding': 'gzip' } });
    expect(hit.status).to.equal(200);
    expect(lasting(hit.headers)).to.deep.equal(lasting(rendered.headers));
    expect(hit.headers['content-encoding']).to.equal('gzip');
    expect(hit.headers.vary).to.equal('Accept-Encoding');
    expect(hit.headers['strict-transport-security']).to.match(/max-age=63072000/);
    expect(hit.headers['content-security-policy']).to.include("default-src 'none'");
    expect(zlib.gunzipSync(hit.body).equals(zlib.gunzipSync(rendered.body))).to.equal(true);
  });

  it('answers 304 to its ETag (strong or weak) and 200 when the client asks for a reload', async () => {
    const first = await request(`${url}/contact`, { headers: GZIP });
    const etag = String(first.headers.etag);
    expect(etag).to.match(/^"[\w-]+"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await request(`${url}/contact`, { headers: { ...GZIP, 'if-none-match': ifNoneMatch } });
      expect(again.status, ifNoneMatch).to.equal(304);
      expect(again.body.length).to.equal(0);
      expect(again.headers.etag).to.equal(etag);
      expect(again.headers.vary).to.equal('Accept-Encoding');
    }
    const reload = await request(`${url}/contact`, {
      headers: { ...GZIP, 'if-none-match': etag, 'cache-control': 'no-cache' },
    });
    expect(reload.status).to.equal(200);
    const changed = await request(`${url}/contact`, { headers: { ...GZIP, 'if-none-match': '"other"' } });
    expect(changed.status).to.equal(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    await request(`${url}/site-plan`, { headers: GZIP });
    await request(`${url}/site-plan`, { headers: GZIP });
    await site.pageCache.brotliSettled();
    const get = await request(`${url}/site-plan`, { headers: GZIP });
    const head = await request(`${url}/site-plan`, { method: 'HEAD', headers: GZIP });
    expect(head.status).to.equal(200);
    expect(head.body.length).to.equal(0);
    expect(lasting(head.headers)).to.deep.equal(lasting(get.headers));
    expect(head.headers['content-length']).to.equal(String(get.body.length));
  });

  it('is compressed with brotli from its first hit that takes brotli, and sent so once that is done', async () => {
    await site.pageCache.brotliSettled();
    site.pageCache.clear();
    const rendered = await request(`${url}/site-plan`, { headers: GZIP });
    expect(rendered.headers['content-encoding'], 'the render that stores it').to.equal('gzip');
    await request(`${url}/site-plan`, { headers: { 'accept-encoding': 'gzip' } });
    await site.pageCache.brotliSettled();
    expect(site.pageCache.get('/site-plan')?.brotli, 'a hit that takes gzip alone does not start it').to.equal(
      undefined,
    );
    const first = await request(`${url}/site-plan`, { headers: GZIP });
    expect(first.headers['content-encoding'], 'the first hit that takes brotli, while it compresses').to.equal('gzip');
    await site.pageCache.brotliSettled();
    const hit = await request(`${url}/site-plan`, { headers: GZIP });
    expect(hit.headers['content-encoding']).to.equal('br');
    expect(hit.headers['content-length']).to.equal(String(hit.body.length));
    expect(zlib.brotliDecompressSync(hit.body).equals(zlib.gunzipSync(rendered.body))).to.equal(true);
    expect(hit.body.length, 'brotli is smaller than gzip').to.be.below(rendered.body.length * 0.85);
    expect(hit.headers.etag).to.equal(rendered.headers.etag);
    expect(hit.headers.vary).to.equal('Accept-Encoding');
    const preferringGzip = await request(`${url}/site-plan`, { headers: { 'accept-encoding': 'gzip, br;q=0.5' } });
    expect(preferringGzip.headers['content-encoding']).to.equal('gzip');
    const head = await request(`${url}/site-plan`, { method: 'HEAD', headers: GZIP });
    expect(head.headers['content-encoding']).to.equal('br');
    expect(head.headers['content-length']).to.equal(String(hit.body.length));
  });

  it('is answered uncompressed to a client that does not take gzip', async () => {
    await request(`${url}/`, { headers: GZIP });
    const identity = await request(`${url}/`);
    expect(identity.headers['content-encoding']).to.equal(undefined);
    expect(identity.body.toString()).to.match(/^<!DOCTYPE html>/i);
    const refused = await request(`${url}/`, { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).to.not.equal('gzip');
    const slash = await request(`${url}/about/`, { headers: GZIP });
    expect(slash.status).to.equal(301);
    const upper = await request(`${url}/About`, { headers: GZIP });
    expect(upper.status).to.equal(404);
  });

  it('never sets a cookie, not even for signed-in staff, and shows them the same page', async () => {
    const cookie = await signInCookie(url, 'staff', STAFF_ENV.ADMIN_PASSWORD, { 'x-forwarded-proto': 'https' });
    const anonymous = await request(`${url}/`, { headers: GZIP });
    const staff = await request(`${url}/`, { headers: { ...GZIP, cookie } });
    expect(staff.headers['set-cookie']).to.equal(undefined);
    expect(anonymous.headers['set-cookie']).to.equal(undefined);
    expect(staff.headers.etag).to.equal(anonymous.headers.etag);
  });

  it('shows a public content change at once', async () => {
    const before = await request(`${url}/quick-move-in`, { headers: GZIP });
    const etag = String(before.headers.etag);
    await site.db('homesites').where({ lot: 1 }).update({ status: 'quick-move-in', plan: 'The Canyon' });
    await site.publicContent.changed('test: lot 1 is a quick move-in home');
    const after = await request(`${url}/quick-move-in`, { headers: { ...GZIP, 'if-none-match': etag } });
    expect(after.status).to.equal(200);
    expect(after.headers.etag).to.not.equal(etag);
  });

  it('writes the same log line as a rendered page, with the next request id', async () => {
    logLines.length = 0;
    await request(`${url}/floor-plans/canyon`, { headers: GZIP });
    await request(`${url}/floor-plans/canyon`, { headers: GZIP });
    const requests = logLines.filter((line) => line.msg === 'request completed');
    expect(requests).to.have.length(2);
    const [rendered, hit] = requests as { req: { id: number }; responseTime: number }[];
    const shape = (line: Record<string, unknown>) => ({
      ...line,
      time: 0,
      responseTime: 0,
      req: { ...(line.req as object), id: 0 },
    });
    expect(shape(hit!)).to.deep.equal(shape(rendered!));
    expect(hit!.req.id).to.equal(rendered!.req.id + 1);
    expect(Object.keys(hit!)).to.deep.equal(Object.keys(rendered!));
  });
});

describe('Accept-Encoding and If-None-Match, read as Express reads them', () => {
  it('takes gzip when it is listed or allowed by *, with q above 0', () => {
    const gzipOnly = (header: string | undefined) => pageCoding(header, false);
    expect(gzipOnly('gzip')).to.equal('gzip');
    expect(gzipOnly('gzip, deflate, br, zstd')).to.equal('gzip');
    expect(gzipOnly('GZIP;q=0.5')).to.equal('gzip');
    expect(gzipOnly('*')).to.equal('gzip');
    expect(gzipOnly('br;q=1, *;q=0.1')).to.equal('gzip');
    expect(gzipOnly(undefined)).to.equal(undefined);
    expect(gzipOnly('')).to.equal(undefined);
    expect(gzipOnly('identity')).to.equal(undefined);
    expect(gzipOnly('gzip;q=0')).to.equal(undefined);
    expect(gzipOnly('*, gzip;q=0')).to.equal(undefined);
    expect(gzipOnly('br, *;q=0')).to.equal(undefined);
  });

  it('takes brotli, once the page has it, unless the client weighs gzip higher or refuses br', () => {
    expect(pageCoding('gzip, deflate, br, zstd', true)).to.equal('br');
    expect(pageCoding('br', true)).to.equal('br');
    expect(pageCoding('*', true)).to.equal('br');
    expect(pageCoding('gzip;q=1, br;q=0.5', true)).to.equal('gzip');
    expect(pageCoding('br;q=0.9, gzip;q=0.9', true)).to.equal('br');
    expect(pageCoding('gzip, br;q=0', true)).to.equal('gzip');
    expect(pageCoding('*, br;q=0', true)).to.equal('gzip');
    expect(pageCoding('BR', true)).to.equal('br');
    expect(pageCoding('br;q=0, gzip;q=0', true)).to.equal(undefined);
    expect(pageCoding('br', false)).to.equal(undefined);
  });

  it('is fresh only for a listed ETag, weak or strong, or *, and never on a reload', () => {
    const etag = '"abc"';
    expect(isFresh({ 'if-none-match': '"abc"' }, etag)).to.equal(true);
    expect(isFresh({ 'if-none-match': 'W/"abc"' }, etag)).to.equal(true);
    expect(isFresh({ 'if-none-match': '"x", "abc"' }, etag)).to.equal(true);
    expect(isFresh({ 'if-none-match': '*' }, etag)).to.equal(true);
    expect(isFresh({ 'if-none-match': '"abd"' }, etag)).to.equal(false);
    expect(isFresh({}, etag)).to.equal(false);
    expect(isFresh({ 'if-modified-since': new Date().toUTCString() }, etag)).to.equal(false);
    expect(isFresh({ 'if-none-match': '"abc"', 'cache-control': 'no-cache' }, etag)).to.equal(false);
    expect(isFresh({ 'if-none-match': '"abc"', 'cache-control': 'max-age=0' }, etag)).to.equal(true);
  });
});
