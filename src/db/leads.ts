import type { Knex } from 'knex';
import {
  LEAD_CONTEXT_FIELDS,
  LEAD_KINDS,
  LEAD_STATUSES,
  isLeadKind,
  type LeadKind,
  type LeadStatus,
} from '../shared/lead-context.js';
import { isSqlite } from './connect.js';
import { searchDigits, searchedHomesite, searchTerm } from './lead-search.js';
import { storedTimestampToIso } from './stored-timestamp.js';
import { mapNullable } from '../shared/nullable.js';
import { personOf, type LeadPerson } from '../shared/lead-person.js';
import { narrow } from './staff-scope.js';
import { ALL_COMMUNITIES, type StaffScope } from '../shared/staff-scope.js';

/**
 * The staff inbox's view of every lead: contact messages and tour bookings, read together (newest first) from the
 * two tables they live in. Inserts stay with each table's own module (contact-messages.ts, tours.ts).
 */
export { LEAD_KINDS, isLeadKind, type LeadKind };

/**
 * Each kind of lead's table, and how its created_at is stored: a timestamp (contact_messages) or ISO 8601 text
 * (the others). The one list a new kind is added to (with its label in src/shared/lead-context.ts and its own
 * columns in `ownColumns` below); every lead table has the shared columns (migrations create them alike).
 */
export const LEAD_TABLES: Record<LeadKind, { table: string; isoText: boolean }> = {
  message: { table: 'contact_messages', isoText: false },
  tour: { table: 'tours', isoText: true },
  interest: { table: 'interest_entries', isoText: true },
  'agent-registration': { table: 'agent_registrations', isoText: true },
};

const TABLES = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, LEAD_TABLES[kind].table])) as Record<
  LeadKind,
  string
>;

/** The table each kind of lead lives in, by kind (from LEAD_TABLES). */
export const LEAD_TABLE_NAMES: Readonly<Record<LeadKind, string>> = TABLES;

/** The utm_source filter value that stands for "no utm_source" (a visit typed in, bookmarked, or not tagged). */
export const DIRECT_SOURCE = 'direct';

export interface LeadFilter {
  kind?: LeadKind;
  status?: LeadStatus;
  /** A utm_source, or DIRECT_SOURCE for leads without one. */
  source?: string;
  /** The homesite the buyer asked about. */
  homesite?: number;
  /** The plan the buyer asked about, by slug (as leads store it). */
  plan?: string;
  /** Part of a name, an e-mail address or a phone number, or a homesite ("24", "homesite 24", "lot 24"). */
  q?: string;
  /** Spam is a view of its own: the list shows either real leads or spam, never both. */
  spam: boolean;
  /** The staff account the lead is assigned to, or OWNER_NOBODY for leads nobody owns. */
  owner?: string;
  /** One community's leads, by slug (the inbox's filter for accounts with more than one). */
  community?: string;
  /** The signed-in account's communities (staff-scope.ts): no lead of another community is ever listed. */
  scope: StaffScope;
}

/** The owner filter value for leads nobody owns (an account named exactly this could not be filtered by). */
export const OWNER_NOBODY = ':nobody';

/** One lead as the inbox and the export read it; times are ISO 8601 in UTC whichever database stored them. */
export interface LeadRow extends LeadPerson {
  kind: LeadKind;
  id: number;
  created_at: string;
  /** Messages only. */
  subject: string | null;
  message: string;
  source_page: string | null;
  is_spam: boolean;
  /** Messages only: when staff marked it read. */
  read_at: string | null;
  /** Tours only: the booked slot's start, and booked / cancelled / toured / no-show. */
  tour_start: string | null;
  tour_status: string | null;
  lead_status: LeadStatus;
  notes: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referrer: string | null;
  landing_page: string | null;
  homesite: number | null;
  plan: string | null;
  /** The lead's community, by slug. */
  community: string;
  /** A message sent with "Not sure yet" as its community: filed under `community`, which the buyer did not choose. */
  community_unsure?: boolean;
}

/**
 * The expression a lead is ordered by: its arrival as fixed-width ISO 8601 UTC text, so the two tables compare as
 * one. contact_messages.created_at is a timestamp (SQLite keeps "YYYY-MM-DD HH:MM:SS" or ISO text, PostgreSQL a
 * timestamptz); tours.created_at is ISO text. On SQLite the same expression is indexed
 * (migrations/20261122000500_index_leads.ts): it must stay character for character the same to be used.
 */
