import { expect } from 'chai';
import { all, one, parseHtml, text as textOf, type El } from '../support/html.js';
import { minutesBefore, seedMessage, seedTour } from '../support/leads.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const BASE = '2026-11-20T18:00:00.000Z';
const STATUSES = ['new', 'contacted', 'touring'] as const;
const SOURCES = ['google', null, 'facebook'] as const;

interface Seeded {
  element: string;
  kind: 'message' | 'tour';
  id: number;
  at: string;
  lastname: string;
  status: string;
  source: string | null;
  read: boolean;
  spam: boolean;
}

/**
 * A search combined with the other filters, on enough leads that a common name is found walking the list in arrival
 * order and a rare one from its matches (src/db/leads.ts): the heading's numbers, the page count and the page's
 * leads are the ones counted here lead by lead.
 */
describe('Staff inbox: a search with filters counts exactly', () => {
  let server: TestServer;
  let staff: Staff;
  const seeded: Seeded[] = [];

  async function page(path: string): Promise<El> {
    const response = await fetch(`${server.url}${path}`, { headers: { Cookie: staff.cookie } });
    expect(response.status, path).to.equal(200);
    return parseHtml(await response.text());
  }

  /** What the inbox must show for `query`, counted from the seeded leads (newest first, ties by id then kind). */
  function expected(query: { q: string; kind?: string; status?: string; source?: string; spam?: boolean }) {
    const matching = seeded
      .filter((lead) => lead.lastname.toLowerCase().includes(query.q))
      .filter((lead) => lead.spam === Boolean(query.spam))
      .filter((lead) => !query.kind || lead.kind === query.kind)
      .filter((lead) => !query.status || lead.status === query.status)
      .filter((lead) => !query.source || (lead.source ?? 'direct') === query.source)
      .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id || b.kind.localeCompare(a.kind));
    const unread = matching.filter((lead) => lead.kind === 'message' && !lead.read).length;
    return { matching, unread };
  }

  async function expectPage(query: Parameters<typeof expected>[0], pageNumber = 1): Promise<void> {
    const params = new URLSearchParams({ q: query.q });
    if (query.kind) params.set('kind', query.kind);
    if (query.status) params.set('status', query.status);
    if (query.source) params.set('source', query.source);
    if (query.spam) params.set('spam', '1');
    if (pageNumber > 1) params.set('page', String(pageNumber));
    const shown = await page(`/admin/messages?${params}`);
    const { matching, unread } = expected(query);
    const label = params.toString();
    const heading = textOf(one(shown, 'h2', (h2) => h2.attrs.id === 'leads-heading'));
    expect(heading, label).to.equal(
      query.spam ? `Flagged as spam (${matching.length})` : `Leads (${matching.length}, ${unread} unread)`,
    );
    const ids = all(shown, 'li', (li) => /^lead-(message|tour)-\d+$/.test(li.attrs.id ?? '')).map((li) => li.attrs.id);
    expect(ids, label).to.deep.equal(
      matching.slice((pageNumber - 1) * 50, pageNumber * 50).map((lead) => lead.element),
    );
    const pages = Math.max(1, Math.ceil(matching.length / 50));
    if (pages > 1) expect(textOf(shown), label).to.include(`Page ${pageNumber} of ${pages}`);
  }

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    staff = await signIn(server.url);
    // 330 messages and 165 tours: most named Garcia, every 40th Rarely; statuses, sources, read marks and spam
    // spread so that each filter splits the matches differently. Every seventh pair arrives at the same instant.
    await server.db.transaction(async (trx) => {
      for (let index = 0; index < 495; index += 1) {
        const kind = index % 3 === 2 ? 'tour' : 'message';
        const at = minutesBefore(BASE, Math.floor(index / 2) * 7 + (index % 7 === 0 ? 0 : index % 2));
        const lastname = index % 40 === 5 ? 'Rarely' : index % 4 === 3 ? 'Nguyen' : 'Garcia';
        const status = STATUSES[index % STATUSES.length]!;
        const source = SOURCES[index % SOURCES.length]!;
        const spam = index % 23 === 0;
        const read = kind === 'message' && index % 5 === 0;
        const fields = {
          firstname: `Buyer${index}`,
          lastname,
          email: `buyer${index}@example.com`,
          lead_status: status,
          utm_source: source,
          is_spam: spam,
        };
        const id =
          kind === 'tour'
            ? await seedTour(trx, at, '2026-12-01T17:00:00.000Z', fields)
            : await seedMessage(trx, at, { ...fields, read_at: read ? at : null });
        seeded.push({ element: `lead-${kind}-${id}`, kind, id, at, lastname, status, source, read, spam });
      }
    });
  });
  after(() => server.close());

  it('counts a common name with each filter and every combination of them', async () => {
    expect(expected({ q: 'garcia' }).matching.length).to.be.greaterThan(200);
    await expectPage({ q: 'garcia' });
    await expectPage({ q: 'garcia' }, 2);
    await expectPage({ q: 'garcia', status: 'contacted' });
    await expectPage({ q: 'garcia', source: 'google' });
    await expectPage({ q: 'garcia', source: 'direct' });
    await expectPage({ q: 'garcia', kind: 'tour' });
    await expectPage({ q: 'garcia', kind: 'message', status: 'touring', source: 'facebook' });
    await expectPage({ q: 'garcia', spam: true });
  });

  it('counts and lists a rare name from its matches, on its last page too', async () => {
    await expectPage({ q: 'rarely' });
    await expectPage({ q: 'rarely', kind: 'message' });
    await expectPage({ q: 'rarely', status: 'new' });
    await expectPage({ q: 'garcia', status: 'new' }, 2);
  });

  it('counts a search of two characters (read without the trigram index) with filters', async () => {
    await expectPage({ q: 'ng', status: 'contacted' });
    await expectPage({ q: 'ng', kind: 'tour', source: 'direct' });
  });

  it('keeps a deep page of the whole list in step with its neighbours', async () => {
    const everyLead = seeded
      .filter((lead) => !lead.spam)
      .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id || b.kind.localeCompare(a.kind));
    const shown: string[] = [];
    for (let pageNumber = 1; pageNumber <= Math.ceil(everyLead.length / 50); pageNumber += 1) {
      const list = await page(`/admin/messages${pageNumber > 1 ? `?page=${pageNumber}` : ''}`);
      shown.push(
        ...all(list, 'li', (li) => /^lead-(message|tour)-\d+$/.test(li.attrs.id ?? '')).map((li) => li.attrs.id!),
      );
    }
    expect(shown).to.deep.equal(everyLead.map((lead) => lead.element));
  });
});
