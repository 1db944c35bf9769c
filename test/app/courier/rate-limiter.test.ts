import { describe, expect, it } from "vitest";
import { CourierError } from "~/courier/errors";
import {
  courierTokenKey,
  decideNextGrant,
  type CourierLane,
  type Grant,
  type LimiterPolicy,
} from "~/courier/rate-limit-policy";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";

/** A hand-driven clock: sleepers wake only when the test moves time forward. */
function manualTime() {
  let now = 0;
  const sleepers: { at: number; resolve: () => void }[] = [];
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    clock: () => new Date(now),
    now: () => now,
    sleep: (ms: number) => new Promise<void>((resolve) => sleepers.push({ at: now + ms, resolve })),
    async runUntil(end: number) {
      await flush();
      for (;;) {
        sleepers.sort((a, b) => a.at - b.at);
        const next = sleepers[0];
        if (!next || next.at > end) break;
        sleepers.shift();
        now = Math.max(now, next.at);
        next.resolve();
        await flush();
      }
      now = end;
      await flush();
    },
  };
}

function recorder(time: ReturnType<typeof manualTime>) {
  const grants: { at: number; lane: CourierLane }[] = [];
  const acquireMany = (limiter: ReturnType<typeof createInProcessRateLimiter>, lane: CourierLane, count: number) => {
    for (let i = 0; i < count; i++) {
      void limiter.acquire("token", lane, { failFast: false }).then(() => grants.push({ at: time.now(), lane }));
    }
  };
  /** The largest number of grants (of `lane`, or all) inside any window of `ms` ending at a grant. */
  const maxInWindow = (ms: number, lane?: CourierLane) =>
    Math.max(
      0,
      ...grants.map((g) => grants.filter((h) => h.at > g.at - ms && h.at <= g.at && (!lane || h.lane === lane)).length),
    );
  const countBetween = (from: number, to: number, lane: CourierLane) =>
    grants.filter((g) => g.at >= from && g.at < to && g.lane === lane).length;
  return { grants, acquireMany, maxInWindow, countBetween };
}

const policy: LimiterPolicy = { perSecond: 10, windowMs: 1000, holdMs: 0, reserved: { quote: 3, background: 3 } };
const grantsOf = (quote: number, background: number, at = 0): Grant[] => [
  ...Array.from({ length: quote }, () => ({ at, lane: "quote" as const })),
  ...Array.from({ length: background }, () => ({ at, lane: "background" as const })),
];
const demand = (quote: number, background: number, quoteSince = 0, backgroundSince = 0) => ({
  quote: { waiting: quote, oldestSince: quote ? quoteSince : null },
  background: { waiting: background, oldestSince: background ? backgroundSince : null },
});

describe("decideNextGrant (pure)", () => {
  it.each([
    ["nobody waits", grantsOf(0, 0), demand(0, 0), null],
    [
      "an idle quote lane lends its share: background takes the 10th slot",
      grantsOf(0, 9),
      demand(0, 1),
      { grant: "background" },
    ],
    ["window full: wait for the oldest grant to leave", grantsOf(4, 6), demand(1, 1), { waitMs: 500 }],
    [
      "quote active below its reserve: background may not take the held slots",
      grantsOf(1, 7),
      demand(0, 1),
      { waitMs: 500 },
    ],
    ["quote active below its reserve gets the slot", grantsOf(1, 7), demand(1, 1, 100, 0), { grant: "quote" }],
    [
      "both at or above reserve: the older waiter first",
      grantsOf(3, 3),
      demand(1, 1, 200, 100),
      { grant: "background" },
    ],
    [
      "the lane below its reserve goes first even if younger",
      grantsOf(5, 2),
      demand(1, 1, 100, 300),
      { grant: "background" },
    ],
  ] as const)("%s", (_name, grants, laneDemand, expected) => {
    expect(
      decideNextGrant(
        policy,
        500,
        grants.map((g) => ({ ...g, at: g.at })),
        laneDemand,
      ),
    ).toEqual(expected);
  });
});