export function arrivalKey(db: Knex, kind: LeadKind): Knex.Raw {
  if (isSqlite(db)) return db.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', created_at)`);
  if (LEAD_TABLES[kind].isoText) return db.raw('created_at');
  return db.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}

const SHARED_COLUMNS = [
  'id',
  'firstname',
  'lastname',
  'email',
  'phone',
  'message',
  'source_page',
  'is_spam',
  'lead_status',
  'notes',
  ...LEAD_CONTEXT_FIELDS,
] as const;

/**
 * The columns one kind has of its own, as every branch of the union selects them: subject, read_at, tour_start,
 * tour_status. An interest entry's subject says its state; an agent registration's who registered the client.
 */
function ownColumns(db: Knex, kind: LeadKind): Knex.Raw[] {
  const noReadMark = db.raw(isSqlite(db) ? 'null as read_at' : 'cast(null as timestamptz) as read_at');
  const noTour = [
    db.raw('cast(null as varchar(30)) as tour_start'),
    db.raw('cast(null as varchar(20)) as tour_status'),
  ];
  switch (kind) {
    case 'message':
      return [db.raw('subject'), db.raw('read_at'), ...noTour];
    case 'tour':
      return [
        db.raw('cast(null as varchar(150)) as subject'),
        noReadMark,
        db.raw('start_at as tour_start'),
        db.raw('status as tour_status'),
      ];
    case 'interest':
      return [db.raw(`cast('Interest list: ' || state as varchar(150)) as subject`), noReadMark, ...noTour];
    case 'agent-registration':
      return [
        db.raw(
          `cast('Registered by agent ' || agent_firstname || ' ' || agent_lastname || ', ' || brokerage as varchar(150)) as subject`,
        ),
        noReadMark,
        ...noTour,
      ];
  }
}

/** Both branches of the union select the same columns in the same order, each typed alike on PostgreSQL. */
function selectLeads(db: Knex, kind: LeadKind, scope: StaffScope): Knex.QueryBuilder {
  const table = TABLES[kind];
  return narrow(
    db(table).select([
      ...SHARED_COLUMNS,
      db.raw(`'${kind}' as kind`),
      ...ownColumns(db, kind),
      db.raw('? as sort_key', [arrivalKey(db, kind)]),
      db.raw(`(select c.slug from communities c where c.id = ${table}.community_id) as community`),
      kind === 'message'
        ? db.raw('community_unsure')
        : db.raw(isSqlite(db) ? '0 as community_unsure' : 'false as community_unsure'),
    ]),
    `${table}.community_id`,
    scope,
  );
}

/** LIKE pattern for "contains", with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** An FTS5 phrase: the text taken literally, quotes doubled. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** SQLite's trigram index finds strings of three characters or more; a shorter search reads every row. */
const TRIGRAM = 3;

/**
 * How a search's matches meet the rest of a query on SQLite. `walk`: the matches are a set to test each row of the
 * filtered list against, read in arrival order (`+id in …` keeps SQLite from looking them up one by one), so a
 * common name (a tenth of all leads) fills a page after a few hundred rows. `matches`: the matches are looked up by
 * id in the id-led index (migrations/20261123000300_index_lead_filters_by_id.ts), for a count of all of them or a
 * page of a rare name, which a walk would read every lead to find.
 */
type SearchPath = 'walk' | 'matches';

/**
 * Leads whose name, e-mail or phone contains `text` (search columns, src/db/lead-search.ts), or that ask about
 * `homesite` (a search that is a number). On SQLite the FTS5 trigram table answers, with the homesite's leads from
 * its index added to the matches; on PostgreSQL LIKE, which pg_trgm's GIN indexes answer where the extension exists.
 */
