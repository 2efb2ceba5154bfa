import { expect } from 'chai';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The search reads every community's homes once per change, not per search; a change staff make shows in the next
 * search all the same. Sample lot 5 is a quick move-in home.
 */
const LOT = 5;

async function homeUrls(server: TestServer, path: string): Promise<string[]> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status).to.equal(200);
  const { results } = (await response.json()) as { results: { url: string }[] };
  return results.map((result) => result.url);
}

describe('Find your home after a change', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer(STAFF_ENV)));
  after(() => server.close());

  it('leaves out a quick move-in home in the next search once staff sell it, in the JSON and on the page', async () => {
    const query = '/homes.json?type=qmi&sort=price';
    expect(await homeUrls(server, query)).to.include(`/homesites/${LOT}`);
    const page = await (await fetch(`${server.url}/homes?type=qmi`)).text();
    expect(page).to.include(`/homesites/${LOT}"`);

    const staff = await signIn(server.url);
    const response = await fetch(`${server.url}/admin/homesites/bulk`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
      body: JSON.stringify({ lots: [LOT], status: 'sold' }),
    });
    expect(response.status).to.equal(200);

    expect(await homeUrls(server, query)).not.to.include(`/homesites/${LOT}`);
    const after = await (await fetch(`${server.url}/homes?type=qmi`)).text();
    expect(after).not.to.include(`/homesites/${LOT}"`);
  });
});
