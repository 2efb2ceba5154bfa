import { expect } from 'chai';
import { postSignIn, signIn, STAFF_ENV, STAFF_PASSWORD, uploadCarouselPhoto, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { openTourSlots } from '../support/tour-slots.js';

/**
 * Issue "Checked before it is normalized": every text field is cleaned at the edge (src/shared/text-input.ts) and
 * every rule judges the value that is stored. Rows are read back from the database.
 */
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/plain' };
const CSV_HEADER = 'lot,status,plan,price,sqft,address,ready,version';
const BUYER = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '(970) 555-0199' };

describe('Text fields, cleaned at the edge', () => {
  let server: TestServer;
  let staff: Staff;
  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0', TRUST_PROXY: '1' });
    staff = await signIn(server.url);
  });
  after(() => server.close());

  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...FORM, ...headers },
      body: new URLSearchParams(fields),
    });
  const lastMessage = () => server.db('contact_messages').orderBy('id', 'desc').first();

  describe('POST /contact/submit', () => {
    it('stores the message as cleaned: NFC, no control characters, CRLF as LF, no no-break spaces at the ends', async () => {
      const response = await post('/contact/submit', {
        firstname: '\u00a0Zoe\u0301\u0000',
        lastname: 'Lovelace\u0085',
        email: ' ada@example.com\u00a0',
        phone: '(970) 555-0199',
        subject: 'Lot\t12\u0007',
        message: 'NUL \u0000here.\r\nSecond line\u001b.\u2003',
      });
      expect(response.status).to.equal(200);
      expect(await lastMessage()).to.include({
        firstname: 'Zo\u00e9',
        lastname: 'Lovelace',
        email: 'ada@example.com',
        subject: 'Lot 12',
        message: 'NUL here.\nSecond line.',
      });
    });

    it('refuses a subject of no-break spaces and controls as missing (400), storing nothing', async () => {
      const before = await lastMessage();
      const response = await post('/contact/submit', {
        ...BUYER,
        subject: '\u00a0\u0000\u3000',
        message: 'Hello',
      });
      expect(response.status).to.equal(400);
      expect(await response.text()).to.equal('Subject is required.');
      expect((await lastMessage())?.id).to.equal(before?.id);
    });

    it('judges a length on the stored value: 60 letters between no-break spaces are a first name', async () => {
      const firstname = 'A'.repeat(60);
      const response = await post('/contact/submit', {
        ...BUYER,
        firstname: `\u00a0${firstname}\u00a0\u0000`,
        subject: 'Hi',
        message: `${'x'.repeat(4999)}\r\n`,
      });
      expect(response.status).to.equal(200);
      expect(await lastMessage()).to.include({ firstname });
    });

    it('counts a CRLF as the one line break it is stored as', async () => {
      const message = `${'a\r\n'.repeat(2000)}end`; // 6,003 characters posted, 4,003 stored
      const response = await post('/contact/submit', { ...BUYER, subject: 'Lines', message });
      expect(response.status).to.equal(200);
      expect((await lastMessage())?.message).to.have.length(4003);
    });
  });

  describe('POST /tours', () => {
    it('stores the booking as cleaned', async () => {
      const [start] = await openTourSlots(server.url);
      const response = await post(
        '/tours',
        { ...BUYER, firstname: '\u00a0Ada\u0000', message: 'See you\r\nsoon\u0085', start: start! },
        { Accept: 'application/json' },
      );
      expect(response.status).to.equal(200);
      const tour = await server.db('tours').orderBy('id', 'desc').first();
      expect(tour).to.include({ firstname: 'Ada', message: 'See you\nsoon' });
    });
  });

  describe('POST /admin/messages/:kind/:id/follow-up', () => {
    it('stores notes without control characters, their lines kept', async () => {
      await post('/contact/submit', { ...BUYER, subject: 'Notes', message: 'Hello' });
      const { id } = (await lastMessage()) as { id: number };
      const response = await post(
        `/admin/messages/message/${id}/follow-up`,
        { status: 'contacted', notes: '\u00a0Called \u0000twice.\r\nLeft a message\u0007.', _csrf: staff.token },
        { Cookie: staff.cookie },
      );
      expect(response.status).to.equal(303);
      expect(await server.db('contact_messages').where({ id }).first()).to.include({
        notes: 'Called twice.\nLeft a message.',
      });
    });
  });

  describe('GET /admin/messages.csv', () => {
    it('writes a lead stored before the rule without its control characters, a formula behind one neutralised', async () => {
      await server.db('contact_messages').insert({
        ...BUYER,
        firstname: 'Old\u0000',
        subject: '\u0000=HYPERLINK("http://x")',
        message: 'Bell \u0007and C1 \u0085.',
        is_spam: false,
        delivery_status: 'not_configured',
        notes: '',
      });
      const response = await fetch(`${server.url}/admin/messages.csv`, { headers: { Cookie: staff.cookie } });
      const csv = await response.text();
      // eslint-disable-next-line no-control-regex
      expect(csv).to.not.match(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
      expect(csv).to.include('"Old"');
      expect(csv).to.include(`"'=HYPERLINK(""http://x"")"`);
      expect(csv).to.include('"Bell and C1 ."');
    });
  });

  describe('POST /admin/homesites/import', () => {
    const importCsv = (csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([new TextEncoder().encode(csv)], { type: 'text/csv' }), 'homesites.csv');
      return fetch(`${server.url}/admin/homesites/import`, {
        method: 'POST',
        headers: { Cookie: staff.cookie, 'X-CSRF-Token': staff.token, Accept: 'application/json' },
        body: form,
      });
    };

    it('refuses a formula behind a space, a line break or a no-break space, naming each cell', async () => {
      const csv = [
        CSV_HEADER,
        '10,available,,,7000," =HYPERLINK(""http://x"")",,',
        '11,available,,,7000,"\n=1+1",,',
        '12,available,,,7000,\u00a0@SUM(1+1),,',
      ].join('\r\n');
      const response = await importCsv(csv);
      expect(response.status).to.equal(400);
      const body = (await response.json()) as { problems: { line: number; column: string; message: string }[] };
      expect(body.problems.map((problem) => `${problem.line}:${problem.column}`)).to.deep.equal([
        '2:address',
        '3:address',
        '5:address',
      ]);
      for (const problem of body.problems) expect(problem.message).to.match(/formula/);
      const addresses = await server.db('homesites').whereIn('lot', [10, 11, 12]).pluck('address');
      expect(addresses.join(' ')).to.not.match(/HYPERLINK|SUM|1\+1/);
    });

    it('stores cells as cleaned: an address in NFC without control characters, a status between spaces', async () => {
      const csv = [CSV_HEADER, '10, sold ,,,7000,"\u00a012 Cafe\u0301\u0000 Lane\u0085",,'].join('\r\n');
      const response = await importCsv(csv);
      expect(response.status).to.equal(200);
      expect(await server.db('homesites').where({ lot: 10 }).first()).to.include({
        status: 'sold',
        address: '12 Caf\u00e9 Lane',
      });
    });
  });

  describe('POST /admin/upload/homepageimage', () => {
    it('refuses alt text of no-break spaces and controls as missing (400), and stores a good one cleaned', async () => {
      const photo = { background: '#3a6', name: 'lot.png', width: 400, height: 300 };
      const missing = await uploadCarouselPhoto(server.url, staff, { ...photo, alt: '\u00a0\u0000\u00a0' });
      expect(missing.status).to.equal(400);
      const stored = await uploadCarouselPhoto(server.url, staff, { ...photo, alt: '\u00a0Lot 12 at dusk\u0007' });
      expect(stored.status).to.equal(201);
      const { url } = (await stored.json()) as { url: string };
      expect(await server.db('homepage_images').where({ url }).first()).to.include({ alt: 'Lot 12 at dusk' });
    });
  });

  describe('POST /login', () => {
    it('reads the username as cleaned: between no-break spaces, with a control character', async () => {
      const response = await postSignIn(server.url, '\u00a0staff\u0000\u00a0', STAFF_PASSWORD);
      expect(response.status).to.equal(303);
    });

    it('shows a refused username back without its control characters', async () => {
      const response = await postSignIn(server.url, 'nobody\u0000', 'wrong password');
      expect(response.status).to.equal(401);
      expect(await response.text()).to.include('value="nobody"');
    });

    it('counts a username with a control character against the same lock as the username', async () => {
      // Each from its own address (TRUST_PROXY=1), so only the username's lock can stop the last one.
      const from = (n: number) => ({ headers: { 'X-Forwarded-For': `203.0.113.${n}` } });
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await postSignIn(server.url, 'staff', 'wrong password', from(attempt))).status).to.equal(401);
      const variant = await postSignIn(server.url, 'staff\u0000', STAFF_PASSWORD, from(99));
      expect(variant.status).to.equal(429);
    });
  });
});
