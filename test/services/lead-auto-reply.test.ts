import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { createOutboxSiteHome, type OutboxSiteHome, type RunningSite } from '../support/outbox-site.js';
import { header, mimeParts, textOf } from '../support/mail-parts.js';
import { SmtpSink, waitFor } from '../support/smtp-sink.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';
import { openTourSlots } from '../support/tour-slots.js';

/** Contract, "Leads with context": when SMTP is configured the buyer gets an automatic reply (tours: with the .ics). */
const content = loadContent();
const STAFF = 'sales@maplehollow.example';
const SENDER = 'website@maplehollow.example';
const SITE_URL = 'https://maplehollow.example';
const BUYER = { firstname: 'Dana', lastname: 'Reyes', email: 'dana@example.com', phone: '(970) 555-0199' };

/** The values of an iCalendar file's content lines (unfolded), by property name. */
function icsProperties(ics: string): Map<string, string[]> {
  const properties = new Map<string, string[]>();
  for (const line of ics.replace(/\r\n /g, '').split('\r\n')) {
    const match = /^([A-Z-]+)(?:;[^:]*)?:(.*)$/.exec(line);
    if (match) properties.set(match[1]!, [...(properties.get(match[1]!) ?? []), match[2]!]);
  }
  return properties;
}

/** An iCalendar UTC date-time ("20261123T170000Z") as epoch milliseconds. */
function icsInstant(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

function bookTour(site: RunningSite, fields: Record<string, string>) {
  return fetch(`${site.url}/tours`, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: new URLSearchParams(fields),
  });
}

function sendMessage(site: RunningSite, fields: Record<string, string>) {
  return fetch(`${site.url}/contact/submit`, { method: 'POST', body: new URLSearchParams(fields) });
}

