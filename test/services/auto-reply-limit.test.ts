import { expect } from 'chai';
import { createOutboxSiteHome, type OutboxSiteHome, type RunningSite } from '../support/outbox-site.js';
import { header, textOf } from '../support/mail-parts.js';
import { AGENT_REGISTRATION } from '../support/leads.js';
import { SmtpSink, waitFor, type ReceivedMail } from '../support/smtp-sink.js';
import { openTourSlots } from '../support/tour-slots.js';

/**
 * Issue 35, item 16: anyone can type any address into a public form. The automatic e-mails that causes go to an
 * address at most once per purpose per day, across instances, and quote nothing the sender chose but a first name
 * that looks like one; the leads themselves are still stored and reach staff.
 */
const STAFF = 'sales@maplehollow.example';
const VICTIM = 'victim@example.com';
const HOSTILE = {
  firstname: 'FREE money at http://free-money.example',
  lastname: 'Claim www.free-money.example',
  email: VICTIM,
  phone: '(970) 555-0199',
  subject: 'FREE money at http://free-money.example',
  message: 'Claim it now at http://free-money.example/claim',
};

/**
 * Nothing of the stranger's words: no link of theirs, no subject, no message, no hostile name, in any header or the
 * text (the site's own links, a tour's manage page and directions, are allowed).
 */
function expectNothingQuoted(mail: ReceivedMail) {
  const shown = [header(mail, 'Subject'), header(mail, 'To'), textOf(mail)].join('\n');
  expect(shown).to.not.match(/free|money|claim/i);
  expect(shown).to.not.include('free-money.example');
}

describe('Automatic e-mails to an address anyone can type', function () {
  this.timeout(90_000);
  const sink = new SmtpSink();
  let home: OutboxSiteHome;
  let first: RunningSite;
  let second: RunningSite;
  let slots: string[];
  const to = (email: string) => sink.mails.filter((mail) => mail.to.includes(email));
  const staffMails = () => to(STAFF);

  before(async () => {
    await sink.start();
    home = await createOutboxSiteHome({
      SMTP_URL: sink.url,
      CONTACT_TO: STAFF,
      MAIL_FROM: 'website@maplehollow.example',
    });
    // Two instances on one database: the limit is kept in the database, not in one process.
    first = await home.start();
    second = await home.start();
    slots = await openTourSlots(first.url);
  });
  after(async () => {
    await home.dispose();
    await sink.stop();
  });

  it('sends one auto-reply for five hostile contact posts to one address, quoting none of it, while staff get all five', async () => {
    const staffBefore = staffMails().length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        fetch(`${(index % 2 === 0 ? first : second).url}/contact/submit`, {
          method: 'POST',
          headers: { 'X-Forwarded-For': `203.0.113.${index + 10}` },
          body: new URLSearchParams(HOSTILE),
        }).then((response) => response.status),
      ),
    );
    expect(answers).to.deep.equal([200, 200, 200, 200, 200]);
    expect(await first.site.db('contact_messages').where({ email: VICTIM })).to.have.length(5);
    await waitFor(() => staffMails().length === staffBefore + 5);
    await waitFor(() => to(VICTIM).length === 1);
    await first.site.outbox!.deliverDue();
    await second.site.outbox!.deliverDue();
    const replies = await first.site
      .db('lead_deliveries')
      .where({ channel: 'auto-reply', lead_kind: 'message' })
      .whereIn('lead_id', first.site.db('contact_messages').where({ email: VICTIM }).select('id'));
    expect(replies).to.have.length(1);
    expect(to(VICTIM)).to.have.length(1);
    const reply = to(VICTIM)[0]!;
    expectNothingQuoted(reply);
    expect(textOf(reply)).to.match(/^Hi,/);
  });

  it('greets by a first name that is a name, and another address gets its own reply', async () => {
    const email = 'dana@example.com';
    const response = await fetch(`${first.url}/contact/submit`, {
      method: 'POST',
      body: new URLSearchParams({ ...HOSTILE, firstname: 'Dana', lastname: 'Reyes', email }),
    });
    expect(response.status).to.equal(200);
    await waitFor(() => to(email).length === 1);
    const reply = to(email)[0]!;
    expect(textOf(reply)).to.match(/^Hi Dana,/);
    expectNothingQuoted(reply);
  });

  it('confirms one tour per address per day; the second booking is still stored and told to staff', async () => {
    const email = 'two-tours@example.com';
    const book = (start: string) =>
      fetch(`${first.url}/tours`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams({ ...HOSTILE, email, start }),
      });
    const one = (await (await book(slots[0]!)).json()) as { id: number };
    const two = (await (await book(slots[1]!)).json()) as { id: number };
    await waitFor(() => staffMails().some((mail) => mail.raw.includes(`Tour #${two.id};`)));
    await waitFor(() => to(email).length === 1);
    await first.site.outbox!.deliverDue();
    expect(to(email)).to.have.length(1);
    expect(textOf(to(email)[0]!)).to.include(`/tours/`);
    expectNothingQuoted(to(email)[0]!);
    expect(await first.site.db('tours').whereIn('id', [one.id, two.id])).to.have.length(2);
  });

  it("confirms an agent's registration to the agent once a day, naming no client and nothing the agent typed but a first name", async () => {
    const agentEmail = 'hostile-agent@example.com';
    const register = (client: string) =>
      fetch(`${first.url}/agents/register`, {
        method: 'POST',
        body: new URLSearchParams({
          ...AGENT_REGISTRATION,
          agent_firstname: HOSTILE.firstname,
          agent_email: agentEmail,
          client_firstname: 'FREE money',
          client_lastname: 'http://free-money.example',
          client_email: client,
        }),
      });
    expect((await register('client-one@example.com')).status).to.equal(200);
    expect((await register('client-two@example.com')).status).to.equal(200);
    await waitFor(() => staffMails().filter((mail) => mail.raw.includes('client-two@example.com')).length === 1);
    await waitFor(() => to(agentEmail).length === 1);
    await first.site.outbox!.deliverDue();
    expect(to(agentEmail)).to.have.length(1);
    expectNothingQuoted(to(agentEmail)[0]!);
    expect(header(to(agentEmail)[0]!, 'Subject')).to.match(/client registration/i);
    expect(textOf(to(agentEmail)[0]!)).to.match(
      /protects your client until \w+day, \w+ \d+, \d{4} \(America\/Denver time\)/,
    );
    expect(to('client-one@example.com')).to.deep.equal([]);
  });
});
