import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * `npm start` runs the server with source maps on (--enable-source-maps): the first stack trace anything reads
 * makes Node parse the whole server's source map, about 0.2 s of CPU. Building the site reads none, so a start pays
 * for that only when an error is reported (express-rate-limit's check that reads one is off: RATE_LIMIT_VALIDATION
 * in src/web/rate-limit-store.ts).
 */
describe('Start-up without stack traces', () => {
  it('builds the site and answers its first page without formatting one stack trace', async () => {
    const original = Error.prepareStackTrace;
    const read: string[] = [];
    Error.prepareStackTrace = (error, frames) => {
      read.push(`${String(error)}\n${frames.slice(0, 6).join('\n')}`);
      return original
        ? original(error, frames)
        : `${String(error)}\n${frames.map((frame) => `    at ${frame}`).join('\n')}`;
    };
    let server: TestServer | undefined;
    try {
      server = await startTestServer({ ADMIN_USERNAME: 'staff', ADMIN_PASSWORD: 'start-up stack traces' });
      expect((await fetch(`${server.url}/`)).status).to.equal(200);
    } finally {
      // Before closing: the client's own kept-alive connection reports an error as the server closes it.
      Error.prepareStackTrace = original;
      await server?.close();
    }
    expect(read, 'stack traces read').to.deep.equal([]);
  });
});
