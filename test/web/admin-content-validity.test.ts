import { expect } from 'chai';
import { SECTION_IDS } from '../../src/content/schema.js';
import { editorFormFields } from '../support/editor-form.js';
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
    // A conflict (someone saved version 2 since the form's version 1): each field's two values as a choice.
    const view = (await (await fetch(`${server.url}/admin/content/pages.json`, { headers })).json()) as {
      published: { version: number; data: Record<string, unknown> };
    };
    const colleague = await fetch(`${server.url}/admin/content/pages/draft`, {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'application/json', 'X-CSRF-Token': staff.token },
      body: JSON.stringify({
        data: { ...view.published.data, introHeading: 'Their heading' },
        baseVersion: view.published.version,
      }),
    });
    expect(colleague.status).to.equal(200);
    const editor = await (await fetch(`${server.url}/admin/content/pages`, { headers })).text();
    const mine = editorFormFields(editor);
    mine.set('baseVersion', String(view.published.version));
    mine.set('introHeading', 'My heading');
    mine.set('action', 'save');
    await add(
      'editor with a conflict',
      fetch(`${server.url}/admin/content/pages`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: mine,
      }),
    );
    expect(await nuErrors(pages)).to.deep.equal([]);
  });
});
