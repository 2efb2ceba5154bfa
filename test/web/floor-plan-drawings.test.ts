import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Every floor plan's page shows its floor-plan drawings, one per level (seed-spec §2: floor-plan image gallery;
 * contract: Overlook's floor plan + basement are fixed images, the other plans' galleries come from findByFloorplan).
 */

const content = loadContent();

/** The attributes of every <a> in the page, as React writes them (double-quoted, entities escaped). */
function anchors(html: string): Record<string, string>[] {
  return [...html.matchAll(/<a\b([^>]*)>/g)].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name,
        value!
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#x27;/g, "'"),
      ]),
    ),
  );
}

describe('GET /floor-plans/:slug floor-plan drawings', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  for (const plan of content.floorPlans) {
    it(`links ${plan.name}'s page to a drawing of each of its ${plan.levels.length} level(s), each one an image`, async () => {
      const response = await fetch(`${server.url}/floor-plans/${plan.slug}`);
      expect(response.status).to.equal(200);
      const links = anchors(await response.text());
      for (const { drawing } of plan.levels) {
        const link = links.find((attributes) => attributes['aria-label'] === `View larger: ${drawing.alt}`);
        expect(link, `a gallery link to "${drawing.alt}"`).to.not.equal(undefined);
        const image = await fetch(new URL(link!.href!, server.url));
        expect(image.status, link!.href).to.equal(200);
        expect(image.headers.get('content-type'), link!.href).to.match(/^image\//);
      }
    });

    it(`lists ${plan.name}'s drawings in findByFloorplan`, async () => {
      const response = await fetch(
        `${server.url}/api/floorplanImages/search/findByFloorplan?floorplan=${encodeURIComponent(plan.name)}`,
      );
      const body = (await response.json()) as { _embedded: { floorplanImages: { url: string }[] } };
      const shown = body._embedded.floorplanImages.map((i) => i.url);
      expect(shown).to.include.members(plan.levels.map(({ drawing }) => drawing.src));
    });
  }
});
