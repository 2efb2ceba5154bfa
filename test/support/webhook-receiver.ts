import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a receiver does with one request: answer 200, answer 500, or hold it open without answering. */
export type ReceiverAnswer = 'ok' | 'fail' | 'hang';

export interface ReceivedPost {
  headers: http.IncomingHttpHeaders;
  /** The raw body, exactly as it came over the wire (the signature covers these bytes). */
  body: string;
  answer: ReceiverAnswer;
}

/**
 * A real HTTP receiver on loopback, standing in for a CRM: each POST gets the next scripted answer (then 'ok'),
 * and every request is kept with its raw body.
 */
export class WebhookReceiver {
  readonly posts: ReceivedPost[] = [];
  private readonly script: ReceiverAnswer[] = [];
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = this.script.shift() ?? 'ok';
      this.posts.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answer });
      if (answer === 'hang') return;
      res.writeHead(answer === 'ok' ? 200 : 500, { 'Content-Type': 'text/plain' }).end(answer);
    });
  });

  /** The answers for the next requests, in order. */
  answerNext(...answers: ReceiverAnswer[]): void {
    this.script.push(...answers);
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/leads`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
