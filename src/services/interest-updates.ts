import type { Knex } from 'knex';
import {
  claimInterestUpdate,
  findInterestUpdate,
  insertInterestUpdate,
  interestUpdateRecipientIds,
  type InterestUpdateRow,
} from '../db/interest-updates.js';
import { enqueueUpdateDeliveries } from '../db/lead-deliveries.js';
import { validateInterestUpdateText, type InterestUpdateField } from '../shared/reach-forms.js';
import { cleanText } from '../shared/text-input.js';
import { recordAudit } from './audit-log.js';

/**
 * Updates staff write by hand to the interest list (issue 31: "preview first, sent once, recorded"). A preview
 * stores the update as a draft; sending claims it and queues one e-mail per confirmed entry in one transaction, so
 * the update goes out once however often, and wherever, "send" is pressed (docs/decisions/040-interest-list-updates.md).
 */

export interface InterestUpdateInput {
  subject: string;
  text: string;
  /** A floor plan's slug, or '' for every confirmed entry. */
  plan: string;
}

export type DraftOutcome =
  | { kind: 'stored'; id: number }
  | { kind: 'invalid'; value: InterestUpdateInput; errors: Partial<Record<InterestUpdateField, string>> };

/** Checks an update as staff typed it; stores it as a draft when it is good. */
export async function draftInterestUpdate(
  db: Knex,
  body: Partial<Record<string, unknown>>,
  context: { planSlugs: readonly string[]; actor: string; community: number; now?: Date },
): Promise<DraftOutcome> {
  const result = validateInterestUpdateText(body);
  const plan = cleanText(body.plan);
  const value = { ...result.value, plan };
  const errors: Partial<Record<InterestUpdateField, string>> = result.ok ? {} : { ...result.errors };
  if (plan !== '' && !context.planSlugs.includes(plan))
    errors.plan = 'Plan must be one of the list’s plans, or everyone.';
  if (Object.keys(errors).length > 0) return { kind: 'invalid', value, errors };
  const id = await insertInterestUpdate(db, {
    subject: value.subject,
    text: value.text,
    plan: plan || null,
    createdBy: context.actor,
    createdAt: (context.now ?? new Date()).toISOString(),
    community: context.community,
  });
  return { kind: 'stored', id };
}

export type SendOutcome =
  | { kind: 'sent'; update: InterestUpdateRow }
  | { kind: 'already-sent'; update: InterestUpdateRow }
  | { kind: 'nobody'; update: InterestUpdateRow }
  | { kind: 'unknown' };

/**
 * Sends a draft: claims it (a conditional update that succeeds for one caller only) and, in the same transaction,
 * queues one e-mail per entry confirmed at this moment (of the update's plan, if it has one) and records the audit
 * row. A second send of the same update, at once or later, from this instance or another, queues nothing.
 */
export async function sendInterestUpdate(
  db: Knex,
  id: number,
  actor: { username: string; ip: string },
  now = new Date(),
): Promise<SendOutcome> {
  const found = await findInterestUpdate(db, id);
  if (!found) return { kind: 'unknown' };
  if (found.sentAt !== null) return { kind: 'already-sent', update: found };
  const at = now.toISOString();
  const sent = await db.transaction(async (trx) => {
    const ids = await interestUpdateRecipientIds(trx, found.plan, found.communityId);
    // An update to nobody stays a draft: it can be sent once someone has confirmed.
    if (ids.length === 0) return 0;
    if (!(await claimInterestUpdate(trx, id, { at, by: actor.username, recipients: ids.length }))) return undefined;
    await enqueueUpdateDeliveries(trx, id, ids);
    await recordAudit(
      trx,
      {
        actor: actor.username,
        ip: actor.ip,
        action: 'interest.update-sent',
        target: `interest-update/${id}`,
        details: { subject: found.subject, recipients: ids.length, ...(found.plan ? { plan: found.plan } : {}) },
      },
      now,
    );
    return ids.length;
  });
  if (sent === 0) return { kind: 'nobody', update: found };
  if (sent === undefined) {
    const taken = await findInterestUpdate(db, id);
    return { kind: 'already-sent', update: taken ?? found };
  }
  return { kind: 'sent', update: { ...found, sentAt: at, sentBy: actor.username, recipients: sent } };
}
