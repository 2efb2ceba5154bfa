import net from 'node:net';
import { expect } from 'chai';
import { freePorts } from '../support/child-server.js';

/** The ports the tests give nginx, PostgreSQL and other processes they start (test/support/child-server.ts). */
describe('Free ports for processes a test starts', () => {
  it('gives different ports even when the same free port comes up twice', async () => {
    const picks = [20_001, 20_001, 20_001, 20_002];
    expect(await freePorts(2, async () => picks.shift()!)).to.deep.equal([20_001, 20_002]);
  });

  it('gives ports that nothing listens on', async () => {
    const ports = await freePorts(3);
    expect(new Set(ports).size).to.equal(3);
    for (const port of ports) {
      const server = net.createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
