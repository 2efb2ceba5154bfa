import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  html: string;
}

/** A raw GET: decompressed here, so whether the answer was compressed is the server's own choice. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const html =
            coding === 'gzip' ? zlib.gunzipSync(body) : coding === 'br' ? zlib.brotliDecompressSync(body) : body;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, html: html.toString() });
        });
      })
      .on('error', reject);
  });
}

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };
const random = () => crypto.randomBytes(6).toString('hex');

/**
 * Issue "Any query string skips the page cache": a cached page is stored under its path and the query parameters
 * its route reads, with values it accepts; any other parameter is answered with the stored page. A stored page is
 * marked after its first render, so an answer that carries the mark was not rendered again.
 */
describe('The page cache and query strings', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** Renders and stores `path`, then marks the stored page; returns the mark. */
  async function storeMarked(path: string, key = path): Promise<string> {
    const cache = server.site.pageCache;
    const first = await get(`${server.url}${path}`, GZIP);
    expect(first.status).to.equal(200);
    const stored = cache.get(key);
    expect(stored, `${key} is stored`).to.not.equal(undefined);
    const mark = `<!-- stored ${random()} -->`;
    cache.set(key, `${stored!.html}${mark}`);
    return mark;
  }

  it('renders /site-plan once for 40 requests with random query strings', async () => {
    server.site.pageCache.clear();
    const mark = await storeMarked(`/site-plan?x=${random()}`, '/site-plan');
    for (let request = 0; request < 40; request += 1) {
      const answer = await get(`${server.url}/site-plan?x=${random()}`, GZIP);
      expect(answer.status).to.equal(200);
      expect(answer.html.endsWith(mark), `request ${request} was answered from the cache`).to.equal(true);
    }
    expect(server.site.pageCache.size).to.equal(1);
  });

  for (const query of ['utm_source=newsletter&utm_medium=email', 'fbclid=IwAR0abc', 'gclid=Cj0K', '', 'x']) {
    it(`answers /about?${query} with the stored /about`, async () => {
      server.site.pageCache.clear();
      const mark = await storeMarked('/about');
      const answer = await get(`${server.url}/about?${query}`, GZIP);
      expect(answer.html.endsWith(mark)).to.equal(true);
    });
  }

  it('answers a query string from the cache through Express too (a client that takes no gzip)', async () => {
    server.site.pageCache.clear();
    const mark = await storeMarked('/floor-plans/canyon');
    const answer = await get(`${server.url}/floor-plans/canyon?utm_campaign=${random()}`);
    expect(answer.headers['content-encoding']).to.equal(undefined);
    expect(answer.html.endsWith(mark)).to.equal(true);
  });

  it('stores /site-plan once per filter it shows, and a status or plan it does not know as the plain page', async () => {
    const cache = server.site.pageCache;
    cache.clear();
    const mark = await storeMarked('/site-plan');
    for (const query of [`status=${random()}`, 'plan=Nowhere', 'status=sold&status=available', 'status=SOLD'])
      expect((await get(`${server.url}/site-plan?${query}`, GZIP)).html.endsWith(mark), query).to.equal(true);
    const sold = await get(`${server.url}/site-plan?status=sold&utm_source=x`, GZIP);
    expect(sold.html).to.not.include(mark);
    expect(sold.html).to.match(/<option value="sold" selected="">/);
    expect(cache.get('/site-plan?status=sold'), 'the filtered page is stored under its filter').to.not.equal(undefined);
    const canyon = await get(`${server.url}/site-plan?plan=The+Canyon&status=available`, GZIP);
    expect(canyon.html).to.match(/<option value="The Canyon" selected="">/);
    expect(cache.get('/site-plan?status=available&plan=The+Canyon')).to.not.equal(undefined);
    expect(cache.size).to.equal(3);
  });

  describe('/contact, whose form writes its own address into landing_page', () => {
    const landingPage = (html: string) => /<input[^>]*name="landing_page"[^>]*value="([^"]*)"/.exec(html)?.[1];

    it('stores the queries of the site’s own links: sent=1, plan=<slug>, homesite=<lot>', async () => {
      const cache = server.site.pageCache;
      cache.clear();
      for (const query of ['sent=1', 'plan=canyon', 'homesite=12']) {
        const mark = await storeMarked(`/contact?${query}`);
        expect((await get(`${server.url}/contact?${query}`, GZIP)).html.endsWith(mark), query).to.equal(true);
      }
      expect(cache.size).to.equal(3);
    });

    it('renders any other query for its request and stores nothing for it, so its landing page is its own', async () => {
      const cache = server.site.pageCache;
      cache.clear();
      await storeMarked('/contact');
      for (const query of [
        'utm_source=mailer',
        `x=${random()}`,
        'plan=nope',
        'homesite=99999',
        'plan=canyon&homesite=12',
      ]) {
        const answer = await get(`${server.url}/contact?${query}`, GZIP);
        expect(answer.status).to.equal(200);
        expect(landingPage(answer.html), query).to.equal(`/contact?${query}`.replace(/&/g, '&amp;'));
      }
      expect(cache.size).to.equal(1);
    });
  });
});
