import { describe, expect, it } from "vitest";
import { createEstimateCache, ESTIMATE_TTL_MS, RUSH_MS, type EstimateOutcome } from "~/quote/estimate-cache.server";

function cacheWithClock(maxEntries?: number) {
  let nowMs = Date.parse("2026-11-20T12:00:00Z");
  const cache = createEstimateCache({ clock: () => new Date(nowMs), maxEntries });
  return { cache, advance: (ms: number) => (nowMs += ms) };
}

const priced = (priceDollars: number): EstimateOutcome => ({ kind: "priced", priceDollars, distanceMiles: 3 });

describe("createEstimateCache", () => {
  it.each([
    ["the same slot, just stored", "slot-1", 0, "fresh"],
    ["the same slot, just under the TTL", "slot-1", ESTIMATE_TTL_MS - 1, "fresh"],
    ["a later slot within the TTL", "slot-2", 60_000, "stale"],
    ["the same slot at the TTL", "slot-1", ESTIMATE_TTL_MS, null],
  ])("%s → %s", (_label, slot, after, state) => {
    const { cache, advance } = cacheWithClock();
    cache.store("cart:window", "slot-1", priced(12.5));
    advance(after);
    const found = cache.lookup("cart:window", slot);
    expect(found?.state ?? null).toBe(state);
    if (found) expect(found.outcome).toEqual(priced(12.5));
  });

  it("keeps the latest slot of a window", () => {
    const { cache } = cacheWithClock();
    cache.store("k", "slot-1", priced(1));
    cache.store("k", "slot-2", priced(2));
    expect(cache.lookup("k", "slot-2")).toEqual({ state: "fresh", outcome: priced(2) });
    expect(cache.lookup("k", "slot-1")?.state).toBe("stale");
  });

  it("keeps at most maxEntries windows, dropping the least recently stored", () => {
    const { cache } = cacheWithClock(2);
    cache.store("a", "s", priced(1));
    cache.store("b", "s", priced(2));
    cache.store("a", "s", priced(3));
    cache.store("c", "s", priced(4));
    expect(cache.size).toBe(2);
    expect(cache.lookup("b", "s")).toBeNull();
    expect(cache.lookup("a", "s")?.outcome).toEqual(priced(3));
  });

  it("shares one call among identical concurrent requests, and forgets it once settled", async () => {
    const { cache } = cacheWithClock();
    let calls = 0;
    let release: (value: number) => void = () => undefined;
    const work = () => {
      calls += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const all = Promise.all(Array.from({ length: 10 }, () => cache.coalesce("k", work)));
    expect(cache.inFlightCount).toBe(1);
    release(7);
    expect(await all).toEqual(Array(10).fill(7));
    expect(calls).toBe(1);
    expect(cache.inFlightCount).toBe(0);
    await cache.coalesce("k", async () => ++calls);
    expect(calls).toBe(2);
  });

  it("pauses a shop until the pause has passed", () => {
    const { cache, advance } = cacheWithClock();
    cache.pause("shop", 1_000);
    expect(cache.isPaused("shop")).toBe(true);
    expect(cache.isPaused("other")).toBe(false);
    advance(999);
    expect(cache.isPaused("shop")).toBe(true);
    advance(1);
    expect(cache.isPaused("shop")).toBe(false);
  });
});

describe("the estimate cache's rush state", () => {
  it("a shop is in a rush for RUSH_MS after a refused call", () => {
    const { cache, advance } = cacheWithClock();
    expect(cache.isRushed("shop")).toBe(false);
    cache.noteRefused("shop");
    advance(RUSH_MS - 1);
    expect(cache.isRushed("shop")).toBe(true);
    expect(cache.isRushed("other")).toBe(false);
    advance(1);
    expect(cache.isRushed("shop")).toBe(false);
  });

  it("counts a shop's live calls of the last second", () => {
    const { cache, advance } = cacheWithClock();
    cache.noteCall("shop");
    advance(600);
    cache.noteCall("shop");
    expect(cache.recentCalls("shop")).toBe(2);
    advance(400);
    expect(cache.recentCalls("shop")).toBe(1);
    expect(cache.recentCalls("other")).toBe(0);
  });
});
