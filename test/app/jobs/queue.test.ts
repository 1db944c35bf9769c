import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { LeaseLostError, permanentFailure, retryLater } from "~/jobs/errors";
import type { QueuedJob } from "~/jobs/job";
import { LEASE_ENDED_ON_LAST_ATTEMPT, UNREADABLE_PAYLOAD } from "~/jobs/queue.server";
import { BACKOFF, LEASE_MS, OTHER_SHOP, SHOP, manualClock, testQueue } from "./support";

const db = createDb(process.env.DATABASE_URL!);
let clock = manualClock();
let queue = testQueue(db, clock.now);

beforeEach(async () => {
  await db.job.deleteMany();
  await db.webhookDelivery.deleteMany();
  clock = manualClock();
  queue = testQueue(db, clock.now);
});

afterAll(async () => {
  await db.$disconnect();
});

const dispatch = (order: number, extra: { orderingKey?: string; maxAttempts?: number; runAt?: Date } = {}) => ({
  shopDomain: SHOP,
  kind: "dispatch",
  payload: { orderId: order },
  uniqueKey: `dispatch:${SHOP}:${order}`,
  ...extra,
});

async function claimAll(): Promise<QueuedJob[]> {
  const claimed: QueuedJob[] = [];
  for (let job = await queue.claimNext(); job; job = await queue.claimNext()) claimed.push(job);
  return claimed;
}

const ids = (jobs: QueuedJob[]) => jobs.map((job) => job.id);

describe("enqueue", () => {
  it("is idempotent on uniqueKey: the same key twice gives one job, the first one", async () => {
    const first = await queue.enqueue(dispatch(1));
    const second = await queue.enqueue({ ...dispatch(1), payload: { orderId: "changed" } });
    expect(second.id).toBe(first.id);
    expect(second.payload).toEqual({ orderId: 1 });
    expect(await db.job.count()).toBe(1);
  });

  it("does not run a done job again when its key is enqueued again (exactly-once dispatch)", async () => {
    await queue.enqueue(dispatch(1));
    const claimed = await queue.claimNext();
    await queue.complete(claimed!);
    const again = await queue.enqueue(dispatch(1));
    expect(again).toMatchObject({ id: claimed!.id, state: "done" });
    expect(await queue.claimNext()).toBeNull();
  });

  it("returns a dead job as it is for its key (staff decide with retryDead)", async () => {
    await queue.enqueue({ ...dispatch(1), maxAttempts: 1 });
    const claimed = await queue.claimNext();
    await queue.fail(claimed!, new Error("Courier refused"));
    expect(await queue.enqueue(dispatch(1))).toMatchObject({
      id: claimed!.id,
      state: "dead",
      lastError: "Courier refused",
    });
    expect(await queue.claimNext()).toBeNull();
  });

  it("finds the job holding a key that differs only in trailing blanks (stored trimmed), never throws", async () => {
    const first = await queue.enqueue({ ...dispatch(1), uniqueKey: "odd-key " });
    const second = await queue.enqueue({ ...dispatch(2), uniqueKey: "odd-key\u00a0\n" });
    expect(second.id).toBe(first.id);
    expect(await db.job.count()).toBe(1);
  });

  it("jobs without a uniqueKey are all kept", async () => {
    await queue.enqueue({ shopDomain: SHOP, kind: "reconcile", payload: {} });
    await queue.enqueue({ shopDomain: SHOP, kind: "reconcile", payload: {} });
    expect(await db.job.count()).toBe(2);
  });

  it("commits with the caller's transaction, or not at all", async () => {
    await db.$transaction(async (tx) => {
      await tx.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId: "w-1", topic: "orders/paid" } });
      await queue.enqueue(dispatch(1), tx);
    });
    await expect(
      db.$transaction(async (tx) => {
        await tx.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId: "w-2", topic: "orders/paid" } });
        await queue.enqueue(dispatch(2), tx);
        throw new Error("the request failed after enqueueing");
      }),
    ).rejects.toThrow("the request failed");
    expect((await db.job.findMany()).map((job) => job.uniqueKey)).toEqual([`dispatch:${SHOP}:1`]);
    expect((await db.webhookDelivery.findMany()).map((row) => row.webhookId)).toEqual(["w-1"]);
  });

  it("inside a transaction, a key that already exists gives the existing job and the transaction goes on", async () => {
    const existing = await queue.enqueue(dispatch(1));
    const inTransaction = await db.$transaction(async (tx) => {
      const job = await queue.enqueue(dispatch(1), tx);
      await tx.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId: "w-dup", topic: "orders/paid" } });
      return job;
    });
    expect(inTransaction.id).toBe(existing.id);
    expect(await db.job.count()).toBe(1);
    expect(await db.webhookDelivery.count()).toBe(1);
  });
});

