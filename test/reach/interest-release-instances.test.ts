import { expect } from 'chai';
import { linkPath, mailText } from '../support/mail-text.js';
import { POSTGRES_COMMANDS, startPostgres, type RunningPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { SmtpSink, waitFor } from '../support/smtp-sink.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Contract, "Reach beyond the site": a release e-mail goes to each confirmed entry exactly once per change, even
 * with two instances, each running its own mail worker, on one PostgreSQL database; so does an update staff send
 * by hand (issue 31), however many times and wherever "send" is pressed.
 */
describeWithCommands(POSTGRES_COMMANDS, 'Interest-list releases with two instances on PostgreSQL', function () {
  this.timeout(90_000);
  const sink = new SmtpSink();
  const ENTRIES = ['e1@example.com', 'e2@example.com', 'e3@example.com', 'e4@example.com'];
  let postgres: RunningPostgres;
  let a: TestServer;
  let b: TestServer;
  let staffA: Staff;
  let staffB: Staff;

  before(async () => {
    await sink.start();
    postgres = await startPostgres();
    const env = {
      ...STAFF_ENV,
      SESSION_SECRET: 'one session secret shared by every instance, 48 chars',
      CONTACT_RATE_LIMIT: '0',
      SMTP_URL: sink.url,
      CONTACT_TO: 'sales@maplehollow.example',
    };
    a = await startTestServer(env, { postgres: postgres.adminUrl });
    b = await startTestServer(env, { sameStorageAs: a });
    staffA = await signIn(a.url);
    staffB = await signIn(b.url);
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await postgres?.stop();
    await sink.stop();
  });

  const mailsTo = (address: string) => sink.mails.filter((mail) => mail.to.includes(address));

  function bulk(server: TestServer, staff: Staff, lots: number[]) {
    return fetch(`${server.url}/admin/homesites/bulk`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
      body: JSON.stringify({ lots, status: 'available' }),
    });
  }

  it('signs up and confirms through either instance, then sends each confirmed entry one e-mail per release', async () => {
    // Sign-ups alternate between the instances; one entry never confirms.
    for (const [i, email] of ENTRIES.entries()) {
      const answer = await fetch(`${(i % 2 ? b : a).url}/interest`, {
        method: 'POST',
        body: new URLSearchParams({ email }),
      });
      expect(await answer.text()).to.equal('success');
    }
    await waitFor(() => ENTRIES.every((email) => mailsTo(email).length === 1), 20_000);
    const confirmed = ENTRIES.slice(0, 3);
    for (const [i, email] of confirmed.entries()) {
      const path = linkPath(mailText(mailsTo(email)[0]!), '/interest/confirm/')!;
      expect((await fetch(`${(i % 2 ? a : b).url}${path}`)).status).to.equal(200);
    }

    // Two releases at the same moment, one through each instance, and both workers nudged at once.
    const future = (
      (await a.db('homesites').where({ status: 'future' }).orderBy('lot').limit(3)) as { lot: number }[]
    ).map((row) => row.lot);
    expect(future).to.have.length(3);
    const answers = await Promise.all([bulk(a, staffA, future.slice(0, 2)), bulk(b, staffB, future.slice(2))]);
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200]);
    a.site.outbox?.kick();
    b.site.outbox?.kick();

    await waitFor(async () => {
      const pending = await a.db('lead_deliveries').where({ channel: 'interest-release', status: 'pending' });
      const releases = await a.db('interest_releases').whereNull('fanned_out_at');
      return pending.length === 0 && releases.length === 0 && confirmed.every((email) => mailsTo(email).length === 3);
    }, 30_000);

    // Exactly one queueing per release, one delivery per entry and release, each sent once.
    const releases = (await a.db('interest_releases').orderBy('id')) as { recipients: number }[];
    expect(releases.map((release) => Number(release.recipients))).to.deep.equal([3, 3]);
    const deliveries = await a.db('lead_deliveries').where({ channel: 'interest-release' });
    expect(deliveries).to.have.length(6);
    expect(deliveries.every((delivery: { status: string }) => delivery.status === 'delivered')).to.equal(true);
    for (const email of confirmed) {
      const releaseMails = mailsTo(email).slice(1);
      expect(releaseMails, email).to.have.length(2);
      const subjects = releaseMails.map((mail) => /^Subject: (.+)$/m.exec(mail.raw)?.[1] ?? '');
      expect(subjects.some((subject) => subject.includes(`homesites ${future[0]}, ${future[1]}`))).to.equal(true);
      expect(subjects.some((subject) => subject.includes(`homesite ${future[2]}`))).to.equal(true);
    }
    // The entry that never confirmed got its confirmation only.
    expect(mailsTo(ENTRIES[3]!)).to.have.length(1);
  });

  it('sends a staff update pressed on both instances at the same moment once: one 200, one 409, one e-mail each', async () => {
    const call = (server: TestServer, staff: Staff, path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, 'X-CSRF-Token': staff.token },
        body: JSON.stringify(body),
      });
    const drafted = await call(a, staffA, '/admin/interest/updates', { subject: 'Both at once', text: 'Once.' });
    expect(drafted.status).to.equal(201);
    const { id, recipients } = (await drafted.json()) as { id: number; recipients: number };
    expect(recipients).to.equal(3);
    const path = `/admin/interest/updates/${id}/send`;
    const answers = await Promise.all([call(a, staffA, path, {}), call(b, staffB, path, {})]);
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 409]);
    const mails = () => sink.mails.filter((mail) => /^Subject: Both at once$/m.test(mail.raw));
    await waitFor(async () => {
      const pending = await a.db('lead_deliveries').where({ channel: 'interest-update', status: 'pending' });
      return pending.length === 0 && mails().length === 3;
    }, 30_000);
    expect(await a.db('lead_deliveries').where({ channel: 'interest-update', update_id: id })).to.have.length(3);
    expect(
      mails()
        .map((mail) => mail.to[0])
        .sort(),
    ).to.deep.equal(ENTRIES.slice(0, 3));
  });

  it('gives a client registered by two agents at the same moment, one through each instance, to one of them (409 for the other)', async () => {
    const agent = (name: string) => ({
      agent_firstname: name,
      agent_lastname: 'Agent',
      agent_email: `${name.toLowerCase()}@realty.example`,
      agent_phone: '(970) 555-0103',
      brokerage: `${name} Realty`,
      license: `L-${name}`,
      client_firstname: 'Cleo',
      client_lastname: 'Client',
      client_email: 'cleo@example.com',
    });
    for (let round = 0; round < 3; round += 1) {
      await a.db('agent_client_claims').delete();
      const answers = await Promise.all([
        fetch(`${a.url}/agents/register`, { method: 'POST', body: new URLSearchParams(agent('Ann')) }),
        fetch(`${b.url}/agents/register`, { method: 'POST', body: new URLSearchParams(agent('Bob')) }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 409]);
    }
  });
});
