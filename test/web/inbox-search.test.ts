import crypto from 'node:crypto';
import { expect } from 'chai';
import { insertContactMessage } from '../../src/db/contact-messages.js';
import { leadContextColumns } from '../../src/db/lead-context-columns.js';
import { insertTour } from '../../src/db/tours.js';
import { all, parseHtml, text as textOf, one, type El } from '../support/html.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The inbox's search (name, e-mail, phone) on leads stored the way the app stores them. */
describe('Staff inbox: search', () => {
  let server: TestServer;
  let staff: Staff;
  let zoe = 0;
  let tour = 0;

  async function found(q: string): Promise<string[]> {
    const response = await fetch(`${server.url}/admin/messages?q=${encodeURIComponent(q)}`, {
      headers: { Cookie: staff.cookie },
    });
    expect(response.status, q).to.equal(200);
    const page: El = parseHtml(await response.text());
    return all(page, 'li', (li) => /^lead-(message|tour)-\d+$/.test(li.attrs.id ?? '')).map((li) => li.attrs.id!);
  }

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    zoe = await insertContactMessage(server.db, {
      firstname: 'Zoë',
      lastname: 'Ångström',
      email: 'Zoe.Angstrom@Example.com',
      phone: '(720) 555-0142',
      subject: 'Lot 9',
      message: 'Hello',
      source_page: null,
      user_agent: null,
      is_spam: false,
      delivery_status: 'skipped',
      ...leadContextColumns({}),
    });
    tour = await insertTour(server.db, {
      token: crypto.randomBytes(24).toString('base64url'),
      start_at: '2026-12-01T17:00:00.000Z',
      slot_minutes: 60,
      firstname: 'Élodie',
      lastname: 'Brown',
      email: 'elodie@example.org',
      phone: '(303) 555-0177',
      message: '',
      is_spam: false,
      source_page: null,
      user_agent: null,
      created_at: '2026-11-20T18:00:00.000Z',
      ...leadContextColumns({}),
    } as Parameters<typeof insertTour>[1]);
  });
  after(() => server.close());

  it('finds accented names whatever their case', async () => {
    expect(await found('ÅNGSTRÖM')).to.deep.equal([`lead-message-${zoe}`]);
    expect(await found('zoë ång')).to.deep.equal([`lead-message-${zoe}`]);
    expect(await found('élodie')).to.deep.equal([`lead-tour-${tour}`]);
    expect(await found('ÉLODIE BR')).to.deep.equal([`lead-tour-${tour}`]);
  });

  it('finds part of an e-mail address, in any case', async () => {
    expect(await found('angstrom@exa')).to.deep.equal([`lead-message-${zoe}`]);
    expect(await found('@EXAMPLE.ORG')).to.deep.equal([`lead-tour-${tour}`]);
  });

  it('finds a phone number typed with other punctuation, or its digits alone', async () => {
    expect(await found('720.555.0142')).to.deep.equal([`lead-message-${zoe}`]);
    expect(await found('303 555 0177')).to.deep.equal([`lead-tour-${tour}`]);
    expect(await found('5550177')).to.deep.equal([`lead-tour-${tour}`]);
  });

  it('searches for one or two characters too', async () => {
    expect(await found('ö')).to.deep.equal([`lead-message-${zoe}`]);
    expect(await found('zo')).to.deep.equal([`lead-message-${zoe}`]);
  });

  it('never matches across two fields, nor takes quotes or wildcards as syntax', async () => {
    expect(await found('brown elodie')).to.deep.equal([]);
    expect(await found('brown elodie@')).to.deep.equal([]);
    expect(await found('"zoë"')).to.deep.equal([]);
    expect(await found('zo%m')).to.deep.equal([]);
  });

  it('finds a message sent through the contact form, and no longer finds a lead once erased', async () => {
    const response = await fetch(`${server.url}/contact/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstname: 'Søren',
        lastname: 'Kierkegaard',
        email: 'soren@example.net',
        phone: '(970) 555-0111',
        subject: 'Lot 3',
        message: 'Is lot 3 still available?',
      }),
    });
    expect(await response.text()).to.equal('success');
    const [id] = await found('SØREN KIER');
    expect(id).to.match(/^lead-message-\d+$/);
    const erase = await fetch(`${server.url}/admin/messages/message/${id!.split('-')[2]}/erase`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: staff.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: staff.token }),
    });
    expect(erase.status).to.equal(303);
    expect(await found('søren')).to.deep.equal([]);
    const heading = one(
      parseHtml(await (await fetch(`${server.url}/admin/messages`, { headers: { Cookie: staff.cookie } })).text()),
      'h2',
      (h2) => h2.attrs.id === 'leads-heading',
    );
    expect(textOf(heading)).to.match(/^Leads \(2,/);
  });
});
