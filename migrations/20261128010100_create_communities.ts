import type { Knex } from 'knex';
import { slugFromName } from '../src/shared/community-slug.js';

/**
 * Communities as a scope inside one install (docs/decisions/050-communities-as-a-scope.md): the `communities` table,
 * `community_id` on every row that belongs to one, and content keyed by (scope, section), scope 0 being the
 * builder's. An install that already has content becomes one community, named and placed by its published
 * `community` section, and every existing row is given its id: nothing is copied or lost.
 */

/** Tables whose every row belongs to one community. */
const COMMUNITY_TABLES = [
  'tours',
  'contact_messages',
  'interest_entries',
  'interest_releases',
  'interest_updates',
  'agent_registrations',
  'homepage_images',
] as const;

/** Tables where a row may be the builder's (null) or one community's. */
const OPTIONAL_COMMUNITY_TABLES = ['audit_log', 'files'] as const;

/** The sections each community has its own of (the rest are the builder's, scope 0). */
const COMMUNITY_SECTIONS = ['community', 'offerings', 'promotions', 'tours', 'nearby', 'media', 'homesites'];

/** The first community's id: what the upgrade gives existing rows (SQLite adds a not-null column with a default). */
const FIRST_COMMUNITY = 1;

interface StoredCommunitySection {
  name: string;
  address: { street: string; city: string; region: string; postalCode: string };
  latitude: number;
  longitude: number;
  timeZone: string;
}

