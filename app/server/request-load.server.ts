/**
 * How many requests the server has been receiving: the worker's "busy" signal (WorkerOptions.busy).
 * Counted in short windows so a burst is seen at once and forgotten soon after it ends. A count of
 * requests in flight does not work here: courier events are answered in batches, so between two
 * batches nothing is in flight even at a thousand requests a second.
 */
export const REQUEST_LOAD_WINDOW_MS = 250;

export function createRequestLoad(now: () => number = Date.now) {
  let windowStart = now();
  let current = 0;
  let previous = 0;
  const roll = () => {
    const t = now();
    const elapsed = t - windowStart;
    if (elapsed < REQUEST_LOAD_WINDOW_MS) return;
    previous = elapsed < 2 * REQUEST_LOAD_WINDOW_MS ? current : 0;
    current = 0;
    windowStart = t - (elapsed % REQUEST_LOAD_WINDOW_MS);
  };
  return {
    received(): void {
      roll();
      current += 1;
    },
    /** Requests per second over the last full window (or the current one, when it already has more). */
    perSecond(): number {
      roll();
      return (Math.max(previous, current) * 1000) / REQUEST_LOAD_WINDOW_MS;
    },
  };
}
