import { expect } from 'chai';
import fs from 'node:fs/promises';
import { startChildServer } from '../support/child-server.js';

/** What the checkout's data/ holds now: its database's change time, or that there is none. */
async function checkoutDatabase(): Promise<string> {
  const stat = await fs.stat('data/site.sqlite').catch(() => undefined);
  return stat ? stat.mtime.toISOString() : 'none';
}

/**
 * The tests never write the checkout's database: `npm start` after `npm test` must find data/ as it was, or a
 * newcomer's `SAMPLE_COMMUNITIES=3 npm start` finds a database and seeds nothing.
 */
describe('A server a test starts without naming a database', function () {
  this.timeout(90_000);

  it('runs on a fresh database of its own, leaving the checkout’s data/ as it was', async () => {
    const before = await checkoutDatabase();
    const server = await startChildServer({});
    try {
      expect((await fetch(`${server.url}/`)).status).to.equal(200);
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    expect(await checkoutDatabase()).to.equal(before);
  });
});
