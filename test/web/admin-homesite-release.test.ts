import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { insertInterestEntry } from '../../src/db/interest-entries.js';
import { all, one, parseHtml, text } from '../support/html.js';
import { nuErrors, type NuDocument, skipWithoutJava } from '../support/nu-checker.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Issue 35 item 4: releasing homesites (future → available or quick move-in) e-mails every confirmed entry of the
 * interest list, so a browser form says how many people first and saves only once the person confirms.
 */
describe('Releasing homesites from a form asks first, naming how many people are e-mailed', function () {
  this.timeout(60_000);
  let server: TestServer;
  let staff: Staff;
  /** The pages the tests below saw, checked by the Nu Html Checker at the end. */
  const seen: NuDocument[] = [];

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    const entry = (email: string, state: 'confirmed' | 'pending') =>
      insertInterestEntry(server.db, {
        email,
        email_key: email,
        firstname: 'Ada',
        state,
        confirm_token: randomBytes(16).toString('hex'),
        unsubscribe_token: randomBytes(16).toString('hex'),
        is_spam: false,
        source_page: null,
        user_agent: null,
        created_at: new Date().toISOString(),
      } as Parameters<typeof insertInterestEntry>[1]);
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await entry(email, 'confirmed');
    await entry('pending@example.com', 'pending');
  });
  after(() => server.close());

  const postForm = (path: string, fields: URLSearchParams) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: staff.cookie,
        Origin: server.url,
        Accept: 'text/html',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: fields,
    });

  async function futureLots(count: number): Promise<{ lot: number; version: number }[]> {
    const rows = (await server.db('homesites').where({ status: 'future' }).orderBy('lot').limit(count)) as {
      lot: number;
      version: number | string;
    }[];
    expect(rows.length).to.equal(count);
    return rows.map((row) => ({ lot: row.lot, version: Number(row.version) }));
  }
  const releases = async () => Number(((await server.db('interest_releases').count({ n: '*' }))[0] as { n: number }).n);
  const statusOf = async (lot: number) =>
    ((await server.db('homesites').where({ lot }).first()) as { status: string }).status;

  /** The confirmation page's form as the browser posts it: its hidden fields. */
  function confirmForm(html: string): { action: string; fields: URLSearchParams } {
    const form = one(
      parseHtml(html),
      'form',
      (el) => all(el, 'input', (input) => input.attrs.name === 'confirm_release').length > 0,
    );
    const fields = new URLSearchParams();
    for (const input of all(form, 'input')) fields.append(input.attrs.name!, input.attrs.value ?? '');
    return { action: form.attrs.action!, fields };
  }

  it('tells the editor widget how many people a release e-mails', async () => {
    const html = await (await fetch(`${server.url}/admin/homesites`, { headers: { Cookie: staff.cookie } })).text();
    expect(html).to.include('"interestPeople":3');
    // The page carries the editor's release dialog (closed): still valid HTML.
    seen.push({ label: 'homesites with the release dialog', html });
  });

  it('a row saved from future to available shows the count and saves only after “Save and e-mail 3 people”', async () => {
    const [{ lot, version }] = (await futureLots(1)) as [{ lot: number; version: number }];
    const before = await releases();
    const fields = new URLSearchParams({
      _csrf: staff.token,
      status: 'available',
      plan: '',
      price: '',
      ready: '',
      version: String(version),
    });
    const asked = await postForm(`/admin/homesites/${lot}`, fields);
    expect(asked.status).to.equal(200);
    const html = await asked.text();
    const doc = parseHtml(html);
    expect(text(one(doc, 'p', (el) => el.attrs.role === 'alert'))).to.equal(
      `Saving this releases homesite ${lot}: the 3 people on the interest list will be e-mailed about it at once. This cannot be called back.`,
    );
    expect(text(one(doc, 'button', (el) => el.attrs.class === 'button button-accent'))).to.equal(
      'Save and e-mail 3 people',
    );
    expect(await statusOf(lot), 'nothing saved yet').to.equal('future');
    expect(await releases()).to.equal(before);

    seen.push({ label: 'release confirmation', html });
    const { action, fields: confirmed } = confirmForm(html);
    expect(action).to.equal(`/admin/homesites/${lot}`);
    const saved = await postForm(action, confirmed);
    const savedHtml = await saved.text();
    expect(saved.status, savedHtml.slice(0, 500)).to.equal(200);
    expect(savedHtml).to.include('Saved. Released: the 3 people on the interest list will be e-mailed.');
    expect(await statusOf(lot)).to.equal('available');
    expect(await releases()).to.equal(before + 1);
  });

  it('the bulk form asks the same for the future homesites among those selected', async () => {
    const lots = await futureLots(2);
    const before = await releases();
    const fields = new URLSearchParams({ _csrf: staff.token, status: 'available' });
    for (const { lot } of lots) fields.append('lots', String(lot));
    const asked = await postForm('/admin/homesites/bulk', fields);
    const html = await asked.text();
    expect(html).to.include(
      `Saving this releases 2 homesites (${lots.map((row) => row.lot).join(', ')}): the 3 people on the interest list`,
    );
    expect(await releases()).to.equal(before);
    const { action, fields: confirmed } = confirmForm(html);
    const saved = await postForm(action, confirmed);
    expect(saved.status).to.equal(200);
    expect(await saved.text()).to.include(
      '2 homesites updated. Released: the 3 people on the interest list will be e-mailed.',
    );
    for (const { lot } of lots) expect(await statusOf(lot)).to.equal('available');
    expect(await releases()).to.equal(before + 1);
  });

  it('a change that releases nothing saves at once, as before', async () => {
    const [{ lot, version }] = (await futureLots(1)) as [{ lot: number; version: number }];
    const fields = new URLSearchParams({
      _csrf: staff.token,
      status: 'sold',
      plan: '',
      price: '',
      ready: '',
      version: String(version),
    });
    const saved = await postForm(`/admin/homesites/${lot}`, fields);
    const html = await saved.text();
    expect(html).to.not.include('Saving this releases');
    expect(await statusOf(lot)).to.equal('sold');
  });

  it('shows the homesite page with its release dialog and the confirmation as valid HTML (Nu)', async function () {
    skipWithoutJava(this);
    expect(seen.map((page) => page.label)).to.have.members([
      'homesites with the release dialog',
      'release confirmation',
    ]);
    expect(await nuErrors(seen)).to.deep.equal([]);
  });
});
