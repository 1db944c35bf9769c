/**
 * Waiting for the job queue to settle, and saying why when it does not: a test that drains the queue
 * and then checks what the jobs did must never go on with work still due or running.
 */
import type { Runtime } from "~/runtime.server";

/** How long a drain waits for the queue to settle: under the suite's 20 s test timeout, so this failure is the one reported. */
export const DRAIN_LIMIT_MS = 15_000;
const POLL_MS = 10;
/** Jobs listed in the failure at most. */
const LISTED_JOBS = 20;

type UnfinishedJob = {
  id: string;
  kind: string;
  state: string;
  attempts: number;
  runAt: Date;
  createdAt: Date;
  orderingKey: string | null;
  lastError: string | null;
};

async function unfinishedJobs(runtime: QueueRuntime): Promise<UnfinishedJob[]> {
  return runtime.db.job.findMany({
    where: { state: { in: ["queued", "running"] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      kind: true,
      state: true,
      attempts: true,
      runAt: true,
      createdAt: true,
      orderingKey: true,
      lastError: true,
    },
  });
}

/**
 * Whether a worker has anything to do: a job running, or one it could claim now (queued, due, and not
 * held back by an elder with its ordering key: the queue's claim rule, app/jobs/job-sql.server.ts). A
 * job due but behind an elder waiting for its retry is waiting too, like that elder.
 */
function hasWork(jobs: readonly UnfinishedJob[], now: Date): boolean {
  return jobs.some(
    (job, index) =>
      job.state === "running" ||
      (job.runAt <= now &&
        (job.orderingKey === null || !jobs.slice(0, index).some((elder) => elder.orderingKey === job.orderingKey))),
  );
}

type QueueRuntime = Pick<Runtime, "db" | "clock">;

/** Waits (up to `withinMs`) until no job is running or ready to be claimed; whether that happened. */
export async function jobsIdle(runtime: QueueRuntime, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (!hasWork(await unfinishedJobs(runtime), runtime.clock())) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The queue's unfinished jobs in words: each queued or running job's kind, state, attempts, when it
 * is due and its last error (oldest first), for the message of a drain that did not settle.
 */
export async function unsettledJobsInWords(runtime: QueueRuntime): Promise<string> {
  const now = runtime.clock().getTime();
  const jobs = await unfinishedJobs(runtime);
  if (jobs.length === 0) return "no job queued or running";
  const lines = jobs.slice(0, LISTED_JOBS).map((job) => {
    const dueInMs = job.runAt.getTime() - now;
    const when = job.state === "running" ? "running" : dueInMs > 0 ? `due in ${dueInMs} ms` : "due";
    const error = job.lastError ? `; last error: ${job.lastError.slice(0, 300)}` : "";
    return `- ${job.kind} (${when}, attempts ${job.attempts}${job.orderingKey ? `, ordering ${job.orderingKey}` : ""})${error}`;
  });
  if (jobs.length > LISTED_JOBS) lines.push(`- … and ${jobs.length - LISTED_JOBS} more`);
  return `${jobs.length} job(s) unfinished:\n${lines.join("\n")}`;
}

/** Throws, naming the unfinished jobs, unless the queue settles (nothing running or ready to run) within `withinMs`. */
export async function expectJobsSettled(runtime: QueueRuntime, withinMs = DRAIN_LIMIT_MS): Promise<void> {
  if (await jobsIdle(runtime, withinMs)) return;
  throw new Error(
    `The job queue did not settle within ${withinMs} ms (a job still running or ready to run): ${await unsettledJobsInWords(runtime)}`,
  );
}
