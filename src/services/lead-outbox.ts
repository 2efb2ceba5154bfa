import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ContentSource } from '../content/content-source.js';
import { findHomesite, type HomesiteRow } from '../db/homesites.js';
import { findInterestRelease } from '../db/interest-entries.js';
import { findInterestUpdate } from '../db/interest-updates.js';
import {
  claimLeadDelivery,
  dueLeadDeliveries,
  findDeliveryLead,
  markLeadDelivered,
  markLeadDeliveryDropped,
  scheduleLeadRetry,
  type DeliveryChannel,
  type DeliveryLead,
  type LeadDeliveryRow,
  isNewLeadChannel,
  type NewLeadChannel,
} from '../db/lead-deliveries.js';
import { findLeadEvent } from '../db/lead-desk.js';
import { composeBuyerEmail, storedBuyerEmail } from './buyer-email.js';
import { composeInterestConfirmation, composeInterestRelease, composeInterestUpdate } from './interest-mail.js';
import { queueInterestReleases } from './interest-list.js';
import { composeAutoReply } from './lead-auto-reply.js';
import { leadWebhookBody, postLeadWebhook, WEBHOOK_TIMEOUT_MS, type WebhookTarget } from './lead-webhook.js';
import { backoffDelay, PollingLoop } from './polling-loop.js';
import { composeStaffEmail, composeStaffNotice, type MailIdentity } from './staff-lead-email.js';
import { storedStaffNotice } from './tour-notice.js';

export interface OutboxTiming {
  /** First retry after this long; doubles each attempt up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  pollMs: number;
  /** How long a claimed delivery stays reserved for the worker that took it. */
  leaseMs: number;
  /**
   * Longest one delivery attempt may take, whatever the receiver does: the webhook's request, or the whole SMTP
   * conversation. At most a third of the lease, so an attempt has ended (and its outcome is recorded) before
   * another worker may claim the same delivery and send it a second time.
   */
  attemptTimeoutMs: number;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = {
  baseDelayMs: 5_000,
  maxDelayMs: 15 * 60_000,
  pollMs: 5_000,
  leaseMs: 60_000,
  attemptTimeoutMs: WEBHOOK_TIMEOUT_MS,
};

/** The share of a lease one attempt may use at most; the rest covers recording the outcome. */
const LEASE_PER_ATTEMPT = 3;

function checkedTiming(timing: OutboxTiming): OutboxTiming {
  if (timing.attemptTimeoutMs * LEASE_PER_ATTEMPT > timing.leaseMs) {
    throw new Error(
      `lead outbox: an attempt (${timing.attemptTimeoutMs} ms) must take at most a third of the lease (${timing.leaseMs} ms)`,
    );
  }
  return timing;
}

/**
 * The SMTP transport, with every wait bounded by the attempt's limit. nodemailer's own defaults (2 minutes to
 * connect, 30 s for the greeting, 10 minutes of silence on the socket) outlast the lease: a stalled mail server
 * would keep one worker's attempt open while another claims the same delivery and sends it again. Each phase gets
 * half the attempt, so a single stall fails with its own error; the attempt's AbortSignal (see `send`) bounds the
 * whole conversation, however the stalls add up.
 */
export function createSmtpTransport(smtpUrl: string, attemptTimeoutMs: number): Transporter {
  const phaseMs = Math.ceil(attemptTimeoutMs / 2);
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: phaseMs,
    greetingTimeout: phaseMs,
    socketTimeout: phaseMs,
  });
}

export interface LeadOutboxOptions {
  /** SMTP_URL, CONTACT_TO and MAIL_FROM: staff e-mails and the buyers' automatic replies. */
  mail?: { smtpUrl: string; to: string; from: string };
  /** LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET. */
  webhook?: WebhookTarget;
  /** Names, time zone and the auto-reply's words, read from the published content when each e-mail is composed. */
  content: ContentSource;
  siteUrl: string;
  timing?: Partial<OutboxTiming>;
}

/** What the web layer needs of the outbox: the deliveries to queue with a lead, and a nudge once it is stored. */
export interface LeadOutboxHandle {
  readonly channels: readonly NewLeadChannel[];
  /** Whether the interest list's e-mails (confirmation, releases) can be sent: SMTP is configured. */
  readonly interestMail: boolean;
  kick(): void;
}