function whereSearch(
  db: Knex,
  query: Knex.QueryBuilder,
  kind: LeadKind,
  search: TextSearch,
  filter: LeadFilter,
  path: SearchPath,
): void {
  const term = searchTerm(search.text);
  const digits = searchDigits(search.text);
  if (searchesTrigrams(db, search.text)) {
    const fts = `${TABLES[kind]}_search`;
    const match = [`search_text : ${ftsPhrase(term)}`, ...(digits ? [`search_digits : ${ftsPhrase(digits)}`] : [])];
    const id = path === 'walk' ? '+id' : 'id';
    const ftsMatches = `select rowid from ${fts} where ${fts} match ?`;
    if (search.homesite === undefined) {
      query.whereRaw(`${id} in (${ftsMatches})`, [match.join(' OR ')]);
    } else {
      const asked = `select id from ${TABLES[kind]} where is_spam = ? and homesite = ?`;
      query.whereRaw(`${id} in (${ftsMatches} union all ${asked})`, [match.join(' OR '), filter.spam, search.homesite]);
    }
    return;
  }
  query.where((where) => {
    where.whereRaw(`search_text like ? escape '\\'`, [containsPattern(term)]);
    if (digits) where.orWhereRaw('search_digits like ?', [`%${digits}%`]);
    if (search.homesite !== undefined) where.orWhere('homesite', search.homesite);
  });
}

/** What a search looks for in the search columns, and the homesite a number also stands for. */
interface TextSearch {
  text: string;
  homesite?: number;
}

/**
 * The part of a search the search columns answer: none for "homesite 24" (a filter on the homesite, see
 * homesiteOf), the text and the homesite for "24", the text alone otherwise.
 */
function searchOf(filter: LeadFilter): TextSearch | undefined {
  const q = filter.q?.trim();
  if (!q) return undefined;
  const asked = searchedHomesite(q);
  if (asked?.only) return undefined;
  return { text: q, homesite: asked?.lot };
}

/** The homesite the list is narrowed to: the filter's, or the one a search such as "homesite 24" names. */
function homesitesOf(filter: LeadFilter): number[] {
  const asked = filter.q ? searchedHomesite(filter.q) : undefined;
  return [...(filter.homesite !== undefined ? [filter.homesite] : []), ...(asked?.only ? [asked.lot] : [])];
}

function searchesTrigrams(db: Knex, q: string): boolean {
  return isSqlite(db) && searchTerm(q).length >= TRIGRAM;
}

/**
 * The table a query of `kind` reads. A search's `matches` on SQLite are looked up in the id-led index, named here:
 * without planner statistics (a live database never runs ANALYZE) SQLite would rather read a whole arrival index
 * and test each entry against the matches.
 */
function leadsOf(db: Knex, kind: LeadKind, filter: LeadFilter, path: SearchPath): Knex.QueryBuilder {
  const table = TABLES[kind];
  const search = searchOf(filter);
  if (path === 'matches' && search && searchesTrigrams(db, search.text)) {
    return db.from(db.raw(`${table} indexed by ${table}_id_filters`));
  }
  return db(table);
}

function applyFilter(
  db: Knex,
  query: Knex.QueryBuilder,
  kind: LeadKind,
  filter: LeadFilter,
  path: SearchPath = 'walk',
): Knex.QueryBuilder {
  narrow(query, 'community_id', filter.scope);
  if (filter.community) query.whereIn('community_id', db('communities').where({ slug: filter.community }).select('id'));
  query.where('is_spam', filter.spam);
  if (filter.status) query.where('lead_status', filter.status);
  if (filter.source === DIRECT_SOURCE) {
    query.where((where) => where.whereNull('utm_source').orWhere('utm_source', DIRECT_SOURCE));
  } else if (filter.source) {
    query.where('utm_source', filter.source);
  }
  for (const homesite of homesitesOf(filter)) query.where('homesite', homesite);
  if (filter.plan) query.where('plan', filter.plan);
  if (filter.owner === OWNER_NOBODY) {
    query.whereNotIn('id', db('lead_desk').where({ lead_kind: kind }).whereNotNull('owner').select('lead_id'));
  } else if (filter.owner) {
    query.whereIn('id', db('lead_desk').where({ lead_kind: kind, owner: filter.owner }).select('lead_id'));
  }
  const search = searchOf(filter);
  if (search) whereSearch(db, query, kind, search, filter, path);
  return query;
}

function kindsOf(filter: Pick<LeadFilter, 'kind'>): LeadKind[] {
  return filter.kind ? [filter.kind] : [...LEAD_KINDS];
}

type StoredLead = Omit<LeadRow, 'created_at' | 'is_spam' | 'read_at' | 'homesite' | 'community_unsure'> & {
  sort_key: string;
  is_spam: boolean | number;
  community_unsure: boolean | number;
  read_at: string | Date | null;
  homesite: number | string | null;
};

/**
 * Field by field: an object rest (`{ sort_key, ...rest }`) makes a slow-mode object V8 promotes to its old
 * generation, and the export, reading every lead, would leave tens of MB there until a full collection.
 */
