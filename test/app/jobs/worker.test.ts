import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { permanentFailure, retryLater } from "~/jobs/errors";
import type { JobQueue } from "~/jobs/queue.server";
import {
  noHandlerMessage,
  startWorker,
  timerSleep,
  type JobHandler,
  type Worker,
  type WorkerOptions,
} from "~/jobs/worker.server";
import { JOB_LEASE_MS } from "~/runtime.server";
import { SHOP, deferred, eventually, manualClock, recordingLogger, testQueue } from "./support";

const db = createDb(process.env.DATABASE_URL!);
// Personal data in payloads must never reach the logs.
const PAYLOAD = { orderId: 7, recipient: "Jane Doe", phone: "+15551234567" };

let clock = manualClock();
let queue: JobQueue = testQueue(db, clock.now);
let logger = recordingLogger();
const workers: Worker[] = [];

function start(handlers: WorkerOptions["handlers"], overrides: Partial<WorkerOptions> = {}): Worker {
  const worker = startWorker({
    queue,
    handlers,
    concurrency: 2,
    pollIntervalMs: 5,
    clock: clock.now,
    sleep: timerSleep,
    logger,
    ...overrides,
  });
  workers.push(worker);
  return worker;
}

const jobRow = (id: string) => db.job.findUniqueOrThrow({ where: { id } });
const enqueue = (kind = "dispatch", n = 1) => queue.enqueue({ shopDomain: SHOP, kind, payload: { ...PAYLOAD, n } });

beforeEach(async () => {
  await db.job.deleteMany();
  await db.webhookDelivery.deleteMany();
  clock = manualClock();
  queue = testQueue(db, clock.now);
  logger = recordingLogger();
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  expect(JSON.stringify(logger.lines)).not.toMatch(/Jane Doe|5551234567/);
});

afterAll(async () => {
  await db.$disconnect();
});

