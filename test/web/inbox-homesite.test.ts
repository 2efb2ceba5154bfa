import { expect } from 'chai';
import { all, one, parseHtml, text as textOf, type El } from '../support/html.js';
import { minutesBefore, seedMessage, seedTour } from '../support/leads.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const BASE = '2026-11-20T18:00:00.000Z';
const PLANS = ['canyon', 'overlook', null] as const;

interface Seeded {
  element: string;
  kind: 'message' | 'tour';
  id: number;
  at: string;
  email: string;
  phone: string;
  status: string;
  homesite: number | null;
  plan: string | null;
}

/** The inbox finds a lead by the homesite the buyer asked about, and narrows the list to a homesite or a plan. */
describe('GET /admin/messages: homesite and plan', () => {
  let server: TestServer;
  let staff: Staff;
  const seeded: Seeded[] = [];

  async function page(path: string): Promise<El> {
    const response = await fetch(`${server.url}${path}`, { headers: { Cookie: staff.cookie } });
    expect(response.status, path).to.equal(200);
    return parseHtml(await response.text());
  }

  function shownLeads(shown: El): string[] {
    return all(shown, 'li', (li) => /^lead-(message|tour)-\d+$/.test(li.attrs.id ?? '')).map((li) => li.attrs.id!);
  }

  /** The seeded leads a list shows, newest first (ties by id, then kind), 50 a page. */
  function expected(where: (lead: Seeded) => boolean, pageNumber = 1): string[] {
    return seeded
      .filter(where)
      .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id || b.kind.localeCompare(a.kind))
      .slice((pageNumber - 1) * 50, pageNumber * 50)
      .map((lead) => lead.element);
  }

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    // 180 leads: homesites 1…30 in turn (every fourth none), plans in turn; lead 7's e-mail and lead 8's phone
    // contain "24" without asking about homesite 24, lead 9's phone "124".
    await server.db.transaction(async (trx) => {
      for (let index = 0; index < 180; index += 1) {
        const kind = index % 3 === 2 ? 'tour' : 'message';
        const at = minutesBefore(BASE, index * 5);
        const homesite = index % 4 === 3 ? null : (index % 30) + 1;
        const plan = PLANS[index % PLANS.length]!;
        const email = index === 7 ? 'lee24@example.com' : `buyer${index}@example.com`;
        const phone = index === 8 ? '(970) 555-2400' : index === 9 ? '(970) 551-2477' : '(970) 555-0100';
        const status = index % 2 === 0 ? 'new' : 'contacted';
        const fields = { firstname: `Buyer${index}`, email, phone, homesite, plan, lead_status: status };
        const id =
          kind === 'tour'
            ? await seedTour(trx, at, '2026-12-01T17:00:00.000Z', fields)
            : await seedMessage(trx, at, fields);
        seeded.push({ element: `lead-${kind}-${id}`, kind, id, at, email, phone, status, homesite, plan });
      }
      // Homesite 124 asked about once, so "124" finds it through the homesite as well as the phone.
      const at = minutesBefore(BASE, 2000);
      const id = await seedMessage(trx, at, { firstname: 'Lone', homesite: 124 });
      seeded.push({
        element: `lead-message-${id}`,
        kind: 'message',
        id,
        at,
        email: 'pat@example.com',
        phone: '(970) 555-0100',
        status: 'new',
        homesite: 124,
        plan: null,
      });
    });
  });
  after(() => server.close());

  it('finds "homesite 24", "lot 24", "Lot #24" and "#24": the leads that asked about homesite 24, nothing else', async () => {
    const want = expected((lead) => lead.homesite === 24);
    expect(want.length).to.be.within(2, 50);
    for (const q of ['homesite 24', 'lot 24', 'Lot #24', '#24', 'Homesite #24']) {
      expect(shownLeads(await page(`/admin/messages?q=${encodeURIComponent(q)}`)), q).to.deep.equal(want);
    }
  });

  it('finds "24": homesite 24, and every name, e-mail or phone with 24 in it', async () => {
    const want = expected(
      (lead) => lead.homesite === 24 || lead.email.includes('24') || lead.phone.replace(/\D/g, '').includes('24'),
    );
    const shown = await page('/admin/messages?q=24');
    expect(shownLeads(shown)).to.deep.equal(want);
    expect(textOf(one(shown, 'h2', (h2) => h2.attrs.id === 'leads-heading'))).to.match(
      new RegExp(`^Leads \\(${want.length}, `),
    );
  });

  it('finds "124" (a search the trigram index answers): homesite 124, and the e-mail and the phone with 124', async () => {
    const want = expected(
      (lead) => lead.homesite === 124 || lead.email.includes('124') || lead.phone.replace(/\D/g, '').includes('124'),
    );
    expect(want).to.have.length(3);
    expect(shownLeads(await page('/admin/messages?q=124'))).to.deep.equal(want);
  });

  it('filters by homesite and by plan, alone and with the other filters', async () => {
    expect(shownLeads(await page('/admin/messages?homesite=5'))).to.deep.equal(expected((lead) => lead.homesite === 5));
    expect(shownLeads(await page('/admin/messages?plan=canyon&kind=tour'))).to.deep.equal(
      expected((lead) => lead.plan === 'canyon' && lead.kind === 'tour'),
    );
    expect(shownLeads(await page('/admin/messages?homesite=7&plan=overlook&status=new'))).to.deep.equal(
      expected((lead) => lead.homesite === 7 && lead.plan === 'overlook' && lead.status === 'new'),
    );
  });

  it('pages a plan 50 at a time with links that keep every filter, and the form shows them', async () => {
    const first = await page('/admin/messages?plan=canyon&status=new');
    expect(shownLeads(first)).to.deep.equal(expected((lead) => lead.plan === 'canyon' && lead.status === 'new'));
    const canyon = await page('/admin/messages?plan=canyon');
    expect(shownLeads(canyon)).to.have.length(50);
    const older = one(canyon, 'a', (a) => textOf(a) === 'Older');
    expect(older.attrs.href).to.equal('/admin/messages?plan=canyon&page=2');
    expect(shownLeads(await page(older.attrs.href!))).to.deep.equal(expected((lead) => lead.plan === 'canyon', 2));

    const narrowed = await page('/admin/messages?homesite=7&plan=canyon&source=direct');
    expect(one(narrowed, 'input', (input) => input.attrs.name === 'homesite').attrs.value).to.equal('7');
    const plan = one(narrowed, 'select', (select) => select.attrs.name === 'plan');
    expect(one(plan, 'option', (option) => 'selected' in option.attrs).attrs.value).to.equal('canyon');
    expect(textOf(plan)).to.include('The Canyon');
    const returns = all(narrowed, 'input', (input) => input.attrs.name === 'return').map((input) => input.attrs.value);
    expect(returns.length).to.be.greaterThan(0);
    for (const value of returns) expect(value).to.equal('?source=direct&homesite=7&plan=canyon');
  });

  it("links each lead's homesite and plan to the list narrowed to them, the other filters kept", async () => {
    const shown = await page('/admin/messages?status=contacted');
    const lead = seeded.find((candidate) => candidate.status === 'contacted' && candidate.homesite !== null)!;
    const item = one(shown, 'li', (li) => li.attrs.id === lead.element);
    const hrefs = all(item, 'a').map((a) => a.attrs.href);
    expect(hrefs).to.include(`/admin/messages?status=contacted&homesite=${lead.homesite}`);
  });
});
