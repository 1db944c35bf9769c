import { createHash } from "node:crypto";
import { REQUESTS_PER_SECOND } from "./limits";

/**
 * The courier's limit of 10 requests per second per access token, as policy both limiters enforce:
 * the in-process one (rate-limiter.server.ts, one instance) and the shared one across instances
 * (shared-rate-limiter.server.ts, a table of request slots). Two lanes share the budget: "quote"
 * (checkout, latency-critical) and "background" (dispatch, reconciliation, staff actions); each is
 * guaranteed a minimum share while active, and an idle lane's share is lent to the other. Pure.
 */

export type CourierLane = "quote" | "background";
export const COURIER_LANES: readonly CourierLane[] = ["quote", "background"];

export type AcquireOptions = { failFast: boolean; signal?: AbortSignal };

/** Called once the granted request has its answer (or has failed): the limiter may count its window from then. */
export type GrantRelease = () => void;

export interface CourierRateLimiter {
  /**
   * Resolves when a request may be sent now, with a release to call when its answer is in (a limiter
   * that counts from the grant alone resolves nothing). With failFast and no capacity it throws a
   * "throttled" CourierError at once.
   */
  acquire(tokenKey: string, lane: CourierLane, opts: AcquireOptions): Promise<GrantRelease | void>;
  /**
   * The courier answered 429 with a Retry-After: no request with this token is granted for `ms`.
   * Every caller waits, not only the one that got the 429 (the courier counts every request that
   * arrives before its Retry-After has passed against the token).
   */
  holdOff(tokenKey: string, ms: number): Promise<void> | void;
}

/** The limiter's key for a token: a hash, so the raw token is never held in limiter state or logs. */
export function courierTokenKey(token: string): string {
  return createHash("sha256").update(`courier-rate:${token}`, "utf8").digest("hex").slice(0, 32);
}

export type LimiterPolicy = {
  perSecond: number;
  windowMs: number;
  /** How long a grant is held at most waiting for its release (0: its window counts from the grant). */
  holdMs: number;
  reserved: Record<CourierLane, number>;
};

export type Grant = { at: number; lane: CourierLane };
export type LaneDemand = Record<CourierLane, { waiting: number; oldestSince: number | null }>;
export type LaneDecision = { grant: CourierLane } | { waitMs: number } | null;

const other = (lane: CourierLane): CourierLane => (lane === "quote" ? "background" : "quote");

/**
 * Pure decision: which lane gets the next slot now, or how long until one may free up, or null
 * when nobody waits. `grants` must hold only the grants inside the current window.
 */
export function decideNextGrant(
  policy: LimiterPolicy,
  now: number,
  grants: readonly Grant[],
  demand: LaneDemand,
): LaneDecision {
  const waitingLanes = COURIER_LANES.filter((lane) => demand[lane].waiting > 0);
  if (waitingLanes.length === 0) return null;

  const used: Record<CourierLane, number> = { quote: 0, background: 0 };
  let oldest = Infinity;
  for (const grant of grants) {
    used[grant.lane] += 1;
    oldest = Math.min(oldest, grant.at);
  }
  const untilNextExpiry = grants.length === 0 ? 1 : Math.max(1, oldest + policy.windowMs - now);
  const free = policy.perSecond - grants.length;
  if (free <= 0) return { waitMs: untilNextExpiry };

  // Slots held back for a lane that is active (waiting, or used inside the window) but below its reserve.
  const held = (lane: CourierLane) =>
    demand[lane].waiting > 0 || used[lane] > 0 ? Math.max(0, policy.reserved[lane] - used[lane]) : 0;
  const eligible = waitingLanes.filter((lane) => free - held(other(lane)) > 0);
  if (eligible.length === 0) return { waitMs: untilNextExpiry };
  if (eligible.length === 1) return { grant: eligible[0]! };

  const belowReserve = (lane: CourierLane) => used[lane] < policy.reserved[lane];
  if (belowReserve("quote") !== belowReserve("background")) {
    return { grant: belowReserve("quote") ? "quote" : "background" };
  }
  const since = (lane: CourierLane) => demand[lane].oldestSince ?? Infinity;
  return { grant: since("background") < since("quote") ? "background" : "quote" };
}

export type LimiterPolicyOptions = {
  perSecond?: number;
  /**
   * When set, a grant holds its slot until it is released (or this long at most: the request's own
   * time limit), and its window counts from the release. The courier counts a request when it arrives,
   * which is after we send it and before we read its answer; counting from the answer therefore keeps
   * any second at the courier within the limit however late a busy event loop sends what was granted,
   * without a wide margin that would cost throughput. Unset: the window counts from the grant.
   */
  holdUntilReleaseMs?: number;
  /** Minimum share of the budget guaranteed to each lane while it is active (0..1; the two add up to at most 1). */
  reservedQuoteShare?: number;
  reservedBackgroundShare?: number;
  windowMs?: number;
  safetyMarginMs?: number;
};

/** The policy both limiters (in-process and shared) enforce: the budget, the window with its margin, each lane's reserve. */
export function limiterPolicyOf(options: LimiterPolicyOptions): LimiterPolicy {
  const perSecond = options.perSecond ?? REQUESTS_PER_SECOND;
  const quoteShare = options.reservedQuoteShare ?? 0.3;
  const backgroundShare = options.reservedBackgroundShare ?? 0.3;
  if (!(Number.isInteger(perSecond) && perSecond > 0)) throw new RangeError("perSecond must be a positive integer");
  if (quoteShare < 0 || backgroundShare < 0 || quoteShare + backgroundShare > 1) {
    throw new RangeError("Reserved lane shares must be between 0 and 1 and add up to at most 1");
  }
  // At least one slot for a lane with a share, however small the budget.
  const reservedSlots = (share: number) => (share > 0 ? Math.max(1, Math.floor(share * perSecond)) : 0);
  const holdMs = options.holdUntilReleaseMs ?? 0;
  if (!(Number.isFinite(holdMs) && holdMs >= 0)) throw new RangeError("holdUntilReleaseMs must be 0 or more");
  return {
    perSecond,
    holdMs,
    windowMs: (options.windowMs ?? 1000) + (options.safetyMarginMs ?? 50),
    reserved: { quote: reservedSlots(quoteShare), background: reservedSlots(backgroundShare) },
  };
}
