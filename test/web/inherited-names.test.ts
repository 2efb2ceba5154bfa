import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Names every plain object inherits: a request that names one must find nothing, never Object.prototype. */
const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('Request input naming inherited properties', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '1' });
  });
  after(() => server.close());

  for (const name of INHERITED) {
    it(`GET /api/homepageimages?sort=${name} answers 400, not 500`, async () => {
      const response = await fetch(`${server.url}/api/homepageimages?sort=${encodeURIComponent(name)}`);
      expect(response.status).to.equal(400);
      expect(await response.json()).to.deep.equal({ error: 'sort must be order,asc or order,desc' });
    });
  }

  it('keeps only the form fields in a rate-limited contact page, not other names the body carried', async () => {
    const post = (body: string) =>
      fetch(`${server.url}/contact/submit`, {
        method: 'POST',
        headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
    // Only an accepted post counts against the limit.
    await post('firstname=Ada&lastname=L&email=ada%40example.com&phone=9705550199&subject=Hi&message=Hello');
    const limited = await post('firstname=Ada&constructor=planted&__proto__=planted&toString=planted');
    expect(limited.status).to.equal(429);
    const html = await limited.text();
    expect(html).to.include('"firstname":"Ada"');
    expect(html).to.not.include('planted');
  });
});
