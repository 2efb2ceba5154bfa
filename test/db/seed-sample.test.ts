import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The sample gallery photos as the seed wrote them before names came from the content module. */
const PHOTOS_BY_PLAN = {
  'Sweetwater II': [
    { url: '/sample/floorplans/sweetwater-ii-1.jpg', alt: 'Sweetwater II exterior' },
    { url: '/sample/floorplans/sweetwater-ii-2.jpg', alt: 'Sweetwater II kitchen' },
    { url: '/sample/floorplans/sweetwater-ii-3.jpg', alt: 'Sweetwater II living room' },
  ],
  'Silverwood II': [
    { url: '/sample/floorplans/silverwood-ii-1.jpg', alt: 'Silverwood II exterior' },
    { url: '/sample/floorplans/silverwood-ii-2.jpg', alt: 'Silverwood II kitchen' },
    { url: '/sample/floorplans/silverwood-ii-3.jpg', alt: 'Silverwood II owner’s suite' },
  ],
  'The Canyon': [
    { url: '/sample/floorplans/canyon-1.jpg', alt: 'The Canyon exterior' },
    { url: '/sample/floorplans/canyon-2.jpg', alt: 'The Canyon kitchen' },
    { url: '/sample/floorplans/canyon-3.jpg', alt: 'The Canyon great room' },
  ],
  Overlook: [],
};

describe('The sample community seeded into an empty database', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('gives each plan its photos, named as the content names the plan, after its drawings', async () => {
    for (const [floorplan, photos] of Object.entries(PHOTOS_BY_PLAN)) {
      const rows: { url: string; alt: string }[] = await server
        .db('floorplan_images')
        .where({ floorplan })
        .orderBy('sort_order')
        .select('url', 'alt');
      expect(rows.slice(rows.length - photos.length), floorplan).to.deep.equal(photos);
      expect(
        rows.slice(0, rows.length - photos.length).every((row) => row.url.endsWith('.png')),
        `${floorplan}: drawings first`,
      ).to.equal(true);
    }
  });

  it('names the community in the carousel as the content does', async () => {
    const rows: { url: string; alt: string }[] = await server
      .db('homepage_images')
      .orderBy('sort_order')
      .select('url', 'alt');
    expect(rows).to.deep.equal([
      { url: '/sample/carousel/carousel-1.jpg', alt: 'A street of new homes at sunrise in Maple Hollow' },
      { url: '/sample/carousel/carousel-2.jpg', alt: 'A Maple Hollow home at golden hour' },
      { url: '/sample/carousel/carousel-3.jpg', alt: 'The community park and pond with homes behind' },
      { url: '/sample/carousel/carousel-4.jpg', alt: 'A Maple Hollow street at twilight with lit windows' },
    ]);
  });
});