describe("createInProcessRateLimiter", () => {
  it("never lets more than 10 through in any one-second window, under mixed random load", async () => {
    const time = manualTime();
    const limiter = createInProcessRateLimiter({ clock: time.clock, sleep: time.sleep, safetyMarginMs: 0 });
    const rec = recorder(time);
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    let requested = 0;
    for (let t = 0; t < 5000; t += 50) {
      await time.runUntil(t);
      const count = Math.floor(random() * 4);
      requested += count;
      rec.acquireMany(limiter, random() < 0.5 ? "quote" : "background", count);
    }
    await time.runUntil(60_000);
    expect(requested).toBeGreaterThan(100);
    expect(rec.grants).toHaveLength(requested);
    expect(rec.maxInWindow(1000)).toBeLessThanOrEqual(10);
  });

  it("adds the safety margin to the window (the courier counts at arrival)", async () => {
    const time = manualTime();
    const limiter = createInProcessRateLimiter({ clock: time.clock, sleep: time.sleep });
    const rec = recorder(time);
    rec.acquireMany(limiter, "background", 20);
    await time.runUntil(5000);
    expect(rec.grants.filter((g) => g.at === 0)).toHaveLength(10);
    expect(Math.min(...rec.grants.filter((g) => g.at > 0).map((g) => g.at))).toBe(1050);
  });

  it("counting from the answer (holdUntilReleaseMs): at most 10 arrive at the courier in any second, however late each is sent", async () => {
    const time = manualTime();
    const limiter = createInProcessRateLimiter({
      clock: time.clock,
      sleep: time.sleep,
      safetyMarginMs: 0,
      holdUntilReleaseMs: 10_000,
    });
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const arrivals: number[] = [];
    const requests = 120;
    for (let i = 0; i < requests; i++) {
      void limiter.acquire("token", i % 3 ? "background" : "quote", { failFast: false }).then((release) => {
        // In flight for up to 400 ms; the courier counts it at any moment of that flight (a busy event
        // loop may send it late), and we read its answer at the end.
        const flight = Math.floor(random() * 400);
        arrivals.push(time.now() + Math.floor(random() * flight));
        void time.sleep(flight).then(() => release?.());
      });
    }
    await time.runUntil(60_000);
    expect(arrivals).toHaveLength(requests);
    const mostInOneSecond = Math.max(...arrivals.map((a) => arrivals.filter((b) => b > a - 1000 && b <= a).length));
    expect(mostInOneSecond).toBeLessThanOrEqual(10);
    expect(mostInOneSecond).toBe(10);
  });

  it("a slot held for an answer frees one window after the release; an answer that never comes frees it after holdUntilReleaseMs", async () => {
    const time = manualTime();
    const limiter = createInProcessRateLimiter({
      clock: time.clock,
      sleep: time.sleep,
      safetyMarginMs: 0,
      holdUntilReleaseMs: 5_000,
      perSecond: 2,
      reservedQuoteShare: 0,
      reservedBackgroundShare: 0,
    });
    const answered = await limiter.acquire("token", "background", { failFast: true });
    await limiter.acquire("token", "background", { failFast: true }); // never released
    await time.runUntil(300);
    answered?.();
    const grantedAt: number[] = [];
    for (let i = 0; i < 2; i++)
      void limiter.acquire("token", "background", { failFast: false }).then(() => grantedAt.push(time.now()));
    await time.runUntil(20_000);
    expect(grantedAt[0]).toBe(1300);
    // The unanswered grant counts until 5,000 + the window; a waiter looks again a window after each look.
    expect(grantedAt[1]).toBeGreaterThanOrEqual(6000);
    expect(grantedAt[1]).toBeLessThan(7000);
  });

  it("guarantees each lane its minimum share when both are saturated", async () => {
    const time = manualTime();
    const limiter = createInProcessRateLimiter({
      clock: time.clock,
      sleep: time.sleep,
      safetyMarginMs: 0,
      reservedQuoteShare: 0.3,
      reservedBackgroundShare: 0.2,
    });
    const rec = recorder(time);
    for (let i = 0; i < 60; i++) {
      rec.acquireMany(limiter, "quote", 1);
      rec.acquireMany(limiter, "background", 1);
    }
    await time.runUntil(5000);
    for (let second = 0; second < 5; second++) {
      const from = second * 1000;
      expect(rec.countBetween(from, from + 1000, "quote")).toBeGreaterThanOrEqual(3);
      expect(rec.countBetween(from, from + 1000, "background")).toBeGreaterThanOrEqual(2);
      expect(rec.countBetween(from, from + 1000, "quote") + rec.countBetween(from, from + 1000, "background")).toBe(10);
    }
  });

  it("a dispatch rush cannot starve checkout: quotes arriving later still get their share every second", async () => {
    const time = manualTime();
    const limiter = createInProcessRateLimiter({ clock: time.clock, sleep: time.sleep, safetyMarginMs: 0 });
    const rec = recorder(time);
    rec.acquireMany(limiter, "background", 200);
    await time.runUntil(500);
    rec.acquireMany(limiter, "quote", 100);
    await time.runUntil(6000);
    for (let second = 1; second < 6; second++) {
      expect(rec.countBetween(second * 1000, second * 1000 + 1000, "quote")).toBeGreaterThanOrEqual(3);
    }
    expect(rec.maxInWindow(1000)).toBeLessThanOrEqual(10);
  });

  it.each(["quote", "background"] as const)("lends the idle share: %s alone gets all 10 per second", async (lane) => {
    const time = manualTime();
    const limiter = createInProcessRateLimiter({ clock: time.clock, sleep: time.sleep, safetyMarginMs: 0 });
    const rec = recorder(time);
    rec.acquireMany(limiter, lane, 50);
    await time.runUntil(4999);
    expect(rec.grants).toHaveLength(50);
    for (let second = 0; second < 5; second++)
      expect(rec.countBetween(second * 1000, second * 1000 + 1000, lane)).toBe(10);
  });

  it("failFast throws 'throttled' at once when there is no capacity, and keeps the held share for the other lane", async () => {
    const time = manualTime();
    const limiter = createInProcessRateLimiter({ clock: time.clock, sleep: time.sleep });
    await limiter.acquire("token", "quote", { failFast: true });
    for (let i = 0; i < 7; i++) await limiter.acquire("token", "background", { failFast: true });
    // The quote lane is active with 1 of its 3 reserved slots used: background may not take the other 2.
    const refused = await limiter.acquire("token", "background", { failFast: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CourierError);
    expect(refused).toMatchObject({ kind: "throttled", retryable: true, retryAfterMs: 1050 });
    await limiter.acquire("token", "quote", { failFast: true });
    await limiter.acquire("token", "quote", { failFast: true });
    await expect(limiter.acquire("token", "quote", { failFast: true })).rejects.toMatchObject({ kind: "throttled" });
    // Another token has its own budget.
    await expect(limiter.acquire("other", "quote", { failFast: true })).resolves.toBeTypeOf("function");
  });

  it("an aborted waiter leaves the queue without using a slot", async () => {
    const time = manualTime();
    const limiter = createInProcessRateLimiter({ clock: time.clock, sleep: time.sleep });
    for (let i = 0; i < 10; i++) await limiter.acquire("token", "background", { failFast: false });
    const controller = new AbortController();
    const waiting = limiter.acquire("token", "background", { failFast: false, signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: "timeout" });
    const rec = recorder(time);
    rec.acquireMany(limiter, "background", 10);
    await time.runUntil(1050);
    expect(rec.grants).toHaveLength(10);
  });

  it("after holdOff (a 429 from the courier) grants nothing for that token until the hold has passed", async () => {
    const time = manualTime();
    const limiter = createInProcessRateLimiter({ clock: time.clock, sleep: time.sleep });
    await limiter.acquire("token", "background", { failFast: false });
    limiter.holdOff("token", 2_000);
    const rec = recorder(time);
    rec.acquireMany(limiter, "background", 3);
    await time.runUntil(1_999);
    expect(rec.grants).toEqual([]);
    await expect(limiter.acquire("token", "quote", { failFast: true })).rejects.toMatchObject({
      kind: "throttled",
      retryAfterMs: 1,
    });
    // Another token is not held.
    await expect(limiter.acquire("other", "quote", { failFast: true })).resolves.toBeTypeOf("function");
    await time.runUntil(2_000);
    expect(rec.grants.map((g) => g.at)).toEqual([2_000, 2_000, 2_000]);
    // A shorter hold does not shorten a longer one.
    limiter.holdOff("token", 3_000);
    limiter.holdOff("token", 500);
    rec.acquireMany(limiter, "background", 1);
    await time.runUntil(4_999);
    expect(rec.grants).toHaveLength(3);
    await time.runUntil(5_000);
    expect(rec.grants).toHaveLength(4);
  });

  it("keys tokens by a hash, never the raw token", () => {
    const key = courierTokenKey("secret-token-value");
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).not.toContain("secret");
    expect(courierTokenKey("secret-token-value")).toBe(key);
    expect(() => createInProcessRateLimiter({ reservedQuoteShare: 0.7, reservedBackgroundShare: 0.5 })).toThrow(
      RangeError,
    );
  });
});
