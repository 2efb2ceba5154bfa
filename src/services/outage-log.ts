import type { Logger } from 'pino';

/**
 * Says when something the site depends on stops answering, and when it answers again: one line each way per
 * outage. Logged on every failed request or poll instead, an outage would bury the log under one line per visitor
 * (or per poll), and the line that says when it began would scroll away.
 */
export interface OutageLog {
  /** A call failed: logged at error level when it is the first failure since the last success. */
  failed(error: unknown): void;
  /** A call succeeded: logged at info level when it ends an outage. */
  succeeded(): void;
  readonly down: boolean;
}

export function createOutageLog(
  logger: Pick<Logger, 'error' | 'info'>,
  messages: { down: string; up: string },
): OutageLog {
  let since: number | undefined;
  return {
    failed(error) {
      if (since !== undefined) return;
      since = Date.now();
      logger.error({ err: error }, messages.down);
    },
    succeeded() {
      if (since === undefined) return;
      logger.info({ outageMs: Date.now() - since }, messages.up);
      since = undefined;
    },
    get down() {
      return since !== undefined;
    },
  };
}
