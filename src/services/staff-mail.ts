import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { backoffDelay, PollingLoop } from './polling-loop.js';
import { createSmtpTransport } from './lead-outbox.js';
import { headerSafe } from './staff-lead-email.js';

/**
 * Staff e-mails (invitations, password resets): the stored row is the outbox, as for leads (decision 017). The
 * row is written in the same transaction as the invitation or reset it announces, then a worker sends it, with
 * retries and a lease per claim, so an SMTP outage delays a letter and never loses it. Once sent, its text (a
 * one-use link) is cleared.
 */

const ATTEMPT_TIMEOUT_MS = 15_000;
const LEASE_MS = 60_000;
const POLL_MS = 5_000;
const MAX_ATTEMPTS = 12;

export interface StaffLetter {
  to: string;
  subject: string;
  text: string;
}

/** Stores a letter to send (inside the caller's transaction). */
export async function queueStaffMail(db: Knex | Knex.Transaction, letter: StaffLetter): Promise<void> {
  await db('staff_mail').insert({
    to: letter.to,
    subject: headerSafe(letter.subject),
    text: letter.text,
    created_at: new Date().toISOString(),
    next_attempt_at: 0,
  });
}

interface MailRow {
  id: number;
  to: string;
  subject: string;
  text: string;
  attempts: number;
  next_attempt_at: number | string;
}

export class StaffMailer {
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Knex,
    private readonly mail: { smtpUrl: string; from: string },
    private readonly logger: Logger,
  ) {
    this.loop = new PollingLoop(
      () => this.pass(),
      POLL_MS,
      (error) => this.logger.error({ err: error }, 'staff mail pass failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  /** A letter was stored: send it now rather than at the next poll. */
  nudge(): void {
    this.loop.kick();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async pass(): Promise<void> {
    const now = Date.now();
    const due = await this.db('staff_mail')
      .whereNull('sent_at')
      .andWhere('attempts', '<', MAX_ATTEMPTS)
      .andWhere('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(10)
      .select<MailRow[]>('id', 'to', 'subject', 'text', 'attempts', 'next_attempt_at');
    for (const row of due) {
      if (this.loop.stopped) return;
      // The lease: only the instance whose update matched sends it.
      const claimed = await this.db('staff_mail')
        .where({ id: row.id, next_attempt_at: row.next_attempt_at })
        .whereNull('sent_at')
        .update({ next_attempt_at: now + LEASE_MS });
      if (claimed === 0) continue;
      await this.send(row);
    }
  }

  private async send(row: MailRow): Promise<void> {
    const transport = createSmtpTransport(this.mail.smtpUrl, ATTEMPT_TIMEOUT_MS);
    try {
      await transport.sendMail({ from: this.mail.from, to: row.to, subject: row.subject, text: row.text });
      await this.db('staff_mail')
        .where({ id: row.id })
        .update({ sent_at: new Date().toISOString(), text: '', last_error: null });
    } catch (error) {
      const attempts = row.attempts + 1;
      this.logger.warn({ err: error, attempts }, 'staff mail not sent yet');
      await this.db('staff_mail')
        .where({ id: row.id })
        .update({
          attempts,
          next_attempt_at: Date.now() + backoffDelay(attempts, 5_000, 15 * 60_000),
          last_error: String((error as Error).message ?? error).slice(0, 300),
        });
    } finally {
      transport.close();
    }
  }
}
