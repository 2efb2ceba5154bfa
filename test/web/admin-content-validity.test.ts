import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { SECTION_IDS } from '../../src/content/schema.js';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** The Nu Html Checker at 0 errors on the content pages: the list, every section's editor, a refused save, history. */
describe('Content pages are valid HTML (Nu checker)', function () {
  this.timeout(120_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
  });
  after(() => server.close());

  it('reports no error on the list, every editor, an editor with problems, and the history', async function () {
    if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0) this.skip();
    const staff = await signIn(server.url);
    const headers = { Cookie: staff.cookie, Accept: 'text/html' };
    const pages: { label: string; html: string }[] = [];
    const add = async (label: string, response: Promise<Response>) =>
      pages.push({ label, html: await (await response).text() });
    await add('list', fetch(`${server.url}/admin/content`, { headers }));
    for (const id of SECTION_IDS) await add(`editor ${id}`, fetch(`${server.url}/admin/content/${id}`, { headers }));
    await add(
      'editor with problems',
      fetch(`${server.url}/admin/content/community`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: staff.token, baseVersion: '1', action: 'save', 'about.length': '1' }),
      }),
    );
    await add('history', fetch(`${server.url}/admin/content/community/history?compare=1`, { headers }));
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'vnu-content-'));
    const files = new Map<string, string>();
    for (const [index, page] of pages.entries()) {
      const file = path.join(folder, `page-${index}.html`);
      await fs.writeFile(file, page.html);
      files.set(file, page.label);
    }
    const run = spawnSync(
      'java',
      [
        '-XX:TieredStopAtLevel=1',
        '-XX:+UseSerialGC',
        '-Xss16m',
        '-jar',
        VNU_JAR,
        '--format',
        'json',
        '--stdout',
        ...files.keys(),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
    const errors = messages
      .filter((message) => message.type !== 'info')
      .map(
        (message) =>
          `${files.get(message.url ? fileURLToPath(message.url) : '') ?? '?'} line ${message.lastLine ?? '?'}: ${message.message} — ${message.extract?.trim() ?? ''}`,
      );
    expect(errors).to.deep.equal([]);
    await fs.rm(folder, { recursive: true });
  });
});
