import { expect } from 'chai';
import { CONTACT_MAX_LENGTH, type ContactInput } from '../../src/shared/contact-rules.js';
import { PUBLIC_FORM_BODY_LIMIT } from '../../src/web/public-form-post.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * POST /contact/submit (seed-spec §5, §7, §8; contract "Calls"): each rule checked on the answer and on what
 * the contact_messages table holds afterwards.
 */

const FIELDS = ['firstname', 'lastname', 'email', 'phone', 'subject', 'message'] as const;

const VALID: ContactInput = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada.lovelace@example.com',
  phone: '(970) 555-0199',
  subject: 'The Canyon',
  message: 'Is lot 12 still available for The Canyon?',
};

/** What a browser sends for a plain form post (no JavaScript): a navigation that accepts HTML. */
const NAVIGATION_HEADERS = {
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Sec-Fetch-Mode': 'navigate',
};

interface ContactRow extends ContactInput {
  id: number;
  source_page: string | null;
  user_agent: string | null;
  is_spam: number | boolean;
  created_at: string | Date;
}

function form(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body;
}

async function submit(server: TestServer, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/contact/submit`, { method: 'POST', body, headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function countRows(server: TestServer): Promise<number> {
  const row = await server.db('contact_messages').count<{ count: number | string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

function rowsWithSubject(server: TestServer, subject: string): Promise<ContactRow[]> {
  return server.db<ContactRow>('contact_messages').where({ subject }).select('*');
}

function asDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  // SQLite's CURRENT_TIMESTAMP is UTC without a zone: "YYYY-MM-DD HH:MM:SS".
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
}

/** The value attribute of the form's input named `name`, from the re-shown form. */
function inputTag(html: string, name: string): string {
  const tags = html.match(new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`, 'g')) ?? [];
  expect(tags, `one <input name="${name}">`).to.have.length(1);
  return tags[0]!;
}