describe("enqueueMany and enqueueUnlessQueued", () => {
  const apply = (shipment: string) => ({
    shopDomain: SHOP,
    kind: "apply",
    payload: { shipment },
    orderingKey: `shipment:${shipment}`,
  });

  it("enqueueMany adds every job in one go, in order, inside the caller's transaction", async () => {
    expect(await db.$transaction((tx) => queue.enqueueMany([apply("a"), apply("b"), apply("a")], tx))).toBe(3);
    const claimed = await claimAll();
    expect(claimed.map((job) => job.payload)).toEqual([{ shipment: "a" }, { shipment: "b" }]);
    expect(await db.job.count()).toBe(3);
  });

  it("enqueueMany refuses jobs with a uniqueKey and adds nothing", async () => {
    await expect(queue.enqueueMany([apply("a"), dispatch(1)])).rejects.toThrow(/uniqueKey/);
    expect(await db.job.count()).toBe(0);
  });

  it("joins a job that is still queued and adds one for a key whose job is running or done", async () => {
    await queue.enqueue(apply("running"));
    await queue.enqueue(apply("done"));
    const running = (await queue.claimNext())!;
    const done = (await queue.claimNext())!;
    await queue.complete(done);
    const queued = await queue.enqueue(apply("queued"));
    const result = await db.$transaction((tx) =>
      queue.enqueueUnlessQueued([apply("queued"), apply("running"), apply("done"), apply("new"), apply("new")], tx),
    );
    expect(result).toEqual({ added: 3, joined: 1 });
    const rows = await db.job.findMany({ where: { state: "queued" }, orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => row.orderingKey)).toEqual([
      "shipment:queued",
      "shipment:running",
      "shipment:done",
      "shipment:new",
    ]);
    expect(rows[0]!.id).toBe(queued.id);
    expect(running.state).toBe("running");
  });

  it("a queued job it counted on cannot be claimed before the caller's transaction commits", async () => {
    const queued = await queue.enqueue(apply("a"));
    const other = testQueue(db, clock.now, { workerId: "worker-b" });
    let claimedMeanwhile: Promise<QueuedJob | null> = Promise.resolve(null);
    await db.$transaction(async (tx) => {
      expect(await queue.enqueueUnlessQueued([apply("a")], tx)).toEqual({ added: 0, joined: 1 });
      // Another worker tries now: SQLite makes it wait for the write lock, PostgreSQL's SKIP LOCKED passes the row by.
      claimedMeanwhile = other.claimNext();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await tx.job.findUniqueOrThrow({ where: { id: queued.id } })).state).toBe("queued");
    });
    const claimed = (await claimedMeanwhile) ?? (await other.claimNext());
    expect(claimed).toMatchObject({ id: queued.id, lockedBy: "worker-b" });
  });
});

describe("claimNext", () => {
  it("claims a due job with a lease and the attempt counted", async () => {
    const job = await queue.enqueue(dispatch(1));
    const claimed = await queue.claimNext();
    expect(claimed).toMatchObject({
      id: job.id,
      state: "running",
      lockedBy: "worker-a",
      lockedUntil: new Date(clock.now().getTime() + LEASE_MS),
      attempts: 1,
      version: job.version + 1,
      payload: { orderId: 1 },
    });
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      state: "running",
      lockedBy: "worker-a",
      attempts: 1,
    });
    expect(await queue.claimNext()).toBeNull();
  });

  it("waits for runAt", async () => {
    await queue.enqueue({ ...dispatch(1), runAt: new Date(clock.now().getTime() + 5_000) });
    expect(await queue.claimNext()).toBeNull();
    clock.advance(5_000);
    expect(await queue.claimNext()).not.toBeNull();
  });

  it("claims only the kinds asked for", async () => {
    await queue.enqueue(dispatch(1));
    expect(await queue.claimNext({ kinds: ["apply-event"] })).toBeNull();
    expect(await queue.claimNext({ kinds: [] })).toBeNull();
    expect(await queue.claimNext({ kinds: ["apply-event", "dispatch"] })).toMatchObject({ kind: "dispatch" });
  });

  it("claims none of the kinds left out", async () => {
    await queue.enqueue(dispatch(1));
    expect(await queue.claimNext({ excludeKinds: ["dispatch"] })).toBeNull();
    expect(await queue.claimNext({ excludeKinds: ["apply-event"] })).toMatchObject({ kind: "dispatch" });
  });

  it("marks a job whose stored payload is unreadable dead instead of running it", async () => {
    const row = await db.job.create({
      data: { shopDomain: SHOP, kind: "dispatch", payloadJson: "{not json", runAt: clock.now() },
    });
    expect(await queue.claimNext()).toBeNull();
    expect(await db.job.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      state: "dead",
      lastError: UNREADABLE_PAYLOAD,
    });
  });
});

