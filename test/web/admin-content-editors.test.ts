import { expect } from 'chai';
import { SECTION_IDS, type SectionId } from '../../src/content/schema.js';
import { SECTION_INFO } from '../../src/content/sections.js';
import { editorFormFields } from '../support/editor-form.js';
import { all, one, parseHtml } from '../support/html.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Issue 28, "Editors a person can use", without JavaScript: the list of sections, one editor per section built from
 * its schema, plain form posts that save, publish, schedule and change lists, keeping what was typed on a refusal.
 */
describe('Content editors (no JavaScript)', () => {
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  const get = (path: string) =>
    fetch(`${server.url}${path}`, { headers: { Cookie: staff.cookie, Accept: 'text/html' }, redirect: 'manual' });

  const formFields = (html: string) => editorFormFields(html);

  const post = (id: string, fields: URLSearchParams) =>
    fetch(`${server.url}/admin/content/${id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: staff.cookie, Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: fields,
    });

  async function editorFields(id: string): Promise<URLSearchParams> {
    const response = await get(`/admin/content/${id}`);
    expect(response.status).to.equal(200);
    return formFields(await response.text());
  }

  const sectionJson = async (id: string) =>
    (await (await fetch(`${server.url}/admin/content/${id}.json`, { headers: { Cookie: staff.cookie } })).json()) as {
      published: { version: number; data: Record<string, unknown> };
      draft: { version: number; data: Record<string, unknown> } | null;
      scheduled: { version: number; at: string } | null;
    };

  const valueOf = (html: string, id: string) => one(parseHtml(html), 'input', (el) => el.attrs.id === id).attrs.value;

  it('lists every section with its state and a link to its editor, and the nav and dashboard link it', async () => {
    const html = await (await get('/admin/content')).text();
    for (const id of SECTION_IDS) {
      expect(html).to.include(`href="/admin/content/${id}"`);
      expect(html).to.include(SECTION_INFO[id].title);
    }
    expect(html).to.include('Published');
    expect(html).to.match(/Version 1, \w{3} \d+, \d{4}/);
    const dashboard = await (await get('/admin')).text();
    expect(dashboard.match(/href="\/admin\/content"/g)?.length).to.be.at.least(2);
  });

  it('renders an editor for every section, its fields named by their data paths with their limits', async () => {
    for (const id of SECTION_IDS) {
      const response = await get(`/admin/content/${id}`);
      expect(response.status, id).to.equal(200);
    }
    const html = await (await get('/admin/content/community')).text();
    expect(html).to.include('name="tagline"');
    expect(html).to.include('Up to 120 characters.');
    expect(html).to.match(/<textarea[^>]*name="about\.0"/);
    const plans = await (await get('/admin/content/floor-plans')).text();
    expect(plans).to.match(/<input type="number"[^>]*name="plans\.0\.basePrice"/);
    const slug = one(parseHtml(plans), 'input', (el) => el.attrs.name === 'plans.0.slug');
    expect(slug.attrs, 'a published plan’s slug').to.have.property('readonly');
    expect(plans).to.match(/<select[^>]*name="plans\.0\.levels\.0\.level"/);
    const promotions = await (await get('/admin/content/promotions')).text();
    expect(promotions).to.include('value="add:promotions"');
    expect((await get('/admin/content/nope')).status).to.equal(404);
  });

  it('saves a draft from a plain form post, leaving the public site unchanged', async () => {
    const fields = await editorFields('community');
    fields.set('tagline', 'Homes from the high 500s');
    fields.set('action', 'save');
    const response = await post('community', fields);
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.match(/^\/admin\/content\/community\?done=saved&version=\d+$/);
    const state = await sectionJson('community');
    expect(state.draft?.data.tagline).to.equal('Homes from the high 500s');
    expect(state.published.data.tagline).to.not.equal('Homes from the high 500s');
    const page = await (await get(response.headers.get('location')!)).text();
    expect(page).to.include('Draft saved');
    expect(valueOf(page, 'f-tagline')).to.equal('Homes from the high 500s');
  });

  it('lists each section’s draft beside its published version, reading all of them in two queries', async () => {
    const queries: string[] = [];
    const record = ({ sql }: { sql: string }) => queries.push(sql);
    server.db.on('query', record);
    const html = await (await get('/admin/content')).text().finally(() => server.db.off('query', record));
    const states = all(parseHtml(html), 'dl', (el) => el.attrs.class === 'content-section-state');
    expect(states).to.have.length(SECTION_IDS.length);
    // The sections are listed in their order.
    const listed = html.split('class="content-section-state"').slice(1);
    const draftOf = (id: SectionId) => listed[SECTION_IDS.indexOf(id)]?.match(/<dt>Draft<\/dt><dd>([^<]*)/)?.[1];
    // The test before saved a draft of the community section; no other section has one.
    expect(draftOf('community')).to.match(/^Yes: version \d+, saved \w{3} \d+, \d{4}.* by staff$/);
    expect(draftOf('legal')).to.equal('No');
    const contentReads = queries.filter((sql) => /content_(sections|versions)/.test(sql));
    expect(contentReads, 'reads of the sections’ states and versions').to.have.length(2);
  });

  it('shows every problem at once next to its field, keeping everything typed, and saves nothing', async () => {
    const before = await sectionJson('floor-plans');
    const fields = await editorFields('floor-plans');
    fields.set('plans.0.basePrice', 'lots');
    fields.set('plans.1.name', '');
    fields.set('plans.0.summary', 'A summary I typed');
    fields.set('action', 'save');
    const response = await post('floor-plans', fields);
    expect(response.status).to.equal(400);
    const html = await response.text();
    const doc = parseHtml(html);
    const summary = one(doc, 'div', (el) => el.attrs.id === 'content-errors');
    const links = all(summary, 'a').map((a) => a.attrs.href);
    expect(links).to.include.members(['#f-plans-0-basePrice', '#f-plans-1-name']);
    expect(html).to.include('id="f-plans-0-basePrice-error"');
    expect(html).to.include('id="f-plans-1-name-error"');
    expect(valueOf(html, 'f-plans-0-basePrice')).to.equal('lots');
    expect(html).to.include('A summary I typed');
    expect((await sectionJson('floor-plans')).draft?.version).to.equal(before.draft?.version);
  });

  it('on a conflict keeps what was typed and says who saved and what they changed (409)', async () => {
    const mine = await editorFields('pages');
    const state = await sectionJson('pages');
    const theirs = await fetch(`${server.url}/admin/content/pages/draft`, {
      method: 'PUT',
      headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        data: { ...(state.draft ?? state.published).data, plansHeading: 'Their plans heading' },
        baseVersion: (state.draft ?? state.published).version,
      }),
    });
    expect(theirs.status).to.equal(200);
    mine.set('introHeading', 'My intro heading');
    mine.set('action', 'save');
    const response = await post('pages', mine);
    expect(response.status).to.equal(409);
    const html = await response.text();
    expect(valueOf(html, 'f-introHeading')).to.equal('My intro heading');
    expect(html).to.include('saved version');
    expect(html).to.include('Plans heading');
    expect(html).to.include('Their plans heading');
    // Saving again from this page goes through, and keeps their change to a field this person left alone.
    const again = formFields(html);
    again.set('action', 'save');
    expect((await post('pages', again)).status).to.equal(303);
    expect((await sectionJson('pages')).draft?.data.introHeading).to.equal('My intro heading');
    expect((await sectionJson('pages')).draft?.data.plansHeading).to.equal('Their plans heading');
  });

  it('publishes the form now, and the public page shows it', async () => {
    const fields = await editorFields('community');
    fields.set('tagline', 'Published from the editor');
    fields.set('action', 'publish');
    const response = await post('community', fields);
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.include('done=published');
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).to.include('Published from the editor');
    const state = await sectionJson('community');
    expect(state.draft).to.equal(null);
  });

  it('schedules the form at a time in the community’s zone, refuses a past time, and cancels', async () => {
    const fields = await editorFields('pages');
    fields.set('action', 'schedule');
    fields.set('at', '2020-01-01T09:00');
    const refused = await post('pages', fields);
    expect(refused.status).to.equal(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).to.include('id="schedule-at-error"');
    expect(valueOf(refusedHtml, 'schedule-at')).to.equal('2020-01-01T09:00');
    fields.set('at', '2099-07-01T09:00');
    const response = await post('pages', fields);
    expect(response.status).to.equal(303);
    const state = await sectionJson('pages');
    // America/Denver in July: UTC−6.
    expect(state.scheduled?.at).to.equal('2099-07-01T15:00:00.000Z');
    const cancel = await editorFields('pages');
    cancel.set('action', 'cancel-schedule');
    expect((await post('pages', cancel)).status).to.equal(303);
    expect((await sectionJson('pages')).scheduled).to.equal(null);
  });

  it('adds, moves and removes a list item without saving, keeping what was typed', async () => {
    const fields = await editorFields('promotions');
    const count = Number(fields.get('promotions.length'));
    fields.set('action', 'add:promotions');
    const added = await post('promotions', fields);
    expect(added.status).to.equal(200);
    let html = await added.text();
    let next = formFields(html);
    expect(Number(next.get('promotions.length'))).to.equal(count + 1);
    next.set(`promotions.${count}.title`, 'Spring incentive');
    next.set(`promotions.${count}.text`, 'Closing costs paid.');
    next.set(`promotions.${count}.starts`, '2099-03-01');
    next.set(`promotions.${count}.ends`, '2099-03-31');
    next.set('action', `up:promotions.${count}`);
    html = await (await post('promotions', next)).text();
    next = formFields(html);
    expect(next.get(`promotions.${count - 1}.title`)).to.equal('Spring incentive');
    // Focus stays on the moved item's button, so pressing it again moves it again (Move down once it is first).
    const button = count === 1 ? 'down:promotions\\.0' : `up:promotions\\.${count - 1}`;
    expect(html).to.match(new RegExp(`value="${button}"[^>]*autofocus`));
    next.set('action', 'save');
    expect((await post('promotions', next)).status).to.equal(303);
    const saved = (await sectionJson('promotions')).draft?.data.promotions as { title: string }[];
    expect(saved[count - 1]?.title).to.equal('Spring incentive');
    const removing = await editorFields('promotions');
    removing.set('action', `remove:promotions.${count - 1}`);
    const removed = formFields(await (await post('promotions', removing)).text());
    expect(Number(removed.get('promotions.length'))).to.equal(count);
    expect([...removed.values()]).to.not.include('Spring incentive');
  });

  it('shows the history, compares a version with the current one, and restores it from a plain form', async () => {
    const history = await get('/admin/content/community/history');
    expect(history.status).to.equal(200);
    const html = await history.text();
    expect(html).to.include('Version 1');
    const compare = await (await get('/admin/content/community/history?compare=1')).text();
    expect(compare).to.include('Tagline');
    expect(compare).to.include('Published from the editor');
    const restore = await fetch(`${server.url}/admin/content/community/versions/1/restore`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: staff.cookie, Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: staff.token }),
    });
    expect(restore.status).to.equal(303);
    expect(restore.headers.get('location')).to.match(/^\/admin\/content\/community\?done=restored&version=\d+$/);
    const state = await sectionJson('community');
    expect(state.draft?.data.tagline).to.not.equal('Published from the editor');
    expect(state.published.data.tagline).to.equal('Published from the editor');
  });
});
