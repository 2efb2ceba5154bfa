import nodemailer, { type Transporter } from 'nodemailer';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import {
  claimDelivery,
  dueDeliveries,
  findContactMessage,
  markDelivered,
  scheduleRetry,
  type ContactMessageRow,
} from '../db/contact-messages.js';

export interface OutboxOptions {
  to: string;
  /** The sender; config.ts falls back to `to` when MAIL_FROM is not set. */
  from: string;
  siteName: string;
  /** First retry after this long; doubles each attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  pollMs?: number;
  /** How long a claimed message stays reserved for the worker that took it. */
  leaseMs?: number;
}

/** Header values come from strangers: no CR, LF or other control characters ever reach a header. */
export function headerSafe(value: string, max = 200): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .trim()
      .slice(0, max)
  );
}

export function composeLeadEmail(message: ContactMessageRow, options: { to: string; from: string; siteName: string }) {
  const domain = options.to.split('@')[1] ?? 'localhost';
  return {
    from: options.from,
    to: options.to,
    replyTo: {
      name: headerSafe(`${message.firstname} ${message.lastname}`, 130),
      address: headerSafe(message.email, 254),
    },
    subject: headerSafe(`Website message: ${message.subject}`),
    // The same id for every attempt, so a retry after a crash is recognisable as the same message.
    messageId: `<contact-${message.id}@${domain}>`,
    headers: { 'X-Contact-Message-Id': String(message.id) },
    text: [
      `A new message came through the ${options.siteName} website.`,
      '',
      `Name:    ${message.firstname} ${message.lastname}`,
      `Email:   ${message.email}`,
      `Phone:   ${message.phone}`,
      `Subject: ${message.subject}`,
      `Page:    ${message.source_page ?? '(unknown)'}`,
      '',
      message.message,
      '',
      `Message #${message.id}; every message is also in the staff inbox at /admin/messages.`,
    ].join('\n'),
  };
}

/**
 * Delivers stored contact messages by e-mail. The database is the outbox: a message is committed before the
 * visitor is answered, and this worker sends pending ones with exponential backoff, across restarts, recording
 * when each went out. A crash between the SMTP server's acceptance and the record can resend one message; it
 * then carries the same Message-ID.
 */
export class MailOutbox {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Knex,
    smtpUrl: string,
    private readonly options: OutboxOptions,
    private readonly logger: Logger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  private get pollMs() {
    return this.options.pollMs ?? 5_000;
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Runs a delivery pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.deliverDue()
      .catch((error: unknown) => this.logger.error({ err: error }, 'mail outbox pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        } else if (!this.stopped) {
          this.timer = setTimeout(() => this.kick(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  private retryDelay(attempts: number): number {
    const base = this.options.baseDelayMs ?? 5_000;
    return Math.min(base * 2 ** attempts, this.options.maxDelayMs ?? 15 * 60_000);
  }

  async deliverDue(): Promise<void> {
    const now = Date.now();
    const ids = await dueDeliveries(this.db, now, 20);
    for (const id of ids) {
      if (this.stopped) return;
      if (!(await claimDelivery(this.db, id, Date.now(), this.options.leaseMs ?? 60_000))) continue;
      const message = await findContactMessage(this.db, id);
      if (!message) continue;
      try {
        await this.transport.sendMail(composeLeadEmail(message, this.options));
        await markDelivered(this.db, id);
        this.logger.info({ messageId: id }, 'lead e-mailed');
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as Error).message ?? 'error';
        await scheduleRetry(this.db, id, Date.now() + this.retryDelay(message.delivery_attempts), String(code));
        this.logger.warn({ messageId: id, code }, 'lead e-mail failed; will retry');
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }
}