describe("ordering by orderingKey", () => {
  const event = (n: number, orderingKey: string | null) => ({
    shopDomain: SHOP,
    kind: "apply-event",
    payload: { n },
    orderingKey,
  });

  it("runs jobs of one key one at a time in creation order, other keys alongside", async () => {
    const a1 = await queue.enqueue(event(1, "shipment:a"));
    const a2 = await queue.enqueue(event(2, "shipment:a"));
    const a3 = await queue.enqueue(event(3, "shipment:a"));
    const b1 = await queue.enqueue(event(4, "shipment:b"));
    const free = await queue.enqueue(event(5, null));

    const firstWave = await claimAll();
    expect(ids(firstWave).sort()).toEqual([a1.id, b1.id, free.id].sort());

    await queue.complete(firstWave.find((job) => job.id === a1.id)!);
    const [runningA2, ...none] = await claimAll();
    expect([runningA2?.id, none]).toEqual([a2.id, []]);

    // A failed elder waiting for its retry still holds the younger ones back.
    await queue.fail(runningA2!, new Error("courier down"));
    expect(await claimAll()).toEqual([]);
    clock.advance(BACKOFF.capMs);
    const retried = await claimAll();
    expect(ids(retried)).toEqual([a2.id]);
    await queue.complete(retried[0]!);
    expect(ids(await claimAll())).toEqual([a3.id]);
  });

  it("keeps enqueue order within one millisecond", async () => {
    const enqueued: string[] = [];
    for (let n = 0; n < 5; n++) enqueued.push((await queue.enqueue(event(n, "shipment:same-ms"))).id);
    const order: string[] = [];
    for (let job = await queue.claimNext(); job; job = await queue.claimNext()) {
      order.push(job.id);
      await queue.complete(job);
    }
    expect(order).toEqual(enqueued);
  });

  it("a running job blocks an older one of its key that staff retried meanwhile", async () => {
    const older = await queue.enqueue({ ...event(1, "shipment:a"), maxAttempts: 1 });
    const newer = await queue.enqueue(event(2, "shipment:a"));
    await queue.fail((await queue.claimNext())!, permanentFailure("bad data"));
    const runningNewer = await queue.claimNext();
    expect(runningNewer?.id).toBe(newer.id);
    expect(await queue.retryDead(older.id)).toBe(true);
    expect(await queue.claimNext()).toBeNull();
    await queue.complete(runningNewer!);
    expect((await queue.claimNext())?.id).toBe(older.id);
  });

  it("a long line of blocked jobs of one key does not hide other due jobs", async () => {
    for (let n = 0; n < 32; n++) await queue.enqueue(event(n, "shipment:busy"));
    const other = await queue.enqueue(event(99, null));
    expect((await queue.claimNext())?.payload).toEqual({ n: 0 });
    expect((await queue.claimNext())?.id).toBe(other.id);
    expect(await queue.claimNext()).toBeNull();
  });

  it("an elder whose retry time has come runs before younger jobs that were due earlier", async () => {
    const elder = await queue.enqueue(event(1, "shipment:a"));
    await queue.fail((await queue.claimNext())!, retryLater("courier busy", 10_000));
    clock.advance(1_000);
    await queue.enqueue(event(2, "shipment:a"));
    expect(await queue.claimNext()).toBeNull();
    clock.advance(20_000);
    expect((await queue.claimNext())?.id).toBe(elder.id);
  });
});

