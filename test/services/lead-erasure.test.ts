import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { receiveContactMessage } from '../../src/services/contact-messages.js';
import { eraseLead } from '../../src/services/lead-erasure.js';

/** A buyer's erasure takes every copy of the lead, including what the outbox was still to send about it. */
describe('Erasing a lead', () => {
  let dir: string;
  let db: Knex;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lead-erasure-test-'));
    db = connectDatabase({ client: 'sqlite', filename: path.join(dir, 'site.sqlite') });
    await migrateToLatest(db);
  });
  after(async () => {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function storeMessage(email: string): Promise<number> {
    const outcome = await receiveContactMessage(
      db,
      {
        firstname: 'Ada',
        lastname: 'Lovelace',
        email,
        phone: '(970) 555-0100',
        subject: 'Homesite 12',
        message: 'Please call me.',
      },
      {
        sourcePage: null,
        userAgent: null,
        community: 1,
        deliveries: ['staff-email', 'auto-reply', 'webhook'],
        planSlugs: [],
      },
    );
    if (outcome.kind !== 'stored') throw new Error(`not stored: ${outcome.kind}`);
    return outcome.id;
  }

  const deliveriesOf = (id: number) => db('lead_deliveries').where({ lead_kind: 'message', lead_id: id });

  it('removes the deliveries not yet sent with the lead, records the erasure, and leaves other leads alone', async () => {
    const erased = await storeMessage('erase.me@example.com');
    const kept = await storeMessage('keep.me@example.com');
    expect(await deliveriesOf(erased)).to.have.length(3);

    expect(await eraseLead(db, { kind: 'message', id: erased }, 'sales')).to.equal('erased');

    expect(await db('contact_messages').where({ id: erased })).to.deep.equal([]);
    expect(await deliveriesOf(erased)).to.deep.equal([]);
    expect(await deliveriesOf(kept)).to.have.length(3);
    const log = await db('lead_erasures').where({ kind: 'message', lead_id: erased });
    expect(log.map((row: { erased_by: string }) => row.erased_by)).to.deep.equal(['sales']);
  });
});
