/**
 * Two "workers" — separate database clients on the same database, as two app processes would be —
 * race for the same jobs. On SQLite the claim is the conditional update (with SQLITE_BUSY between
 * clients, retried by the queue); on PostgreSQL it is the one-statement FOR UPDATE SKIP LOCKED claim.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import type { QueuedJob } from "~/jobs/job";
import { createJobQueue } from "~/jobs/queue.server";
import { startWorker, timerSleep } from "~/jobs/worker.server";
import { SHOP, eventually, recordingLogger } from "./support";

const JOBS = 200;
const clientA = createDb(process.env.DATABASE_URL!);
const clientB = createDb(process.env.DATABASE_URL!);

const queueOn = (db: typeof clientA, workerId: string) =>
  createJobQueue({ db, clock: () => new Date(), workerId, leaseMs: 60_000, random: Math.random });

beforeEach(async () => {
  await clientA.job.deleteMany();
});

afterAll(async () => {
  await Promise.all([clientA.$disconnect(), clientB.$disconnect()]);
});

async function enqueueJobs(count: number) {
  const queue = queueOn(clientA, "enqueuer");
  for (let n = 0; n < count; n++) {
    await queue.enqueue({ shopDomain: SHOP, kind: "dispatch", payload: { n }, uniqueKey: `race:${n}` });
  }
}

describe("two workers on separate clients racing for the same jobs", () => {
  it("claimNext: concurrent claim loops never hand out one job twice", async () => {
    await enqueueJobs(JOBS);
    const queues = [queueOn(clientA, "a"), queueOn(clientB, "b")];
    const claims: string[] = [];
    // Four claim loops per client, all at once.
    await Promise.all(
      queues.flatMap((queue) =>
        Array.from({ length: 4 }, async () => {
          for (let job = await queue.claimNext(); job; job = await queue.claimNext()) {
            claims.push(job.id);
            await queue.complete(job);
          }
        }),
      ),
    );
    expect(claims).toHaveLength(JOBS);
    expect(new Set(claims).size).toBe(JOBS);
    expect(await clientA.job.count({ where: { state: "done", attempts: 1 } })).toBe(JOBS);
  });

  it("workers: every job is run exactly once and both workers take part", async () => {
    await enqueueJobs(JOBS);
    const runs = new Map<number, string[]>();
    const handlerFor = (worker: string) => async (job: QueuedJob) => {
      const { n } = job.payload as { n: number };
      runs.set(n, [...(runs.get(n) ?? []), worker]);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const loggers = [recordingLogger(), recordingLogger()];
    const workers = (["a", "b"] as const).map((name, i) =>
      startWorker({
        queue: queueOn(i === 0 ? clientA : clientB, name),
        handlers: { dispatch: handlerFor(name) },
        concurrency: 4,
        pollIntervalMs: 5,
        clock: () => new Date(),
        sleep: timerSleep,
        logger: loggers[i]!,
      }),
    );
    await eventually(async () => (await clientA.job.count({ where: { state: "done" } })) === JOBS, 15_000);
    await Promise.all(workers.map((worker) => worker.stop()));

    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].filter((byWorkers) => byWorkers.length !== 1)).toEqual([]);
    const byWorker = (name: string) => [...runs.values()].filter(([worker]) => worker === name).length;
    expect(byWorker("a")).toBeGreaterThan(0);
    expect(byWorker("b")).toBeGreaterThan(0);
    expect(loggers.flatMap((logger) => logger.lines).filter((line) => line.level !== "info")).toEqual([]);
  });

  it("jobs sharing an orderingKey never run at once and run in creation order, whichever worker claims them", async () => {
    const keys = 5;
    const perKey = 8;
    const enqueuer = queueOn(clientA, "enqueuer");
    for (let n = 0; n < perKey; n++) {
      for (let k = 0; k < keys; k++) {
        await enqueuer.enqueue({ shopDomain: SHOP, kind: "apply", payload: { k, n }, orderingKey: `shipment:${k}` });
      }
    }
    const runningKeys = new Set<number>();
    const overlaps: string[] = [];
    const order = new Map<number, number[]>();
    let done = 0;
    const queues = [queueOn(clientA, "a"), queueOn(clientB, "b")];
    await Promise.all(
      queues.flatMap((queue) =>
        Array.from({ length: 3 }, async () => {
          const deadline = Date.now() + 15_000;
          while (done < keys * perKey && Date.now() < deadline) {
            const job = await queue.claimNext();
            if (!job) {
              await new Promise((resolve) => setTimeout(resolve, 2));
              continue;
            }
            const { k, n } = job.payload as { k: number; n: number };
            if (runningKeys.has(k)) overlaps.push(`shipment:${k} job ${n}`);
            runningKeys.add(k);
            order.set(k, [...(order.get(k) ?? []), n]);
            await new Promise((resolve) => setTimeout(resolve, 1));
            runningKeys.delete(k);
            await queue.complete(job);
            done += 1;
          }
        }),
      ),
    );
    expect(done).toBe(keys * perKey);
    expect(overlaps).toEqual([]);
    for (let k = 0; k < keys; k++) expect(order.get(k)).toEqual(Array.from({ length: perKey }, (_, n) => n));
  });
});