describe("fail", () => {
  it("backs off exponentially with jitter and keeps the error", async () => {
    await queue.enqueue(dispatch(1));
    const first = await queue.claimNext();
    // random 0.5: 3/4 of the ceiling; after attempt 1 the ceiling is the base.
    expect(await queue.fail(first!, new Error("Courier answered 503"))).toEqual({
      state: "queued",
      runAt: new Date(clock.now().getTime() + 750),
      lastError: "Courier answered 503",
    });
    clock.advance(750);
    const second = await queue.claimNext();
    expect(second?.attempts).toBe(2);
    const outcome = await queue.fail(second!, new Error("Courier answered 503"));
    expect(outcome).toMatchObject({ state: "queued", runAt: new Date(clock.now().getTime() + 1_500) });
    expect(await db.job.findFirstOrThrow()).toMatchObject({
      state: "queued",
      lockedBy: null,
      lockedUntil: null,
      lastError: "Courier answered 503",
    });
  });

  it("waits as long as a Retry-After says (plus up to 10% jitter), from the error or the options", async () => {
    await queue.enqueue(dispatch(1));
    const claimed = await queue.claimNext();
    expect(await queue.fail(claimed!, retryLater("Courier rate limit", 30_000))).toMatchObject({
      state: "queued",
      runAt: new Date(clock.now().getTime() + 31_500),
    });
    clock.advance(31_500);
    const again = await queue.claimNext();
    expect(await queue.fail(again!, new Error("429"), { retryAfterMs: 2_000 })).toMatchObject({
      runAt: new Date(clock.now().getTime() + 2_100),
    });
  });

  it("a permanent failure is dead at once", async () => {
    await queue.enqueue(dispatch(1));
    const claimed = await queue.claimNext();
    expect(await queue.fail(claimed!, permanentFailure("The courier could not find the delivery address."))).toEqual({
      state: "dead",
      lastError: "The courier could not find the delivery address.",
    });
    expect(await db.job.findFirstOrThrow()).toMatchObject({ state: "dead", finishedAt: clock.now(), lockedBy: null });
  });

  it("is dead after maxAttempts, listed for staff without its payload, and retryDead runs it again", async () => {
    await queue.enqueue({ ...dispatch(1), maxAttempts: 2 });
    await queue.fail((await queue.claimNext())!, new Error("timeout"));
    clock.advance(BACKOFF.capMs);
    const last = await queue.claimNext();
    expect(await queue.fail(last!, new Error("timeout again"))).toEqual({ state: "dead", lastError: "timeout again" });
    clock.advance(BACKOFF.capMs);
    expect(await queue.claimNext()).toBeNull();

    const dead = await queue.listDead({ shopDomain: SHOP });
    expect(dead).toEqual([
      expect.objectContaining({
        id: last!.id,
        kind: "dispatch",
        attempts: 2,
        maxAttempts: 2,
        lastError: "timeout again",
      }),
    ]);
    expect(dead[0]).not.toHaveProperty("payload");
    expect(dead[0]).not.toHaveProperty("payloadJson");
    expect(await queue.listDead({ shopDomain: OTHER_SHOP })).toEqual([]);

    expect(await queue.retryDead(last!.id, { shopDomain: OTHER_SHOP })).toBe(false);
    expect(await queue.retryDead(last!.id, { shopDomain: SHOP })).toBe(true);
    expect(await queue.retryDead(last!.id)).toBe(false);
    const revived = await queue.claimNext();
    expect(revived).toMatchObject({ id: last!.id, attempts: 1, state: "running" });
  });
});

