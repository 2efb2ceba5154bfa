import type { Knex } from 'knex';
import { leadSearchColumns } from '../../src/db/lead-search.js';
import { LEAD_STATUSES } from '../../src/shared/lead-context.js';

const NAMES = ['Smith', 'Garcia', 'Nguyen', 'Johnson', 'Martinez', 'Lee', 'Brown', 'Davis', 'Lopez', 'Wilson'];
const BATCH = 400;

function sourceOf(index: number): Record<string, string | null> {
  if (index % 4 === 0) return { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'fall-2026' };
  if (index % 6 === 1) return { utm_source: 'facebook', utm_medium: 'social', utm_campaign: 'open-house' };
  return { utm_source: null, utm_medium: null, utm_campaign: null };
}

/**
 * `count` leads over the last two years, spread evenly over `communities` (lead i in communities[i mod n]): two
 * messages for each tour, a quarter from Google, a sixth from Facebook, statuses spread over the seven, 2 % spam,
 * as tools/bench/leads.ts seeds one community's. Every tenth lead has a desk row (an owner, a follow-up date within
 * a month either side of today, a first response two hours after it arrived), so the dashboard's follow-ups and
 * response times have rows to read. Inserted in batches inside one transaction, in the columns the sites' own
 * inserts fill (the search columns included); returns the seconds it took.
 */
export async function seedCommunityLeads(
  db: Knex,
  communities: readonly { id: number }[],
  count: number,
  owners: readonly string[],
): Promise<number> {
  const started = performance.now();
  const now = Date.now();
  const span = 2 * 365 * 86_400_000;
  await db.transaction(async (trx) => {
    let messages: Record<string, unknown>[] = [];
    let tours: Record<string, unknown>[] = [];
    const flush = async () => {
      if (messages.length) await trx('contact_messages').insert(messages);
      if (tours.length) await trx('tours').insert(tours);
      messages = [];
      tours = [];
    };
    for (let index = 0; index < count; index += 1) {
      const createdAt = new Date(now - Math.floor((index / count) * span)).toISOString();
      const lead = {
        community_id: communities[index % communities.length]!.id,
        firstname: `Buyer${index}`,
        lastname: NAMES[Math.floor(index / communities.length) % NAMES.length]!,
        email: `buyer${index}@example.com`,
        phone: `(303) 555-${String(index % 10_000).padStart(4, '0')}`,
        lead_status: LEAD_STATUSES[Math.floor(index / communities.length) % LEAD_STATUSES.length],
        notes: index % 10 === 0 ? 'Called back; wants a walkout basement.' : '',
        referrer: index % 4 === 0 ? 'https://www.google.com/' : null,
        landing_page: '/homes',
        homesite: index % 5 === 0 ? (index % 78) + 1 : null,
        plan: index % 7 === 0 ? 'canyon' : null,
        is_spam: index % 50 === 7,
        ...sourceOf(Math.floor(index / communities.length)),
      };
      const search = leadSearchColumns(lead);
      if (index % 3 === 0) {
        tours.push({
          ...lead,
          ...search,
          token: `bench-communities-${index}`,
          start_at: new Date(Date.parse(createdAt) + 3 * 86_400_000).toISOString(),
          slot_minutes: 60,
          message: '',
          status: 'toured',
          created_at: createdAt,
        });
      } else {
        messages.push({
          ...lead,
          ...search,
          subject: `Question ${index}`,
          message: 'We would like to know more about the community and the available homesites.',
          // As SQLite's CURRENT_TIMESTAMP stores it.
          created_at: createdAt.slice(0, 19).replace('T', ' '),
        });
      }
      if (messages.length >= BATCH || tours.length >= BATCH) await flush();
    }
    await flush();
    const ownerCase = `case id % ${owners.length} ${owners.map((_, index) => `when ${index} then ?`).join(' ')} end`;
    for (const [kind, table] of [
      ['message', 'contact_messages'],
      ['tour', 'tours'],
    ] as const) {
      await trx.raw(
        `insert into lead_desk (lead_kind, lead_id, owner, follow_up, arrived_at, first_response_at, first_response_by)
         select ?, id, ${ownerCase}, date('now', ((id % 60) - 30) || ' days'),
           strftime('%Y-%m-%dT%H:%M:%fZ', created_at),
           strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+2 hours'), ${ownerCase}
         from ${table} where id % 10 = 0`,
        [kind, ...owners, ...owners],
      );
    }
  });
  return (performance.now() - started) / 1000;
}
