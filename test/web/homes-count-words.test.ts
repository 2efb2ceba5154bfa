import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The link to the results says their number in plain English, one home or many. */
describe('Find your home: the count in words', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ SAMPLE_COMMUNITIES: '3' });
  });
  after(() => server.close());

  const linkText = async (query: string) => {
    const html = (await (await fetch(`${server.url}/homes${query}`)).text()).replaceAll('<!-- -->', '');
    return /<a href="#homes-count">([^<]*)<\/a>/.exec(html)?.[1];
  };

  it('one home: "See the 1 home that matches"; more: "See the N homes that match"', async () => {
    expect(await linkText('?beds=4&maxPrice=575000')).to.equal('See the 1 home that matches');
    expect(await linkText('')).to.match(/^See the \d+ homes that match$/);
  });
});
