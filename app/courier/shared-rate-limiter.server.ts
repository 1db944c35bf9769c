import type { Db } from "~/db/client.server";
import { withBusyRetry } from "~/db/busy-retry";
import { componentLogger } from "~/logging/logger.server";
import { CourierError, throttledError, timeoutError } from "./errors";
import {
  decideNextGrant,
  type CourierLane,
  type CourierRateLimiter,
  type GrantRelease,
  type LaneDemand,
  type LimiterPolicyOptions,
  limiterPolicyOf,
} from "./rate-limit-policy";
import { createRateSlots, grantRateSlot, readRateSlots, releaseRateSlot } from "./rate-slot-sql.server";
import { grantsInWindow, oldestFreeSlot, type SlotRow } from "./rate-slots";

/**
 * The courier's limit of 10 requests per second per access token, held across every app instance
 * that shares the database (several instances behind a load balancer, each with its own workers).
 *
 * The budget of a token is `perSecond` rows of CourierRateSlot. Granting a request takes the slot
 * whose last grant is oldest, if that grant has left the window (1 s plus a safety margin), with a
 * conditional update on the slot's version: of several instances racing for it, one wins and the
 * others read again. Every slot's consecutive grants are therefore at least a window apart, so no
 * window ever holds more than `perSecond` grants, whatever the number of instances. (Every decider
 * aims at the same row, the globally oldest slot, so grants are also linearised: each decision saw
 * every grant made before it.) With holdUntilReleaseMs, as in the in-process limiter, a slot's window
 * counts from its request's answer: the grant records until when the slot is held (`heldUntil`, the
 * request's time limit) and the release moves `grantedAt` to the answer (rate-slots.ts).
 *
 * Lanes keep the in-process limiter's policy (decideNextGrant, reserves of 30 % each), with one
 * difference: a lane counts as active when it holds a grant in the current window anywhere, or has
 * a request waiting in THIS instance; a request waiting in another instance is not seen until it is
 * granted. In practice a lane in use keeps its reserve across instances, and a lane waking up after
 * an idle second may wait up to one window for its first slot.
 *
 * Within an instance, looks at a token's slots take turns (a per-token lock), so an instance never
 * races itself for a slot; waiting requests queue per token and lane (oldest first) and one loop per
 * token reads the slots, grants, or sleeps until the oldest grant leaves the window. Time is this
 * instance's clock: instances must keep their clocks in sync (NTP) well within the safety margin.
 * The database holds only the token's hash (courierTokenKey), the lane and the time of each slot.
 */

/** Fail-fast tries when another instance takes the free slot first. */
export const FAIL_FAST_ATTEMPTS = 5;
/** Added at random to a waiting loop's sleep, so instances waiting on one token do not read in lockstep. */
export const WAIT_JITTER_MS = 5;
const NEVER_GRANTED = new Date(0);
const log = componentLogger("courier");

/*
 * A waiting loop sleeps until the oldest grant leaves the window, also while slots are held for
 * requests in flight: such a slot counts as granted at the moment it is read, and its answer can only
 * move its window later (to the answer), never free it sooner, so looking again before then finds
 * nothing. Looking every 20 ms instead cost one read per waiting token every 20 ms (1,000 a second with
 * 20 busy tokens), on the pool the webhooks need (bench:tenants on PostgreSQL, issue 37).
 */
export type { SlotRow } from "./rate-slots";

