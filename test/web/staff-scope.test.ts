import crypto from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { leadSearchColumns } from '../../src/db/lead-search.js';
import { appAdminRoutes } from '../support/admin-routes.js';
import { seedMessage } from '../support/leads.js';
import { assignNewLead } from '../../src/services/lead-assignment.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { staffCall, teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { POSTGRES_COMMANDS, startPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';

/**
 * Every table whose rows belong to a community (decision 050). A new table with a community_id column fails the
 * first test below until it is listed here and given a row of the second community in `seedSecondCommunity`.
 */
const COMMUNITY_TABLES = [
  'agent_registrations',
  'audit_log',
  'contact_messages',
  'files',
  'homepage_images',
  'homesite_changes',
  'homesites',
  'interest_entries',
  'interest_releases',
  'interest_updates',
  'site_plan_files',
  'tour_slots',
  'tours',
] as const;

/**
 * Tables with a community_id that hold no community's rows a staff page shows: an account's list of communities,
 * and each community's round-robin pointer.
 */
const NOT_COMMUNITY_ROWS = ['community_lead_turns', 'user_communities'];

/** In every row of the second community, and in no row of the first: no staff answer may ever hold it. */
const MARKER = 'Zqxmark';
const SECOND_SLUG = 'ridge-two';
const PASSWORD = 'correct horse battery';

/** The tables of the database that have a community_id column (SQLite or PostgreSQL). */
async function tablesWithCommunityId(db: Knex): Promise<string[]> {
  const client = String(db.client.config.client);
  const tables: string[] =
    client === 'pg'
      ? ((await db('information_schema.tables').where({ table_schema: 'public' }).pluck('table_name')) as string[])
      : ((await db('sqlite_master')
          .where({ type: 'table' })
          .whereNot('name', 'like', 'sqlite_%')
          .pluck('name')) as string[]);
  const found: string[] = [];
  for (const table of tables) {
    if (NOT_COMMUNITY_ROWS.includes(table)) continue;
    if (Object.keys(await db(table).columnInfo()).includes('community_id')) found.push(table);
  }
  return found.sort();
}

interface SecondCommunity {
  id: number;
  message: number;
  tour: number;
  interest: number;
  agent: number;
  update: number;
  file: number;
}

