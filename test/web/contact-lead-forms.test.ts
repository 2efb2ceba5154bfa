import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { CONTACT_MAX_LENGTH } from '../../src/shared/contact-rules.js';
import { PUBLIC_FORM_BODY_LIMIT } from '../../src/web/public-form-post.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Both lead forms (POST /contact/submit and POST /tours) under one set of rules: the phone as buyers write it,
 * messages of 5,000 characters in any script, every refusal a page that keeps what was typed, and a rate limit
 * that counts accepted posts and says when to try again.
 */
const content = loadContent();
const SALES_PHONE = content.builder.phone;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const NAVIGATION = {
  ...FORM,
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Sec-Fetch-Mode': 'navigate',
};
const BUYER = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '(970) 555-0199' };
const MESSAGE = { ...BUYER, subject: 'The Canyon', message: 'Is lot 12 still available?' };

/** 4,999 characters: Chinese (3 UTF-8 bytes each) or emoji (4 bytes, two UTF-16 units each). */
const CJK_MESSAGE = '你'.repeat(4_999);
const EMOJI_MESSAGE = '🏡'.repeat(4_999);

interface Slot {
  start: string;
}

function usePosts(server: () => TestServer) {
  let slots: string[] = [];
  let next = 0;
  return {
    async loadSlots() {
      const response = await fetch(`${server().url}/api/tour-slots?days=31`);
      slots = ((await response.json()) as { slots: Slot[] }).slots
        .filter((slot) => Date.parse(slot.start) > Date.now() + 2 * 3600_000)
        .map((slot) => slot.start);
    },
    freshSlot() {
      const slot = slots[next++];
      if (!slot) throw new Error('ran out of test slots');
      return slot;
    },
    contact: (fields: Record<string, string>, headers: Record<string, string> = FORM) =>
      fetch(`${server().url}/contact/submit`, {
        method: 'POST',
        headers,
        body: new URLSearchParams(fields),
        redirect: 'manual',
      }),
    tour: (fields: Record<string, string>, headers: Record<string, string> = { ...FORM, Accept: 'application/json' }) =>
      fetch(`${server().url}/tours`, {
        method: 'POST',
        headers,
        body: new URLSearchParams(fields),
        redirect: 'manual',
      }),
  };
}