/** Why a delivery is not to be sent any more, if it is not. */
function reasonToDrop(channel: DeliveryChannel, lead: DeliveryLead | undefined): string | undefined {
  if (!lead) return 'the lead no longer exists';
  // A tour staff booked by phone may have no address; nothing meant for the buyer can reach them by e-mail.
  if (
    (channel === 'auto-reply' || channel === 'buyer-email') &&
    lead.email === '' &&
    lead.kind !== 'agent-registration'
  )
    return 'the lead has no e-mail address';
  // A confirmation sent after the buyer cancelled would tell them the opposite of the truth.
  if (channel === 'auto-reply' && lead.tour?.cancelled) return 'the tour was cancelled first';
  // Double opt-in: only a pending entry is asked to confirm, only a confirmed one is told of a release.
  if (channel === 'interest-confirm' && lead.interest?.state !== 'pending') return 'the entry is no longer pending';
  if ((channel === 'interest-release' || channel === 'interest-update') && lead.interest?.state !== 'confirmed')
    return 'the entry is not confirmed';
  return undefined;
}

type Deliver = (lead: DeliveryLead, delivery: LeadDeliveryRow) => Promise<void>;

/**
 * Delivers stored leads: the staff e-mail, the buyer's automatic reply and the CRM webhook. The database is the
 * outbox (docs/decisions/017-lead-outbox.md): each delivery is a row committed with its lead before the buyer is
 * answered, and this worker sends pending ones with one policy — claimed with a lease, retried with exponential
 * backoff, across restarts — recording when each went out. A crash between the receiver's acceptance and the
 * record can send one delivery twice; it then carries the same Message-ID or X-Event-Id.
 */
