import crypto from 'node:crypto';
import type { Knex } from 'knex';
import {
  claimInterestRelease,
  confirmedInterestIds,
  findInterestEntryByEmail,
  findInterestEntryByToken,
  insertInterestEntry,
  setInterestState,
  unqueuedInterestReleases,
  type InterestEntryRow,
} from '../db/interest-entries.js';
import {
  enqueueLeadDeliveries,
  enqueueReleaseDeliveries,
  lastConfirmationQueuedAt,
  type DeliveryChannel,
} from '../db/lead-deliveries.js';
import { leadContextColumns } from '../db/lead-context-columns.js';
import { HONEYPOT_FIELD } from '../shared/contact-form.js';
import { INTEREST_RULES, validateInterest, type InterestField } from '../shared/reach-forms.js';
import { cleanText } from '../shared/text-input.js';
import { leadRequestColumns, readPostedLeadContext, type LeadRequest } from './lead-context.js';
import { queueNewLead } from './lead-assignment.js';

/** A repeated sign-up of a pending address is sent another confirmation at most this often. */
const CONFIRMATION_RESEND_MS = 60 * 60_000;
/** A release older than this when a mail worker first sees it (mail was off then) is not sent any more. */
const RELEASE_NEWS_LIMIT_MS = 7 * 24 * 60 * 60_000;

export interface InterestContext extends LeadRequest {
  /** The deliveries a new lead gets (the webhook), besides the confirmation. */
  deliveries: readonly DeliveryChannel[];
  /** Whether the confirmation can be e-mailed (SMTP configured). */
  canConfirm: boolean;
  planSlugs: readonly string[];
  now?: Date;
}

export type InterestOutcome =
  | { kind: 'stored'; id: number }
  | { kind: 'spam'; id: number }
  | { kind: 'invalid'; value: Record<InterestField, string>; errors: Partial<Record<InterestField, string>> };

const newToken = () => crypto.randomBytes(32).toString('base64url');

function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || /^SQLITE_CONSTRAINT/.test(code ?? '') || /UNIQUE constraint failed/.test(message ?? '');
}

/**
 * A sign-up: one entry per address. A new address is stored pending and sent the confirmation; a pending one is
 * sent it again (at most hourly); a confirmed one stays as it is; an unsubscribed one starts over, pending, with
 * new links. The caller answers `success` in every stored case: the answer never tells whether an address was
 * already on the list.
 */