export type SharedRateLimiterOptions = LimiterPolicyOptions & {
  db: Db;
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

type Waiter = {
  since: number;
  resolve: (release: GrantRelease | undefined) => void;
  reject: (error: unknown) => void;
  detach: () => void;
};
type TokenState = { queues: Record<CourierLane, Waiter[]>; pumping: boolean };
type TokenTurn = { tail: Promise<void>; holders: number };
type Attempt =
  | { granted: CourierLane; release: GrantRelease | undefined }
  | { waitMs: number }
  | { lost: true }
  | { refused: CourierLane | null };

/** The database behind the limiter failed: a retryable "throttled" error, so the caller tries again later. */
function unavailable(error: unknown): CourierError {
  return throttledError(
    undefined,
    `shared courier rate limit unavailable: ${error instanceof Error ? error.message.slice(0, 200) : "database error"}`,
  );
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSharedRateLimiter(options: SharedRateLimiterOptions): CourierRateLimiter {
  const { db } = options;
  const policy = limiterPolicyOf(options);
  const { perSecond } = policy;
  const clock = options.clock ?? (() => new Date());
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const tokens = new Map<string, TokenState>();
  const turns = new Map<string, TokenTurn>();
  const retryBusy = <T>(operation: () => Promise<T>) => withBusyRetry(operation, (ms) => sleep(ms), random);

  async function readSlots(tokenKey: string): Promise<SlotRow[]> {
    const read = () => retryBusy(() => readRateSlots(db, tokenKey, perSecond));
    const slots = await read();
    if (slots.length === perSecond) return slots;
    const missing = Array.from({ length: perSecond }, (_, slot) => slot).filter(
      (slot) => !slots.some((row) => row.slot === slot),
    );
    await retryBusy(() => createRateSlots(db, tokenKey, missing, NEVER_GRANTED));
    return read();
  }

  /** Runs `work` when this instance's earlier looks at the token's slots are done. */
  async function inTurn<T>(tokenKey: string, work: () => Promise<T>): Promise<T> {
    const turn = turns.get(tokenKey) ?? { tail: Promise.resolve(), holders: 0 };
    turns.set(tokenKey, turn);
    const previous = turn.tail;
    let release = () => {};
    turn.tail = new Promise<void>((resolve) => (release = resolve));
    turn.holders += 1;
    try {
      await previous;
      return await work();
    } finally {
      release();
      turn.holders -= 1;
      if (turn.holders === 0) turns.delete(tokenKey);
    }
  }

  /** One look at the token's slots: grants to the lane `decideNextGrant` picks if `accept` agrees, else says why not. */
  function attempt(
    tokenKey: string,
    demand: () => LaneDemand,
    accept: (lane: CourierLane) => boolean,
  ): Promise<Attempt> {
    return inTurn(tokenKey, () => attemptNow(tokenKey, demand(), accept));
  }

  async function attemptNow(
    tokenKey: string,
    demand: LaneDemand,
    accept: (lane: CourierLane) => boolean,
  ): Promise<Attempt> {
    const now = clock().getTime();
    const slots = await readSlots(tokenKey);
    const decision = decideNextGrant(policy, now, grantsInWindow(slots, now, policy.windowMs), demand);
    if (decision === null) return { refused: null };
    if ("waitMs" in decision) return { waitMs: decision.waitMs };
    if (!accept(decision.grant)) return { refused: decision.grant };
    const slot = oldestFreeSlot(slots, now, policy.windowMs);
    if (!slot) return { lost: true };
    // Held until the answer (release below), or until the request's own time limit has passed.
    const heldUntil = policy.holdMs > 0 ? new Date(now + policy.holdMs) : null;
    const granted = await retryBusy(() =>
      grantRateSlot(db, {
        tokenKey,
        slot: slot.slot,
        version: slot.version,
        lane: decision.grant,
        at: new Date(now),
        heldUntil,
      }),
    );
    if (!granted) return { lost: true };
    return { granted: decision.grant, release: heldUntil ? releaseOf(tokenKey, slot.slot, heldUntil) : undefined };
  }

  /**
   * The slot's window counts from the answer. `heldUntil` names this grant (the slot cannot be granted
   * again while it is held). A 429's hold that moved the slot past the answer stands. Once only; a
   * failed write leaves the slot held until the request's time limit, which is safe.
   */
  function releaseOf(tokenKey: string, slot: number, heldUntil: Date): GrantRelease {
    let released = false;
    const answer = (answeredAt: Date) =>
      retryBusy(() => releaseRateSlot(db, { tokenKey, slot, heldUntil, answeredAt }));
    return () => {
      if (released) return;
      released = true;
      answer(new Date(Math.min(clock().getTime(), heldUntil.getTime()))).catch((error: unknown) => {
        log.warn("Could not release a courier rate slot; it stays held until the request's time limit", { err: error });
      });
    };
  }

  const demandOf = (state: TokenState | undefined): LaneDemand => ({
    quote: { waiting: state?.queues.quote.length ?? 0, oldestSince: state?.queues.quote[0]?.since ?? null },
    background: {
      waiting: state?.queues.background.length ?? 0,
      oldestSince: state?.queues.background[0]?.since ?? null,
    },
  });

  const waiting = (state: TokenState) => state.queues.quote.length + state.queues.background.length;

  async function pump(tokenKey: string): Promise<void> {
    const state = tokens.get(tokenKey);
    if (!state || state.pumping) return;
    state.pumping = true;
    try {
      while (waiting(state) > 0) {
        const outcome = await attempt(
          tokenKey,
          () => demandOf(state),
          () => true,
        );
        if ("granted" in outcome) {
          const waiter = state.queues[outcome.granted].shift();
          waiter?.detach();
          if (waiter) waiter.resolve(outcome.release);
          // Nobody left to take it (aborted meanwhile): the slot's window counts from now.
          else outcome.release?.();
        } else if ("waitMs" in outcome) {
          await sleep(outcome.waitMs + Math.floor(random() * WAIT_JITTER_MS));
        }
      }
    } catch (error) {
      // The database failed: every waiter gets a retryable error now rather than waiting forever.
      const reason = unavailable(error);
      for (const queue of Object.values(state.queues)) {
        for (const waiter of queue.splice(0)) {
          waiter.detach();
          waiter.reject(reason);
        }
      }
    } finally {
      state.pumping = false;
      if (waiting(state) === 0) tokens.delete(tokenKey);
      else void pump(tokenKey);
    }
  }

  async function acquireNow(tokenKey: string, lane: CourierLane): Promise<GrantRelease | undefined> {
    const state = tokens.get(tokenKey);
    if (state && state.queues[lane].length > 0) {
      throw throttledError(undefined, `local rate limit reached for the ${lane} lane (fail fast)`);
    }
    for (let tries = 0; tries < FAIL_FAST_ATTEMPTS; tries++) {
      const demand = () => ({
        ...demandOf(tokens.get(tokenKey)),
        [lane]: { waiting: 1, oldestSince: clock().getTime() },
      });
      const outcome = await attempt(tokenKey, demand, (granted) => granted === lane);
      if ("granted" in outcome) return outcome.release;
      if ("lost" in outcome) continue;
      throw throttledError(
        "waitMs" in outcome ? outcome.waitMs : undefined,
        `shared rate limit reached for the ${lane} lane (fail fast)`,
      );
    }
    throw throttledError(undefined, `shared rate limit contended for the ${lane} lane (fail fast)`);
  }

  /**
   * Every slot of the token counts as granted until `until` minus one window, so none frees before
   * `until` in any instance. A slot never granted gets the background lane: a slot without a lane
   * does not count as a grant, and would look free without being one.
   */
  async function holdOffNow(tokenKey: string, until: number): Promise<void> {
    const blockedAt = new Date(until - policy.windowMs);
    await readSlots(tokenKey);
    const hold = (where: { lane: null } | { lane: { not: null } }, data: { lane?: CourierLane }) =>
      retryBusy(() =>
        db.courierRateSlot.updateMany({
          where: { tokenKey, slot: { lt: perSecond }, grantedAt: { lt: blockedAt }, ...where },
          data: { grantedAt: blockedAt, version: { increment: 1 }, ...data },
        }),
      );
    // A slot whose request is in flight keeps counting until its answer, then from the later of the
    // answer and the hold (releaseOf).
    await hold({ lane: null }, { lane: "background" });
    await hold({ lane: { not: null } }, {});
  }

  return {
    holdOff(tokenKey, ms) {
      const until = clock().getTime() + ms;
      return inTurn(tokenKey, () => holdOffNow(tokenKey, until)).catch((error: unknown) => {
        // The request that got the 429 still waits its Retry-After; only the other callers may not.
        log.warn("Could not hold the courier token off after a 429", { err: error });
      });
    },
    acquire(tokenKey, lane, opts) {
      if (opts.signal?.aborted) return Promise.reject(timeoutError(null));
      if (opts.failFast) {
        return acquireNow(tokenKey, lane).catch((error: unknown) => {
          throw error instanceof CourierError ? error : unavailable(error);
        });
      }
      let state = tokens.get(tokenKey);
      if (!state) {
        state = { queues: { quote: [], background: [] }, pumping: false };
        tokens.set(tokenKey, state);
      }
      const queue = state.queues[lane];
      return new Promise<GrantRelease | undefined>((resolve, reject) => {
        const onAbort = () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(timeoutError(null));
        };
        const waiter: Waiter = {
          since: clock().getTime(),
          resolve,
          reject,
          detach: () => opts.signal?.removeEventListener("abort", onAbort),
        };
        opts.signal?.addEventListener("abort", onAbort, { once: true });
        queue.push(waiter);
        void pump(tokenKey);
      });
    },
  };
}
