/**
 * What the demo started, stopped in reverse order exactly once: on success, on a failed step, on an
 * exception, and on Ctrl-C (SIGINT) or SIGTERM.
 */
export type Cleanup = {
  /** Registers a closer; closers run last-registered first. */
  add(name: string, close: () => Promise<void> | void): void;
  /** Runs every closer (errors are reported, not thrown); later calls wait for the first run. */
  run(): Promise<void>;
};

export function createCleanup(onError: (name: string, error: unknown) => void): Cleanup {
  const closers: { name: string; close: () => Promise<void> | void }[] = [];
  let running: Promise<void> | null = null;
  return {
    add(name, close) {
      closers.push({ name, close });
    },
    run() {
      running ??= (async () => {
        while (closers.length > 0) {
          const { name, close } = closers.pop()!;
          try {
            await close();
          } catch (error) {
            onError(name, error);
          }
        }
      })();
      return running;
    },
  };
}
