import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { openTourSlots } from '../support/tour-slots.js';

const JSON_ANSWER = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
const BUYER = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '(970) 555-0199' };

/**
 * Contract, "Leads with context": a bad lead-context value is dropped, never a 400. A posted homesite the
 * community does not have (the sample has lots 1 to 78) is dropped like a malformed one, as the GET prefill does.
 */
describe('A posted homesite the community does not have', () => {
  let server: TestServer;
  let slots: string[];

  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
    slots = await openTourSlots(server.url);
  });
  after(() => server.close());

  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: JSON_ANSWER, body: new URLSearchParams(fields) });
  const lastOf = async (table: string) =>
    (await server.db(table).orderBy('id', 'desc').first('homesite')) as { homesite: number | null };

  it('is dropped from a contact message, which is still stored; a real one is kept', async () => {
    const message = { ...BUYER, subject: 'Lot question', message: 'Is it still open?' };
    expect((await post('/contact/submit', { ...message, homesite: '999' })).status).to.equal(200);
    expect((await lastOf('contact_messages')).homesite).to.equal(null);
    expect((await post('/contact/submit', { ...message, homesite: '78' })).status).to.equal(200);
    expect(Number((await lastOf('contact_messages')).homesite)).to.equal(78);
  });

  it('is dropped from a tour booking, which is still booked; a real one is kept', async () => {
    expect((await post('/tours', { ...BUYER, start: slots[0]!, homesite: '79' })).status).to.equal(200);
    expect((await lastOf('tours')).homesite).to.equal(null);
    expect((await post('/tours', { ...BUYER, start: slots[1]!, homesite: '1' })).status).to.equal(200);
    expect(Number((await lastOf('tours')).homesite)).to.equal(1);
  });
});
