/**
 * Fair claiming across shops (issue 37): who is claimed next, table-driven against the real queue
 * on the test database; then the worker, and two workers on separate clients (two instances; on
 * PostgreSQL with TEST_DATABASE=postgresql, FOR UPDATE SKIP LOCKED).
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import type { ClaimOptions } from "~/jobs/queue.server";
import { createJobQueue, type JobQueue } from "~/jobs/queue.server";
import { startWorker, timerSleep, type JobHandler, type Worker } from "~/jobs/worker.server";
import { deferred, eventually, manualClock, recordingLogger, testQueue } from "./support";

const BIG = "big-fair.myshopify.com";
const SMALL = "small-fair.myshopify.com";
const QUIET = "quiet-fair.myshopify.com";

const db = createDb(process.env.DATABASE_URL!);
let clock = manualClock();
let queue = testQueue(db, clock.now);

beforeEach(async () => {
  await db.job.deleteMany();
  clock = manualClock();
  queue = testQueue(db, clock.now);
});

afterAll(async () => {
  await db.$disconnect();
});

/** A job of the table: its shop and kind, and whether a worker is running it. */
type Row = { shop: string; kind: string; running?: boolean };

type Case = {
  name: string;
  /** Enqueued in this order (one millisecond apart: creation order). */
  jobs: Row[];
  options: ClaimOptions;
  /** The claimed job's index in `jobs`, or null. */
  next: number | null;
};

const cases: Case[] = [
  {
    name: "creation order without the fair pass: the busy shop's elder job",
    jobs: [
      { shop: BIG, kind: "read-order", running: true },
      { shop: BIG, kind: "read-order" },
      { shop: SMALL, kind: "read-order" },
    ],
    options: {},
    next: 1,
  },
  {
    name: "fair pass: a shop with nothing running goes before an elder job of a shop with a job running",
    jobs: [
      { shop: BIG, kind: "read-order", running: true },
      { shop: BIG, kind: "read-order" },
      { shop: BIG, kind: "read-order" },
      { shop: SMALL, kind: "read-order" },
    ],
    options: { idleShopsOnly: true },
    next: 3,
  },
  {
    name: "fair pass: among idle shops, creation order",
    jobs: [
      { shop: BIG, kind: "read-order", running: true },
      { shop: QUIET, kind: "read-order" },
      { shop: SMALL, kind: "read-order" },
    ],
    options: { idleShopsOnly: true },
    next: 1,
  },
  {
    name: "fair pass: nothing when every shop with due work has a job running",
    jobs: [
      { shop: BIG, kind: "read-order", running: true },
      { shop: BIG, kind: "read-order" },
      { shop: SMALL, kind: "call-courier", running: true },
      { shop: SMALL, kind: "read-order" },
    ],
    options: { idleShopsOnly: true },
    next: null,
  },
  {
    name: "a shop left out (its courier calls in flight at their cap) is skipped, whatever its jobs' age",
    jobs: [
      { shop: BIG, kind: "call-courier", running: true },
      { shop: BIG, kind: "call-courier" },
      { shop: SMALL, kind: "call-courier" },
    ],
    options: { kinds: ["call-courier"], excludeShops: [BIG] },
    next: 2,
  },
  {
    name: "every shop with due work left out: nothing",
    jobs: [{ shop: BIG, kind: "call-courier" }],
    options: { excludeShops: [BIG] },
    next: null,
  },
  {
    name: "the fair pass keeps the kind filter",
    jobs: [
      { shop: SMALL, kind: "call-courier" },
      { shop: QUIET, kind: "read-order" },
    ],
    options: { idleShopsOnly: true, excludeKinds: ["call-courier"] },
    next: 1,
  },
];

describe("who is claimed next", () => {
  it.each(cases)("$name", async ({ jobs, options, next }) => {
    const ids: string[] = [];
    for (const [n, row] of jobs.entries()) {
      clock.advance(1);
      const job = await queue.enqueue({ shopDomain: row.shop, kind: row.kind, payload: { n } });
      ids.push(job.id);
    }
    // Running: leased to another worker.
    for (const [n, row] of jobs.entries()) {
      if (!row.running) continue;
      await db.job.update({
        where: { id: ids[n]! },
        data: {
          state: "running",
          lockedBy: "worker-other",
          lockedUntil: new Date(clock.now().getTime() + 60_000),
          attempts: 1,
          version: 1,
        },
      });
    }
    const claimed = await queue.claimNext(options);
    expect(claimed?.id ?? null).toBe(next === null ? null : ids[next]);
  });
});