/** The decoded text of the textarea named `name` in a page. */
function textareaText(html: string, name: string): string | undefined {
  const found = new RegExp(`<textarea\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return found?.[1]?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function inputValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0] ?? '';
  return /\svalue="([^"]*)"/.exec(tag)?.[1];
}

describe('the lead forms (contact and tours)', () => {
  let server: TestServer;
  const posts = usePosts(() => server);
  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
    await posts.loadSlots();
  });
  after(() => server.close());

  describe('phone numbers as buyers write them', () => {
    const accepted = ['9705550111', '+1 970 555 0111', '1-970-555-0111', '970.555.0111', '(970) 555-0111'];
    for (const phone of accepted) {
      it(`POST /contact/submit accepts "${phone}" and stores (970) 555-0111`, async () => {
        const subject = `Phone ${phone}`;
        const answer = await posts.contact({ ...MESSAGE, subject, phone });
        expect(answer.status).to.equal(200);
        expect(await answer.text()).to.equal('success');
        const row = await server.db('contact_messages').where({ subject }).first<{ phone: string }>();
        expect(row?.phone).to.equal('(970) 555-0111');
      });

      it(`POST /tours accepts "${phone}" and stores (970) 555-0111`, async () => {
        const answer = await posts.tour({ ...BUYER, phone, start: posts.freshSlot() });
        expect(answer.status).to.equal(200);
        const { id } = (await answer.json()) as { id: number };
        const row = await server.db('tours').where({ id }).first<{ phone: string }>();
        expect(row?.phone).to.equal('(970) 555-0111');
      });
    }

    const refused = [
      ['9 digits', '970555011'],
      ['12 digits', '197055501112'],
      ['11 digits not starting with 1', '29705550111'],
    ] as const;
    for (const [description, phone] of refused) {
      it(`both forms refuse ${description} ("${phone}") with "Invalid phone number"`, async () => {
        const contact = await posts.contact({ ...MESSAGE, phone });
        expect(contact.status).to.equal(400);
        expect(await contact.text()).to.equal('Invalid phone number');
        const tour = await posts.tour({ ...BUYER, phone, start: posts.freshSlot() });
        expect(tour.status).to.equal(400);
        expect(((await tour.json()) as { errors: { phone?: string } }).errors.phone).to.equal('Invalid phone number');
      });
    }

    it('shows a refused phone back as it was typed, not formatted into a number that looks right', async () => {
      const answer = await posts.contact({ ...MESSAGE, phone: '197055501112' }, NAVIGATION);
      expect(answer.status).to.equal(400);
      expect(inputValue(await answer.text(), 'phone')).to.equal('197055501112');
    });
  });

  describe('messages of up to 5,000 characters in any script', () => {
    it(`takes the body limit from the field limits (${PUBLIC_FORM_BODY_LIMIT} bytes) and fits a full message in 4-byte characters`, () => {
      const fullEmoji = new URLSearchParams({ ...MESSAGE, message: '🏡'.repeat(CONTACT_MAX_LENGTH.message) });
      expect(Buffer.byteLength(fullEmoji.toString())).to.be.below(PUBLIC_FORM_BODY_LIMIT);
    });

    for (const [script, message] of [
      ['Chinese', CJK_MESSAGE],
      ['emoji', EMOJI_MESSAGE],
    ] as const) {
      it(`POST /contact/submit stores a 4,999-character ${script} message, with and without JavaScript`, async () => {
        const subject = `Long ${script}`;
        const withScript = await posts.contact({ ...MESSAGE, subject, message });
        expect(withScript.status).to.equal(200);
        expect(await withScript.text()).to.equal('success');
        const plain = await posts.contact({ ...MESSAGE, subject, message }, NAVIGATION);
        expect(plain.status).to.equal(303);
        const rows = await server.db('contact_messages').where({ subject }).select<{ message: string }[]>('message');
        expect(rows.map((row) => row.message)).to.deep.equal([message, message]);
      });

      it(`POST /tours books with a 4,999-character ${script} note, with and without JavaScript`, async () => {
        const withScript = await posts.tour({ ...BUYER, message, start: posts.freshSlot() });
        expect(withScript.status).to.equal(200);
        const plain = await posts.tour({ ...BUYER, message, start: posts.freshSlot() }, NAVIGATION);
        expect(plain.status).to.equal(303);
        const { id } = (await withScript.json()) as { id: number };
        const row = await server.db('tours').where({ id }).first<{ message: string }>();
        expect(row?.message).to.equal(message);
      });
    }

    it('refuses a 5,001-character emoji message, counting characters, not UTF-16 units', async () => {
      const answer = await posts.contact({ ...MESSAGE, message: '🏡'.repeat(5_001) });
      expect(answer.status).to.equal(400);
      expect(await answer.text()).to.equal('Message must be at most 5000 characters.');
    });

    it('answers a contact post over the limit without JavaScript with 413 and the form again, keeping what was typed', async () => {
      const message = 'M'.repeat(PUBLIC_FORM_BODY_LIMIT);
      const before = await server.db('contact_messages').count<{ n: number }[]>({ n: '*' }).first();
      const answer = await posts.contact({ ...MESSAGE, firstname: 'Overlong', message }, NAVIGATION);
      expect(answer.status).to.equal(413);
      expect(answer.headers.get('content-type')).to.match(/^text\/html/);
      const html = await answer.text();
      expect(html).to.include('<h1 id="contact-heading">Contact Us</h1>');
      expect(html).to.include('was too long to send');
      expect(html).to.include(SALES_PHONE);
      expect(inputValue(html, 'firstname')).to.equal('Overlong');
      expect(textareaText(html, 'message')).to.equal(message);
      const after = await server.db('contact_messages').count<{ n: number }[]>({ n: '*' }).first();
      expect(Number(after?.n)).to.equal(Number(before?.n));
    });

    it('answers a contact post over the limit from a script with 413 and a sentence saying what to do', async () => {
      const answer = await posts.contact({ ...MESSAGE, message: 'M'.repeat(PUBLIC_FORM_BODY_LIMIT) });
      expect(answer.status).to.equal(413);
      const text = await answer.text();
      expect(text).to.match(/^Your message was too long to send: .*5,000 characters/);
      expect(text).to.include(SALES_PHONE);
    });

    it('answers a tour post over the limit without JavaScript with 413 and the tour form again, keeping what was typed', async () => {
      const message = 'M'.repeat(PUBLIC_FORM_BODY_LIMIT);
      const answer = await posts.tour(
        { ...BUYER, firstname: 'Overlong', message, start: posts.freshSlot() },
        NAVIGATION,
      );
      expect(answer.status).to.equal(413);
      const html = await answer.text();
      expect(html).to.include('Schedule a tour');
      expect(html).to.include('was too long to send');
      expect(inputValue(html, 'firstname')).to.equal('Overlong');
      expect(textareaText(html, 'message')).to.equal(message);
    });

    it('still answers a post far over the limit with the 413 page, empty', async () => {
      const answer = await posts.contact({ ...MESSAGE, message: 'M'.repeat(PUBLIC_FORM_BODY_LIMIT * 5) }, NAVIGATION);
      expect(answer.status).to.equal(413);
      const html = await answer.text();
      expect(html).to.include('was too long to send');
      expect(textareaText(html, 'message')).to.equal('');
    });
  });

  describe('a post without JavaScript with problems', () => {
    it('opens the contact form on a focused summary that links to each field with a problem', async () => {
      const answer = await posts.contact({ ...MESSAGE, firstname: '', phone: '12' }, NAVIGATION);
      expect(answer.status).to.equal(400);
      const html = await answer.text();
      const summary = /<div[^>]*class="error-summary"[^>]*>[\s\S]*?<\/ul><\/div>/.exec(html)?.[0] ?? '';
      expect(summary).to.match(/\bautofocus=""/);
      expect(summary).to.include('There is a problem');
      expect(summary).to.include('<a href="#contact-firstname">First name</a>');
      expect(summary).to.include('<a href="#contact-phone">Phone</a>');
      expect(summary, 'each problem is said once, next to its field').to.not.include('Invalid phone number');
      expect(html.indexOf('error-summary')).to.be.below(html.indexOf('name="firstname"'));
    });

    it('opens the tour form on a focused summary that links to each field with a problem', async () => {
      const answer = await posts.tour({ ...BUYER, email: 'nope', phone: '12', start: '' }, NAVIGATION);
      expect(answer.status).to.equal(400);
      const html = await answer.text();
      const summary = /<div[^>]*class="error-summary"[^>]*>[\s\S]*?<\/ul><\/div>/.exec(html)?.[0] ?? '';
      expect(summary).to.match(/\bautofocus=""/);
      expect(summary).to.include('<a href="#tour-email">Email</a>');
      expect(summary).to.include('<a href="#tour-phone">Phone</a>');
      expect(summary).to.include('<a href="#tour-times">Day and time</a>');
      expect(html.indexOf('error-summary')).to.be.below(html.indexOf('name="firstname"'));
    });

    it('shows no summary on a form without problems', async () => {
      for (const path of ['/contact', '/tours']) {
        const html = await (await fetch(`${server.url}${path}`)).text();
        expect(html, path).to.not.include('error-summary');
      }
    });
  });
});

describe('CONTACT_RATE_LIMIT counts accepted posts', () => {
  let server: TestServer;
  const posts = usePosts(() => server);
  before(async () => {
    server = await startTestServer({ CONTACT_RATE_LIMIT: '2' });
    await posts.loadSlots();
  });
  after(() => server.close());

  it('does not count refused posts (a bad phone, a full form of typos, a bad slot), then stops the third accepted one', async () => {
    for (let index = 0; index < 5; index += 1) {
      expect((await posts.contact({ ...MESSAGE, phone: '12' })).status, `refused contact ${index}`).to.equal(400);
      expect((await posts.tour({ ...BUYER, start: 'yesterday' })).status, `refused tour ${index}`).to.equal(400);
    }
    expect((await posts.contact(MESSAGE)).status).to.equal(200);
    expect((await posts.tour({ ...BUYER, start: posts.freshSlot() })).status).to.equal(200);
    const limited = await posts.contact(MESSAGE);
    expect(limited.status).to.equal(429);
    const text = await limited.text();
    // One plain sentence: when to try again and the sales team's phone, not the generic failure.
    expect(text).to.match(/^[^.]*try again in (\d+) minutes?, or call our sales team at \(970\) 555-0142\.$/);
    expect(text).to.not.include('An error occurred');
    const minutes = Number(/in (\d+) minute/.exec(text)?.[1]);
    expect(minutes).to.be.within(1, 10);
  });

  it('says the same sentence above the tour form without JavaScript, keeping what was typed', async () => {
    const answer = await posts.tour({ ...BUYER, firstname: 'Grace', start: posts.freshSlot() }, NAVIGATION);
    expect(answer.status).to.equal(429);
    const html = await answer.text();
    expect(html).to.match(/try again in \d+ minutes?, or call our sales team at \(970\) 555-0142\./);
    expect(inputValue(html, 'firstname')).to.equal('Grace');
  });

  it('says it on the contact page without JavaScript, keeping what was typed', async () => {
    const answer = await posts.contact({ ...MESSAGE, firstname: 'Grace' }, NAVIGATION);
    expect(answer.status).to.equal(429);
    const html = await answer.text();
    expect(html).to.match(/try again in \d+ minutes?, or call our sales team at \(970\) 555-0142\./);
    expect(html).to.not.include('An error occurred');
    expect(inputValue(html, 'firstname')).to.equal('Grace');
  });
});