async function publishedCommunitySection(knex: Knex): Promise<StoredCommunitySection | undefined> {
  const row = (await knex('content_sections as s')
    .join('content_versions as v', function () {
      this.on('v.section', 's.section').andOn('v.version', 's.published_version');
    })
    .where('s.section', 'community')
    .first('v.data')) as { data: string } | undefined;
  return row ? (JSON.parse(row.data) as StoredCommunitySection) : undefined;
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('communities', (table) => {
    table.increments('id');
    table.string('slug', 60).notNullable().unique();
    table.string('name', 60).notNullable();
    /** coming-soon, selling, sold-out, closed. */
    table.string('status', 20).notNullable();
    table.string('street', 100).notNullable().defaultTo('');
    table.string('city', 40).notNullable().defaultTo('');
    table.string('state', 2).notNullable().defaultTo('');
    table.string('zip', 10).notNullable().defaultTo('');
    table.double('lat').notNullable();
    table.double('lng').notNullable();
    table.string('time_zone', 64).notNullable();
    table.string('created_at', 30).notNullable();
    table.string('created_by', 64).nullable();
    /** When it first went public; null while it is being set up. */
    table.string('published_at', 30).nullable();
  });
  const existing = await publishedCommunitySection(knex);
  if (existing) {
    const now = new Date().toISOString();
    await knex('communities').insert({
      id: FIRST_COMMUNITY,
      slug: slugFromName(existing.name),
      name: existing.name.slice(0, 60),
      status: 'selling',
      street: existing.address.street,
      city: existing.address.city,
      state: existing.address.region,
      zip: existing.address.postalCode,
      lat: existing.latitude,
      lng: existing.longitude,
      time_zone: existing.timeZone,
      created_at: now,
      created_by: null,
      published_at: now,
    });
    if (knex.client.config.client === 'pg') {
      await knex.raw(`SELECT setval(pg_get_serial_sequence('communities', 'id'), 1)`);
    }
  }

  for (const name of COMMUNITY_TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.integer('community_id').notNullable().defaultTo(FIRST_COMMUNITY).index();
    });
  }
  for (const name of OPTIONAL_COMMUNITY_TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.integer('community_id').nullable().index();
    });
  }
  await knex('files').update({ community_id: existing ? FIRST_COMMUNITY : null });
  // A photo may be in several communities' carousels (a builder's shared photos), once in each.
  await knex.schema.alterTable('homepage_images', (table) => {
    table.dropUnique(['url']);
  });
  await knex.schema.alterTable('homepage_images', (table) => {
    table.unique(['community_id', 'url']);
  });
  // One interest-list entry per address in each community.
  await knex.schema.alterTable('interest_entries', (table) => {
    table.dropUnique(['email_key']);
  });
  await knex.schema.alterTable('interest_entries', (table) => {
    table.unique(['community_id', 'email_key']);
  });

  // Lot numbers and slot times repeat from one community to the next: the keys take the community in.
  await knex.schema.alterTable('homesite_changes', (table) => {
    table.dropForeign(['lot']);
  });
  await knex.schema.alterTable('homesite_changes', (table) => {
    table.integer('community_id').notNullable().defaultTo(FIRST_COMMUNITY);
  });
  await knex.schema.alterTable('homesites', (table) => {
    table.integer('community_id').notNullable().defaultTo(FIRST_COMMUNITY);
  });
  await knex.schema.alterTable('homesites', (table) => {
    table.dropPrimary();
  });
  await knex.schema.alterTable('homesites', (table) => {
    table.primary(['community_id', 'lot']);
  });
  await knex.schema.alterTable('homesite_changes', (table) => {
    table.foreign(['community_id', 'lot']).references(['community_id', 'lot']).inTable('homesites').onDelete('CASCADE');
    table.index(['community_id', 'lot', 'id']);
  });
  await knex.schema.alterTable('tour_slots', (table) => {
    table.integer('community_id').notNullable().defaultTo(FIRST_COMMUNITY);
  });
  await knex.schema.alterTable('tour_slots', (table) => {
    table.dropPrimary();
  });
  await knex.schema.alterTable('tour_slots', (table) => {
    table.primary(['community_id', 'start_at']);
  });

  for (const name of ['content_sections', 'content_versions']) {
    await knex.schema.alterTable(name, (table) => {
      table.integer('scope').notNullable().defaultTo(0);
    });
    await knex(name)
      .whereIn('section', COMMUNITY_SECTIONS)
      .update({ scope: existing ? FIRST_COMMUNITY : 0 });
    await knex.schema.alterTable(name, (table) => {
      table.dropPrimary();
    });
  }
  await knex.schema.alterTable('content_sections', (table) => {
    table.primary(['scope', 'section']);
  });
  await knex.schema.alterTable('content_versions', (table) => {
    table.primary(['scope', 'section', 'version']);
  });

  // An account reaches every community unless it is given a list (owners always reach all).
  await knex.schema.alterTable('users', (table) => {
    table.boolean('all_communities').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('user_communities', (table) => {
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.integer('community_id').notNullable().references('id').inTable('communities').onDelete('CASCADE');
    table.primary(['user_id', 'community_id']);
  });
  await knex.schema.alterTable('staff_invitations', (table) => {
    /** JSON: "all" or a list of community ids. */
    table.text('communities').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('staff_invitations', (table) => {
    table.dropColumn('communities');
  });
  await knex.schema.dropTable('user_communities');
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('all_communities');
  });
  // Only the first community's rows can go back into a one-community schema.
  for (const name of ['content_sections', 'content_versions']) {
    await knex(name).whereNot('scope', 0).whereNot('scope', FIRST_COMMUNITY).delete();
    await knex.schema.alterTable(name, (table) => {
      table.dropPrimary();
    });
  }
  await knex.schema.alterTable('content_sections', (table) => {
    table.dropColumn('scope');
    table.primary(['section']);
  });
  await knex.schema.alterTable('content_versions', (table) => {
    table.dropColumn('scope');
    table.primary(['section', 'version']);
  });
  await knex('tour_slots').whereNot('community_id', FIRST_COMMUNITY).delete();
  await knex.schema.alterTable('tour_slots', (table) => {
    table.dropPrimary();
  });
  await knex.schema.alterTable('tour_slots', (table) => {
    table.dropColumn('community_id');
    table.primary(['start_at']);
  });
  await knex('homesite_changes').whereNot('community_id', FIRST_COMMUNITY).delete();
  await knex('homesites').whereNot('community_id', FIRST_COMMUNITY).delete();
  await knex.schema.alterTable('homesite_changes', (table) => {
    table.dropForeign(['community_id', 'lot']);
    table.dropIndex(['community_id', 'lot', 'id']);
  });
  await knex.schema.alterTable('homesite_changes', (table) => {
    table.dropColumn('community_id');
  });
  await knex.schema.alterTable('homesites', (table) => {
    table.dropPrimary();
  });
  await knex.schema.alterTable('homesites', (table) => {
    table.dropColumn('community_id');
    table.primary(['lot']);
  });
  await knex.schema.alterTable('homesite_changes', (table) => {
    table.foreign('lot').references('lot').inTable('homesites').onDelete('CASCADE');
  });
  await knex('homepage_images').whereNot('community_id', FIRST_COMMUNITY).delete();
  await knex.schema.alterTable('homepage_images', (table) => {
    table.dropUnique(['community_id', 'url']);
  });
  await knex.schema.alterTable('homepage_images', (table) => {
    table.unique(['url']);
  });
  await knex('interest_entries').whereNot('community_id', FIRST_COMMUNITY).delete();
  await knex.schema.alterTable('interest_entries', (table) => {
    table.dropUnique(['community_id', 'email_key']);
  });
  await knex.schema.alterTable('interest_entries', (table) => {
    table.unique(['email_key']);
  });
  for (const name of [...COMMUNITY_TABLES, ...OPTIONAL_COMMUNITY_TABLES]) {
    await knex.schema.alterTable(name, (table) => {
      table.dropIndex(['community_id']);
      table.dropColumn('community_id');
    });
  }
  await knex.schema.dropTable('communities');
}