describe("the worker, fair across shops", () => {
  const workers: Worker[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });

  /** Handlers that hold each job until the test releases it, recording the order jobs started in. */
  function heldJobs() {
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    let open = false;
    const handler: JobHandler = async (job) => {
      const { n } = job.payload as { n: number };
      const label = `${job.shopDomain.split("-")[0]}:${n}`;
      started.push(label);
      if (open) return;
      const release = deferred();
      releases.set(label, release.resolve);
      await release.promise;
    };
    return {
      started,
      handler,
      release: (label: string) => releases.get(label)?.(),
      /** Every held job goes on, and later ones do not wait. */
      releaseAll() {
        open = true;
        for (const release of releases.values()) release();
      },
    };
  }

  const enqueueFor = (q: JobQueue, shop: string, kind: string, n: number) =>
    q.enqueue({ shopDomain: shop, kind, payload: { n } });

  it("a quiet shop's job takes the next free slot although a busy shop's elder jobs are due", async () => {
    const real = createJobQueue({ db, clock: () => new Date(), workerId: "w", leaseMs: 60_000, random: Math.random });
    for (let n = 0; n < 6; n++) await enqueueFor(real, BIG, "read-order", n);
    const held = heldJobs();
    const worker = startWorker({
      queue: real,
      handlers: { "read-order": held.handler },
      concurrency: 2,
      pollIntervalMs: 5,
      fairPassPauseMs: 0,
      clock: () => new Date(),
      sleep: timerSleep,
      logger: recordingLogger(),
    });
    workers.push(worker);
    await eventually(() => held.started.length === 2);
    await enqueueFor(real, SMALL, "read-order", 0);
    held.release("big:0");
    await eventually(() => held.started.length === 3);
    expect(held.started).toEqual(["big:0", "big:1", "small:0"]);
    held.releaseAll();
    await eventually(async () => (await db.job.count({ where: { state: "done" } })) === 7);
  });

  it("one job at a time (a busy request load): a quiet shop still goes before the shop served last", async () => {
    const real = createJobQueue({ db, clock: () => new Date(), workerId: "w", leaseMs: 60_000, random: Math.random });
    for (let n = 0; n < 3; n++) await enqueueFor(real, BIG, "read-order", n);
    await enqueueFor(real, SMALL, "read-order", 0);
    const held = heldJobs();
    held.releaseAll();
    workers.push(
      startWorker({
        queue: real,
        handlers: { "read-order": held.handler },
        concurrency: 1,
        pollIntervalMs: 5,
        fairPassPauseMs: 0,
        clock: () => new Date(),
        sleep: timerSleep,
        logger: recordingLogger(),
      }),
    );
    await eventually(async () => (await db.job.count({ where: { state: "done" } })) === 4);
    expect(held.started).toEqual(["big:0", "small:0", "big:1", "big:2"]);
  });

  it("holds no slot for a shop whose courier calls in flight are at their cap while under the preferred cap", async () => {
    const real = createJobQueue({ db, clock: () => new Date(), workerId: "w", leaseMs: 60_000, random: Math.random });
    for (let n = 0; n < 3; n++) await enqueueFor(real, BIG, "call-courier", n);
    await enqueueFor(real, SMALL, "call-courier", 0);
    const held = heldJobs();
    workers.push(
      startWorker({
        queue: real,
        handlers: { "call-courier": held.handler },
        concurrency: 4,
        pollIntervalMs: 5,
        fairPassPauseMs: 0,
        preferredKinds: ["call-courier"],
        preferredMaxRunning: 4,
        preferredMaxRunningPerShop: 1,
        clock: () => new Date(),
        sleep: timerSleep,
        logger: recordingLogger(),
      }),
    );
    await eventually(() => held.started.length === 2);
    expect([...held.started].sort()).toEqual(["big:0", "small:0"]);
    // BIG's next call waits for its running one, not in a slot of its own.
    expect(await db.job.count({ where: { state: "queued", shopDomain: BIG } })).toBe(2);
    held.release("big:0");
    await eventually(() => held.started.length === 3);
    expect(held.started[2]).toBe("big:1");
    held.releaseAll();
    await eventually(async () => (await db.job.count({ where: { state: "done" } })) === 4);
  });

  it("two instances on separate clients: a quiet shop goes first at the next free slot of either", async () => {
    const clients = [createDb(process.env.DATABASE_URL!), createDb(process.env.DATABASE_URL!)];
    try {
      const queues = clients.map((client, i) =>
        createJobQueue({
          db: client,
          clock: () => new Date(),
          workerId: `instance-${i}`,
          leaseMs: 60_000,
          random: Math.random,
        }),
      );
      for (let n = 0; n < 8; n++) await enqueueFor(queues[0]!, BIG, "read-order", n);
      const held = heldJobs();
      for (const q of queues)
        workers.push(
          startWorker({
            queue: q,
            handlers: { "read-order": held.handler },
            concurrency: 2,
            pollIntervalMs: 5,
            fairPassPauseMs: 0,
            clock: () => new Date(),
            sleep: timerSleep,
            logger: recordingLogger(),
          }),
        );
      // Both instances' slots hold BIG's jobs; then a quiet shop's order comes in.
      await eventually(() => held.started.length === 4);
      await enqueueFor(queues[1]!, SMALL, "read-order", 0);
      await enqueueFor(queues[1]!, QUIET, "read-order", 0);
      held.release(held.started[0]!);
      held.release(held.started[1]!);
      await eventually(() => held.started.length === 6);
      expect([...held.started.slice(4)].sort()).toEqual(["quiet:0", "small:0"]);
      held.releaseAll();
      await eventually(async () => (await db.job.count({ where: { state: "done" } })) === 10);
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    } finally {
      await Promise.all(clients.map((client) => client.$disconnect()));
    }
  });
});
