import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { minimalPdf } from '../support/sample-files.js';
import { waitFor } from '../support/smtp-sink.js';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { startTestServer } from '../support/test-server.js';

/**
 * The file library receives uploads into the system's temporary folder and leaves nothing there: no folder per
 * start of the site (a long-running install restarts often) and no file per upload, taken or refused.
 */
describe('File library uploads and the temporary folder', function () {
  this.timeout(60_000);
  const systemFolder = process.env.TMPDIR;
  let own: string;

  before(async () => {
    // The worker's migrated database template is made in the system's folder on a first start: made by now.
    await (await startTestServer()).close();
    own = await fs.mkdtemp(path.join(os.tmpdir(), 'uploads-temporary-'));
    process.env.TMPDIR = own; // os.tmpdir() reads it on each call: the site's temporary files land here
  });
  after(async () => {
    if (systemFolder === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemFolder;
    await fs.rm(own, { recursive: true, force: true });
  });

  it('leaves the temporary folder as it found it after a start, an upload, a refused upload and a stop', async () => {
    const server = await startTestServer(STAFF_ENV);
    try {
      const staff = await signIn(server.url);
      const send = (body: Buffer, filename: string, type: string) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(body)], { type }), filename);
        return fetch(`${server.url}/admin/files`, {
          method: 'POST',
          headers: { Accept: 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
          body: form,
        });
      };
      expect((await send(minimalPdf(), 'price-sheet.pdf', 'application/pdf')).status).to.equal(201);
      expect((await send(Buffer.from('not a file the library takes'), 'notes.exe', 'text/plain')).status).to.equal(400);
    } finally {
      await server.close();
    }
    // The answer goes out before its temporary file is removed: the folder empties soon after, or never.
    await waitFor(async () => (await fs.readdir(own)).length === 0, 2_000).catch(() => undefined);
    expect(await fs.readdir(own)).to.deep.equal([]);
  });
});
