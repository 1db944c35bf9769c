import type { IncomingMessage, ServerResponse } from "node:http";
import type { WorkerPace } from "~/jobs/worker.server";

/**
 * How many requests the server has been receiving, and how much that holds the worker in the same
 * process back (WorkerOptions.pace).
 * Counted in short windows so a burst is seen at once and forgotten soon after it ends. A count of
 * requests in flight does not work here: courier events are answered in batches, so between two
 * batches nothing is in flight even at a thousand requests a second.
 */
export const REQUEST_LOAD_WINDOW_MS = 250;

/** The current window is read as at least this long, so its first few requests do not read as a flood. */
export const REQUEST_LOAD_MIN_SPAN_MS = 50;

/**
 * Full windows remembered (one second): a busy window keeps counting this long after it. A process
 * too busy to read its sockets sees fewer requests arrive; without the memory that dip read as quiet
 * and let the worker start a full set of jobs in the middle of a burst.
 */
export const REQUEST_LOAD_HOLD_WINDOWS = 4;

export type RequestLoad = ReturnType<typeof createRequestLoad>;

export function createRequestLoad(now: () => number = Date.now) {
  let windowStart = now();
  let current = 0;
  /** Counts of the last full windows, oldest first (quiet windows as 0). */
  let recent: number[] = [];
  const roll = () => {
    const t = now();
    const elapsed = t - windowStart;
    if (elapsed < REQUEST_LOAD_WINDOW_MS) return;
    const passed = Math.floor(elapsed / REQUEST_LOAD_WINDOW_MS);
    recent =
      passed > REQUEST_LOAD_HOLD_WINDOWS
        ? []
        : [...recent, current, ...Array<number>(passed - 1).fill(0)].slice(-REQUEST_LOAD_HOLD_WINDOWS);
    current = 0;
    windowStart = t - (elapsed % REQUEST_LOAD_WINDOW_MS);
  };
  return {
    received(): void {
      roll();
      current += 1;
    },
    /**
     * Requests per second: the busiest of the last second's full windows, or the current window's so
     * far when higher, so the first tenth of a second of a burst already counts (a worker that wakes
     * then would otherwise start a full set of jobs).
     */
    perSecond(): number {
      roll();
      const span = Math.max(REQUEST_LOAD_MIN_SPAN_MS, now() - windowStart);
      return Math.max((Math.max(0, ...recent) * 1000) / REQUEST_LOAD_WINDOW_MS, (current * 1000) / span);
    },
  };
}

/**
 * The worker's pace for a request rate. From 50 a second (a flash sale's orders/paid) one job runs
 * at a time: the answers come first, and dispatch's courier calls (claimed first) keep the courier
 * busy. From 300 a second (a courier's event stream) a job also starts at most once a second: those
 * jobs only apply events, which can wait for the burst to end.
 */
export const BUSY_REQUESTS_PER_SECOND = 50;
export const FLOODED_REQUESTS_PER_SECOND = 300;

export function workerPaceFor(requestsPerSecond: number): WorkerPace | null {
  if (requestsPerSecond >= FLOODED_REQUESTS_PER_SECOND) return { maxRunning: 1, minStartIntervalMs: 1_000 };
  if (requestsPerSecond >= BUSY_REQUESTS_PER_SECOND) return { maxRunning: 1, minStartIntervalMs: 0 };
  return null;
}

/**
 * Whether an answered request was work the worker should give way to: the bursts it yields to are
 * posts the app accepted (orders/paid, courier events, checkout's rate callbacks, staff actions).
 * A refusal (bad signature or token, unknown path, wrong method, too large, too many) and any page
 * or file read are not: junk traffic, however fast, must not slow every shop's dispatch.
 */
export function countsAsWork(method: string | undefined, status: number): boolean {
  if (method === undefined || method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  return status < 400 || status >= 500;
}

/** Counts the request once it is answered, when it was work (countsAsWork). */
export function countWhenAnswered(load: RequestLoad, req: IncomingMessage, res: ServerResponse): void {
  res.once("finish", () => {
    if (countsAsWork(req.method, res.statusCode)) load.received();
  });
}