function attribute(tag: string, name: string): string | undefined {
  const found = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return found?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Visible text between the field named `name` and the next form field: what a reader sees next to it. */
function textNextTo(html: string, name: string): string {
  const start = html.search(new RegExp(`<(input|textarea)\\b[^>]*\\bname="${name}"`));
  expect(start, `field ${name}`).to.be.greaterThan(-1);
  const rest = html.slice(start + 1);
  const next = rest.search(/<(input|textarea|select|button)\b/);
  return rest
    .slice(rest.indexOf('>') + 1, next === -1 ? undefined : next)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('POST /contact/submit', () => {
  let server: TestServer;
  before(async () => {
    // The rate limit has its own tests below; here every rule is checked from one address, so it is off.
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
  });
  after(() => server.close());

  async function expectRejected(fields: Record<string, string | string[]>, status = 400) {
    const before = await countRows(server);
    const answer = await submit(server, form(fields));
    expect(answer.status).to.equal(status);
    expect(answer.text).to.not.equal('success');
    expect(await countRows(server), 'no row written').to.equal(before);
    return answer;
  }

  async function expectAccepted(fields: ContactInput) {
    const answer = await submit(server, form(fields));
    expect(answer.status).to.equal(200);
    expect(answer.text).to.equal('success');
    const rows = await rowsWithSubject(server, fields.subject);
    expect(rows).to.have.length(1);
    return rows[0]!;
  }

  it('answers a valid message with 200 "success" and stores the six fields, the source page, the user agent and the time', async () => {
    const subject = 'Stored row check';
    const sentAt = Date.now();
    const answer = await submit(server, form({ ...VALID, subject }), {
      Referer: `${server.url}/contact`,
      'User-Agent': 'ContactTest/1.0',
    });
    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.match(/^text\/plain/);
    expect(answer.text).to.equal('success');
    const rows = await rowsWithSubject(server, subject);
    expect(rows).to.have.length(1);
    const row = rows[0]!;
    expect({
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      phone: row.phone,
      subject: row.subject,
      message: row.message,
    }).to.deep.equal({ ...VALID, subject });
    expect(row.source_page).to.equal(`${server.url}/contact`);
    expect(row.user_agent).to.equal('ContactTest/1.0');
    expect(Boolean(row.is_spam)).to.equal(false);
    const created = asDate(row.created_at).getTime();
    expect(created).to.be.within(sentAt - 120_000, Date.now() + 120_000);
  });

  for (const field of FIELDS) {
    it(`rejects a message without ${field}`, async () => {
      const fields: Record<string, string> = { ...VALID };
      delete fields[field];
      await expectRejected(fields);
    });

    it(`rejects a blank ${field}`, async () => {
      await expectRejected({ ...VALID, [field]: '   ' });
    });
  }

  for (const email of ['a@b', 'a b@c.com', 'a@b.c', 'buyer@example.c0m']) {
    it(`rejects the email "${email}", which does not match the pattern`, async () => {
      await expectRejected({ ...VALID, email });
    });
  }

  for (const email of ['buyer@example.co', 'buyer@example.com', 'buyer@example.info', 'buyer@example.homes']) {
    it(`accepts the ${email.split('.').pop()!.length}-letter ending of ${email}`, async () => {
      const row = await expectAccepted({ ...VALID, email, subject: `Email ending ${email}` });
      expect(row.email).to.equal(email);
    });
  }

  it('accepts letters, digits and . _ % + - before the @', async () => {
    const email = 'jo.ann_o%brien+homes-2@mail.example.org';
    const row = await expectAccepted({ ...VALID, email, subject: 'Email local part' });
    expect(row.email).to.equal(email);
  });

  const badPhones: [description: string, phone: string][] = [
    ['a 13-character phone', '(970) 555-019'],
    ['a phone of nine digits', '970555019'],
    ['a phone with letters', '(970) 555-ABCD'],
  ];
  for (const [description, phone] of badPhones) {
    it(`rejects ${description} with "Invalid phone number"`, async () => {
      const answer = await expectRejected({ ...VALID, phone });
      expect(answer.text).to.include('Invalid phone number');
    });
  }

  it('rejects a 15-character phone with "Invalid phone number"', async () => {
    const answer = await expectRejected({ ...VALID, phone: '(970) 555-01999' });
    expect(answer.text).to.include('Invalid phone number');
  });

  for (const field of FIELDS) {
    it(`rejects a ${field} longer than ${CONTACT_MAX_LENGTH[field]} characters`, async () => {
      const max = CONTACT_MAX_LENGTH[field];
      const tooLong: ContactInput = {
        firstname: 'A'.repeat(max + 1),
        lastname: 'L'.repeat(max + 1),
        email: `${'e'.repeat(max + 1 - '@example.com'.length)}@example.com`,
        phone: `${VALID.phone}${'0'.repeat(max + 1 - VALID.phone.length)}`,
        subject: 'S'.repeat(max + 1),
        message: 'M'.repeat(max + 1),
      };
      expect(tooLong[field]).to.have.length(max + 1);
      await expectRejected({ ...VALID, [field]: tooLong[field] });
    });
  }

  it('accepts every field at exactly its maximum length', async () => {
    const subject = 'S'.repeat(CONTACT_MAX_LENGTH.subject);
    const fields: ContactInput = {
      firstname: 'A'.repeat(CONTACT_MAX_LENGTH.firstname),
      lastname: 'L'.repeat(CONTACT_MAX_LENGTH.lastname),
      email: `${'e'.repeat(CONTACT_MAX_LENGTH.email - '@example.com'.length)}@example.com`,
      phone: VALID.phone,
      subject,
      message: 'M'.repeat(CONTACT_MAX_LENGTH.message),
    };
    const row = await expectAccepted(fields);
    expect(row.message).to.have.length(CONTACT_MAX_LENGTH.message);
    expect(row.email).to.have.length(CONTACT_MAX_LENGTH.email);
  });

  it('rejects a field sent twice (an array)', async () => {
    await expectRejected({ ...VALID, firstname: ['Ada', 'Grace'] });
  });

  it('rejects a JSON body with 415 and stores nothing', async () => {
    const before = await countRows(server);
    const answer = await submit(server, JSON.stringify(VALID), { 'Content-Type': 'application/json' });
    expect(answer.status).to.equal(415);
    expect(answer.text).to.not.equal('success');
    expect(await countRows(server)).to.equal(before);
  });

  it(`rejects a body over ${PUBLIC_FORM_BODY_LIMIT} bytes with 413 and stores nothing`, async () => {
    const before = await countRows(server);
    const answer = await submit(server, form({ ...VALID, message: 'M'.repeat(PUBLIC_FORM_BODY_LIMIT + 1024) }));
    expect(answer.status).to.equal(413);
    expect(answer.text).to.not.equal('success');
    expect(await countRows(server)).to.equal(before);
  });

  it('answers "success" to a filled honeypot field (website) and keeps the message marked as spam', async () => {
    const subject = 'Honeypot check';
    const answer = await submit(server, form({ ...VALID, subject, website: 'https://spam.example.com' }));
    expect(answer.status).to.equal(200);
    expect(answer.text).to.equal('success');
    const rows = await rowsWithSubject(server, subject);
    expect(rows).to.have.length(1);
    expect(Boolean(rows[0]!.is_spam)).to.equal(true);
  });

  it('does not mark a message with an empty honeypot field as spam', async () => {
    const subject = 'Empty honeypot';
    const answer = await submit(server, form({ ...VALID, subject, website: '' }));
    expect(answer.text).to.equal('success');
    const rows = await rowsWithSubject(server, subject);
    expect(rows).to.have.length(1);
    expect(Boolean(rows[0]!.is_spam)).to.equal(false);
  });

  it('redirects a valid plain form post (303) to /contact?sent=1, which thanks the visitor', async () => {
    const subject = 'Plain form post';
    const answer = await submit(server, form({ ...VALID, subject }), NAVIGATION_HEADERS);
    expect(answer.status).to.equal(303);
    expect(answer.headers.get('location')).to.equal('/contact?sent=1');
    expect(await rowsWithSubject(server, subject)).to.have.length(1);
    const page = await fetch(`${server.url}/contact?sent=1`);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include('Thank you for contacting us!');
  });

  it('does not thank the visitor on /contact without sent=1', async () => {
    const page = await fetch(`${server.url}/contact`);
    expect(await page.text()).to.not.include('Thank you for contacting us!');
  });

  it('answers an invalid plain form post with 400 HTML that re-shows the form, the entered values and the problem next to the field', async () => {
    const before = await countRows(server);
    const entered = { ...VALID, firstname: 'Zoë & "Co"', phone: '(970) 555-019', message: 'Call me <after> 5' };
    const answer = await submit(server, form(entered), NAVIGATION_HEADERS);
    expect(answer.status).to.equal(400);
    expect(answer.headers.get('content-type')).to.match(/^text\/html/);
    expect(await countRows(server)).to.equal(before);
    const html = answer.text;
    expect(html).to.match(/<form\b[^>]*\baction="\/contact\/submit"/);
    for (const field of ['firstname', 'lastname', 'email', 'phone', 'subject'] as const) {
      expect(attribute(inputTag(html, field), 'value'), field).to.equal(entered[field]);
    }
    const textarea = /<textarea\b[^>]*\bname="message"[^>]*>([\s\S]*?)<\/textarea>/.exec(html);
    expect(textarea?.[1]?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').trim()).to.equal(entered.message);
    expect(attribute(inputTag(html, 'phone'), 'aria-invalid')).to.equal('true');
    expect(textNextTo(html, 'phone')).to.include('Invalid phone number');
    expect(textNextTo(html, 'email')).to.not.include('Invalid');
    expect(attribute(inputTag(html, 'email'), 'aria-invalid')).to.equal(undefined);
  });
});

describe('POST /contact/submit rate limit', () => {
  describe('with CONTACT_RATE_LIMIT=3', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ CONTACT_RATE_LIMIT: '3' });
    });
    after(() => server.close());

    it('answers the 4th post from the same address with 429 and a Retry-After or RateLimit header, storing nothing', async () => {
      for (let index = 1; index <= 3; index += 1) {
        const answer = await submit(server, form({ ...VALID, subject: `Limited ${index}` }));
        expect(answer.text, `post ${index}`).to.equal('success');
      }
      const fourth = await submit(server, form({ ...VALID, subject: 'Limited 4' }));
      expect(fourth.status).to.equal(429);
      expect(fourth.text).to.not.equal('success');
      const retryAfter = fourth.headers.get('retry-after');
      const rateLimit = fourth.headers.get('ratelimit');
      expect(retryAfter !== null || rateLimit !== null, 'Retry-After or RateLimit header').to.equal(true);
      if (retryAfter !== null) expect(Number(retryAfter)).to.be.within(1, 600);
      expect(await rowsWithSubject(server, 'Limited 4')).to.deep.equal([]);
      expect(await countRows(server)).to.equal(3);
    });
  });

  describe('with CONTACT_RATE_LIMIT=0', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
    });
    after(() => server.close());

    it('accepts 15 posts in a row from the same address (no limit)', async () => {
      for (let index = 1; index <= 15; index += 1) {
        const answer = await submit(server, form({ ...VALID, subject: `Unlimited ${index}` }));
        expect(answer.status, `post ${index}`).to.equal(200);
        expect(answer.text, `post ${index}`).to.equal('success');
      }
      expect(await countRows(server)).to.equal(15);
    });
  });

  describe('with the default limit', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
    });
    after(() => server.close());

    it('accepts 10 posts per address and answers the 11th with 429', async () => {
      for (let index = 1; index <= 10; index += 1) {
        const answer = await submit(server, form({ ...VALID, subject: `Default ${index}` }));
        expect(answer.text, `post ${index}`).to.equal('success');
      }
      const eleventh = await submit(server, form({ ...VALID, subject: 'Default 11' }));
      expect(eleventh.status).to.equal(429);
      expect(await countRows(server)).to.equal(10);
    });
  });
});
