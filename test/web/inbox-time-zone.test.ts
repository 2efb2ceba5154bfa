import { expect } from 'chai';
import { loadContent, validateContent } from '../../src/content/index.js';
import { community } from '../../src/content/community.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Known UTC instants, and how a sales counselor in Colorado reads them. */
const LEADS = [
  {
    subject: 'Autumn lead',
    created_at: '2026-11-22T17:15:00.000Z',
    shown: 'Nov 22, 2026, 10:15 AM MST',
    csv: '2026-11-22T10:15:00-07:00',
  },
  {
    subject: 'Before the spring change',
    created_at: '2026-03-08T08:45:00.000Z',
    shown: 'Mar 8, 2026, 1:45 AM MST',
    csv: '2026-03-08T01:45:00-07:00',
  },
  {
    subject: 'After the spring change',
    created_at: '2026-03-08T09:15:00.000Z',
    shown: 'Mar 8, 2026, 3:15 AM MDT',
    csv: '2026-03-08T03:15:00-06:00',
  },
  {
    subject: 'Summer lead',
    created_at: '2026-07-04T18:00:00.000Z',
    shown: 'Jul 4, 2026, 12:00 PM MDT',
    csv: '2026-07-04T12:00:00-06:00',
  },
];

const text = (html: string) => html.replaceAll('<!-- -->', '');

describe('Lead times in the inbox', () => {
  let server: TestServer;
  let staff: Staff;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    for (const lead of LEADS) {
      await server.db('contact_messages').insert({
        firstname: 'Pat',
        lastname: 'Buyer',
        email: 'pat@example.com',
        phone: '(970) 555-0100',
        message: 'Hello',
        subject: lead.subject,
        created_at: lead.created_at,
      });
    }
  });
  after(() => server.close());

  it("keeps the sample community's time zone in the content (America/Denver)", () => {
    expect(loadContent().community.timeZone).to.equal('America/Denver');
  });

  it('shows each lead time in the community zone with the zone named, on both sides of a daylight-saving change', async () => {
    const html = text(
      await (await fetch(`${server.url}/admin/messages`, { headers: { Cookie: staff.cookie } })).text(),
    );
    for (const lead of LEADS) {
      expect(html, lead.subject).to.include(`<time dateTime="${lead.created_at}">${lead.shown}</time>`);
    }
    expect(html).to.not.include(' UTC</time>');
  });

  it("writes the CSV export's times at the community's clock with the offset, right across daylight saving", async () => {
    const csv = await (await fetch(`${server.url}/admin/messages.csv`, { headers: { Cookie: staff.cookie } })).text();
    for (const lead of LEADS) expect(csv, lead.subject).to.include(`"${lead.csv}"`);
    expect(csv).to.not.match(/MST|MDT/);
  });

  for (const bad of ['MST', '+07:00', 'Mountain Time', 'America/Nowhere', '']) {
    it(`rejects the time zone ${JSON.stringify(bad)}, naming content.community.timeZone`, () => {
      const draft = structuredClone(community);
      draft.community.timeZone = bad;
      expect(() => validateContent(draft)).to.throw(/content\.community\.timeZone/);
    });
  }
});
