import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { developmentMessage } from '../../src/logger.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';

// eslint-disable-next-line no-control-regex
const stripColours = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** `npm start` in development, as a new user first meets it: one readable line per request, not ten. */
describe('The development log', function () {
  this.timeout(60_000);
  let dir: string;
  let server: ChildServer | undefined;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'development-log-'));
    server = await startChildServer({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: `sqlite:${path.join(dir, 'site.sqlite')}`,
      DATA_DIR: dir,
      UPLOAD_DIR: path.join(dir, 'uploads'),
    });
    // Start-up's own lines come first (the last says there is no staff account yet); the request's are counted
    // from a quiet point after them.
    await waitFor(() => /No staff account yet: start with/.test(server?.output() ?? ''), 'the last start-up line');
  });
  after(async () => {
    server?.process.kill('SIGTERM');
    await server?.exited;
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  async function linesOfRequest(pathname: string): Promise<string[]> {
    const before = server?.output().length ?? 0;
    const response = await fetch(`${server?.url}${pathname}`);
    await response.arrayBuffer();
    const added = () => stripColours(server?.output().slice(before) ?? '');
    await waitFor(() => added().includes(pathname.split('?')[0] ?? '') && added().endsWith('\n'), 'the request log');
    return added().trimEnd().split('\n');
  }

  it('prints one line per request: time, level, method, path, status and duration', async () => {
    const lines = await linesOfRequest('/about');
    expect(lines, lines.join('\n')).to.have.length(1);
    expect(lines[0]).to.match(/^\[\d\d:\d\d:\d\d\] INFO: GET \/about 200 \d+ms$/);
  });

  it('prints a 404 on one line too, without the query string', async () => {
    const lines = await linesOfRequest('/no-such-page?utm_source=x');
    expect(lines, lines.join('\n')).to.have.length(1);
    expect(lines[0]).to.match(/^\[\d\d:\d\d:\d\d\] INFO: GET \/no-such-page 404 \d+ms$/);
  });

  it('puts a line logged while serving a request after its method and path', () => {
    const log = { msg: 'sign-in refused', req: { method: 'POST', path: '/login' } };
    expect(developmentMessage(log, 'msg')).to.equal('POST /login: sign-in refused');
    expect(developmentMessage({ msg: 'started' }, 'msg')).to.equal('started');
  });
});
