import type { Knex } from 'knex';
import { removePendingLeadDeliveries } from '../db/lead-deliveries.js';
import { deleteLeadRow, findTourForErasure, insertLeadErasure, type LeadKind } from '../db/leads.js';
import { freePlace } from '../db/tours.js';
import { findAgentRegistrationKeys, removeClientClaim } from '../db/agent-registrations.js';
import { deleteLeadDesk } from '../db/lead-desk.js';

export type ErasureOutcome = 'erased' | 'unknown';

/**
 * A buyer's erasure request: the lead's row goes, a tour still booked for a future slot gives its place back, and
 * `lead_erasures` records who erased which lead id and when (never what it said) — all in one transaction, so a
 * lead is never gone without its record nor a slot left holding a place for a deleted tour. Everything else that
 * keeps a copy of a lead must be deleted here too, inside the same transaction.
 */
export async function eraseLead(
  db: Knex,
  lead: { kind: LeadKind; id: number },
  erasedBy: string,
  now: Date = new Date(),
): Promise<ErasureOutcome> {
  return db.transaction(async (trx) => {
    if (lead.kind === 'tour') {
      const tour = await findTourForErasure(trx, lead.id);
      if (!tour) return 'unknown';
      // Spam never took a place (docs/decisions/015-tour-booking.md); a past slot no longer needs one.
      if (tour.status === 'booked' && !tour.is_spam && Date.parse(tour.start_at) > now.getTime()) {
        await freePlace(trx, tour.community_id, tour.start_at);
      }
    }
    if (lead.kind === 'agent-registration') {
      // The claim keeps the client's address: it goes with the registration that made it.
      const keys = await findAgentRegistrationKeys(trx, lead.id);
      if (keys) await removeClientClaim(trx, keys);
    }
    if (!(await deleteLeadRow(trx, lead.kind, lead.id))) return 'unknown';
    // What the outbox has not sent yet would carry the lead's details to staff, the buyer or the CRM after erasure.
    await removePendingLeadDeliveries(trx, lead);
    // The desk's timeline holds notes and e-mails about the buyer: they go with the lead.
    await deleteLeadDesk(trx, lead);
    await insertLeadErasure(trx, {
      kind: lead.kind,
      lead_id: lead.id,
      erased_by: erasedBy,
      erased_at: now.toISOString(),
    });
    return 'erased';
  });
}
