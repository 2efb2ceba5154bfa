import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import { createSite, type Site } from '../../src/site.js';
import { loggablePath } from '../../src/web/request-log.js';
import { appRoutes } from '../support/admin-routes.js';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { createTestDatabase } from '../support/test-database.js';
import { testConfig, type TestServer } from '../support/test-server.js';

const TOKEN = 'Secret0Token1That2Must3Never4Be5Logged6';

/**
 * The request log (web/request-log.ts) writes each request's path, never its query: a secret in the path (an
 * invitation, a reset link, a buyer's tour, an interest-list link) must be left out too.
 */
describe('The request log and secret links', function () {
  this.timeout(60_000);
  const lines: string[] = [];
  let site: Site;
  let server: Server;
  let url = '';
  let dataDir = '';
  let drop: () => Promise<void>;

  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'request-log-secrets-'));
    const database = await createTestDatabase(dataDir);
    drop = database.drop;
    const config = testConfig(dataDir, database.url, { ...STAFF_ENV, LOG_LEVEL: 'info' });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    site = await createSite(config, pino({ level: 'info' }, sink));
    server = site.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await site.close();
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('leaves the token out of every route that takes one, whichever router declares it', () => {
    const secret = appRoutes({ site } as TestServer).filter((route) => route.path.includes(':token'));
    expect(secret.map((route) => route.path)).to.include.members([
      '/join/:token',
      '/login/reset/:token',
      '/tours/:token',
      '/tours/:token/cancel',
      '/interest/confirm/:token',
      '/interest/unsubscribe/:token',
    ]);
    for (const route of secret) {
      const concrete = route.path.replace(':token', TOKEN);
      for (const variant of [concrete, `/preview${concrete}`, `/${concrete}`, concrete.toUpperCase()])
        expect(loggablePath(`${variant}?x=1`), variant).to.not.match(new RegExp(TOKEN, 'i'));
    }
  });

  it('writes no token of a link that was followed into the log', async () => {
    const staff = await signIn(url);
    for (const target of [
      `/join/${TOKEN}`,
      `/login/reset/${TOKEN}`,
      `/tours/${TOKEN}`,
      `/tours/${TOKEN}.ics`,
      `/tours/${TOKEN}/cancel`,
      `/interest/confirm/${TOKEN}`,
      `/interest/unsubscribe/${TOKEN}`,
    ]) {
      await (await fetch(`${url}${target}`)).arrayBuffer();
      await (await fetch(`${url}/preview${target}`, { headers: { Cookie: staff.cookie } })).arrayBuffer();
    }
    await (
      await fetch(`${url}/login/reset/${TOKEN}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url },
        body: 'password=x',
      })
    ).arrayBuffer();
    const logged = lines.filter((line) => line.includes('request completed'));
    expect(
      logged.some((line) => line.includes('/login/reset/:token')),
      'the requests were logged',
    ).to.equal(true);
    expect(lines.filter((line) => line.includes(TOKEN))).to.deep.equal([]);
  });
});
