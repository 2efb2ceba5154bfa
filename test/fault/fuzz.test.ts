import { expect } from 'chai';
import fc from 'fast-check';
import { NASTY_STRINGS, requestArbitrary, sendAs } from '../support/fuzz-requests.js';
import { useFuzzServer } from '../support/fuzz-server.js';

describe('Malformed requests (property-based fuzzing)', function () {
  this.timeout(600_000);
  const fuzz = useFuzzServer();

  it('answers 2,500 malformed requests without a 5xx, a crash, or a row written by a rejected one', async () => {
    const base = new URL(fuzz.server.url);
    const seen = new Map<number, number>();
    const countMessages = async () =>
      Number((await fuzz.server.db('contact_messages').count({ count: '*' }).first())?.count ?? 0);
    // Requests go one at a time, so the count after one is the count before the next: counted again only after a
    // run that threw before counting.
    let counted: number | undefined;
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (input) => {
        const before = counted ?? (await countMessages());
        counted = undefined;
        const headers: Record<string, string> = {};
        if (input.contentType) headers['content-type'] = input.contentType;
        if (input.origin) headers.origin = input.origin;
        if (input.cookieName) headers.cookie = `${input.cookieName}=1`;
        const request = { method: input.method, path: input.path, headers, body: input.body };
        const response = await sendAs(base, request, input.withSession ? fuzz.staff : undefined);
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        expect(response.status, `${input.method} ${input.path}`).to.be.below(500);
        expect(response.body).to.not.match(/at \w+ \(|node_modules|\/work\/|SQLITE_|knex|Error: /);
        const after = await countMessages();
        counted = after;
        if (response.status !== 200 || response.body !== 'success')
          expect(after, 'a rejected request wrote a message').to.equal(before);
      }),
      { numRuns: 2500, seed: 20261121 },
    );
    const health = await fetch(`${fuzz.server.url}/healthz`);
    expect(health.status).to.equal(200);
    console.log('    statuses seen:', Object.fromEntries([...seen.entries()].sort((a, b) => a[0] - b[0])));
  });

  it('renders whatever was stored escaped in the inbox and the CSV', async () => {
    await fuzz.signInAgain(); // the fuzzing above may have logged the session out
    for (const text of NASTY_STRINGS.slice(0, 8)) {
      const response = await fetch(`${fuzz.server.url}/contact/submit`, {
        method: 'POST',
        body: new URLSearchParams({
          firstname: 'Fuzz',
          lastname: 'Test',
          email: 'fuzz@example.com',
          phone: '(970) 555-0100',
          subject: text,
          message: text,
        }),
      });
      expect(await response.text()).to.equal('success');
    }
    const inbox = await (
      await fetch(`${fuzz.server.url}/admin/messages`, { headers: { cookie: fuzz.staff.cookie } })
    ).text();
    expect(inbox).to.not.include('<script>alert(1)</script>');
    expect(inbox).to.not.include('<img src=x onerror');
    expect(inbox).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
    const csv = await (
      await fetch(`${fuzz.server.url}/admin/messages.csv`, { headers: { cookie: fuzz.staff.cookie } })
    ).text();
    for (const line of csv.split('\r\n').slice(1)) {
      for (const cell of line.match(/"(?:[^"]|"")*"/g) ?? []) expect(cell).to.not.match(/^"[=+\-@\t\r]/);
    }
  });
});
