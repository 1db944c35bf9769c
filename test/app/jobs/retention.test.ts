/**
 * The finished-jobs retention rule on the real database: a done or dead job is deleted once
 * FINISHED_JOB_RETENTION_DAYS have passed since it finished; queued and running jobs, and newer
 * finished ones, are kept.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { permanentFailure } from "~/jobs/errors";
import { deleteFinishedJobs, FINISHED_JOB_RETENTION_DAYS } from "~/jobs/retention.server";
import { SHOP, manualClock, testQueue } from "./support";

const db = createDb(process.env.DATABASE_URL!);
const DAY_MS = 24 * 3600_000;

beforeEach(async () => {
  await db.job.deleteMany();
});
afterAll(async () => {
  await db.$disconnect();
});

describe("deleteFinishedJobs", () => {
  it("deletes done and dead jobs finished more than the retention ago, and nothing else", async () => {
    const clock = manualClock();
    const queue = testQueue(db, clock.now);
    const job = (n: number) => ({ shopDomain: SHOP, kind: "dispatch", payload: { n }, uniqueKey: `k-${n}` });
    await queue.enqueue(job(1));
    await queue.complete((await queue.claimNext())!);
    await queue.enqueue({ ...job(2), maxAttempts: 1 });
    await queue.fail((await queue.claimNext())!, permanentFailure("refused"));
    clock.advance(FINISHED_JOB_RETENTION_DAYS * DAY_MS - 1);
    await queue.enqueue(job(3));
    await queue.complete((await queue.claimNext())!);
    await queue.enqueue(job(4)); // queued
    expect(await deleteFinishedJobs(db, clock.now())).toBe(0);

    clock.advance(2);
    expect(await deleteFinishedJobs(db, clock.now())).toBe(2);
    const left = await db.job.findMany({ orderBy: { uniqueKey: "asc" } });
    expect(left.map((j) => [j.uniqueKey, j.state])).toEqual([
      ["k-3", "done"],
      ["k-4", "queued"],
    ]);
  });
});