describe("startWorker", () => {
  it("runs handlers and completes their jobs", async () => {
    const seen: unknown[] = [];
    const jobs = [await enqueue("dispatch", 1), await enqueue("dispatch", 2), await enqueue("dispatch", 3)];
    start({ dispatch: async (job) => void seen.push(job.payload) });
    await eventually(async () => (await db.job.count({ where: { state: "done" } })) === 3);
    expect(seen).toHaveLength(3);
    expect(seen).toContainEqual({ ...PAYLOAD, n: 2 });
    expect(
      logger.lines
        .filter((line) => line.message === "Job done")
        .map((line) => line.fields.jobId)
        .sort(),
    ).toEqual(jobs.map((job) => job.id).sort());
    expect(logger.lines[0]?.fields).toMatchObject({ kind: "dispatch", shop: SHOP, attempt: 1 });
  });

  it("records a handler's Retry-After and permanent failures, and keeps going", async () => {
    const rateLimited = await enqueue("rate-limited");
    const refused = await enqueue("refused");
    const throwsString = await enqueue("throws-string");
    const throwsSync = await enqueue("throws-sync");
    const fine = await enqueue("fine");
    start(
      {
        "rate-limited": async () => {
          throw retryLater("The courier is rate limiting requests.", 20_000);
        },
        refused: async () => {
          throw permanentFailure("The courier could not find the delivery address.");
        },
        "throws-string": () => Promise.reject(new Error("socket hang up")),
        "throws-sync": (() => {
          throw new Error("synchronous bug");
        }) as JobHandler,
        fine: async () => {},
      },
      { concurrency: 1 },
    );
    await eventually(
      async () =>
        (await db.job.count({ where: { state: "running" } })) === 0 &&
        (await db.job.count({ where: { state: "queued", lastError: null } })) === 0,
    );

    expect(await jobRow(rateLimited.id)).toMatchObject({
      state: "queued",
      lastError: "The courier is rate limiting requests.",
      runAt: new Date(clock.now().getTime() + 21_000),
    });
    expect(await jobRow(refused.id)).toMatchObject({
      state: "dead",
      lastError: "The courier could not find the delivery address.",
    });
    expect(await jobRow(throwsString.id)).toMatchObject({ state: "queued", lastError: "socket hang up" });
    expect(await jobRow(throwsSync.id)).toMatchObject({ state: "queued", lastError: "synchronous bug" });
    expect(await jobRow(fine.id)).toMatchObject({ state: "done" });
    expect(logger.lines.filter((line) => line.level === "error").map((line) => line.fields.jobId)).toEqual([
      refused.id,
    ]);
    expect(logger.lines.find((line) => line.fields.jobId === rateLimited.id)).toMatchObject({
      level: "warn",
      fields: {
        retryAt: new Date(clock.now().getTime() + 21_000).toISOString(),
        error: "The courier is rate limiting requests.",
      },
    });
  });

  it("makes a job of an unknown kind dead with a clear error", async () => {
    const job = await enqueue("no-such-kind");
    start({ dispatch: async () => {} });
    await eventually(async () => (await jobRow(job.id)).state === "dead");
    expect((await jobRow(job.id)).lastError).toBe(noHandlerMessage("no-such-kind"));
  });

  it("lets a handler complete its job in the transaction that writes its result", async () => {
    const job = await enqueue();
    const completions: string[] = [];
    const complete = queue.complete.bind(queue);
    queue = {
      ...queue,
      complete: (claimed, tx) => {
        completions.push(tx ? "in a transaction" : "by the worker");
        return complete(claimed, tx);
      },
    };
    start({
      dispatch: async (claimed, context) => {
        await db.$transaction(async (tx) => {
          await tx.webhookDelivery.create({
            data: { shopDomain: SHOP, webhookId: `result-${claimed.id}`, topic: "job-result" },
          });
          await context.complete(tx);
        });
      },
    });
    await eventually(async () => (await jobRow(job.id)).state === "done");
    expect(await db.webhookDelivery.count()).toBe(1);
    await eventually(() => logger.lines.length > 0);
    expect(logger.lines).toEqual([expect.objectContaining({ level: "info", message: "Job done" })]);
    // Completed once, in the handler's transaction: the worker adds no completion of its own.
    expect(completions).toEqual(["in a transaction"]);
  });

  it("stop() claims nothing new and waits for the running handler to finish", async () => {
    const release = deferred();
    const started = deferred();
    const first = await enqueue("slow", 1);
    start(
      {
        slow: async () => {
          started.resolve();
          await release.promise;
        },
      },
      { concurrency: 1 },
    );
    await started.promise;
    const second = await enqueue("slow", 2);

    let stopped = false;
    const stopping = workers[0]!.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    expect((await jobRow(first.id)).state).toBe("running");

    release.resolve();
    await stopping;
    expect((await jobRow(first.id)).state).toBe("done");
    expect((await jobRow(second.id)).state).toBe("queued");
  });

  it("with the app's lease, a job running many leases long stays its worker's while a stopped instance's job runs again within a lease and a sweep", async () => {
    queue = testQueue(db, clock.now, { leaseMs: JOB_LEASE_MS });
    const stoppedInstance = testQueue(db, clock.now, { workerId: "worker-b", leaseMs: JOB_LEASE_MS });
    const orphan = await enqueue("dispatch", 1);
    // Instance B claims it and is killed: nothing renews its lease.
    expect((await stoppedInstance.claimNext())?.id).toBe(orphan.id);
    const killedAt = clock.now().getTime();
    const long = await enqueue("long", 2);
    const release = deferred();
    // The worker's defaults (renewal every third of the lease, sweep every tenth); 1 s of its time is 10 ms.
    start(
      { dispatch: async () => {}, long: () => release.promise },
      { sleep: (ms, signal) => timerSleep(ms / 100, signal) },
    );
    await eventually(async () => (await jobRow(long.id)).state === "running");
    for (let step = 0; step < 15; step++) {
      clock.advance(1_000);
      const now = clock.now().getTime();
      // Renewed within a third of the lease of the worker's time, whatever the clock says.
      await eventually(async () => ((await jobRow(long.id)).lockedUntil?.getTime() ?? 0) >= now + JOB_LEASE_MS);
      if (now - killedAt < JOB_LEASE_MS)
        expect(await jobRow(orphan.id)).toMatchObject({ state: "running", attempts: 1 });
    }
    // 15 s after the kill (a lease of 10 s and sweeps every second): run again here, once.
    await eventually(async () => (await jobRow(orphan.id)).state === "done");
    expect(await jobRow(orphan.id)).toMatchObject({ attempts: 2 });
    expect(await jobRow(long.id)).toMatchObject({ state: "running", attempts: 1, lockedBy: "worker-a" });
    release.resolve();
    await eventually(async () => (await jobRow(long.id)).state === "done");
  });

  it("extends the lease of a long job so no other worker takes it", async () => {
    const leaseMs = 1_000;
    queue = testQueue(db, clock.now, { leaseMs });
    const otherWorker = testQueue(db, clock.now, { workerId: "worker-b", leaseMs });
    const job = await enqueue();
    const release = deferred();
    const started = deferred();
    // Lease renewal every 100 ms of the worker's time, 1 ms of real time.
    start(
      {
        dispatch: async () => {
          started.resolve();
          await release.promise;
        },
      },
      {
        leaseRenewalMs: 100,
        sleep: (ms, signal) => timerSleep(ms / 100, signal),
      },
    );
    await started.promise;
    for (let step = 0; step < 3; step++) {
      clock.advance(800);
      const mustReach = clock.now().getTime() + 500;
      await eventually(async () => ((await jobRow(job.id)).lockedUntil?.getTime() ?? 0) >= mustReach);
    }
    // 2.4 s of work under a 1 s lease, and the job is still this worker's.
    expect(await otherWorker.claimNext()).toBeNull();
    release.resolve();
    await eventually(async () => (await jobRow(job.id)).state === "done");
    expect((await jobRow(job.id)).attempts).toBe(1);
  });

  it("tells a handler through its signal when another worker took its job over", async () => {
    const job = await enqueue();
    const aborted = deferred<unknown>();
    // Lease renewals happen when the test says so; polling runs on real (short) timers.
    const renewalMs = 100;
    const pendingRenewals: Array<() => void> = [];
    const sleep: WorkerOptions["sleep"] = (ms, signal) =>
      ms !== renewalMs
        ? timerSleep(ms, signal)
        : new Promise<void>((resolve) => {
            pendingRenewals.push(resolve);
            signal?.addEventListener("abort", () => resolve(), { once: true });
          });
    start(
      {
        dispatch: async (_job, context) => {
          await new Promise((resolve) => context.signal.addEventListener("abort", resolve, { once: true }));
          aborted.resolve(context.signal.reason);
          throw new Error("stopped: lease lost");
        },
      },
      { leaseRenewalMs: renewalMs, sleep, concurrency: 1 },
    ); // busy with its one job, it cannot re-claim it: only worker-b can
    await eventually(() => pendingRenewals.length > 0);
    // The worker's process stalls past its lease and another worker claims the job.
    await db.job.update({ where: { id: job.id }, data: { lockedUntil: new Date(clock.now().getTime() - 1) } });
    const workerB = testQueue(db, clock.now, { workerId: "worker-b" });
    await workerB.sweepAbandoned();
    const takenOver = await workerB.claimNext();
    expect(takenOver?.id).toBe(job.id);
    pendingRenewals.splice(0).forEach((renew) => renew());

    expect(await aborted.promise).toMatchObject({ name: "LeaseLostError" });
    await eventually(() =>
      logger.lines.some((line) => line.message.startsWith("Job failed after it stopped being this worker's")),
    );
    // The first worker's failure did not touch the job the second worker now holds.
    expect(await jobRow(job.id)).toMatchObject({ state: "running", lockedBy: "worker-b", lastError: null });
  });

  it("survives a failing claim (database unavailable) and carries on", async () => {
    const job = await enqueue();
    let failures = 1;
    queue = {
      ...queue,
      claimNext: (options) =>
        failures-- > 0
          ? Promise.reject(new Error("database is unreachable"))
          : testQueue(db, clock.now).claimNext(options),
    };
    start({ dispatch: async () => {} });
    await eventually(async () => (await jobRow(job.id)).state === "done");
    expect(logger.lines[0]).toMatchObject({ level: "warn", fields: { error: "database is unreachable" } });
  });

  it("runs at most `concurrency` handlers at once", async () => {
    for (let n = 0; n < 6; n++) await enqueue("counted", n);
    let active = 0;
    let peak = 0;
    const release = deferred();
    start(
      {
        counted: async () => {
          active++;
          peak = Math.max(peak, active);
          // Held until the test has seen three at once, however long a claim takes on this database.
          await release.promise;
          active--;
        },
      },
      { concurrency: 3 },
    );
    await eventually(() => active === 3);
    release.resolve();
    await eventually(async () => (await db.job.count({ where: { state: "done" } })) === 6);
    expect(peak).toBe(3);
  });

  it("claims the preferred kinds before older jobs of other kinds", async () => {
    for (let n = 0; n < 3; n++) await enqueue("read-order", n);
    await enqueue("call-courier", 1);
    clock.advance(1);
    await enqueue("call-courier", 2);
    const order: string[] = [];
    const record =
      (name: string): JobHandler =>
      async (job) =>
        void order.push(`${name}:${(job.payload as { n: number }).n}`);
    start(
      { "read-order": record("read-order"), "call-courier": record("call-courier") },
      { concurrency: 1, preferredKinds: ["call-courier"] },
    );
    await eventually(async () => (await db.job.count({ where: { state: "done" } })) === 5);
    expect(order).toEqual(["call-courier:1", "call-courier:2", "read-order:0", "read-order:1", "read-order:2"]);
  });

  it("leaves slots to other due kinds once `preferredMaxRunning` preferred jobs run, and fills them with preferred jobs when nothing else is due", async () => {
    for (let n = 0; n < 3; n++) await enqueue("call-courier", n);
    for (let n = 0; n < 2; n++) await enqueue("read-order", n);
    const active = { "call-courier": 0, "read-order": 0 };
    const releases = { "call-courier": deferred(), "read-order": deferred() };
    const held =
      (kind: keyof typeof active): JobHandler =>
      async () => {
        active[kind]++;
        await releases[kind].promise;
        active[kind]--;
      };
    start(
      { "call-courier": held("call-courier"), "read-order": held("read-order") },
      { concurrency: 3, preferredKinds: ["call-courier"], preferredMaxRunning: 1 },
    );
    await eventually(() => active["read-order"] === 2);
    expect(active["call-courier"]).toBe(1);
    releases["read-order"].resolve();
    await eventually(() => active["call-courier"] === 3);
    releases["call-courier"].resolve();
    await eventually(async () => (await db.job.count({ where: { state: "done" } })) === 5);
  });

  it("while the process is busy answering requests, runs one job at a time, and all at once after", async () => {
    for (let n = 0; n < 4; n++) await enqueue("paced", n);
    let busy = true;
    let active = 0;
    let peakWhileBusy = 0;
    let peakAfter = 0;
    const release = deferred();
    start(
      {
        paced: async () => {
          active++;
          if (busy) peakWhileBusy = Math.max(peakWhileBusy, active);
          else peakAfter = Math.max(peakAfter, active);
          await release.promise;
          active--;
        },
      },
      { concurrency: 4, pace: () => (busy ? { maxRunning: 1, minStartIntervalMs: 0 } : null) },
    );
    await eventually(() => active === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(active).toBe(1);
    busy = false;
    await eventually(() => active === 4);
    release.resolve();
    await eventually(async () => (await db.job.count({ where: { state: "done" } })) === 4);
    expect(peakWhileBusy).toBe(1);
    expect(peakAfter).toBe(4);
  });

  it("while the pace asks for it, starts jobs no more often than its interval", async () => {
    for (let n = 0; n < 3; n++) await enqueue("paced", n);
    const starts: number[] = [];
    start(
      { paced: async () => void starts.push(Date.now()) },
      { concurrency: 4, pace: () => ({ maxRunning: 2, minStartIntervalMs: 200 }) },
    );
    await eventually(() => starts.length === 3, 5_000);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(190);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(190);
  });
});
