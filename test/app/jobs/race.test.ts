/**
 * Two "workers" — separate database clients on the same SQLite file, as two app processes would
 * be — race for the same jobs. SQLite-specific in its contention (SQLITE_BUSY between clients,
 * retried by the queue); the claim itself is the same conditional update on PostgreSQL.
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
    await Promise.all(queues.flatMap((queue) => Array.from({ length: 4 }, async () => {
      for (let job = await queue.claimNext(); job; job = await queue.claimNext()) {
        claims.push(job.id);
        await queue.complete(job);
      }
    })));
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
    const workers = (["a", "b"] as const).map((name, i) => startWorker({
      queue: queueOn(i === 0 ? clientA : clientB, name),
      handlers: { dispatch: handlerFor(name) },
      concurrency: 4,
      pollIntervalMs: 5,
      clock: () => new Date(),
      sleep: timerSleep,
      logger: loggers[i]!,
    }));
    await eventually(async () => (await clientA.job.count({ where: { state: "done" } })) === JOBS, 15_000);
    await Promise.all(workers.map((worker) => worker.stop()));

    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].filter((byWorkers) => byWorkers.length !== 1)).toEqual([]);
    const byWorker = (name: string) => [...runs.values()].filter(([worker]) => worker === name).length;
    expect(byWorker("a")).toBeGreaterThan(0);
    expect(byWorker("b")).toBeGreaterThan(0);
    expect(loggers.flatMap((logger) => logger.lines).filter((line) => line.level !== "info")).toEqual([]);
  });
});
