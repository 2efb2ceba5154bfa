/**
 * Things to undo however the bench ends: the child server, browsers, the static server, temporary folders.
 * Tasks run last-registered first, each on its own (one failing does not skip the others), and only once.
 */
type CleanupTask = () => void | Promise<void>;

const tasks: CleanupTask[] = [];

/** Registers a task; the returned function unregisters it (when the resource was already released normally). */
export function onCleanup(task: CleanupTask): () => void {
  tasks.push(task);
  return () => {
    const index = tasks.indexOf(task);
    if (index >= 0) tasks.splice(index, 1);
  };
}

export async function runCleanups(): Promise<void> {
  while (tasks.length > 0) {
    const task = tasks.pop() as CleanupTask;
    try {
      await task();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

/** Ctrl-C or a termination request: clean up, then exit with the conventional code (130 / 143). */
export function cleanUpOnSignals(): void {
  const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
  for (const [signal, code] of Object.entries(codes)) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the bench and cleaning up…`);
      void runCleanups().finally(() => process.exit(code));
    });
  }
}
