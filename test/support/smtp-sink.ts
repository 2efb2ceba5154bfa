import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A mail server that goes quiet: the first `sessions` connections wait `ms` before the greeting or MAIL FROM reply. */
export interface SmtpStall {
  at: 'greeting' | 'mail-from';
  ms: number;
  sessions: number;
}

/** A real SMTP server on loopback that keeps what it receives; it can be stopped and started on the same port. */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private readonly stalls = new Set<NodeJS.Timeout>();
  /** Each session's place in the order of connections, counted from 1. */
  private readonly arrival = new Map<string, number>();
  port = 0;
  /** Connections accepted and connections ended, by either side. */
  connections = 0;
  closed = 0;

  constructor(private readonly stall?: SmtpStall) {}

  /** Answers after the stall in a stalled session, at once in the others. */
  private answer(sessionId: string, at: SmtpStall['at'], callback: () => void): void {
    if (!this.stall || this.stall.at !== at || (this.arrival.get(sessionId) ?? Infinity) > this.stall.sessions) {
      callback();
      return;
    }
    const timer = setTimeout(() => {
      this.stalls.delete(timer);
      callback();
    }, this.stall.ms);
    this.stalls.add(timer);
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect: (session, callback) => {
        this.connections += 1;
        this.arrival.set(session.id, this.connections);
        this.answer(session.id, 'greeting', () => callback());
      },
      onMailFrom: (_address, session, callback) => this.answer(session.id, 'mail-from', () => callback()),
      onClose: () => {
        this.closed += 1;
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const timer of this.stalls) clearTimeout(timer);
    this.stalls.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  messageIds(): string[] {
    return this.mails.map((mail) => /^Message-ID:\s*(<[^>]+>)/im.exec(mail.raw)?.[1] ?? '');
  }
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