export async function signUpForInterest(
  db: Knex,
  body: Partial<Record<string, unknown>>,
  context: InterestContext,
): Promise<InterestOutcome> {
  const now = context.now ?? new Date();
  const posted = await readPostedLeadContext(db, body, context.planSlugs, context.community);
  const meta = { ...leadRequestColumns(context), ...leadContextColumns(posted), created_at: now.toISOString() };
  const result = validateInterest(body);
  const confirmChannels: DeliveryChannel[] = context.canConfirm ? ['interest-confirm'] : [];
  if (cleanText(body[HONEYPOT_FIELD]) !== '') {
    const id = await insertInterestEntry(db, {
      ...meta,
      email: result.value.email.slice(0, INTEREST_RULES.email.max),
      email_key: null,
      firstname: result.value.firstname.slice(0, INTEREST_RULES.firstname.max),
      state: 'pending',
      confirm_token: newToken(),
      unsubscribe_token: newToken(),
      is_spam: true,
    });
    return { kind: 'spam', id };
  }
  if (!result.ok) return { kind: 'invalid', value: result.value, errors: result.errors };
  const { email, firstname } = result.value;
  const emailKey = email.toLowerCase();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (trx): Promise<InterestOutcome> => {
        const entry = await findInterestEntryByEmail(trx, context.community, emailKey);
        if (!entry) {
          const id = await insertInterestEntry(trx, {
            ...meta,
            email,
            email_key: emailKey,
            firstname,
            state: 'pending',
            confirm_token: newToken(),
            unsubscribe_token: newToken(),
            is_spam: false,
          });
          await queueNewLead(trx, { kind: 'interest', id }, [...context.deliveries, ...confirmChannels]);
          return { kind: 'stored', id };
        }
        const details = {
          ...(firstname ? { firstname } : {}),
          ...(posted.plan ? { plan: posted.plan } : {}),
        };
        if (entry.state === 'confirmed') {
          if (Object.keys(details).length > 0) await setInterestState(trx, entry.id, details);
          return { kind: 'stored', id: entry.id };
        }
        if (entry.state === 'unsubscribed') {
          await setInterestState(trx, entry.id, {
            ...details,
            state: 'pending',
            confirm_token: newToken(),
            unsubscribe_token: newToken(),
            confirmed_at: null,
            unsubscribed_at: null,
          });
          await enqueueLeadDeliveries(trx, { kind: 'interest', id: entry.id }, confirmChannels);
          return { kind: 'stored', id: entry.id };
        }
        if (Object.keys(details).length > 0) await setInterestState(trx, entry.id, details);
        const last = await lastConfirmationQueuedAt(trx, entry.id);
        if (last === undefined || now.getTime() - Date.parse(last) >= CONFIRMATION_RESEND_MS) {
          await enqueueLeadDeliveries(trx, { kind: 'interest', id: entry.id }, confirmChannels);
        }
        return { kind: 'stored', id: entry.id };
      });
    } catch (error) {
      // The same address signed up twice at the same moment: the second finds the first's entry on its retry.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** The confirmation link: a pending entry becomes confirmed. The entry as it stands after, or undefined (unknown). */
export async function confirmInterest(
  db: Knex,
  token: string,
  now = new Date(),
): Promise<InterestEntryRow | undefined> {
  const entry = await findInterestEntryByToken(db, 'confirm_token', token);
  if (!entry) return undefined;
  if (entry.state !== 'pending') return entry;
  await db('interest_entries')
    .where({ id: entry.id, state: 'pending' })
    .update({ state: 'confirmed', confirmed_at: now.toISOString() });
  return { ...entry, state: 'confirmed', confirmed_at: now.toISOString() };
}

/** The entry an unsubscribe link names, or undefined. */
export function findUnsubscribeEntry(db: Knex, token: string): Promise<InterestEntryRow | undefined> {
  return findInterestEntryByToken(db, 'unsubscribe_token', token);
}

/**
 * Unsubscribes the entry the link names (one click, RFC 8058): nothing more is sent to it, release e-mails still
 * queued for it included (the outbox drops them). Undefined for an unknown link.
 */
export async function unsubscribeInterest(
  db: Knex,
  token: string,
  now = new Date(),
): Promise<InterestEntryRow | undefined> {
  const entry = await findUnsubscribeEntry(db, token);
  if (!entry) return undefined;
  if (entry.state === 'unsubscribed') return entry;
  await db('interest_entries')
    .where({ id: entry.id })
    .update({ state: 'unsubscribed', unsubscribed_at: now.toISOString() });
  return { ...entry, state: 'unsubscribed', unsubscribed_at: now.toISOString() };
}

/**
 * Queues each recorded release's e-mails: one per confirmed entry, in one transaction with the release's claim, so
 * however many instances run this at once, one of them queues a release and the others find it taken. A release
 * older than a week (mail was off when it happened) is marked done without e-mails: old news is no news.
 */
export async function queueInterestReleases(db: Knex, now = new Date()): Promise<number> {
  let queued = 0;
  for (const release of await unqueuedInterestReleases(db)) {
    const stale = now.getTime() - Date.parse(release.created_at) > RELEASE_NEWS_LIMIT_MS;
    await db.transaction(async (trx) => {
      const ids = stale ? [] : await confirmedInterestIds(trx, release.community_id);
      if (!(await claimInterestRelease(trx, release.id, now.toISOString(), ids.length))) return;
      await enqueueReleaseDeliveries(trx, release.id, ids);
      queued += ids.length;
    });
  }
  return queued;
}
