import http from 'node:http';
import { expect } from 'chai';
import { startChildServer, type ChildServer } from '../support/child-server.js';

/** Caddy's reverse_proxy keeps an idle connection to the app this long (its transport's default keepalive). */
const CADDY_IDLE_SECONDS = 120;

function keepAliveHeader(url: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/about`, { agent: new http.Agent({ keepAlive: true }) }, (response) => {
        response.resume();
        response.on('end', () => resolve(String(response.headers['keep-alive'])));
      })
      .on('error', reject);
  });
}

describe('Idle connections from a reverse proxy', () => {
  let server: ChildServer;
  before(async () => {
    server = await startChildServer({});
  });
  after(() => {
    server.process.kill('SIGTERM');
  });

  it('stay open longer than Caddy keeps them, so no request lands on a socket the app is closing', async () => {
    const header = await keepAliveHeader(server.url);
    const seconds = Number(/timeout=(\d+)/.exec(header ?? '')?.[1]);
    expect(seconds, `Keep-Alive: ${header}`).to.be.greaterThan(CADDY_IDLE_SECONDS);
  });
});