describe("leases", () => {
  it("a job whose worker died is queued again by the sweep once the lease ends, and the dead worker can no longer finish it", async () => {
    const workerB = testQueue(db, clock.now, { workerId: "worker-b" });
    await queue.enqueue(dispatch(1));
    const byA = await queue.claimNext();

    clock.advance(LEASE_MS - 1);
    expect(await workerB.sweepAbandoned()).toEqual({ buried: 0, requeued: 0 });
    expect(await workerB.claimNext()).toBeNull();
    clock.advance(2);
    expect(await workerB.sweepAbandoned()).toEqual({ buried: 0, requeued: 1 });
    await expect(queue.complete(byA!)).rejects.toThrow(LeaseLostError);
    const byB = await workerB.claimNext();
    expect(byB).toMatchObject({ id: byA!.id, lockedBy: "worker-b", attempts: 2, version: byA!.version + 1 });

    await expect(queue.complete(byA!)).rejects.toThrow(LeaseLostError);
    await expect(queue.fail(byA!, new Error("late"))).rejects.toThrow(LeaseLostError);
    await expect(queue.extendLease(byA!)).rejects.toThrow(LeaseLostError);
    await workerB.complete(byB!);
    expect(await db.job.findFirstOrThrow()).toMatchObject({ state: "done", lockedBy: null, attempts: 2 });
  });

  it("a swept job keeps its creation-order place: it runs before younger jobs of its key", async () => {
    const elder = await queue.enqueue(dispatch(1, { orderingKey: "shipment:a" }));
    await queue.claimNext();
    await queue.enqueue(dispatch(2, { orderingKey: "shipment:a" }));
    clock.advance(LEASE_MS + 1);
    expect(await queue.claimNext()).toBeNull();
    await queue.sweepAbandoned();
    expect((await queue.claimNext())?.id).toBe(elder.id);
  });

  it("extendLease keeps a long job from being taken over", async () => {
    const workerB = testQueue(db, clock.now, { workerId: "worker-b" });
    await queue.enqueue(dispatch(1));
    const claimed = await queue.claimNext();
    clock.advance(LEASE_MS - 1_000);
    expect(await queue.extendLease(claimed!)).toEqual(new Date(clock.now().getTime() + LEASE_MS));
    clock.advance(LEASE_MS - 1_000);
    expect(await workerB.sweepAbandoned()).toEqual({ buried: 0, requeued: 0 });
    expect(await workerB.claimNext()).toBeNull();
    await queue.complete(claimed!);
  });

  it("a job whose worker died on its last attempt is dead, not run again", async () => {
    await queue.enqueue({ ...dispatch(1), maxAttempts: 1 });
    await queue.claimNext();
    clock.advance(LEASE_MS + 1);
    expect(await queue.sweepAbandoned()).toEqual({ buried: 1, requeued: 0 });
    expect(await queue.claimNext()).toBeNull();
    expect(await db.job.findFirstOrThrow()).toMatchObject({
      state: "dead",
      lastError: LEASE_ENDED_ON_LAST_ATTEMPT,
      lockedBy: null,
    });
  });
});

describe("complete", () => {
  it("commits together with the job's result, and a rollback leaves the job running", async () => {
    await queue.enqueue(dispatch(1));
    const claimed = await queue.claimNext();

    await expect(
      db.$transaction(async (tx) => {
        await tx.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId: "result-1", topic: "job-result" } });
        await queue.complete(claimed!, tx);
        throw new Error("crash before commit");
      }),
    ).rejects.toThrow("crash before commit");
    expect(await db.job.findFirstOrThrow()).toMatchObject({ state: "running", lockedBy: "worker-a" });
    expect(await db.webhookDelivery.count()).toBe(0);

    await db.$transaction(async (tx) => {
      await tx.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId: "result-1", topic: "job-result" } });
      await queue.complete(claimed!, tx);
    });
    expect(await db.job.findFirstOrThrow()).toMatchObject({
      state: "done",
      finishedAt: clock.now(),
      lockedBy: null,
      lockedUntil: null,
    });
    expect(await db.webhookDelivery.count()).toBe(1);
    // The worker completing again under the same claim is harmless.
    await queue.complete(claimed!);
  });

  it("a stale worker's completion inside a transaction rolls the result back", async () => {
    await queue.enqueue(dispatch(1));
    const stale = await queue.claimNext();
    clock.advance(LEASE_MS + 1);
    const workerB = testQueue(db, clock.now, { workerId: "worker-b" });
    await workerB.sweepAbandoned();
    await workerB.claimNext();
    await expect(
      db.$transaction(async (tx) => {
        await tx.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId: "result-stale", topic: "job-result" } });
        await queue.complete(stale!, tx);
      }),
    ).rejects.toThrow(LeaseLostError);
    expect(await db.webhookDelivery.count()).toBe(0);
  });
});

describe("stats", () => {
  it("counts jobs by state, the due backlog and its oldest run-at", async () => {
    const start = clock.now();
    await queue.enqueue(dispatch(1));
    await queue.enqueue(dispatch(2));
    await queue.enqueue({ ...dispatch(3), runAt: new Date(start.getTime() + 60_000) });
    await queue.enqueue({ ...dispatch(4), shopDomain: OTHER_SHOP });
    const running = await queue.claimNext({ kinds: ["dispatch"] });
    await queue.complete(running!);
    await queue.fail((await queue.claimNext())!, permanentFailure("no"));

    expect(await queue.stats()).toEqual({ queued: 2, due: 1, running: 0, done: 1, dead: 1, oldestDueAt: start });
    expect(await queue.stats({ shopDomain: OTHER_SHOP })).toMatchObject({ queued: 1, due: 1, dead: 0 });
    expect(await queue.stats({ shopDomain: SHOP })).toMatchObject({
      queued: 1,
      due: 0,
      done: 1,
      dead: 1,
      oldestDueAt: null,
    });
  });
});
