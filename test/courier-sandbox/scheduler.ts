/**
 * Sandbox time for progression, expiry and webhook retries. Delays are given in sandbox
 * milliseconds and divided by the time scale: at scale 1000 the 30 s before the first event take
 * 30 ms. Tests may inject their own scheduler (for example one they step by hand).
 */
export type Scheduler = {
  /** Runs `fn` after `sandboxMs` of sandbox time; returns a function that cancels it. */
  after(sandboxMs: number, fn: () => void): () => void;
  /** Cancels everything still pending. */
  cancelAll(): void;
};

const MAX_TIMER_MS = 2 ** 31 - 1;

export function scaledScheduler(timeScale: number): Scheduler {
  if (!(timeScale > 0)) throw new RangeError("timeScale must be a positive number");
  const pending = new Set<NodeJS.Timeout>();
  return {
    after(sandboxMs, fn) {
      const timer = setTimeout(
        () => {
          pending.delete(timer);
          fn();
        },
        Math.min(MAX_TIMER_MS, Math.max(0, sandboxMs / timeScale)),
      );
      timer.unref();
      pending.add(timer);
      return () => {
        clearTimeout(timer);
        pending.delete(timer);
      };
    },
    cancelAll() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}
