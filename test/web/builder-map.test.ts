import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The map widget's props as the page carries them for hydration. */
function mapPlaces(html: string): { name: string; count: number; homes: { url: string }[] }[] {
  const props = /<div[^>]*data-widget="HomesMap"[^>]*><script type="application\/json">([^<]*)<\/script>/.exec(html);
  expect(props, 'a HomesMap widget with its props').to.not.equal(null);
  // serializeProps escapes only "<" (as \u003c), which JSON reads back.
  return (JSON.parse(props![1]!) as { places: { name: string; count: number; homes: { url: string }[] }[] }).places;
}

/** The builder's home and /communities show every public community on one map (contract wave 4, "Addresses"). */
describe('The communities on a map, on the builder’s home and /communities', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ SAMPLE_COMMUNITIES: '3' });
  });
  after(() => server.close());

  for (const path of ['/', '/communities']) {
    it(`${path}: one pin per public community, linking it, with its homes available now`, async () => {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const places = mapPlaces(html);
      expect(places.map((place) => place.name)).to.have.members([
        'Maple Hollow, Windsor',
        'Cedar Hollow, Pell Creek',
        'Willow Bend, Harlow Springs',
      ]);
      const cedar = places.find((place) => place.name.startsWith('Cedar Hollow'))!;
      expect(cedar.homes.map((home) => home.url)).to.deep.equal(['/communities/cedar-hollow']);
      const available = await server
        .db('homesites as h')
        .join('communities as c', 'c.id', 'h.community_id')
        .where('c.slug', 'cedar-hollow')
        .whereIn('h.status', ['available', 'quick-move-in'])
        .count({ n: '*' })
        .first();
      expect(cedar.count).to.equal(Number(available?.n));
    });
  }
});
