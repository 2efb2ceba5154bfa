import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET (no decompression), so the bytes are the server's own. */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('A public page rendered on a page-cache miss', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('is compressed once: the miss sends the gzip it stored, the same bytes a hit sends in gzip', async () => {
    server.site.pageCache.clear();
    const miss = await get(`${server.url}/site-plan`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    // Asked for gzip alone: a hit after the background brotli compression sends brotli (cached-page-hits).
    const hit = await get(`${server.url}/site-plan`, { 'accept-encoding': 'gzip' });
    expect(miss.status).to.equal(200);
    expect(miss.headers['content-encoding']).to.equal('gzip');
    expect(miss.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(miss.headers.vary).to.equal('Accept-Encoding');
    expect(miss.headers.etag).to.equal(hit.headers.etag);
    expect(miss.headers['content-length']).to.equal(String(miss.body.length));
    expect(miss.body.equals(hit.body)).to.equal(true);
    expect(zlib.gunzipSync(miss.body).toString()).to.match(/^<!doctype html>.*data-lot="78"/s);
  });

  it('is sent as it is to a client that takes no gzip, and still stored', async () => {
    server.site.pageCache.clear();
    const plain = await get(`${server.url}/about`, {});
    expect(plain.status).to.equal(200);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.body.toString()).to.match(/^<!doctype html>/);
    expect(server.site.pageCache.get('/about')?.html).to.equal(plain.body.toString());
  });
});
