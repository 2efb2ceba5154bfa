import { expect } from 'chai';
import { all, parseHtml, text } from '../support/html.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The other instance sees a change at its next look at the shared revision (every 2 s). The deadline is 2.5 s, not
 * 2 s, only to allow for timer granularity: the poll's own timer and this loop's 50 ms steps.
 */
const OTHER_INSTANCE_DEADLINE_MS = 2_500;

type Status = 'coming-soon' | 'selling' | 'sold-out' | 'closed';

/** What the public sees of a community, as one instance answers. */
interface Seen {
  /** The status its card on `/` shows; null: no card. */
  card: string | null;
  /** Whether `/homes` offers any of its homes or plans. */
  homes: boolean;
  sitemap: boolean;
  feed: boolean;
}

/** What each status shows (contract wave 4, decision 050): the card's label, /homes, the sitemap and the feed. */
const EXPECTED: Record<Status, Seen> = {
  'coming-soon': { card: 'Coming soon', homes: true, sitemap: true, feed: true },
  selling: { card: 'Now selling', homes: true, sitemap: true, feed: true },
  // Pages stay (the card and the sitemap), nothing left to sell: out of the search and the feed.
  'sold-out': { card: 'Sold out', homes: false, sitemap: true, feed: false },
  // Its pages answer 301 to /communities: gone from every list.
  closed: { card: null, homes: false, sitemap: false, feed: false },
};

async function body(url: string, path: string): Promise<string> {
  const response = await fetch(`${url}${path}`);
  expect(response.status, path).to.equal(200);
  return response.text();
}

async function seen(url: string, slug: string): Promise<Seen> {
  const home = parseHtml(await body(url, '/'));
  const card = all(home, 'li', (li) => (li.attrs.class ?? '').split(' ').includes('community-card')).find(
    (li) => all(li, 'a', (a) => a.attrs.href === `/communities/${slug}`).length > 0,
  );
  const label = card ? all(card, 'span', (span) => span.attrs.class === 'community-status')[0] : undefined;
  const homes = JSON.parse(await body(url, '/homes.json')) as { results: { community: string }[] };
  return {
    card: label ? text(label).trim() : null,
    homes: homes.results.some((result) => result.community === slug),
    sitemap: (await body(url, '/sitemap.xml')).includes(`/communities/${slug}</loc>`),
    feed: (await body(url, '/feeds/bdx.xml')).includes(`<SubdivisionNumber>${slug}</SubdivisionNumber>`),
  };
}

describe('A community status change shows on every instance', function () {
  this.timeout(120_000);
  const env = { ...STAFF_ENV, SAMPLE_COMMUNITIES: '3' };
  let a: TestServer;
  let b: TestServer;
  let owner: Staff;
  let slug: string;

  before(async () => {
    a = await startTestServer(env);
    b = await startTestServer(env, { sameStorageAs: a });
    owner = await signIn(a.url);
    const listed = (await (
      await fetch(`${a.url}/admin/communities.json`, { headers: { Cookie: owner.cookie, Accept: 'application/json' } })
    ).json()) as { slug: string; public: boolean }[];
    expect(listed.filter((community) => community.public)).to.have.length(3);
    slug = listed[1]!.slug;
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });

  for (const status of ['sold-out', 'coming-soon', 'selling', 'closed', 'selling'] as const) {
    it(`${status}: on /, /homes, the sitemap and the feed of the other instance, and audited`, async () => {
      const before = await seen(b.url, slug);
      const response = await staffCall(a.url, `/admin/communities/${slug}/status`, owner, { status });
      expect(response.status).to.equal(200);
      expect(await seen(a.url, slug), 'this instance, at once').to.deep.equal(EXPECTED[status]);

      const changed = Date.now();
      let other = before;
      while (Date.now() - changed < OTHER_INSTANCE_DEADLINE_MS) {
        other = await seen(b.url, slug);
        if (JSON.stringify(other) === JSON.stringify(EXPECTED[status])) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(other, 'the other instance').to.deep.equal(EXPECTED[status]);

      const audit = (await a
        .db('audit_log')
        .where({ action: 'community.status', target: `community/${slug}` })
        .orderBy('id', 'desc')
        .first()) as { details: string; community_id: number | null };
      expect(JSON.parse(audit.details) as unknown).to.have.nested.property('status[1]', status);
      const row = (await a.db('communities').where({ slug }).first('id')) as { id: number };
      expect(Number(audit.community_id)).to.equal(Number(row.id));
    });
  }
});
