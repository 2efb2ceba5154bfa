import { expect } from 'chai';
import { registerAgentLead, seedMessage, seedTour } from '../support/leads.js';
import { nuErrors, type NuDocument, skipWithoutJava } from '../support/nu-checker.js';
import { fetchPage, type SitePage } from '../support/site-pages.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { openTourSlots } from '../support/tour-slots.js';

/** The Nu Html Checker on the sales desk's pages, each with data on it and each refused form shown again. */
describe('W3C Nu Html Checker: the sales desk', function () {
  this.timeout(120_000);
  let server: TestServer;
  let staff: Staff;
  let errors: string[] = [];
  let pages: SitePage[] = [];

  before(async function () {
    skipWithoutJava(this);
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    const db = server.db;
    const at = new Date(Date.now() - 3 * 3600_000).toISOString();
    const message = await seedMessage(db, at, { utm_source: 'google', homesite: 12, notes: 'An old memo.' });
    const [start, later] = await openTourSlots(server.url);
    const tour = await seedTour(db, at, new Date(start!).toISOString(), { message: 'M'.repeat(400) });
    const call = (pathname: string, body: unknown) =>
      fetch(`${server.url}${pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
        body: JSON.stringify(body),
      });
    await call(`/admin/leads/message/${message}/notes`, { text: 'Called back.\nWants a walkout basement.' });
    await call(`/admin/leads/message/${message}/owner`, { username: 'staff' });
    await call(`/admin/leads/message/${message}/follow-up`, { date: '2020-01-02' });
    await call(`/admin/leads/message/${message}/reply`, { subject: 'Lot 12', text: 'Still open.' });
    await call('/admin/tours', {
      firstname: 'Wendy',
      lastname: 'Walker',
      email: 'pat@example.com',
      phone: '(970) 555-0100',
      start: later,
      source: 'walk-in',
    });
    const agentLead = await registerAgentLead(server.url, db);
    await call('/admin/team/auto-assign', { enabled: true });
    const form = (fields: Record<string, string>) => ({ _csrf: staff.token, ...fields });
    pages = [
      { label: 'an agent registration lead', path: `/admin/leads/agent-registration/${agentLead}` },
      { label: 'team, new leads in turn on', path: '/admin/team' },
      { label: 'a message lead', path: `/admin/leads/message/${message}` },
      { label: 'a tour lead', path: `/admin/leads/tour/${tour}` },
      {
        label: 'a lead, note refused',
        path: `/admin/leads/message/${message}/notes`,
        method: 'POST',
        form: form({ text: '' }),
        status: 400,
      },
      {
        label: 'a lead, reply refused',
        path: `/admin/leads/message/${message}/reply`,
        method: 'POST',
        form: form({ subject: '', text: '' }),
        status: 400,
      },
      {
        label: 'a lead, owner refused',
        path: `/admin/leads/message/${message}/owner`,
        method: 'POST',
        form: form({ username: 'ghost' }),
        status: 400,
      },
      {
        label: 'a lead, follow-up refused',
        path: `/admin/leads/message/${message}/follow-up`,
        method: 'POST',
        form: form({ date: 'soon' }),
        status: 400,
      },
      { label: 'tours', path: '/admin/tours' },
      {
        label: 'tours, booking refused',
        path: '/admin/tours',
        method: 'POST',
        form: form({ firstname: '', phone: '1', source: 'fax', start: 'x' }),
        status: 400,
      },
      { label: 'move a tour', path: `/admin/tours/${tour}/move` },
      {
        label: 'move a tour, refused',
        path: `/admin/tours/${tour}/move`,
        method: 'POST',
        form: form({ start: '2020-01-01T10:00:00-07:00' }),
        status: 400,
      },
      { label: 'dashboard with the desk', path: '/admin' },
      { label: 'my leads', path: '/admin/messages?owner=staff' },
    ];
    const documents: NuDocument[] = [];
    for (const page of pages) {
      const response = await fetchPage(server.url, page, staff);
      expect(response.status, page.label).to.equal(page.status ?? 200);
      documents.push({ label: page.label, html: await response.text() });
    }
    errors = await nuErrors(documents);
  });
  after(() => server?.close());

  it('finds no error on any desk page, refused forms included', () => {
    expect(pages).to.have.length.greaterThan(10);
    expect(errors).to.deep.equal([]);
  });
});
