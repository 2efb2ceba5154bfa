import { expect } from 'chai';
import { SECTION_IDS } from '../../src/content/schema.js';
import { nuErrors, type NuDocument, skipWithoutJava } from '../support/nu-checker.js';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The Nu Html Checker at 0 errors on the content pages: the list, every section's editor, a refused save, history. */
describe('Content pages are valid HTML (Nu checker)', function () {
  this.timeout(120_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
  });
  after(() => server.close());

  it('reports no error on the list, every editor, an editor with problems, and the history', async function () {
    skipWithoutJava(this);
    const staff = await signIn(server.url);
    const headers = { Cookie: staff.cookie, Accept: 'text/html' };
    const pages: NuDocument[] = [];
    const add = async (label: string, response: Promise<Response>) =>
      pages.push({ label, html: await (await response).text() });
    await add('list', fetch(`${server.url}/admin/content`, { headers }));
    for (const id of SECTION_IDS) await add(`editor ${id}`, fetch(`${server.url}/admin/content/${id}`, { headers }));
    await add(
      'editor with problems',
      fetch(`${server.url}/admin/content/community`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: staff.token, baseVersion: '1', action: 'save', 'about.length': '1' }),
      }),
    );
    await add('history', fetch(`${server.url}/admin/content/community/history?compare=1`, { headers }));
    expect(await nuErrors(pages)).to.deep.equal([]);
  });
});