/** A second community straight in the database, with a row of its own in every community-owned table. */
async function seedSecondCommunity(db: Knex): Promise<SecondCommunity> {
  const now = new Date().toISOString();
  const [row] = await db('communities')
    .insert({
      slug: SECOND_SLUG,
      name: `${MARKER} Ridge`,
      status: 'selling',
      street: `1 ${MARKER} Way`,
      city: 'Loveland',
      state: 'CO',
      zip: '80537',
      lat: 40.4,
      lng: -105.1,
      time_zone: 'America/Denver',
      created_at: now,
      published_at: now,
    })
    .returning<{ id: number }[]>('id');
  const id = Number(row!.id);
  // Its own copy of the first community's sections (content keyed by scope, section), as a new community gets.
  const first = (await db('communities').orderBy('id').first('id')) as { id: number };
  for (const table of ['content_sections', 'content_versions']) {
    const rows = (await db(table).where({ scope: first.id })) as Record<string, unknown>[];
    if (rows.length > 0) await db(table).insert(rows.map((section) => ({ ...section, scope: id })));
  }
  const person = (name: string) => ({
    firstname: MARKER,
    lastname: name,
    email: `${MARKER.toLowerCase()}.${name.toLowerCase()}@example.com`,
    phone: '(970) 555-0199',
    ...leadSearchColumns({
      firstname: MARKER,
      lastname: name,
      email: `${MARKER.toLowerCase()}.${name.toLowerCase()}@example.com`,
      phone: '(970) 555-0199',
    }),
  });
  const inserted = async (table: string, values: Record<string, unknown>) => {
    const [stored] = await db(table)
      .insert({ community_id: id, ...values })
      .returning<{ id: number }[]>('id');
    return Number(stored!.id);
  };
  const soon = new Date(Date.now() + 2 * 24 * 3600_000);
  soon.setUTCHours(17, 0, 0, 0);
  const start = soon.toISOString();
  const message = await inserted('contact_messages', {
    ...person('Message'),
    subject: `${MARKER} question`,
    message: `${MARKER} message`,
    created_at: now,
  });
  const tour = await inserted('tours', {
    ...person('Tour'),
    token: crypto.randomBytes(24).toString('base64url'),
    start_at: start,
    slot_minutes: 60,
    message: `${MARKER} tour`,
    created_at: now,
  });
  await db('tour_slots').insert({ community_id: id, start_at: start, booked: 1 });
  const interest = await inserted('interest_entries', {
    ...person('Interest'),
    email_key: `${MARKER.toLowerCase()}.interest@example.com`,
    state: 'confirmed',
    confirm_token: crypto.randomBytes(24).toString('base64url'),
    unsubscribe_token: crypto.randomBytes(24).toString('base64url'),
    confirmed_at: now,
    created_at: now,
  });
  const agent = await inserted('agent_registrations', {
    ...person('Agent'),
    created_at: now,
    agent_firstname: MARKER,
    agent_lastname: 'Agent',
    agent_email: 'agent@zqxmark.example',
    agent_phone: '(970) 555-0198',
    brokerage: `${MARKER} Realty`,
    license: 'ZQ1',
    protected_since: now,
    protected_until: new Date(Date.now() + 90 * 24 * 3600_000).toISOString(),
  });
  await inserted('interest_releases', { lots: '[1]', created_at: now });
  const update = await inserted('interest_updates', {
    subject: `${MARKER} update`,
    text: `${MARKER} news`,
    created_by: 'staff',
    created_at: now,
    sent_at: now,
    sent_by: 'staff',
    recipients: 1,
  });
  await inserted('homepage_images', { url: `/uploads/${MARKER}.jpg`, alt: `${MARKER} photo`, sort_order: 99 });
  await db('homesites').insert({
    community_id: id,
    lot: 1,
    status: 'available',
    address: `9 ${MARKER} Lane`,
    version: 1,
    updated_at: now,
  });
  await inserted('homesite_changes', {
    lot: 1,
    changed_at: now,
    changed_by: MARKER,
    source: 'admin',
    changes: JSON.stringify({ address: [null, `9 ${MARKER} Lane`] }),
  });
  await inserted('audit_log', {
    at: now,
    actor: 'staff',
    action: 'lead.note',
    target: `${MARKER}/1`,
    details: JSON.stringify({ note: MARKER }),
  });
  await db('site_plan_files').insert({
    path: `/site-plans/${MARKER}/lots.svg`,
    community_id: id,
    content_type: 'image/svg+xml',
    body: `<svg><!-- ${MARKER} --></svg>`,
    encoding: 'utf8',
    updated_at: now,
    updated_by: 'staff',
  });
  const file = await inserted('files', {
    kind: 'pdf',
    url: `/files/999/${MARKER}.pdf`,
    stored_url: `/uploads/${MARKER}.pdf`,
    folder: '',
    original_name: `${MARKER}.pdf`,
    content_type: 'application/pdf',
    size: 10,
    title: MARKER,
    uploaded_by: 'staff',
    uploaded_at: now,
  });
  return { id, message, tour, interest, agent, update, file };
}

/** A signed-in account of `role` limited to the first community. */
async function limitedAccount(server: TestServer, owner: Staff, role: 'sales' | 'marketing'): Promise<Staff> {
  const username = `${role}-one`;
  const staff = await teamMember(server.url, owner, role, username, PASSWORD);
  const user = (await server.db('users').where({ username }).first('id')) as { id: number };
  const first = (await server.db('communities').orderBy('id').first('id')) as { id: number };
  await server.db('users').where({ id: user.id }).update({ all_communities: false });
  await server.db('user_communities').insert({ user_id: user.id, community_id: first.id });
  return staff;
}

/** The path of a route with its parameters filled by the first community's rows (or a harmless stand-in). */
function concretePath(path: string): string | undefined {
  if (!path.includes(':')) return path;
  return undefined;
}

async function get(server: TestServer, path: string, staff: Staff): Promise<{ status: number; body: string }> {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: { Cookie: staff.cookie } });
  return { status: response.status, body: await response.text() };
}

