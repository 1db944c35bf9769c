/**
 * The database-backed courier limiter, with two "instances": two limiters on two database clients
 * of the same database (as two app processes would be), on SQLite and on PostgreSQL alike.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CourierError } from "~/courier/errors";
import type { CourierLane } from "~/courier/rate-limit-policy";
import { createSharedRateLimiter, type SharedRateLimiterOptions } from "~/courier/shared-rate-limiter.server";
import { createDb } from "~/db/client.server";

const instanceA = createDb(process.env.DATABASE_URL!);
const instanceB = createDb(process.env.DATABASE_URL!);
const TOKEN = "token-hash-1";

afterAll(async () => {
  await Promise.all([instanceA.$disconnect(), instanceB.$disconnect()]);
});

beforeEach(async () => {
  await instanceA.courierRateSlot.deleteMany();
});

/** A clock the test sets; limiters that sleep move it forward (virtual time). */
function virtualTime(start = 1_000_000) {
  let now = start;
  return {
    clock: () => new Date(now),
    now: () => now,
    set: (ms: number) => void (now = ms),
    sleep: async (ms: number) => {
      now += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function limiterOn(db: typeof instanceA, options: Partial<SharedRateLimiterOptions> = {}) {
  return createSharedRateLimiter({ db, safetyMarginMs: 0, random: () => 0, ...options });
}

const failFast = { failFast: true };
const wait = { failFast: false };

async function grantedOf(attempts: Promise<unknown>[]) {
  const results = await Promise.allSettled(attempts);
  return results.filter((result) => result.status === "fulfilled").length;
}

/** The largest number of grant times inside any window of `ms` ending at a grant. */
function maxInWindow(times: readonly number[], ms: number): number {
  return Math.max(0, ...times.map((t) => times.filter((u) => u > t - ms && u <= t).length));
}

describe("shared courier limiter across two instances", () => {
  it("never grants more than the limit in any window, however two instances' callers race (real time)", async () => {
    // Observed here after the grant's round trip: the safety margin absorbs that delay, as it absorbs
    // the network's in production.
    const windowMs = 100;
    const times: number[] = [];
    const byInstance = { a: 0, b: 0 };
    const limiters = {
      a: limiterOn(instanceA, { windowMs, safetyMarginMs: windowMs }),
      b: limiterOn(instanceB, { windowMs, safetyMarginMs: windowMs }),
    };
    const acquire = (name: "a" | "b", lane: CourierLane) =>
      limiters[name].acquire(TOKEN, lane, wait).then(() => {
        times.push(Date.now());
        byInstance[name] += 1;
      });
    const started = Date.now();
    await Promise.all(Array.from({ length: 30 }, (_, i) => acquire(i % 2 ? "a" : "b", i % 3 ? "background" : "quote")));
    expect(times).toHaveLength(30);
    expect(maxInWindow(times, windowMs)).toBeLessThanOrEqual(10);
    // 30 requests at 10 per (margined) window take at least two further windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 2 * windowMs - 5);
    expect(byInstance.a).toBe(15);
    expect(byInstance.b).toBe(15);
  });

  it("fail fast: the instances share one budget; a full window answers throttled with the wait until a slot frees", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock });
    const b = limiterOn(instanceB, { clock: time.clock });
    for (let i = 0; i < 6; i++) await a.acquire(TOKEN, "background", failFast);
    time.set(time.now() + 400);
    for (let i = 0; i < 4; i++) await b.acquire(TOKEN, "background", failFast);
    const refused = await a.acquire(TOKEN, "background", failFast).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CourierError);
    expect(refused).toMatchObject({ kind: "throttled", retryable: true, retryAfterMs: 600 });
    time.set(time.now() + 600);
    // The first six grants have left the window: six more, across both instances.
    expect(
      await grantedOf(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).acquire(TOKEN, "background", failFast))),
    ).toBe(6);
  });

  it("fail fast at the same instant from both instances: exactly the limit is granted", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock });
    const b = limiterOn(instanceB, { clock: time.clock });
    const attempts = Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).acquire(TOKEN, "background", failFast));
    expect(await grantedOf(attempts)).toBe(10);
    expect(await instanceA.courierRateSlot.count({ where: { tokenKey: TOKEN, lane: "background" } })).toBe(10);
  });

  it("a lane in use on one instance keeps its reserve against the other lane on another instance", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock });
    const b = limiterOn(instanceB, { clock: time.clock });
    await a.acquire(TOKEN, "quote", failFast);
    // Quote holds 1 of its reserved 3: background may take 10 - 1 - 2 = 7.
    expect(await grantedOf(Array.from({ length: 10 }, () => b.acquire(TOKEN, "background", failFast)))).toBe(7);
    expect(await grantedOf(Array.from({ length: 3 }, () => b.acquire(TOKEN, "quote", failFast)))).toBe(2);
  });

  it("an idle lane lends its share: background alone gets the whole budget", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock });
    const b = limiterOn(instanceB, { clock: time.clock });
    expect(
      await grantedOf(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).acquire(TOKEN, "background", failFast))),
    ).toBe(10);
  });

  it("a waiting request is granted once another instance's grants leave the window", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock, sleep: time.sleep });
    const b = limiterOn(instanceB, { clock: time.clock, sleep: time.sleep });
    const start = time.now();
    for (let i = 0; i < 10; i++) await a.acquire(TOKEN, "background", failFast);
    const grantedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 3 }, () => b.acquire(TOKEN, "background", wait).then(() => grantedAt.push(time.now()))),
    );
    expect(grantedAt).toHaveLength(3);
    for (const at of grantedAt) expect(at).toBeGreaterThanOrEqual(start + 1_000);
  });

  it("a hold (a 429 from the courier) on one instance keeps every instance from granting until it has passed", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock, sleep: time.sleep });
    const b = limiterOn(instanceB, { clock: time.clock, sleep: time.sleep });
    await a.acquire(TOKEN, "quote", failFast);
    const start = time.now();
    await a.holdOff(TOKEN, 2_000);
    await expect(b.acquire(TOKEN, "background", failFast)).rejects.toMatchObject({
      kind: "throttled",
      retryAfterMs: 2_000,
    });
    time.set(start + 1_999);
    await expect(a.acquire(TOKEN, "quote", failFast)).rejects.toMatchObject({ kind: "throttled", retryAfterMs: 1 });
    const grantedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 3 }, () => b.acquire(TOKEN, "background", wait).then(() => grantedAt.push(time.now()))),
    );
    for (const at of grantedAt) expect(at).toBeGreaterThanOrEqual(start + 2_000);
    // Another token is not held.
    await expect(a.acquire("token-hash-2", "background", failFast)).resolves.toBeUndefined();
  });

  it("held until the answer: a slot's window counts from its request's answer, in every instance", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock, holdUntilReleaseMs: 10_000 });
    const b = limiterOn(instanceB, { clock: time.clock, holdUntilReleaseMs: 10_000 });
    const start = time.now();
    const releases = [];
    for (let i = 0; i < 10; i++) releases.push(await a.acquire(TOKEN, "background", failFast));
    // Long past the grants' window, but the requests are still in flight.
    time.set(start + 5_000);
    await expect(b.acquire(TOKEN, "background", failFast)).rejects.toMatchObject({ kind: "throttled" });
    for (const release of releases) release!();
    await vi.waitFor(async () =>
      expect(await instanceA.courierRateSlot.count({ where: { tokenKey: TOKEN, heldUntil: { not: null } } })).toBe(0),
    );
    time.set(start + 5_999);
    await expect(b.acquire(TOKEN, "background", failFast)).rejects.toMatchObject({ kind: "throttled" });
    time.set(start + 6_000);
    await expect(b.acquire(TOKEN, "background", failFast)).resolves.toBeTypeOf("function");
  });

  it("a request never answered frees its slot one window after its time limit", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock, holdUntilReleaseMs: 3_000 });
    const start = time.now();
    for (let i = 0; i < 10; i++) await a.acquire(TOKEN, "background", failFast);
    time.set(start + 3_999);
    await expect(a.acquire(TOKEN, "background", failFast)).rejects.toMatchObject({ kind: "throttled" });
    time.set(start + 4_000);
    await expect(a.acquire(TOKEN, "background", failFast)).resolves.toBeTypeOf("function");
  });

  it("a waiting request on another instance is granted soon after an answer frees a slot", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock, holdUntilReleaseMs: 10_000 });
    const looks: number[] = [];
    const b = limiterOn(instanceB, {
      clock: time.clock,
      holdUntilReleaseMs: 10_000,
      sleep: async (ms) => {
        looks.push(ms);
        await time.sleep(ms);
      },
    });
    const start = time.now();
    const releases = [];
    for (let i = 0; i < 10; i++) releases.push(await a.acquire(TOKEN, "background", failFast));
    time.set(start + 2_000);
    releases[0]!();
    await vi.waitFor(async () =>
      expect(await instanceA.courierRateSlot.count({ where: { tokenKey: TOKEN, heldUntil: { not: null } } })).toBe(9),
    );
    await expect(b.acquire(TOKEN, "background", wait)).resolves.toBeTypeOf("function");
    // Granted the moment the answered slot's window ended, after one look and one sleep: the slots in
    // flight count from the look, so no answer could have freed one sooner (no polling meanwhile).
    expect(time.now()).toBe(start + 3_000);
    expect(looks).toEqual([1_000]);
  });

  it("a 429's hold stands over the answer of a request in flight when it was made", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock, holdUntilReleaseMs: 10_000 });
    const start = time.now();
    const releases = [];
    for (let i = 0; i < 10; i++) releases.push(await a.acquire(TOKEN, "background", failFast));
    await a.holdOff(TOKEN, 3_000);
    time.set(start + 100);
    for (const release of releases) release!();
    await vi.waitFor(async () =>
      expect(await instanceA.courierRateSlot.count({ where: { tokenKey: TOKEN, heldUntil: { not: null } } })).toBe(0),
    );
    time.set(start + 2_999);
    await expect(a.acquire(TOKEN, "background", failFast)).rejects.toMatchObject({ kind: "throttled" });
    time.set(start + 3_000);
    await expect(a.acquire(TOKEN, "background", failFast)).resolves.toBeTypeOf("function");
  });

  it("tokens are limited separately", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock });
    for (let i = 0; i < 10; i++) await a.acquire(TOKEN, "background", failFast);
    await expect(a.acquire(TOKEN, "background", failFast)).rejects.toMatchObject({ kind: "throttled" });
    await expect(a.acquire("token-hash-2", "background", failFast)).resolves.toBeUndefined();
  });

  it("an aborted wait ends with a timeout error and does not hold up the others", async () => {
    const time = virtualTime();
    const a = limiterOn(instanceA, { clock: time.clock });
    let wake = () => {};
    let asleep = () => {};
    const sleeping = new Promise<void>((resolve) => (asleep = resolve));
    const b = limiterOn(instanceB, {
      clock: time.clock,
      sleep: () =>
        new Promise<void>((resolve) => {
          wake = resolve;
          asleep();
        }),
    });
    for (let i = 0; i < 10; i++) await a.acquire(TOKEN, "background", failFast);
    const controller = new AbortController();
    const aborted = b.acquire(TOKEN, "background", { failFast: false, signal: controller.signal });
    const patient = b.acquire(TOKEN, "background", wait);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ kind: "timeout" });
    await sleeping;
    time.set(time.now() + 1_000);
    wake();
    await expect(patient).resolves.toBeUndefined();
  });

  it("answers a retryable throttled error when its database fails, waiting or not", async () => {
    const broken = createDb("file:/nonexistent-directory/for-sure/limiter.sqlite");
    const limiter = limiterOn(broken);
    await expect(limiter.acquire(TOKEN, "quote", failFast)).rejects.toMatchObject({
      kind: "throttled",
      retryable: true,
    });
    await expect(limiter.acquire(TOKEN, "background", wait)).rejects.toMatchObject({
      kind: "throttled",
      retryable: true,
    });
    await broken.$disconnect();
  });

  it("rejects impossible lane shares", () => {
    expect(() =>
      createSharedRateLimiter({ db: instanceA, reservedQuoteShare: 0.7, reservedBackgroundShare: 0.5 }),
    ).toThrow(RangeError);
  });
});