function fromStored(row: StoredLead): LeadRow {
  return {
    kind: row.kind,
    id: row.id,
    created_at: row.sort_key,
    ...personOf(row),
    subject: row.subject,
    message: row.message,
    source_page: row.source_page,
    is_spam: Boolean(row.is_spam),
    read_at: mapNullable(row.read_at, storedTimestampToIso),
    tour_start: row.tour_start,
    tour_status: row.tour_status,
    lead_status: (LEAD_STATUSES as readonly string[]).includes(row.lead_status) ? row.lead_status : 'new',
    notes: row.notes,
    utm_source: row.utm_source,
    utm_medium: row.utm_medium,
    utm_campaign: row.utm_campaign,
    utm_term: row.utm_term,
    utm_content: row.utm_content,
    referrer: row.referrer,
    landing_page: row.landing_page,
    homesite: mapNullable(row.homesite, Number),
    plan: row.plan,
    community: row.community,
    community_unsure: Boolean(row.community_unsure),
  };
}

/**
 * Newest first: by arrival, then id, then kind (a message and a tour stored at the same instant with the same id).
 * Each table's arrival index holds its entries in (arrival, id) order, so SQLite merges the two tables' ranges as
 * they are read; a kind before the id would make it sort every run of equal arrivals again.
 */
function newestFirst(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.orderBy([
    { column: 'sort_key', order: 'desc' },
    { column: 'id', order: 'desc' },
    { column: 'kind', order: 'desc' },
  ]);
}

/** One table's leads newest first on PostgreSQL: created_at (timestamptz or ISO text) sorts as the arrival does. */
function newestOfKind(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.orderByRaw('created_at desc, id desc');
}

function unionOf(db: Knex, branches: Knex.QueryBuilder[]): Knex.QueryBuilder {
  const [first, ...rest] = branches;
  if (!first) throw new Error('a lead query needs at least one kind');
  return rest.length === 0 ? first : first.unionAll(rest);
}

/** How many leads match a filter, how many of those are unread messages, and how many are of each kind. */
export interface LeadCounts {
  total: number;
  unread: number;
  byKind: Partial<Record<LeadKind, number>>;
}

/**
 * A search reads a kind's matches by id and sorts them when there are fewer than this many times the leads up to
 * the page's end: a walk in arrival order would read more than a quarter of the list to find them. With more
 * matches they are frequent enough in the list that the walk fills the page first.
 */
const WALK_FACTOR = 4;

interface LeadKey {
  kind: LeadKind;
  id: number;
}

/**
 * One page of leads matching `filter`, newest first. `counts`, countLeads' answer for the same filter, tells a
 * search how to find each kind's matches. The page's place is found first from the indexes alone (kind, id and
 * arrival, which every lead index holds), so a deep page skips its offset over index entries rather than whole
 * rows; then only the page's own rows are read.
 */
export async function listLeads(
  db: Knex,
  filter: LeadFilter,
  page: { limit: number; offset: number },
  counts?: LeadCounts,
): Promise<LeadRow[]> {
  const branches = kindsOf(filter).map((kind) => {
    const matches = counts?.byKind[kind];
    const few = matches !== undefined && matches < WALK_FACTOR * (page.offset + page.limit);
    const path = searchOf(filter) && few ? 'matches' : 'walk';
    const keys = leadsOf(db, kind, filter, path).select(
      db.raw(`'${kind}' as kind`),
      'id',
      db.raw('? as sort_key', [arrivalKey(db, kind)]),
    );
    const branch = applyFilter(db, keys, kind, filter, path);
    // SQLite merges the two tables' arrival indexes in order under the LIMIT by itself; a branch's own ORDER BY
    // would be sorted again in a temporary B-tree (every row, on a deep page). PostgreSQL sorts the union as a
    // whole (its arrival is to_char, not indexed), so there each branch first reads its newest rows from the
    // created_at index, up to the page's end.
    if (isSqlite(db)) return branch;
    return db.select('*').from(
      newestOfKind(branch)
        .limit(page.offset + page.limit)
        .as(`newest_${kind}`),
    );
  });
  const keys = ((await newestFirst(unionOf(db, branches)).limit(page.limit).offset(page.offset)) as LeadKey[]).map(
    (key) => ({ kind: key.kind, id: Number(key.id) }),
  );
  const rows = new Map<string, LeadRow>();
  for (const kind of LEAD_KINDS) {
    const ids = keys.filter((key) => key.kind === kind).map((key) => key.id);
    if (ids.length === 0) continue;
    for (const row of (await selectLeads(db, kind, filter.scope).whereIn('id', ids)) as StoredLead[]) {
      rows.set(`${kind}-${row.id}`, fromStored(row));
    }
  }
  // A lead erased between the two reads is left out.
  return keys.flatMap((key) => rows.get(`${key.kind}-${key.id}`) ?? []);
}

