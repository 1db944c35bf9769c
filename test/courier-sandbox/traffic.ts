import { REQUESTS_PER_SECOND } from "~/courier/limits";

/**
 * The sandbox's rate limit (10 accepted requests per token in any sliding second, then 429 with
 * Retry-After in whole seconds) and its traffic counters for tests and benchmarks.
 */

export type TokenTraffic = {
  /** Every API request that carried this token, accepted or not. */
  requests: number;
  accepted: number;
  throttled: number;
  /** Most requests seen inside any one-second window (arrivals, including refused ones). */
  maxRps: number;
  /** Most accepted requests inside any one-second window: never above the limit. */
  maxAcceptedRps: number;
  /**
   * Requests that arrived while a Retry-After this token was given (with a 429) had not passed, later
   * than RETRY_AFTER_GRACE_MS after that 429 was sent (earlier ones may have been on their way already).
   */
  retryAfterUnhonoured: number;
};

export type TrafficStats = {
  requests: number;
  throttled: number;
  maxRps: number;
  maxAcceptedRps: number;
  retryAfterUnhonoured: number;
  statuses: Record<string, number>;
  perToken: Record<string, TokenTraffic>;
};

const WINDOW_MS = 1000;
/** A request sent before its client read a 429 cannot honour it: arrivals this soon after the 429 are not counted. */
export const RETRY_AFTER_GRACE_MS = 200;

const emptyStats = (): TrafficStats => ({
  requests: 0,
  throttled: 0,
  maxRps: 0,
  maxAcceptedRps: 0,
  retryAfterUnhonoured: 0,
  statuses: {},
  perToken: {},
});

export function createTraffic(clock: () => Date, perSecond = REQUESTS_PER_SECOND) {
  const windows = new Map<string, { arrivals: number[]; accepted: number[] }>();
  /** Per token: when the latest 429 was sent and until when its Retry-After asks the client to wait. */
  const retryAfters = new Map<string, { sentAt: number; until: number }>();
  let stats = emptyStats();

  const tokenStats = (token: string): TokenTraffic =>
    (stats.perToken[token] ??= {
      requests: 0,
      accepted: 0,
      throttled: 0,
      maxRps: 0,
      maxAcceptedRps: 0,
      retryAfterUnhonoured: 0,
    });
  const windowOf = (token: string) => {
    let w = windows.get(token);
    if (!w) windows.set(token, (w = { arrivals: [], accepted: [] }));
    return w;
  };
  const prune = (times: number[], now: number) => {
    while (times.length > 0 && times[0]! <= now - WINDOW_MS) times.shift();
  };

  return {
    /** Records an authenticated request; returns null when accepted, else the Retry-After in seconds. */
    admit(token: string): number | null {
      const now = clock().getTime();
      const w = windowOf(token);
      const t = tokenStats(token);
      prune(w.arrivals, now);
      prune(w.accepted, now);
      w.arrivals.push(now);
      t.requests += 1;
      const asked = retryAfters.get(token);
      if (asked && now < asked.until && now > asked.sentAt + RETRY_AFTER_GRACE_MS) {
        t.retryAfterUnhonoured += 1;
        stats.retryAfterUnhonoured += 1;
      }
      t.maxRps = Math.max(t.maxRps, w.arrivals.length);
      stats.maxRps = Math.max(stats.maxRps, t.maxRps);
      if (w.accepted.length >= perSecond) {
        t.throttled += 1;
        stats.throttled += 1;
        return Math.max(1, Math.ceil((w.accepted[0]! + WINDOW_MS - now) / 1000));
      }
      w.accepted.push(now);
      t.accepted += 1;
      t.maxAcceptedRps = Math.max(t.maxAcceptedRps, w.accepted.length);
      stats.maxAcceptedRps = Math.max(stats.maxAcceptedRps, t.maxAcceptedRps);
      return null;
    },
    /** A 429 with `Retry-After: seconds` is being sent to this token's client now. */
    noteRetryAfter(token: string, seconds: number) {
      const now = clock().getTime();
      const until = now + seconds * 1000;
      const current = retryAfters.get(token);
      retryAfters.set(token, { sentAt: now, until: Math.max(until, current?.until ?? 0) });
    },
    /** A 429 from fault injection, not from the limit. */
    noteInjectedThrottle(token: string) {
      tokenStats(token).throttled += 1;
      stats.throttled += 1;
    },
    /** Every API response, whatever its status (401s included). */
    noteResponse(status: number) {
      stats.requests += 1;
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    },
    stats(): TrafficStats {
      return structuredClone(stats);
    },
    reset() {
      windows.clear();
      retryAfters.clear();
      stats = emptyStats();
    },
  };
}