describe('Automatic replies to buyers', function () {
  this.timeout(60_000);
  const sink = new SmtpSink();
  const receiver = new WebhookReceiver();
  let home: OutboxSiteHome;
  let site: RunningSite;
  let slots: string[];
  const toBuyer = (email: string) => sink.mails.filter((mail) => mail.to.includes(email));
  const toStaff = () => sink.mails.filter((mail) => mail.to.includes(STAFF));

  before(async () => {
    await sink.start();
    await receiver.start();
    home = await createOutboxSiteHome({
      SMTP_URL: sink.url,
      CONTACT_TO: STAFF,
      MAIL_FROM: SENDER,
      SITE_URL,
      LEAD_WEBHOOK_URL: receiver.url,
      LEAD_WEBHOOK_SECRET: 'a webhook secret the CRM also knows',
    });
    site = await home.start();
    slots = await openTourSlots(site.url);
  });
  after(async () => {
    await home.dispose();
    await receiver.stop();
    await sink.stop();
  });

  it('answers a contact message with the reply the content words, from MAIL_FROM, replying to staff', async () => {
    const email = 'message-buyer@example.com';
    await sendMessage(site, { ...BUYER, email, subject: 'Lot 12', message: 'Is lot 12 still available?' });
    await waitFor(() => toBuyer(email).length === 1);
    const reply = toBuyer(email)[0]!;
    expect(reply.from).to.equal(SENDER);
    expect(header(reply, 'Reply-To')).to.equal(STAFF);
    expect(header(reply, 'Auto-Submitted')).to.equal('auto-replied');
    expect(header(reply, 'Subject')).to.equal(`We received your message about ${content.community.name}`);
    const text = textOf(reply);
    expect(text).to.include('Hi Dana,');
    // Anyone can type any address: the reply quotes nothing they wrote but a first name (issue 35).
    expect(text).to.not.include('Lot 12');
    expect(text).to.include(content.builder.phone);
    expect(text).to.include('Sample text');
    expect(text).to.not.match(/\{\w+\}/);
  });

  it('confirms a tour with the .ics attached at the booked instant and the absolute link to the manage page', async () => {
    const email = 'tour-buyer@example.com';
    const start = slots[0]!;
    const response = await bookTour(site, { ...BUYER, email, start });
    expect(response.status).to.equal(200);
    const booking = (await response.json()) as { id: number; manage: string };
    await waitFor(() => toBuyer(email).length === 1);
    const reply = toBuyer(email)[0]!;
    expect(header(reply, 'Subject')).to.match(new RegExp(`^Your model home tour at ${content.community.name}: `));
    const text = textOf(reply);
    expect(text).to.include(`${SITE_URL}${booking.manage}`);
    expect(text).to.not.match(/\{\w+\}/);

    const attachment = mimeParts(reply.raw).find((part) => /^Content-Type:\s*text\/calendar/im.test(part.headers));
    expect(attachment, 'a text/calendar attachment').to.not.equal(undefined);
    expect(attachment!.headers).to.match(/filename="?Maple-Hollow-tour\.ics/i);
    const ics = attachment!.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).to.equal(true);
    const properties = icsProperties(ics);
    expect(properties.get('BEGIN')).to.deep.equal(['VCALENDAR', 'VEVENT']);
    expect(properties.get('DTSTART')).to.have.length(1);
    expect(icsInstant(properties.get('DTSTART')![0]!)).to.equal(Date.parse(start));
    expect(icsInstant(properties.get('DTEND')![0]!) - Date.parse(start)).to.equal(content.tours.slotMinutes * 60_000);
    expect(properties.get('UID')).to.deep.equal([`tour-${booking.id}@maplehollow.example`]);
    expect(properties.get('URL')).to.deep.equal([`${SITE_URL}${booking.manage}`]);
    // The same event as the manage page's own .ics, so a calendar that gets both keeps one.
    const download = await (await fetch(`${site.url}${booking.manage}.ics`)).text();
    expect(icsProperties(download).get('UID')).to.deep.equal(properties.get('UID'));
  });

  it('tells staff about each new tour booking', async () => {
    const email = 'staff-hears@example.com';
    const response = await bookTour(site, { ...BUYER, email, start: slots[1]!, message: 'Bringing my parents' });
    const { id } = (await response.json()) as { id: number };
    await waitFor(() => toStaff().some((mail) => mail.raw.includes(`Tour #${id};`)));
    const mail = toStaff().find((each) => each.raw.includes(`Tour #${id};`))!;
    expect(header(mail, 'Subject')).to.match(
      /^Tour booked: \w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M M[SD]T, Dana Reyes$/,
    );
    expect(header(mail, 'Reply-To')).to.include(email);
    expect(textOf(mail)).to.include('Bringing my parents');
  });

  it('sends nothing at all for spam: no staff e-mail, no automatic reply, no webhook', async () => {
    const spam = 'spam-bot@example.com';
    const real = 'real-buyer@example.com';
    const webhooksBefore = receiver.posts.length;
    await sendMessage(site, {
      ...BUYER,
      email: spam,
      subject: 'Cheap',
      message: 'Buy now',
      website: 'http://x.example',
    });
    await bookTour(site, { ...BUYER, email: spam, start: slots[2]!, website: 'http://x.example' });
    // A real lead after the spam: once its three deliveries are out, the worker has passed over the spam.
    await sendMessage(site, { ...BUYER, email: real, subject: 'Real', message: 'A real question' });
    await waitFor(() => toBuyer(real).length === 1 && receiver.posts.length > webhooksBefore);
    await waitFor(() => toStaff().some((mail) => mail.raw.includes('A real question')));
    await site.site.outbox!.deliverDue();
    expect(toBuyer(spam)).to.deep.equal([]);
    expect(sink.mails.filter((mail) => mail.raw.includes(spam))).to.deep.equal([]);
    expect(receiver.posts.slice(webhooksBefore).map((post) => post.body.includes(spam))).to.deep.equal([false]);
    const spamIds = {
      message: await site.site.db('contact_messages').where({ email: spam, is_spam: true }).pluck('id'),
      tour: await site.site.db('tours').where({ email: spam, is_spam: true }).pluck('id'),
    };
    expect(spamIds.message).to.have.length(1);
    expect(spamIds.tour).to.have.length(1);
    for (const kind of ['message', 'tour'] as const) {
      expect(
        await site.site.db('lead_deliveries').where({ lead_kind: kind }).whereIn('lead_id', spamIds[kind]),
      ).to.deep.equal([]);
    }
  });
});
