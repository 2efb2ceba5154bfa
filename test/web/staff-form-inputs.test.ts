import { expect } from 'chai';
import { appStaffRoutes, concreteRoutePath } from '../support/admin-routes.js';
import { all, parseHtml, type El } from '../support/html.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The staff forms' styles select a field by its type (`input[type='text']` …): a field rendered without one was
 * drawn as the browser's bare default, a thin box among full-width ones (the display name on /admin/account).
 */
/** Inside a staff form styled by `.upload-form` (the forms FormField fills). */
function inUploadForm(element: El): boolean {
  for (let at = element.parent; at; at = at.parent)
    if (at.tag === 'form') return (at.attrs.class ?? '').split(' ').includes('upload-form');
  return false;
}

describe('Staff pages: every input says its type', function () {
  this.timeout(120_000);
  let server: TestServer;
  let owner: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
  });
  after(() => server.close());

  it('gives every <input> of every staff form a type attribute', async () => {
    const paths = appStaffRoutes(server)
      .filter((route) => route.method === 'GET' && !route.mount && !/\.(json|csv|ics)$/.test(route.path))
      .map((route) => concreteRoutePath(route.path, { slug: 'canyon', lot: '1', kind: 'tour', ref: '1', id: '1' }));
    const untyped: string[] = [];
    let pages = 0;
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`, { headers: { Cookie: owner.cookie } });
      if (!(response.headers.get('content-type') ?? '').includes('text/html')) continue;
      pages += 1;
      for (const input of all(parseHtml(await response.text()), 'input', inUploadForm))
        if (input.attrs.type === undefined) untyped.push(`${path}: ${input.attrs.name ?? input.attrs.id ?? '?'}`);
    }
    expect(pages, 'staff pages read').to.be.greaterThan(10);
    expect(untyped).to.deep.equal([]);
  });
});
