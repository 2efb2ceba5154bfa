import { expect } from 'chai';
import sharp from 'sharp';
import { editorFormFields } from '../support/editor-form.js';
import { all, one, parseHtml, text } from '../support/html.js';
import { minimalPdf } from '../support/sample-files.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall, teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface SectionJson {
  published: { version: number; data: Record<string, unknown> };
  draft: { version: number; data: Record<string, unknown> } | null;
}

/**
 * Issue 35 item 4, the section editors as staff use them: files chosen from the library by name (never a typed
 * path), a promotion's image kept when one is chosen, plans chosen by name, a draft that can be discarded, and
 * every refusal in plain words.
 */
describe('Content editors: files, references, discarding a draft, plain words', function () {
  this.timeout(60_000);
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
  });
  after(() => server.close());

  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { Cookie: staff.cookie, Accept: 'text/html' },
      redirect: 'manual',
    });
    return { status: response.status, html: await response.text() };
  };
  const post = (id: string, fields: URLSearchParams, who: Staff = staff) =>
    fetch(`${server.url}/admin/content/${id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: who.cookie,
        Origin: server.url,
        Accept: 'text/html',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: fields,
    });
  const sectionJson = async (id: string) =>
    (await (
      await staffCall(server.url, `/admin/content/${id}.json`, staff, undefined, { method: 'GET' })
    ).json()) as SectionJson;

  async function upload(filename: string, body: Buffer, fields: Record<string, string> = {}): Promise<string> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(body)]), filename);
    const response = await fetch(`${server.url}/admin/files`, {
      method: 'POST',
      headers: { Cookie: staff.cookie, Origin: server.url, Accept: 'application/json', 'X-CSRF-Token': staff.token },
      body: form,
    });
    const answer = (await response.json()) as { url: string; error?: string };
    expect(response.status, answer.error).to.equal(201);
    return answer.url;
  }

  it('offers every file field as a choice among the library’s files by name, with a link to upload', async () => {
    const pdf = await upload('price-sheet.pdf', minimalPdf(), { title: 'Price sheet' });
    const { html } = await page('/admin/content/media');
    const doc = parseHtml(html);
    for (const name of ['features.desktopPdf', 'features.mobilePdf', 'video.mp4', 'video.webm', 'video.captions']) {
      expect(
        all(doc, 'input', (el) => el.attrs.name === name),
        `${name} is not typed`,
      ).to.have.length(0);
      one(doc, 'select', (el) => el.attrs.name === name);
    }
    for (const name of ['sitePlan.src', 'portrait.src', 'video.poster'])
      one(doc, 'select', (el) => el.attrs.name === name);
    const desktop = one(doc, 'select', (el) => el.attrs.name === 'features.desktopPdf');
    const offered = all(desktop, 'option').map((option) => [option.attrs.value, text(option)]);
    expect(offered).to.deep.include([pdf, 'Price sheet (price-sheet.pdf)']);
    expect(all(doc, 'a', (el) => el.attrs.href === '/admin/files').length).to.be.greaterThan(0);
    for (const id of ['builder', 'floor-plans', 'partners', 'promotions']) {
      const editor = parseHtml((await page(`/admin/content/${id}`)).html);
      expect(
        all(editor, 'input', (el) =>
          /(^|\.)(src|desktopPdf|mobilePdf|mp4|webm|poster|captions)$/.test(el.attrs.name ?? ''),
        ),
        `${id}: no file is typed`,
      ).to.have.length(0);
    }

    const fields = editorFormFields(html);
    fields.set('features.desktopPdf', pdf);
    fields.set('action', 'save');
    expect((await post('media', fields)).status).to.equal(303);
    const saved = (await sectionJson('media')).draft!.data as { features: { desktopPdf: string } };
    expect(saved.features.desktopPdf).to.equal(pdf);
  });

  it('keeps a promotion’s chosen image: one control says “No image” or which image', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const image = await upload('fall-promo.png', png, { alt: 'A model home in the fall' });
    const before = await page('/admin/content/promotions');
    const doc = parseHtml(before.html);
    expect(
      all(doc, 'input', (el) => /\.image\._none$/.test(el.attrs.name ?? '')),
      'no separate “No image” box',
    ).to.have.length(0);
    const select = one(doc, 'select', (el) => el.attrs.name === 'promotions.0.image.src');
    expect(all(select, 'option').map(text)).to.include('No image');

    const fields = editorFormFields(before.html);
    fields.set('promotions.0.image.src', image);
    fields.set('promotions.0.image.alt', 'A model home in the fall');
    fields.set('action', 'save');
    const saved = await post('promotions', fields);
    expect(saved.status, await saved.clone().text()).to.equal(303);
    const data = (await sectionJson('promotions')).draft!.data as { promotions: { image: unknown }[] };
    expect(data.promotions[0]!.image).to.deep.equal({ src: image, alt: 'A model home in the fall' });

    // Choosing "No image" takes it off again.
    const again = editorFormFields((await page('/admin/content/promotions')).html);
    again.set('promotions.0.image.src', '');
    again.set('action', 'save');
    expect((await post('promotions', again)).status).to.equal(303);
    const cleared = (await sectionJson('promotions')).draft!.data as { promotions: { image: unknown }[] };
    expect(cleared.promotions[0]!.image).to.equal(null);
  });

  it('chooses a promotion’s plans by name among the plans, never by a typed slug', async () => {
    const plans = ((await sectionJson('floor-plans')).published.data as { plans: { slug: string; name: string }[] })
      .plans;
    const { html } = await page('/admin/content/promotions');
    const doc = parseHtml(html);
    const group = one(doc, 'fieldset', (el) => el.attrs.id === 'f-promotions-0-plans');
    const boxes = all(group, 'input', (el) => el.attrs.type === 'checkbox');
    expect(boxes.map((box) => box.attrs.value)).to.deep.equal(plans.map((plan) => plan.slug));
    expect(all(group, 'label').map(text)).to.deep.equal(plans.map((plan) => plan.name));
    expect(
      all(doc, 'input', (el) => el.attrs.type === 'text' && /\.plans\.\d+$/.test(el.attrs.name ?? '')),
    ).to.have.length(0);

    const fields = editorFormFields(html);
    for (const [name] of [...fields]) if (/^promotions\.0\.plans\.\d+$/.test(name)) fields.delete(name);
    fields.set(boxes[1]!.attrs.name!, plans[1]!.slug);
    fields.set('action', 'save');
    expect((await post('promotions', fields)).status).to.equal(303);
    const data = (await sectionJson('promotions')).draft!.data as { promotions: { plans: string[] }[] };
    expect(data.promotions[0]!.plans).to.deep.equal([plans[1]!.slug]);
  });

  describe('discarding a draft', () => {
    it('DELETE …/draft discards the draft seen (409 if another was saved since), audited; the editor shows the published version', async () => {
      const start = await sectionJson('community');
      const base = start.draft?.version ?? start.published.version;
      const first = await staffCall(
        server.url,
        '/admin/content/community/draft',
        staff,
        {
          data: { ...start.published.data, tagline: 'A draft to throw away' },
          baseVersion: base,
        },
        { method: 'PUT' },
      );
      const { version } = (await first.json()) as { version: number };
      const second = await staffCall(
        server.url,
        '/admin/content/community/draft',
        staff,
        {
          data: { ...start.published.data, tagline: 'A colleague’s later draft' },
          baseVersion: version,
        },
        { method: 'PUT' },
      );
      const { version: later } = (await second.json()) as { version: number };

      const stale = await staffCall(
        server.url,
        '/admin/content/community/draft',
        staff,
        { version },
        { method: 'DELETE' },
      );
      expect(stale.status).to.equal(409);
      const conflict = (await stale.json()) as { error: string; draft: { version: number } };
      expect(conflict.draft.version).to.equal(later);
      expect((await sectionJson('community')).draft?.version, 'nothing discarded').to.equal(later);

      const done = await staffCall(
        server.url,
        '/admin/content/community/draft',
        staff,
        { version: later },
        { method: 'DELETE' },
      );
      expect(done.status).to.equal(200);
      expect(await done.json()).to.deep.equal({ discarded: later, published: start.published.version });
      expect((await sectionJson('community')).draft).to.equal(null);

      const editor = await page('/admin/content/community');
      expect(editor.html).to.include('No draft: the form shows the published version.');
      expect(one(parseHtml(editor.html), 'input', (el) => el.attrs.id === 'f-tagline').attrs.value).to.equal(
        (start.published.data as { tagline: string }).tagline,
      );
      const audit = await (await staffCall(server.url, '/admin/audit.csv', staff, undefined, { method: 'GET' })).text();
      expect(audit).to.include('content.draft-discarded');
    });

    it('the editor’s Discard draft button posts the form (303 to the published version); marketing may, sales may not', async () => {
      const marketing = await teamMember(server.url, staff, 'marketing', 'mara', 'a long enough passphrase 1');
      const sales = await teamMember(server.url, staff, 'sales', 'sam', 'a long enough passphrase 2');
      const fields = editorFormFields((await page('/admin/content/pages')).html);
      fields.set('introHeading', 'A heading nobody wants');
      fields.set('action', 'save');
      expect((await post('pages', fields)).status).to.equal(303);
      const withDraft = await page('/admin/content/pages');
      const button = one(parseHtml(withDraft.html), 'button', (el) => el.attrs.value === 'discard');
      expect(text(button)).to.equal('Discard draft');

      const discard = editorFormFields(withDraft.html);
      discard.set('action', 'discard');
      discard.set('_csrf', sales.token);
      const refused = await post('pages', discard, sales);
      expect(refused.status).to.equal(403);
      discard.set('_csrf', marketing.token);
      const answer = await post('pages', discard, marketing);
      expect(answer.status).to.equal(303);
      expect(answer.headers.get('location')).to.match(/^\/admin\/content\/pages\?done=discarded/);
      expect((await sectionJson('pages')).draft).to.equal(null);
      const after = await page(answer.headers.get('location')!);
      expect(after.html).to.include('discarded: the form shows the published version');
      expect(after.html).to.not.include('A heading nobody wants');

      // A second press of the same form (the draft is gone) is refused, not silently accepted.
      const again = await post('pages', discard, marketing);
      expect(again.status).to.equal(409);
      expect(await again.text()).to.include('Not discarded');
    });
  });

  it('on a conflict shows, per field, their value and the typed one, and saves the value chosen for each', async () => {
    const mine = editorFormFields((await page('/admin/content/pages')).html);
    const state = await sectionJson('pages');
    const latest = state.draft ?? state.published;
    const theirs = await staffCall(
      server.url,
      '/admin/content/pages/draft',
      staff,
      {
        data: { ...latest.data, lendersHeading: 'Their lenders heading', contactIntro: 'Their contact intro' },
        baseVersion: latest.version,
      },
      { method: 'PUT' },
    );
    expect(theirs.status).to.equal(200);
    mine.set('lendersHeading', 'My lenders heading');
    mine.set('contactIntro', 'My contact intro');
    mine.set('promotionsHeading', 'My promotions heading');
    mine.set('action', 'save');
    const refused = await post('pages', mine);
    expect(refused.status).to.equal(409);
    const html = await refused.text();
    const doc = parseHtml(html);
    const conflict = one(doc, 'div', (el) => el.attrs.class === 'content-conflict');
    const choice = (path: string) =>
      all(conflict, 'input', (el) => el.attrs.name === `conflict:${path}`).map((radio) => ({
        value: radio.attrs.value,
        checked: 'checked' in radio.attrs,
        label: text(one(conflict, 'label', (el) => el.attrs.for === radio.attrs.id)),
      }));
    expect(choice('lendersHeading')).to.deep.equal([
      { value: 'theirs', checked: false, label: 'Keep theirs: “Their lenders heading”' },
      { value: 'mine', checked: true, label: 'Keep yours: “My lenders heading”' },
    ]);
    expect(choice('contactIntro').map((radio) => radio.label)).to.deep.equal([
      'Keep theirs: “Their contact intro”',
      'Keep yours: “My contact intro”',
    ]);
    expect(choice('promotionsHeading'), 'only fields they changed').to.deep.equal([]);

    const again = editorFormFields(html);
    again.set('conflict:contactIntro', 'theirs');
    again.set('action', 'save');
    expect((await post('pages', again)).status).to.equal(303);
    const saved = (await sectionJson('pages')).draft!.data;
    expect(saved).to.include({
      lendersHeading: 'My lenders heading',
      contactIntro: 'Their contact intro',
      promotionsHeading: 'My promotions heading',
    });
  });

  describe('refusals in plain words', () => {
    /** A regular expression, a data path, zod's wording or JSON in a message a person reads. */
    const TECHNICAL = /\/\^|\$\/|\[a-z|\\d|\b\w+\.\d+\.\w+\b|Invalid|expected|received|must match|[{}]/;

    it('the JSON call names each field by its label in a sentence', async () => {
      const view = await sectionJson('floor-plans');
      const plans = structuredClone((view.draft ?? view.published).data.plans) as Record<string, unknown>[];
      plans[0]!.slug = 'The Canyon!';
      plans[0]!.name = '';
      plans[0]!.beds = 'three';
      plans[0]!.baths = 2.25;
      plans[1]!.garageBays = 9;
      const response = await staffCall(
        server.url,
        '/admin/content/floor-plans/draft',
        staff,
        {
          data: { plans },
          baseVersion: view.draft?.version ?? view.published.version,
        },
        { method: 'PUT' },
      );
      expect(response.status).to.equal(400);
      const { errors } = (await response.json()) as { errors: { path: string; message: string }[] };
      const byPath = Object.fromEntries(errors.map((error) => [error.path, error.message]));
      expect(byPath['plans.0.slug']).to.equal(
        'Slug may use only lower-case letters, digits and hyphens, such as the-canyon.',
      );
      expect(byPath['plans.0.name']).to.equal('Name is required.');
      expect(byPath['plans.0.beds']).to.equal('Beds must be a number.');
      expect(byPath['plans.0.baths']).to.equal('Baths must be in steps of 0.5.');
      expect(byPath['plans.1.garageBays']).to.equal('Garage bays must be 4 or less.');
      for (const error of errors) expect(error.message, error.path).to.not.match(TECHNICAL);
    });

    it('the form shows them next to the fields, with no pattern, path or JSON anywhere', async () => {
      const fields = editorFormFields((await page('/admin/content/tours')).html);
      fields.set('hours.monday.closes', '25:00');
      fields.set('slotMinutes', 'half an hour');
      fields.set('action', 'save');
      const response = await post('tours', fields);
      expect(response.status).to.equal(400);
      const doc = parseHtml(await response.text());
      const messages = all(doc, 'p', (el) => 'data-content-error' in el.attrs).map(text);
      expect(messages).to.include('Closes must be a 24-hour time such as 10:00.');
      expect(messages).to.include('Slot length (minutes) must be a number.');
      for (const message of messages) expect(message).to.not.match(TECHNICAL);
    });
  });
});
