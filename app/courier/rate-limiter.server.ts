import { throttledError, timeoutError } from "./errors";
import {
  decideNextGrant,
  limiterPolicyOf,
  type CourierLane,
  type CourierRateLimiter,
  type Grant,
  type GrantRelease,
  type LaneDemand,
  type LimiterPolicyOptions,
} from "./rate-limit-policy";

/**
 * Keeps every caller in this process under the courier's limit of 10 requests per second per
 * access token. Two lanes share the budget: "quote" (checkout, latency-critical) and "background"
 * (dispatch, reconciliation, staff actions). Each lane is guaranteed a minimum share while it is
 * active; a share whose lane is idle is lent to the other lane, so a flash sale with no checkouts
 * still gets the whole budget for dispatch (and the reverse).
 *
 * The window slides (a grant counts for exactly one window after it was made), so no burst can
 * straddle a second boundary. A small safety margin is added to the window because the courier
 * measures at arrival, not at our send time.
 *
 * The shared limiter (shared-rate-limiter.server.ts) implements the same interface across instances;
 * the policy both enforce is rate-limit-policy.ts.
 */

export type InProcessRateLimiterOptions = LimiterPolicyOptions & {
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
};

/** A grant in the in-process limiter: `heldUntil` while its request is in flight (holdUntilReleaseMs). */
type HeldGrant = Grant & { heldUntil: number | null };

type Waiter = {
  since: number;
  resolve: (release: GrantRelease) => void;
  reject: (error: unknown) => void;
  detach: () => void;
};
type TokenState = { grants: HeldGrant[]; queues: Record<CourierLane, Waiter[]>; timerPending: boolean };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createInProcessRateLimiter(options: InProcessRateLimiterOptions = {}): CourierRateLimiter {
  const policy = limiterPolicyOf(options);
  const clock = options.clock ?? (() => new Date());
  const sleep = options.sleep ?? realSleep;
  const tokens = new Map<string, TokenState>();
  /** Per token: until when the courier asked to wait (holdOff). */
  const holds = new Map<string, number>();
  /** How long the token is still held off at `now` (0: not). */
  const heldFor = (tokenKey: string, now: number): number => {
    const until = holds.get(tokenKey);
    if (until === undefined) return 0;
    if (until > now) return until - now;
    holds.delete(tokenKey);
    return 0;
  };

  const stateFor = (tokenKey: string): TokenState => {
    let state = tokens.get(tokenKey);
    if (!state) {
      state = { grants: [], queues: { quote: [], background: [] }, timerPending: false };
      tokens.set(tokenKey, state);
    }
    return state;
  };

  const holdMs = policy.holdMs;

  /** The grants that still count at `now`; one still in flight counts as if granted now (its window starts at its release). */
  const liveGrants = (state: TokenState, now: number): Grant[] => {
    for (const grant of state.grants) {
      // No answer within the hold: the request has timed out, so its window counts from then.
      if (grant.heldUntil !== null && grant.heldUntil <= now) {
        grant.at = grant.heldUntil;
        grant.heldUntil = null;
      }
    }
    state.grants = state.grants.filter((grant) => grant.heldUntil !== null || grant.at > now - policy.windowMs);
    return state.grants.map((grant) => (grant.heldUntil !== null ? { at: now, lane: grant.lane } : grant));
  };

  /** Records a grant made now and returns its release. */
  const grantNow = (tokenKey: string, state: TokenState, lane: CourierLane, now: number): GrantRelease => {
    const grant: HeldGrant = { at: now, lane, heldUntil: holdMs > 0 ? now + holdMs : null };
    state.grants.push(grant);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      grant.at = Math.max(grant.at, clock().getTime());
      grant.heldUntil = null;
      // A waiter's timer was set for this grant's expiry as seen while it was in flight: look again.
      if (holdMs > 0) pump(tokenKey);
    };
  };

  const demandOf = (state: TokenState): LaneDemand => ({
    quote: { waiting: state.queues.quote.length, oldestSince: state.queues.quote[0]?.since ?? null },
    background: { waiting: state.queues.background.length, oldestSince: state.queues.background[0]?.since ?? null },
  });

  const pump = (tokenKey: string) => {
    const state = tokens.get(tokenKey);
    if (!state) return;
    for (;;) {
      const now = clock().getTime();
      const held = heldFor(tokenKey, now);
      const decision =
        held > 0 && state.queues.quote.length + state.queues.background.length > 0
          ? { waitMs: held }
          : decideNextGrant(policy, now, liveGrants(state, now), demandOf(state));
      if (decision === null) {
        if (state.grants.length === 0 && !state.timerPending) tokens.delete(tokenKey);
        return;
      }
      if ("waitMs" in decision) {
        if (!state.timerPending) {
          state.timerPending = true;
          void sleep(decision.waitMs).then(() => {
            state.timerPending = false;
            pump(tokenKey);
          });
        }
        return;
      }
      const waiter = state.queues[decision.grant].shift()!;
      const release = grantNow(tokenKey, state, decision.grant, now);
      waiter.detach();
      waiter.resolve(release);
    }
  };

  return {
    acquire(tokenKey, lane, opts) {
      if (opts.signal?.aborted) return Promise.reject(timeoutError(null));
      const state = stateFor(tokenKey);
      const now = clock().getTime();

      if (opts.failFast) {
        const held = heldFor(tokenKey, now);
        if (held > 0) {
          if (state.grants.length === 0 && state.queues.quote.length + state.queues.background.length === 0) {
            tokens.delete(tokenKey);
          }
          return Promise.reject(throttledError(held, `the courier asked to wait (Retry-After) for the ${lane} lane`));
        }
        const grants = liveGrants(state, now);
        const demand = demandOf(state);
        const decision =
          state.queues[lane].length > 0
            ? null
            : decideNextGrant(policy, now, grants, { ...demand, [lane]: { waiting: 1, oldestSince: now } });
        if (decision && "grant" in decision && decision.grant === lane) {
          return Promise.resolve(grantNow(tokenKey, state, lane, now));
        }
        const waitMs = decision && "waitMs" in decision ? decision.waitMs : undefined;
        if (state.grants.length === 0 && state.queues.quote.length + state.queues.background.length === 0) {
          tokens.delete(tokenKey);
        }
        return Promise.reject(throttledError(waitMs, `local rate limit reached for the ${lane} lane (fail fast)`));
      }

      return new Promise<GrantRelease>((resolve, reject) => {
        const onAbort = () => {
          const queue = state.queues[lane];
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(timeoutError(null));
          pump(tokenKey);
        };
        const waiter: Waiter = {
          since: now,
          resolve,
          reject,
          detach: () => opts.signal?.removeEventListener("abort", onAbort),
        };
        opts.signal?.addEventListener("abort", onAbort, { once: true });
        state.queues[lane].push(waiter);
        pump(tokenKey);
      });
    },
    holdOff(tokenKey, ms) {
      const until = clock().getTime() + ms;
      holds.set(tokenKey, Math.max(holds.get(tokenKey) ?? 0, until));
    },
  };
}
