import crypto from 'node:crypto';
import type { DeliveryLead } from '../db/lead-deliveries.js';
import { leadIdentity } from '../shared/lead-person.js';
import { formatIsoInZone } from '../shared/tour-slots.js';

export interface WebhookTarget {
  url: string;
  secret: string;
}

/** Longest one attempt may take (contract: a CRM that hangs never holds anything up; it is tried again later). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The JSON a CRM receives for one lead: the lead, its kind, and where the visit came from. */
export function leadWebhookBody(lead: DeliveryLead, eventId: string, timeZone: string): string {
  return JSON.stringify({
    event_id: eventId,
    type: 'lead.created',
    lead: {
      ...leadIdentity(lead),
      subject: lead.subject,
      message: lead.message,
      created_at: lead.createdAt,
      tour_start: lead.tour ? formatIsoInZone(Date.parse(lead.tour.startAt), timeZone) : null,
      ...lead.context,
    },
  });
}

/** `sha256=<hex HMAC-SHA256 of the raw body with the secret>`, as X-Signature carries it. */
export function webhookSignature(body: string, secret: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** One attempt: resolves when the receiver answers 2xx, throws on anything else, a network error or the timeout. */
export async function postLeadWebhook(
  target: WebhookTarget,
  eventId: string,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<void> {
  const response = await fetch(target.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Event-Id': eventId,
      'X-Signature': webhookSignature(body, target.secret),
    },
    body,
    // A redirect would turn the POST into a GET elsewhere: it counts as a failure, to be fixed in the URL.
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (response.status < 200 || response.status > 299) throw new Error(`HTTP ${response.status}`);
}
