/**
 * The quote flow's memory of courier estimates, in this process:
 * - answers per window slot for ESTIMATE_TTL_MS. Each cart-and-window (`windowKey`) keeps its latest
 *   answer with the exact times it was asked for (`slot`): the same slot is "fresh"; an earlier slot
 *   (pickup times move on in 5-minute steps) is "stale" but still within the TTL, good to answer
 *   with while a refresh runs, so a cart quoted a minute ago never waits on the courier again;
 * - single flight: concurrent identical requests share one courier call;
 * - a pause per shop after the courier answered 429, until its Retry-After has passed;
 * - when a shop's quotes were last refused a courier call (its share of the limit spent, or paused):
 *   for RUSH_MS after, the shop is in a rush (estimate-choice.ts spends live estimates where they
 *   teach most).
 * Keys are hashes (see cart-to-estimate.ts): nothing here holds an address.
 */

export const ESTIMATE_TTL_MS = 10 * 60_000;
/** Most windows kept; the least recently stored go first. */
export const MAX_CACHED_ESTIMATES = 20_000;
/** How long after a refused courier call a shop's checkout counts as in a rush. */
export const RUSH_MS = 1_000;
/** The window the shop's own live calls are counted over (the courier's limit is per second). */
export const CALLS_WINDOW_MS = 1_000;

/** What the courier said about one window that is worth remembering. */
export type EstimateOutcome =
  | { kind: "priced"; priceDollars: number; distanceMiles: number | null }
  | { kind: "out_of_area"; why: "address_not_found" | "no_route" | "too_far" }
  /** The courier refused the request as invalid (e.g. an address field it does not accept). */
  | { kind: "refused" };

export type CacheLookup = { state: "fresh" | "stale"; outcome: EstimateOutcome } | null;

type Entry = { slot: string; outcome: EstimateOutcome; storedAt: number };

export type EstimateCacheOptions = {
  clock: () => Date;
  ttlMs?: number;
  maxEntries?: number;
};

export function createEstimateCache({
  clock,
  ttlMs = ESTIMATE_TTL_MS,
  maxEntries = MAX_CACHED_ESTIMATES,
}: EstimateCacheOptions) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<unknown>>();
  const pausedUntil = new Map<string, number>();
  const refusedAt = new Map<string, number>();
  const callsAt = new Map<string, number[]>();

  return {
    lookup(windowKey: string, slot: string): CacheLookup {
      const entry = entries.get(windowKey);
      if (!entry) return null;
      if (clock().getTime() - entry.storedAt >= ttlMs) {
        entries.delete(windowKey);
        return null;
      }
      return { state: entry.slot === slot ? "fresh" : "stale", outcome: entry.outcome };
    },

    store(windowKey: string, slot: string, outcome: EstimateOutcome): void {
      entries.delete(windowKey);
      entries.set(windowKey, { slot, outcome, storedAt: clock().getTime() });
      // Map iteration follows insertion order: the first key is the least recently stored.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },

    /** Runs `work` unless a call with the same key is under way, whose result is then shared. */
    coalesce<T>(key: string, work: () => Promise<T>): Promise<T> {
      const running = inFlight.get(key);
      if (running) return running as Promise<T>;
      const started = work().finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },

    /** The call under way with this key (see coalesce), if any. */
    running(key: string): Promise<unknown> | undefined {
      return inFlight.get(key);
    },

    /** A courier call for this shop's checkout was refused (limit spent, paused). */
    noteRefused(shopKey: string): void {
      refusedAt.delete(shopKey);
      refusedAt.set(shopKey, clock().getTime());
      while (refusedAt.size > maxEntries) refusedAt.delete(refusedAt.keys().next().value!);
    },

    /** A live courier call was made for this shop's checkout. */
    noteCall(shopKey: string): void {
      const now = clock().getTime();
      const calls = (callsAt.get(shopKey) ?? []).filter((at) => now - at < CALLS_WINDOW_MS);
      calls.push(now);
      callsAt.delete(shopKey);
      callsAt.set(shopKey, calls);
      while (callsAt.size > maxEntries) callsAt.delete(callsAt.keys().next().value!);
    },

    /** The shop's live courier calls within the last CALLS_WINDOW_MS. */
    recentCalls(shopKey: string): number {
      const now = clock().getTime();
      return (callsAt.get(shopKey) ?? []).filter((at) => now - at < CALLS_WINDOW_MS).length;
    },

    isRushed(shopKey: string): boolean {
      const at = refusedAt.get(shopKey);
      return at !== undefined && clock().getTime() - at < RUSH_MS;
    },

    pause(shopKey: string, ms: number): void {
      pausedUntil.set(shopKey, Math.max(pausedUntil.get(shopKey) ?? 0, clock().getTime() + ms));
    },

    isPaused(shopKey: string): boolean {
      const until = pausedUntil.get(shopKey);
      if (until === undefined) return false;
      if (clock().getTime() < until) return true;
      pausedUntil.delete(shopKey);
      return false;
    },

    get size() {
      return entries.size;
    },

    get inFlightCount() {
      return inFlight.size;
    },
  };
}

export type EstimateCache = ReturnType<typeof createEstimateCache>;
