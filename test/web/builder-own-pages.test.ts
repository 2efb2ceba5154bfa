import { expect } from 'chai';
import { startTestServer, TEST_SITE_URL, type TestServer } from '../support/test-server.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { describeMessage, nuMessages, skipWithoutJava } from '../support/nu-checker.js';

/** What a page says, without tags, comments or markup: where one community's name or address would show. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The JSON-LD objects of a page. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

interface Office {
  slug: string;
  name: string;
  street: string;
  salesHours: string;
}

describe("The builder's own pages on a site of several communities (/contact, /privacy, /agents)", function () {
  this.timeout(60_000);
  let server: TestServer;
  let offices: Office[];
  let builder: { name: string; phone: string; email: string };
  let postal: { street: string; city: string };

  before(async () => {
    server = await startTestServer({ SAMPLE_COMMUNITIES: '3', SITE_URL: TEST_SITE_URL });
    const communities = server.site.communities.all().filter((community) => community.public);
    expect(communities.length, 'public sample communities').to.be.greaterThan(1);
    offices = communities.map((community) => {
      const own = server.site.content.publishedFor(community.id)!;
      return {
        slug: community.slug,
        name: own.community.name,
        street: own.community.address.street,
        salesHours: own.community.salesHours,
      };
    });
    const published = server.site.content.published();
    builder = published.builder;
    postal = published.feed.postalAddress;
  });
  after(() => server.close());

  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).to.equal(200);
    return response.text();
  };

  for (const path of ['/privacy', '/agents']) {
    it(`${path} speaks for the builder: its name and contact, no community's name, address or hours`, async () => {
      const html = await page(path);
      const text = textOf(html);
      expect(text).to.include(builder.name);
      for (const office of offices) {
        expect(text, office.name).to.not.include(office.name);
        expect(text, office.street).to.not.include(office.street);
        expect(text, office.salesHours).to.not.include(office.salesHours);
      }
      expect(html).to.include(
        `<title>${path === '/privacy' ? 'Privacy notice' : 'For real-estate agents'} | ${builder.name}</title>`,
      );
      expect(html).to.include(`<link rel="canonical" href="${TEST_SITE_URL}${path}"/>`);
      expect(html).to.include(`<meta property="og:site_name" content="${builder.name}"/>`);
      const organization = jsonLdOf(html).find((data) => data['@type'] === 'Organization');
      expect(organization).to.deep.include({ name: builder.name, telephone: builder.phone, email: builder.email });
      expect(organization?.address).to.deep.include({ streetAddress: postal.street, addressLocality: postal.city });
    });
  }

  it("/privacy names the builder's office to contact, not a sales office", async () => {
    const text = textOf(await page('/privacy'));
    expect(text).to.include(`Contact ${builder.name}`).and.include(postal.street);
    expect(text).to.not.include('Contact the sales office');
  });

  it('/contact lists each public community’s sales office and hours beside the chooser, and the builder’s contact', async () => {
    const html = await page('/contact');
    const text = textOf(html);
    expect(text).to.include(builder.phone).and.include(builder.email).and.include('Our sales offices');
    for (const office of offices) {
      expect(html).to.include(`<a href="/communities/${office.slug}">${office.name}</a>`);
      expect(text).to.include(office.street).and.include(office.salesHours);
      expect(html).to.include(`<option value="${office.slug}">${office.name}</option>`);
    }
    // The consent sentence speaks of the builder's communities, not the first one's.
    expect(text).to.include(`${builder.name} may contact you by phone or e-mail about its communities`);
    expect(html).to.include(`<title>Contact Us | ${builder.name}</title>`);
    expect(html).to.include(`<link rel="canonical" href="${TEST_SITE_URL}/contact"/>`);
    expect(jsonLdOf(html).map((data) => data['@type'])).to.deep.equal(['Organization']);
    expect(html).to.not.include(`Contact ${builder.name} about ${offices[0]!.name}`);
  });

  it("wears the builder's nav and footer on each, as /, /communities and /plans do", async () => {
    for (const path of ['/', '/communities', '/plans', '/contact', '/privacy', '/agents']) {
      const html = await page(path);
      expect(html, path).to.include(`<span class="brand-name">${builder.name}</span>`);
      expect(html, path).to.include('href="/homes"').and.include('class="footer-privacy"');
      expect(html, path).to.not.include('class="footer-nav"');
    }
    const home = await page('/');
    expect(home).to.include(`<title>New homes by ${builder.name}</title>`);
    expect(jsonLdOf(home).find((data) => data['@type'] === 'Organization')).to.deep.include({ name: builder.name });
  });

  it('writes /contact, /privacy and /agents as valid HTML (Nu checker)', async function () {
    skipWithoutJava(this);
    const documents = [];
    for (const path of ['/contact', '/privacy', '/agents']) documents.push({ label: path, html: await page(path) });
    const problems = (await nuMessages(documents)).filter(({ message }) => message.type === 'error');
    expect(problems.map(({ document, message }) => `${document.label}: ${describeMessage(message)}`)).to.deep.equal([]);
  });

  it("keeps each community's own contact page its own", async () => {
    const first = offices[0]!;
    const html = await page(`/communities/${first.slug}/contact`);
    const text = textOf(html);
    expect(text).to.include(first.street).and.include(first.salesHours);
    expect(text).to.include(`may contact you by phone or e-mail about ${first.name}`);
    expect(html).to.include(`<title>Contact Us | ${first.name}</title>`);
  });
});

describe('A message from the builder’s contact page with "Not sure yet" as its community', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;

  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, SAMPLE_COMMUNITIES: '3', SITE_URL: TEST_SITE_URL });
    owner = await signIn(server.url);
  });
  after(() => server.close());

  const send = (community: string | undefined, lastname: string) =>
    fetch(`${server.url}/contact/submit`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstname: 'Ada',
        lastname,
        email: `${lastname.toLowerCase()}@example.com`,
        phone: '(970) 555-0100',
        subject: 'Which community fits us?',
        message: 'We need four bedrooms near a good school.',
        ...(community === undefined ? {} : { community }),
      }),
    });

  it('is filed under the first community, marked as not chosen; a chosen community, or none asked, is filed as such', async () => {
    const [first, second] = server.site.communities.all();
    expect((await send('', 'Unsure')).status).to.equal(200);
    expect((await send('no-such-community', 'Unknown')).status).to.equal(200);
    expect((await send(second!.slug, 'Chosen')).status).to.equal(200);
    // A form opened while the site was the first community's alone has no community field: it was that one's.
    expect((await send(undefined, 'Before')).status).to.equal(200);
    const rows = (await server
      .db('contact_messages')
      .whereIn('lastname', ['Unsure', 'Unknown', 'Chosen', 'Before'])
      .orderBy('id')
      .select('lastname', 'community_id', 'community_unsure')) as {
      lastname: string;
      community_id: number | string;
      community_unsure: boolean | number;
    }[];
    expect(rows.map((row) => [row.lastname, Number(row.community_id), Boolean(row.community_unsure)])).to.deep.equal([
      ['Unsure', first!.id, true],
      ['Unknown', first!.id, true],
      ['Chosen', second!.id, false],
      ['Before', first!.id, false],
    ]);
  });

  it('shows in the inbox of an account of every community, labelled "Not sure yet"', async () => {
    const response = await fetch(`${server.url}/admin/messages?q=Unsure`, {
      headers: { Cookie: owner.cookie, Accept: 'text/html' },
    });
    expect(response.status).to.equal(200);
    const html = (await response.text()).replace(/<!-- -->/g, '');
    expect(html).to.include('Ada Unsure').and.include('<dt>Community</dt><dd>Not sure yet</dd>');
    const chosen = (
      await (
        await fetch(`${server.url}/admin/messages?q=Chosen`, { headers: { Cookie: owner.cookie, Accept: 'text/html' } })
      ).text()
    ).replace(/<!-- -->/g, '');
    expect(chosen).to.include('Ada Chosen').and.not.include('Not sure yet');
  });

  it('says "Community: Not sure yet" on the lead’s own page, and nothing of the kind on a chosen one', async () => {
    const page = async (lastname: string) => {
      const { id } = (await server.db('contact_messages').where({ lastname }).first('id')) as { id: number };
      const response = await fetch(`${server.url}/admin/leads/message/${id}`, {
        headers: { Cookie: owner.cookie, Accept: 'text/html' },
      });
      expect(response.status).to.equal(200);
      return (await response.text()).replace(/<!-- -->/g, '');
    };
    expect(await page('Unsure')).to.include('Community: Not sure yet');
    expect(await page('Chosen')).to.not.include('Not sure yet');
  });

  it('is filed as its own community on a community’s contact page, never marked', async () => {
    const [, second] = server.site.communities.all();
    const response = await fetch(`${server.url}/communities/${second!.slug}/contact/submit`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstname: 'Ada',
        lastname: 'Local',
        email: 'local@example.com',
        phone: '(970) 555-0100',
        subject: 'A question',
        message: 'Is the pond stocked?',
      }),
    });
    expect(response.status).to.equal(200);
    const row = (await server.db('contact_messages').where({ lastname: 'Local' }).first()) as {
      community_id: number | string;
      community_unsure: boolean | number;
    };
    expect([Number(row.community_id), Boolean(row.community_unsure)]).to.deep.equal([second!.id, false]);
  });
});
