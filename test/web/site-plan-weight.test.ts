import http from 'node:http';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** A new TCP connection's first round trip: 10 segments of 1,460 bytes (RFC 6928), as Lighthouse simulates it. */
const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** The bytes of a GET on the wire, status line and headers as sent plus the body, and its Content-Encoding. */
function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; coding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
        for (let index = 0; index < res.rawHeaders.length; index += 2)
          bytes += Buffer.byteLength(`${res.rawHeaders[index]}: ${res.rawHeaders[index + 1]}\r\n`);
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, coding: res.headers['content-encoding'] }));
      })
      .on('error', reject);
  });
}

/** What /site-plan carries twice, it sends once: the lot map's props leave out what its markup already holds. */

function lotMapProps(body: string): Record<string, unknown> {
  const json = /<div data-widget="LotMap"[^>]*><script type="application\/json">(.*?)<\/script>/s.exec(body)?.[1];
  return JSON.parse(json ?? 'null') as Record<string, unknown>;
}

describe('GET /site-plan, the lot map’s props', () => {
  let server: TestServer;
  let body: string;
  before(async () => {
    server = await startTestServer();
    body = await (await fetch(`${server.url}/site-plan`)).text();
  });
  after(() => server.close());

  it('leave the shapes to the markup: drawn once, in the overlay, for every homesite', () => {
    const props = lotMapProps(body);
    expect(props).to.not.have.property('shapes');
    expect(body.match(/<a [^>]*class="lot-link[^"]*" data-lot="\d+"/g)).to.have.length(78);
  });

  it('send each homesite’s facts and the plans’ smallest lots, not a list of fitting plans per homesite', () => {
    const props = lotMapProps(body) as { lots: Array<Record<string, unknown>>; minimumLotSqft: object };
    expect(props.lots).to.have.length(78);
    for (const lot of props.lots)
      expect(Object.keys(lot)).to.deep.equal(['lot', 'status', 'plan', 'price', 'sqft', 'ready']);
    expect(props.minimumLotSqft).to.deep.equal({
      'Silverwood II': 6_000,
      'Sweetwater II': 6_500,
      'The Canyon': 7_400,
      Overlook: 8_200,
    });
  });

  it('fits, cached and compressed with brotli, in the first round trip of a new connection', async () => {
    await wireBytes(`${server.url}/site-plan`, 'gzip, deflate, br, zstd');
    await server.site.pageCache.brotliSettled();
    const answer = await wireBytes(`${server.url}/site-plan`, 'gzip, deflate, br, zstd');
    expect(answer.coding).to.equal('br');
    expect(answer.bytes).to.be.at.most(FIRST_ROUND_TRIP_BYTES);
  });
});