export class LeadOutbox implements LeadOutboxHandle {
  /** The deliveries a new (non-spam) lead gets, from what is configured. */
  readonly channels: readonly NewLeadChannel[];
  readonly interestMail: boolean;
  /** Every channel this worker can send: the new leads', the desk's e-mails to buyers and the interest list's. */
  private readonly sendable: readonly DeliveryChannel[];
  private readonly transport: Transporter | undefined;
  private readonly senders: Partial<Record<DeliveryChannel, Deliver>>;
  private readonly timing: OutboxTiming;
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Knex,
    options: LeadOutboxOptions,
    private readonly logger: Logger,
  ) {
    this.timing = checkedTiming({ ...DEFAULT_OUTBOX_TIMING, ...options.timing });
    this.loop = new PollingLoop(
      () => this.deliverDue(),
      this.timing.pollMs,
      (error: unknown) => this.logger.error({ err: error }, 'lead outbox pass failed'),
    );
    const { attemptTimeoutMs } = this.timing;
    const { mail, webhook, content, siteUrl } = options;
    const senders: Partial<Record<DeliveryChannel, Deliver>> = {};
    if (mail) {
      const transport = createSmtpTransport(mail.smtpUrl, attemptTimeoutMs);
      const send = (message: SendMailOptions) =>
        transport.sendMail({ ...message, signal: AbortSignal.timeout(attemptTimeoutMs) });
      // Each lead's e-mails speak for the community it came to.
      const contentFor = (lead: DeliveryLead) => content.publishedFor(lead.community) ?? content.published();
      const identity = (lead: DeliveryLead): MailIdentity => {
        const { community } = contentFor(lead);
        return { to: mail.to, from: mail.from, siteName: community.name, timeZone: community.timeZone };
      };
      senders['staff-email'] = async (lead, delivery) => {
        await send(composeStaffEmail(lead, delivery.event_id, identity(lead), delivery.to_address ?? null));
      };
      senders['auto-reply'] = async (lead, delivery) => {
        await send(composeAutoReply(lead, delivery.event_id, identity(lead), contentFor(lead), siteUrl));
      };
      senders['interest-confirm'] = async (lead, delivery) => {
        await send(composeInterestConfirmation(lead, delivery.event_id, identity(lead), contentFor(lead), siteUrl));
      };
      senders['interest-release'] = async (lead, delivery) => {
        const release =
          delivery.release_id === null ? undefined : await findInterestRelease(this.db, delivery.release_id);
        if (!release) throw new Error('the release is gone');
        const homesites = (
          await Promise.all(release.lots.map((lot) => findHomesite(this.db, release.community_id, lot)))
        ).filter((row): row is HomesiteRow => row !== undefined);
        await send(
          composeInterestRelease(lead, delivery.event_id, identity(lead), contentFor(lead), siteUrl, homesites),
        );
      };
      senders['interest-update'] = async (lead, delivery) => {
        const update = delivery.update_id === null ? undefined : await findInterestUpdate(this.db, delivery.update_id);
        if (!update) throw new Error('the update is gone');
        await send(composeInterestUpdate(lead, delivery.event_id, identity(lead), contentFor(lead), siteUrl, update));
      };
      senders['staff-notice'] = async (lead, delivery) => {
        const event =
          delivery.lead_event_id === null ? undefined : await findLeadEvent(this.db, delivery.lead_event_id);
        const notice = event && storedStaffNotice(event.details);
        if (!notice) throw new Error(`lead event ${String(delivery.lead_event_id)} holds no staff notice`);
        await send(composeStaffNotice(lead, notice, delivery.event_id, identity(lead), delivery.to_address ?? null));
      };
      senders['buyer-email'] = async (lead, delivery) => {
        const event =
          delivery.lead_event_id === null ? undefined : await findLeadEvent(this.db, delivery.lead_event_id);
        const stored = event && storedBuyerEmail(event.details);
        if (!stored) throw new Error(`lead event ${String(delivery.lead_event_id)} holds no e-mail`);
        await send(composeBuyerEmail(lead, stored, delivery.event_id, identity(lead)));
      };
      this.transport = transport;
    }
    if (webhook) {
      senders.webhook = async (lead, delivery) => {
        const body = leadWebhookBody(
          lead,
          delivery.event_id,
          (content.publishedFor(lead.community) ?? content.published()).community.timeZone,
        );
        await postLeadWebhook(webhook, delivery.event_id, body, attemptTimeoutMs);
      };
    }
    this.senders = senders;
    this.sendable = Object.keys(senders) as DeliveryChannel[];
    this.channels = this.sendable.filter(isNewLeadChannel);
    this.interestMail = senders['interest-release'] !== undefined;
  }

  start(): void {
    this.loop.start();
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    this.loop.kick();
  }

  /**
   * One pass over the due deliveries. Each channel works through its own in order and the channels run side by
   * side, so a CRM that hangs until the timeout never delays the e-mails.
   */
  async deliverDue(): Promise<void> {
    if (this.sendable.length === 0) return;
    if (this.interestMail) await queueInterestReleases(this.db);
    const due = await dueLeadDeliveries(this.db, Date.now(), 20, this.sendable);
    const byChannel = new Map<string, LeadDeliveryRow[]>();
    for (const delivery of due) byChannel.set(delivery.channel, [...(byChannel.get(delivery.channel) ?? []), delivery]);
    await Promise.all(
      [...byChannel.values()].map(async (deliveries) => {
        for (const delivery of deliveries) {
          if (this.loop.stopped) return;
          await this.deliverOne(delivery);
        }
      }),
    );
  }

  private async deliverOne(delivery: LeadDeliveryRow): Promise<void> {
    const send = this.senders[delivery.channel];
    if (!send) return;
    if (!(await claimLeadDelivery(this.db, delivery.id, Date.now(), this.timing.leaseMs))) return;
    const log = { delivery: delivery.id, channel: delivery.channel, lead: `${delivery.lead_kind}:${delivery.lead_id}` };
    const lead = await findDeliveryLead(this.db, { kind: delivery.lead_kind, id: delivery.lead_id });
    const dropped = reasonToDrop(delivery.channel, lead);
    if (!lead || dropped) {
      await markLeadDeliveryDropped(this.db, delivery.id, dropped ?? '');
      this.logger.info({ ...log, reason: dropped }, 'lead delivery dropped');
      return;
    }
    try {
      await send(lead, delivery);
      await markLeadDelivered(this.db, delivery.id);
      this.logger.info(log, 'lead delivered');
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as Error).message ?? 'error';
      await scheduleLeadRetry(
        this.db,
        delivery.id,
        Date.now() + backoffDelay(delivery.attempts, this.timing.baseDelayMs, this.timing.maxDelayMs),
        String(code),
      );
      this.logger.warn({ ...log, code }, 'lead delivery failed; will retry');
    }
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport?.close();
  }
}