async function countRows(query: Knex.QueryBuilder): Promise<number> {
  const [row] = (await query.count({ total: '*' })) as { total: number | string }[];
  return Number(row?.total ?? 0);
}

/**
 * A list without a search: plain count(*) queries, each answered from an index
 * (migrations/20261122000500_index_leads.ts) where the filter allows, where a sum over a column the index lacks
 * would read every row.
 */
async function countListed(db: Knex, kind: LeadKind, filter: LeadFilter): Promise<{ total: number; unread: number }> {
  const [total, unread] = await Promise.all([
    countRows(applyFilter(db, db(TABLES[kind]), kind, filter)),
    kind === 'message' ? countRows(applyFilter(db, db(TABLES[kind]), kind, filter).whereNull('read_at')) : 0,
  ]);
  return { total, unread };
}

/**
 * A search: one pass over a kind's matches counts them and their unread messages together, every match looked up
 * once in the id-led index (SQLite) or the rows the trigram index points to (PostgreSQL), where a count per number
 * would find the matches again and test every lead of the list against them.
 */
async function countSearched(db: Knex, kind: LeadKind, filter: LeadFilter): Promise<{ total: number; unread: number }> {
  const query = applyFilter(db, leadsOf(db, kind, filter, 'matches'), kind, filter, 'matches').count({ total: '*' });
  if (kind === 'message') query.select(db.raw('sum(case when read_at is null then 1 else 0 end) as unread'));
  const [row] = (await query) as { total: number | string; unread?: number | string | null }[];
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** How many leads match `filter`, how many of those are unread messages (tours have no read mark), and per kind. */
export async function countLeads(db: Knex, filter: LeadFilter): Promise<LeadCounts> {
  const kinds = kindsOf(filter);
  const counts = await Promise.all(
    kinds.map((kind) => (searchOf(filter) ? countSearched(db, kind, filter) : countListed(db, kind, filter))),
  );
  const byKind: Partial<Record<LeadKind, number>> = {};
  kinds.forEach((kind, index) => (byKind[kind] = counts[index]!.total));
  const sum = (pick: (count: { total: number; unread: number }) => number) =>
    counts.reduce((total, count) => total + pick(count), 0);
  return { total: sum((count) => count.total), unread: sum((count) => count.unread), byKind };
}

/**
 * Every lead (spam included) of `kinds`, newest first, a page at a time: keyset pagination on (arrival, id, kind), so each
 * page is one indexed range read however far into 100,000 leads the export has come.
 */
export async function* leadPages(
  db: Knex,
  scope: StaffScope,
  pageSize = 500,
  kinds: readonly LeadKind[] = LEAD_KINDS,
): AsyncGenerator<LeadRow[]> {
  let after: { key: string; kind: LeadKind; id: number } | undefined;
  for (;;) {
    const branches = kinds.map((kind) => {
      const query = selectLeads(db, kind, scope);
      if (after) {
        const { key, id } = after;
        const arrival = arrivalKey(db, kind);
        // Rows sort by (arrival, id, kind) descending; this branch's kind is fixed, so compare it here. Each case
        // is one range on the arrival index (`arrival <= key`), the rest a filter: an OR of ranges is not.
        query.whereRaw('? <= ?', [arrival, key]);
        if (kind < after.kind) query.whereRaw('(? < ? or id <= ?)', [arrival, key, id]);
        else query.whereRaw('(? < ? or id < ?)', [arrival, key, id]);
      }
      return query;
    });
    const rows = ((await newestFirst(unionOf(db, branches)).limit(pageSize)) as StoredLead[]).map(fromStored);
    if (rows.length === 0) return;
    yield rows;
    // created_at is the arrival as the query sorts it (sort_key).
    const last = rows.at(-1)!;
    after = { key: last.created_at, kind: last.kind, id: last.id };
    if (rows.length < pageSize) return;
  }
}

/** One lead of any kind, spam or not; undefined when there is none (or it is of a community out of `scope`). */
export async function findLead(
  db: Knex,
  kind: LeadKind,
  id: number,
  scope: StaffScope = ALL_COMMUNITIES,
): Promise<LeadRow | undefined> {
  const row = (await selectLeads(db, kind, scope).where({ id }).first()) as StoredLead | undefined;
  return row && fromStored(row);
}

/** The community a lead belongs to; undefined when there is no such lead. */
export async function leadCommunityId(db: Knex, key: { kind: LeadKind; id: number }): Promise<number | undefined> {
  const row = (await db(TABLES[key.kind]).where({ id: key.id }).first('community_id')) as
    { community_id: number | string } | undefined;
  return row ? Number(row.community_id) : undefined;
}

/** Whether a lead exists and is of a community in `scope` (a lead out of scope is answered as unknown: 404). */
export async function leadInScope(db: Knex, key: { kind: LeadKind; id: number }, scope: StaffScope): Promise<boolean> {
  const table = TABLES[key.kind];
  return (await narrow(db(table).where({ id: key.id }), 'community_id', scope).first('id')) !== undefined;
}

/**
 * Narrows a query of rows keyed by a lead (`kindColumn`, `idColumn`: the desk, its events) to the leads of `scope`.
 */
export function whereLeadInScope<Q extends Knex.QueryBuilder>(
  db: Knex,
  query: Q,
  kindColumn: string,
  idColumn: string,
  scope: StaffScope,
): Q {
  if (scope.all) return query;
  return query.where((where) => {
    for (const kind of LEAD_KINDS) {
      where.orWhere((one) =>
        one.where(kindColumn, kind).whereIn(idColumn, narrow(db(TABLES[kind]).select('id'), 'community_id', scope)),
      );
    }
  }) as Q;
}

/** Several leads at once, by kind and id; a lead that no longer exists is left out. */
export async function findLeads(
  db: Knex,
  keys: { kind: LeadKind; id: number }[],
  scope: StaffScope = ALL_COMMUNITIES,
): Promise<Map<string, LeadRow>> {
  const found = new Map<string, LeadRow>();
  for (const kind of LEAD_KINDS) {
    const ids = keys.filter((key) => key.kind === kind).map((key) => key.id);
    if (ids.length === 0) continue;
    for (const row of (await selectLeads(db, kind, scope).whereIn('id', ids)) as StoredLead[]) {
      found.set(`${kind}/${row.id}`, fromStored(row));
    }
  }
  return found;
}

/**
 * Every real lead of one buyer: the same e-mail compared without case, or the same phone (stored in one format,
 * contact-rules.ts storedPhone), newest first; each table answers from its lower(email) and phone indexes
 * (migrations/20261126000300_create_sales_desk.ts).
 */
export async function findBuyerLeads(
  db: Knex,
  person: { email: string; phone: string },
  scope: StaffScope = ALL_COMMUNITIES,
): Promise<LeadRow[]> {
  const branches = LEAD_KINDS.map((kind) =>
    selectLeads(db, kind, scope)
      .where('is_spam', false)
      .where((where) => {
        // An empty address (a tour staff booked by phone) is nobody's: only the phone finds such a buyer.
        if (person.email) where.whereRaw('lower(email) = ?', [person.email.toLowerCase()]);
        else where.whereRaw('1 = 0');
        if (person.phone) where.orWhere('phone', person.phone);
      }),
  );
  return ((await newestFirst(unionOf(db, branches))) as StoredLead[]).map(fromStored);
}

/** The utm_source values leads carry, for the inbox's source filter (DIRECT_SOURCE stands for none). */
export async function listLeadSources(db: Knex, scope: StaffScope, limit = 100): Promise<string[]> {
  const rows = (await unionOf(
    db,
    LEAD_KINDS.map((kind) =>
      narrow(db(TABLES[kind]).distinct('utm_source').whereNotNull('utm_source'), 'community_id', scope),
    ),
  )) as { utm_source: string }[];
  return [...new Set(rows.map((row) => row.utm_source))].sort().slice(0, limit);
}

export interface LeadFollowUp {
  lead_status?: LeadStatus;
  notes?: string;
}

/** Sets a lead's sales status and/or notes; false when there is no such lead. */
export async function updateLeadFollowUp(db: Knex, kind: LeadKind, id: number, change: LeadFollowUp): Promise<boolean> {
  if (change.lead_status === undefined && change.notes === undefined) {
    return (await db(TABLES[kind]).where({ id }).first('id')) !== undefined;
  }
  return (await db(TABLES[kind]).where({ id }).update(change)) === 1;
}

/** The tour fields deleting a tour needs: whether it still holds a place in its slot. */
export async function findTourForErasure(
  trx: Knex.Transaction,
  id: number,
): Promise<{ community_id: number; start_at: string; status: string; is_spam: boolean } | undefined> {
  const row = (await trx('tours').where({ id }).first('community_id', 'start_at', 'status', 'is_spam')) as
    { community_id: number | string; start_at: string; status: string; is_spam: boolean | number } | undefined;
  return row && { ...row, community_id: Number(row.community_id), is_spam: Boolean(row.is_spam) };
}

export async function deleteLeadRow(trx: Knex.Transaction, kind: LeadKind, id: number): Promise<boolean> {
  return (await trx(TABLES[kind]).where({ id }).delete()) === 1;
}

export interface LeadErasure {
  kind: LeadKind;
  lead_id: number;
  erased_by: string;
  erased_at: string;
}

export async function insertLeadErasure(trx: Knex.Transaction, erasure: LeadErasure): Promise<void> {
  await trx('lead_erasures').insert(erasure);
}

export async function listLeadErasures(db: Knex, limit: number): Promise<LeadErasure[]> {
  const rows = (await db('lead_erasures')
    .select('kind', 'lead_id', 'erased_by', 'erased_at')
    .orderBy([
      { column: 'erased_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)) as LeadErasure[];
  return rows.map((row) => ({ ...row, lead_id: Number(row.lead_id) }));
}

/** The counts the dashboard and the inbox's heading show: each one count(*) that an index answers. */
export async function countLeadSummary(
  db: Knex,
  scope: StaffScope,
): Promise<{ unread: number; spam: number; new: number }> {
  const of = (kind: LeadKind) => narrow(db(TABLES[kind]), 'community_id', scope);
  const [unread, spam, fresh] = await Promise.all([
    countRows(of('message').where({ is_spam: false }).whereNull('read_at')),
    Promise.all(LEAD_KINDS.map((kind) => countRows(of(kind).where({ is_spam: true })))),
    Promise.all(LEAD_KINDS.map((kind) => countRows(of(kind).where({ is_spam: false, lead_status: 'new' })))),
  ]);
  const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
  return { unread, spam: sum(spam), new: sum(fresh) };
}

export interface SourceWeekCount {
  source: string;
  /** 0 = the 7 days up to `now`, 1 = the 7 days before, … */
  week: number;
  count: number;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Real leads (messages and tours) per utm_source (DIRECT_SOURCE for none) and per week, over the `weeks` weeks up
 * to `now`, in one grouped query. Weeks are counted back from `now`, so the latest is always a whole week.
 */
export async function countLeadsBySourceAndWeek(
  db: Knex,
  now: Date,
  weeks: number,
  scope: StaffScope,
): Promise<SourceWeekCount[]> {
  const since = new Date(now.getTime() - weeks * WEEK_MS).toISOString();
  const nowIso = now.toISOString();
  const weekOf = isSqlite(db)
    ? 'cast((julianday(?) - julianday(arrived)) / 7 as integer)'
    : 'floor(extract(epoch from (cast(? as timestamptz) - cast(arrived as timestamptz))) / 604800)';
  const branches = LEAD_KINDS.map((kind) =>
    narrow(db(TABLES[kind]), 'community_id', scope)
      .select(
        db.raw('coalesce(utm_source, ?) as source', [DIRECT_SOURCE]),
        db.raw('? as arrived', [arrivalKey(db, kind)]),
      )
      .where('is_spam', false)
      .whereRaw('? >= ?', [arrivalKey(db, kind), since])
      .whereRaw('? <= ?', [arrivalKey(db, kind), nowIso]),
  );
  const rows = (await db
    .select('source', db.raw(`${weekOf} as week`, [nowIso]))
    .count<{ count: number | string }[]>({ count: '*' })
    .from(unionOf(db, branches).as('recent'))
    .groupBy('source', 'week')) as unknown as { source: string; week: number | string; count: number | string }[];
  return rows
    .map((row) => ({ source: row.source, week: Number(row.week), count: Number(row.count) }))
    .filter((row) => row.week >= 0 && row.week < weeks);
}
