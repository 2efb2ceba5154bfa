/**
 * The loop of a worker that polls the database for due rows (the lead outbox, the upload clean-up): one pass at a
 * time, the next `pollMs` after the last one ends, and a kick runs a pass now (or right after the current one).
 * The timer never keeps the process alive, and `stop` waits for the pass under way.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private halted = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly pollMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Whether stop() was called: a pass checks it between rows, to end early. */
  get stopped(): boolean {
    return this.halted;
  }

  start(): void {
    this.halted = false;
    this.kick();
  }

  kick(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        } else if (!this.halted) {
          this.timer = setTimeout(() => this.kick(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  async stop(): Promise<void> {
    this.halted = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

/** The wait before the next attempt after `attempts` failed ones: doubling from `baseMs`, never above `maxMs`. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** attempts, maxMs);
}
