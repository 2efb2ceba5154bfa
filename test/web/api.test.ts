import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('GET /api/homepageimages', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('lists the carousel images under _embedded.homepageimages, sorted by order ascending', async () => {
    const response = await fetch(`${server.url}/api/homepageimages?sort=order,asc`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    const body = (await response.json()) as { _embedded: { homepageimages: { url: string; order: number }[] } };
    const orders = body._embedded.homepageimages.map((image) => image.order);
    expect(orders).to.have.length.greaterThanOrEqual(4);
    expect(orders).to.deep.equal([...orders].sort((a, b) => a - b));
    for (const image of body._embedded.homepageimages) expect(image.url).to.be.a('string').and.match(/^\//);
  });

  it('sorts by order descending with sort=order,desc', async () => {
    const body = (await (await fetch(`${server.url}/api/homepageimages?sort=order,desc`)).json()) as {
      _embedded: { homepageimages: { order: number }[] };
    };
    const orders = body._embedded.homepageimages.map((image) => image.order);
    expect(orders).to.deep.equal([...orders].sort((a, b) => b - a));
  });

  it('rejects any other sort value with 400 and a JSON error', async () => {
    for (const sort of ['url,asc', 'order', 'order,sideways', '']) {
      const response = await fetch(`${server.url}/api/homepageimages?sort=${encodeURIComponent(sort)}`);
      expect(response.status, sort).to.equal(400);
      expect(((await response.json()) as { error: string }).error).to.be.a('string');
    }
  });
});

describe('GET /api/floorplanImages/search/findByFloorplan', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  async function find(floorplan: string) {
    const response = await fetch(
      `${server.url}/api/floorplanImages/search/findByFloorplan?floorplan=${encodeURIComponent(floorplan)}`,
    );
    return {
      status: response.status,
      body: (await response.json()) as { _embedded: { floorplanImages: { url: string }[] } },
    };
  }

  for (const name of ['Sweetwater II', 'Silverwood II', 'The Canyon']) {
    it(`lists at least three images for ${name} under _embedded.floorplanImages`, async () => {
      const { status, body } = await find(name);
      expect(status).to.equal(200);
      expect(body._embedded.floorplanImages).to.have.length.greaterThanOrEqual(3);
      for (const image of body._embedded.floorplanImages) expect(image).to.have.property('url').that.is.a('string');
    });
  }

  it('answers an unknown floor plan with an empty list', async () => {
    const { status, body } = await find('Nowhere Manor');
    expect(status).to.equal(200);
    expect(body).to.deep.equal({ _embedded: { floorplanImages: [] } });
  });

  it('matches the display name, not the route slug', async () => {
    const { body } = await find('canyon');
    expect(body._embedded.floorplanImages).to.deep.equal([]);
  });

  it('rejects a missing floorplan parameter with 400', async () => {
    const response = await fetch(`${server.url}/api/floorplanImages/search/findByFloorplan`);
    expect(response.status).to.equal(400);
  });
});
