import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { listLeads, countLeads, leadPages, countLeadSummary } from '../../src/db/leads.js';
const file = process.argv[2]!;
const db = connectDatabase({ client: 'sqlite', filename: file });
await migrateToLatest(db);
await db.raw('drop index if exists contact_messages_arrival');
await db.raw('drop index if exists tours_arrival');
await db.raw(`create index contact_messages_arrival on contact_messages (strftime('%Y-%m-%dT%H:%M:%fZ', created_at))`);
await db.raw(`create index tours_arrival on tours (strftime('%Y-%m-%dT%H:%M:%fZ', created_at))`);
await db.raw(`create index if not exists contact_messages_spam_read on contact_messages (is_spam, read_at)`);
for (const filter of [{ spam: false }, { spam: false, source: 'google', status: 'contacted' as const }, { spam: false, q: 'garcia' }]) {
  let t = Date.now();
  await listLeads(db, filter, { limit: 50, offset: 0 });
  const listMs = Date.now() - t;
  t = Date.now();
  await countLeads(db, filter);
  console.log(JSON.stringify(filter), 'list', listMs, 'count', Date.now() - t);
}
let t = Date.now();
await countLeadSummary(db);
console.log('summary', Date.now() - t);
t = Date.now();
let n = 0;
for await (const page of leadPages(db)) { n += page.length; if (n >= 5000) break; }
console.log('export 5000 rows', Date.now() - t);
await db.destroy();
