import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { dateInZone } from '../../src/shared/tour-slots.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Contract, wave 2 → Tours: staff see tours by day on /admin/tours and mark each one toured or no-show. */
describe('GET /admin/tours', () => {
  let server: TestServer;
  let staff: Staff;
  /** The community's day of the tour that has started: the page lists days from there (before 2 am it is yesterday). */
  let from: string;
  const hour = 3600_000;
  const tour = (id: number, startMs: number, extra: Record<string, unknown> = {}) => ({
    id,
    token: `admin-tours-test-token-${String(id).padStart(3, '0')}-abcdefghijklmnop`,
    start_at: new Date(startMs).toISOString(),
    slot_minutes: 60,
    firstname: 'Pat',
    lastname: `Buyer${id}`,
    email: `pat${id}@example.com`,
    phone: '(970) 555-0100',
    message: id === 1 ? 'Bringing the dog.' : '',
    homesite: null,
    plan: null,
    status: 'booked',
    is_spam: false,
    created_at: new Date().toISOString(),
    ...extra,
  });

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    const now = Date.now();
    from = dateInZone(now - 2 * hour, loadContent().community.timeZone);
    await server
      .db('tours')
      .insert([
        tour(1, now - 2 * hour, { homesite: 12, plan: 'canyon' }),
        tour(2, now + 26 * hour),
        tour(3, now + 27 * hour, { status: 'cancelled' }),
        tour(4, now + 3 * hour, { is_spam: true }),
      ]);
  });
  after(() => server.close());

  const page = async () =>
    (await fetch(`${server.url}/admin/tours?from=${from}`, { headers: { Cookie: staff.cookie } })).text();
  const mark = (id: number, status: string, token: string | null = staff.token) =>
    fetch(`${server.url}/admin/tours/${id}/status`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: staff.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ status, ...(token === null ? {} : { _csrf: token }) }),
    });

  it('is for staff only', async () => {
    const response = await fetch(`${server.url}/admin/tours`, { redirect: 'manual' });
    expect(response.status).to.not.equal(200);
  });

  it('lists tours by day with the time in the community zone, spam left out', async () => {
    const html = await page();
    expect(html).to.match(/<h2 id="day-\d{4}-\d{2}-\d{2}">\w+day, \w+ \d{1,2}, \d{4}<\/h2>/);
    expect(html).to.match(/\d{1,2}:\d{2} [AP]M M[SD]T: Pat Buyer1 /);
    expect(html).to.include('Homesite 12, The Canyon');
    expect(html).to.include('Bringing the dog.');
    expect(html).to.include('Pat Buyer2');
    expect(html).to.include('Cancelled');
    expect(html).not.to.include('Pat Buyer4');
    expect(html).to.include('href="/admin/tours"');
  });

  it('offers toured / no-show only for a tour that has started', async () => {
    const html = await page();
    expect(html).to.include('action="/admin/tours/1/status"');
    expect(html).not.to.include('action="/admin/tours/2/status"');
  });

  it('marks a tour toured, then no-show, with the CSRF token', async () => {
    expect((await mark(1, 'toured')).status).to.equal(303);
    expect((await server.db('tours').where({ id: 1 }).first()).status).to.equal('toured');
    expect((await mark(1, 'no-show')).status).to.equal(303);
    const row = await server.db('tours').where({ id: 1 }).first();
    expect(row).to.include({ status: 'no-show', status_changed_by: 'staff' });
  });

  it('refuses a missing token, an unknown status, a cancelled or unknown tour', async () => {
    expect((await mark(2, 'toured', null)).status).to.equal(403);
    expect((await mark(2, 'cancelled')).status).to.equal(400);
    expect((await mark(3, 'toured')).status).to.equal(404);
    expect((await mark(999, 'toured')).status).to.equal(404);
    expect((await server.db('tours').where({ id: 3 }).first()).status).to.equal('cancelled');
    expect((await server.db('tours').where({ id: 2 }).first()).status).to.equal('booked');
  });
});
