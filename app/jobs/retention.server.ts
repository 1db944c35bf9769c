import type { Db } from "~/db/client.server";

/**
 * How long a finished job (done or dead) is kept: 30 days after it finished, then deleted. Long
 * enough that every repeat its unique key guards against has come and gone (Shopify retries a
 * webhook for 48 hours, the courier repeats an event within minutes, staff see dead jobs on Home the
 * same day), short enough that what a job's row holds (ids, codes, a last error) is not kept for ever.
 */
export const FINISHED_JOB_RETENTION_DAYS = 30;
const FINISHED_JOB_RETENTION_MS = FINISHED_JOB_RETENTION_DAYS * 24 * 3600_000;

/** Deletes the jobs that finished more than FINISHED_JOB_RETENTION_DAYS before `now`; returns how many. */
export async function deleteFinishedJobs(db: Db, now: Date): Promise<number> {
  const { count } = await db.job.deleteMany({
    where: {
      state: { in: ["done", "dead"] },
      finishedAt: { lt: new Date(now.getTime() - FINISHED_JOB_RETENTION_MS) },
    },
  });
  return count;
}
