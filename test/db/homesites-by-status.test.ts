import { expect } from 'chai';
import { listHomesites, listHomesitesByStatus } from '../../src/db/homesites.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The one query "Find your home" reads a builder's quick move-in homes with gives what each community's list does. */
describe('listHomesitesByStatus', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ SAMPLE_COMMUNITIES: '3' })));
  after(() => server.close());

  it("gives each community's homesites of the status in lot order, and an empty list for one asked with none", async () => {
    const { db } = server.site;
    const ids = server.site.communities.all().map((community) => community.id);
    expect(ids).to.have.length(3);
    const byStatus = await listHomesitesByStatus(db, [...ids, 999_999], 'quick-move-in');
    for (const id of ids) {
      const own = await listHomesites(db, id, 'quick-move-in');
      expect(own.length, `community ${id}`).to.be.greaterThan(0);
      expect(byStatus.get(id)).to.deep.equal(own);
    }
    expect(byStatus.get(999_999)).to.deep.equal([]);
    expect((await listHomesitesByStatus(db, [], 'quick-move-in')).size).to.equal(0);
  });
});
