import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { FIRST_ROUND_TRIP_BYTES, getOnTheWire } from '../support/wire-bytes.js';

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
    await getOnTheWire(`${server.url}/site-plan`, 'gzip, deflate, br, zstd');
    await server.site.pageCache.brotliSettled();
    const answer = await getOnTheWire(`${server.url}/site-plan`, 'gzip, deflate, br, zstd');
    expect(answer.coding).to.equal('br');
    expect(answer.headerBytes + answer.bodyBytes).to.be.at.most(FIRST_ROUND_TRIP_BYTES);
  });
});