async function getJson(server: TestServer, path: string, staff: Staff): Promise<{ status: number; body: string }> {
  const response = await staffCall(server.url, path, staff, undefined, { method: 'GET' });
  return { status: response.status, body: await response.text() };
}

/** The scope tests over a server `start` gives (a fresh database each), closed by `stop`. */
function scopeTests(start: () => Promise<{ server: TestServer; stop: () => Promise<void> }>) {
  let stop: () => Promise<void> = async () => undefined;
  let server: TestServer;
  let owner: Staff;
  let sales: Staff;
  let marketing: Staff;
  let second: SecondCommunity;

  before(async () => {
    ({ server, stop } = await start());
    owner = await signIn(server.url);
    sales = await limitedAccount(server, owner, 'sales');
    marketing = await limitedAccount(server, owner, 'marketing');
    second = await seedSecondCommunity(server.db);
    // As the site does after a community is made: its directory and content read again.
    await server.site.communities.load();
    await server.site.content.load();
    // The first community's own leads, so that the limited account's lists are not merely empty.
    await seedMessage(server.db, new Date().toISOString(), {
      firstname: 'Alma',
      lastname: 'Firstcommunity',
      email: 'alma.first@example.com',
    });
  });

  after(async () => {
    await stop();
  });

  it('lists every table that has a community_id column', async () => {
    expect(await tablesWithCommunityId(server.db)).to.deep.equal([...COMMUNITY_TABLES]);
    for (const table of COMMUNITY_TABLES) {
      const rows = await server
        .db(table)
        .where({ community_id: second.id })
        .count<{ n: number | string }[]>({ n: '*' });
      expect(Number(rows[0]?.n), `a ${table} row of the second community`).to.be.greaterThan(0);
    }
  });

  it('shows the owner the second community (the marker is findable)', async () => {
    const inbox = await get(server, '/admin/messages?q=555-0199', owner);
    expect(inbox.status).to.equal(200);
    expect(inbox.body).to.include(MARKER);
    const lead = await getJson(server, `/admin/leads/message/${second.message}.json`, owner);
    expect(lead.status).to.equal(200);
    expect(JSON.parse(lead.body)).to.have.nested.property('lead.community', SECOND_SLUG);
  });

  it('filters the inbox by community for an account with more than one, and offers no such filter otherwise', async () => {
    const firstSlug = ((await server.db('communities').orderBy('id').first('slug')) as { slug: string }).slug;
    const all = await get(server, '/admin/messages', owner);
    expect(all.body).to.include('id="filter-community"');
    expect(all.body).to.include(`value="${SECOND_SLUG}"`);
    // The second community's name is among the filter's choices; its lead's message is what the list shows.
    expect((await get(server, `/admin/messages?community=${SECOND_SLUG}`, owner)).body).to.include(`${MARKER} message`);
    const first = await get(server, `/admin/messages?community=${firstSlug}`, owner);
    expect(first.body).to.include('Firstcommunity');
    expect(first.body).to.not.include(`${MARKER} message`);
    expect((await get(server, '/admin/messages', sales)).body).to.not.include('id="filter-community"');
    const csv = await get(server, '/admin/messages.csv', owner);
    expect(csv.body.split('\r\n')[0]).to.match(/,community$/);
    expect(csv.body).to.include(`"${SECOND_SLUG}"`);
  });

  it('applies a change of an account’s communities on its next request, in the session it already has', async () => {
    const firstSlug = ((await server.db('communities').orderBy('id').first('slug')) as { slug: string }).slug;
    const counselor = await teamMember(server.url, owner, 'sales', 'sales-moving', PASSWORD);
    const sees = async () => (await get(server, `/admin/leads/message/${second.message}`, counselor)).status;
    expect(await sees(), 'given every community').to.equal(200);
    const limit = await staffCall(server.url, '/admin/team/sales-moving', owner, { communities: [firstSlug] });
    expect(limit.status).to.equal(200);
    expect(await sees(), 'limited to the first').to.equal(404);
    const widen = await staffCall(server.url, '/admin/team/sales-moving', owner, { communities: 'all' });
    expect(widen.status).to.equal(200);
    expect(await sees(), 'given every community again').to.equal(200);
    const secondOnly = await staffCall(server.url, '/admin/team/sales-moving', owner, { communities: [SECOND_SLUG] });
    expect(secondOnly.status).to.equal(200);
    expect(await sees(), 'limited to the second').to.equal(200);
    // Out of the later tests' way (the second community's turn of new leads).
    expect((await staffCall(server.url, '/admin/team/sales-moving', owner, { active: false })).status).to.equal(200);
  });

  it('never shows a limited account a row of another community on any staff page, JSON call or CSV', async () => {
    const routes = appAdminRoutes(server).filter((route) => route.method === 'GET');
    const paths = [...new Set(routes.map((route) => concretePath(route.path)).filter((path) => path !== undefined))];
    expect(paths).to.include.members(['/admin', '/admin/messages', '/admin/messages.csv', '/admin/tours']);
    const extra = [
      // A search that finds the second community's leads for the owner (their phone), not echoing the marker.
      '/admin/messages?q=555-0199',
      `/admin/messages?community=${SECOND_SLUG}`,
      '/admin/messages?spam=1',
      '/admin/messages.csv?kind=tour',
      `/admin/tours?from=${new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10)}`,
      '/admin/files.json',
    ];
    for (const staff of [sales, marketing]) {
      for (const path of [...paths, ...extra]) {
        for (const answer of [await get(server, path, staff), await getJson(server, path, staff)]) {
          expect(answer.status, path).to.be.lessThan(500);
          expect(answer.body, path).to.not.include(MARKER);
          expect(answer.body.toLowerCase(), path).to.not.include(MARKER.toLowerCase());
        }
      }
    }
    // The positive control: the limited account does see its own community's lead.
    const inbox = await get(server, '/admin/messages', sales);
    expect(inbox.body).to.include('Firstcommunity');
  });

  it('answers 404 to a limited account for another community’s lead, tour, entry, registration and update', async () => {
    const paths = [
      `/admin/leads/message/${second.message}`,
      `/admin/leads/tour/${second.tour}`,
      `/admin/leads/interest/${second.interest}`,
      `/admin/leads/agent-registration/${second.agent}`,
      `/admin/leads/message/${second.message}.json`,
      `/admin/leads/tour/${second.tour}.json`,
      `/admin/leads/interest/${second.interest}.json`,
      `/admin/leads/agent-registration/${second.agent}.json`,
      `/admin/tours/${second.tour}/move`,
      `/admin/interest/updates/${second.update}`,
    ];
    for (const path of paths) {
      expect((await get(server, path, sales)).status, path).to.equal(404);
      expect((await get(server, path, owner)).status, `${path} (owner)`).to.equal(200);
    }
  });

  it('shows an account limited to the second community that community’s own pages, never the first’s', async () => {
    const secondOnly = await teamMember(server.url, owner, 'marketing', 'marketing-two', PASSWORD);
    const user = (await server.db('users').where({ username: 'marketing-two' }).first('id')) as { id: number };
    await server.db('users').where({ id: user.id }).update({ all_communities: false });
    await server.db('user_communities').insert({ user_id: user.id, community_id: second.id });
    // It works in the one community it reaches (the staff community switcher's default), not in the first.
    for (const path of ['/admin/homesites', '/admin/homesites.csv', '/admin/homepage-images', '/admin/images.json']) {
      const own = await get(server, path, secondOnly);
      expect(own.status, path).to.equal(200);
      expect(own.body, `${path}: the second community's`).to.include(MARKER);
      const first = await get(server, path, marketing);
      expect(first.status, `${path} (first community)`).to.equal(200);
      expect(first.body, `${path} (first community)`).to.not.include(MARKER);
    }
  });

  it('refuses a limited account’s changes to another community’s lead or tour with 404, changing nothing', async () => {
    const before = await server.db('contact_messages').where({ id: second.message }).first();
    const calls: [string, unknown][] = [
      [`/admin/leads/message/${second.message}/notes`, { text: 'A note' }],
      [`/admin/leads/message/${second.message}/owner`, { username: null }],
      [`/admin/leads/message/${second.message}/follow-up`, { date: null }],
      [`/admin/tours/${second.tour}/status`, { status: 'toured' }],
      [`/admin/tours/${second.tour}/cancel`, {}],
    ];
    for (const [path, body] of calls) {
      expect((await staffCall(server.url, path, sales, body)).status, path).to.equal(404);
    }
    expect(await server.db('contact_messages').where({ id: second.message }).first()).to.deep.equal(before);
    expect(await server.db('tours').where({ id: second.tour }).first('status')).to.deep.equal({ status: 'booked' });
    for (const [path, body, method] of [
      [`/admin/files/${second.file}`, { title: 'Renamed' }, 'POST'],
      [`/admin/files/${second.file}`, undefined, 'DELETE'],
    ] as const) {
      const answer = await staffCall(server.url, path, marketing, body, { method });
      expect(answer.status, `${method} ${path}`).to.equal(404);
    }
    expect(await server.db('files').where({ id: second.file }).first('title')).to.deep.equal({ title: MARKER });
  });

  it('leaves another community’s tours out of a limited account’s calendar feed', async () => {
    await get(server, '/admin/tours', sales);
    const { token } = (await server.db('calendar_tokens').where({ username: 'sales-one' }).first('token')) as {
      token: string;
    };
    const feed = await fetch(`${server.url}/admin/tours.ics?token=${token}`);
    expect(feed.status).to.equal(200);
    expect(await feed.text()).to.not.include(MARKER);
    await get(server, '/admin/tours', owner);
    const ownerToken = (await server.db('calendar_tokens').where({ username: 'staff' }).first('token')) as {
      token: string;
    };
    expect(await (await fetch(`${server.url}/admin/tours.ics?token=${ownerToken.token}`)).text()).to.include(MARKER);
  });

  it('gives new leads in turn to their own community’s counselors, each community with its own turn', async () => {
    const db = server.db;
    await db('team_settings').where({ id: 1 }).update({ auto_assign_leads: true });
    const two = await teamMember(server.url, owner, 'sales', 'sales-two', PASSWORD);
    expect(two.cookie).to.be.a('string');
    const user = (await db('users').where({ username: 'sales-two' }).first('id')) as { id: number };
    await db('users').where({ id: user.id }).update({ all_communities: false });
    await db('user_communities').insert({ user_id: user.id, community_id: second.id });
    const first = (await db('communities').orderBy('id').first('id')) as { id: number };
    const ownerOf = async (community: number, name: string) => {
      const id = await seedMessage(db, new Date().toISOString(), {
        community_id: community,
        firstname: 'Turn',
        lastname: name,
        email: `${name.toLowerCase()}@example.com`,
        phone: `(970) 555-${String(1000 + name.length)}`,
      });
      return db.transaction(async (trx) => (await assignNewLead(trx, { kind: 'message', id }))?.username);
    };
    expect(await ownerOf(second.id, 'Second')).to.equal('sales-two');
    expect(await ownerOf(first.id, 'First')).to.equal('sales-one');
    expect(await ownerOf(second.id, 'Secondagain')).to.equal('sales-two');
    expect(await ownerOf(first.id, 'Firstagain')).to.equal('sales-one');
    expect(await db('community_lead_turns').orderBy('community_id').select('community_id', 'last')).to.deep.equal([
      { community_id: first.id, last: 'sales-one' },
      { community_id: second.id, last: 'sales-two' },
    ]);
    // It books in the one community it reaches: a booking is checked by that community's tour hours.
    const tours = await server.db('tours').count<{ n: number | string }[]>({ n: '*' });
    expect((await staffCall(server.url, '/admin/tours', two, { firstname: 'A' })).status).to.equal(400);
    expect(await server.db('tours').count<{ n: number | string }[]>({ n: '*' })).to.deep.equal(tours);
  });
}

describe('staff in their communities (SQLite)', function () {
  this.timeout(120_000);
  scopeTests(async () => {
    const server = await startTestServer(STAFF_ENV);
    return { server, stop: () => server.close() };
  });
});

describeWithCommands(POSTGRES_COMMANDS, 'staff in their communities (PostgreSQL)', function () {
  this.timeout(180_000);
  scopeTests(async () => {
    const postgres = await startPostgres();
    const server = await startTestServer(STAFF_ENV, { postgres: postgres.adminUrl });
    return {
      server,
      stop: async () => {
        await server.close();
        await postgres.stop();
      },
    };
  });
});
