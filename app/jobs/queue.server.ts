/**
 * The durable job queue: the only module that reads or writes the `Job` table for running work.
 *
 * Every change of a claimed job is one conditional UPDATE whose WHERE repeats what was read (id,
 * state, version) and is accepted only when it changed exactly one row. Both databases evaluate such
 * an UPDATE atomically against the current row (PostgreSQL re-checks the WHERE after waiting for a
 * concurrent writer's row lock). `version` grows with every claim, which fences a worker whose lease
 * ended and whose job was taken over: its complete/fail/extendLease match nothing.
 *
 * A claim is one statement on both databases, built on one rule of which job is eligible and in
 * what order; PostgreSQL adds `FOR UPDATE SKIP LOCKED`, so concurrent workers in several instances
 * take different jobs without waiting on each other, and SQLite's single writer makes its
 * UPDATE ... WHERE "id" = (the first eligible) one atomic step (job-sql.server.ts).
 *
 * The parts, by job: enqueue.server.ts (adding), claim.server.ts (claiming), finish.server.ts
 * (completion, failure, lease renewal), dead-jobs.server.ts (staff), queue-stats.server.ts; all raw
 * SQL is in job-sql.server.ts.
 *
 * Delivery is at least once: a worker that dies mid-job leaves the job to be claimed again after
 * the lease. Handlers make their effect exactly once by writing their result in the transaction
 * that completes the job (`complete(job, tx)`) and by idempotent calls to outside systems.
 *
 * Time comes from the injected clock only (never the database's), so all instances must keep
 * their clocks in sync (NTP); the lease should be much longer than any expected skew.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { EnqueueInput, QueuedJob } from "./job";
import { createClaim, type ClaimOptions } from "./claim.server";
import { createDeadJobs, type DeadJob } from "./dead-jobs.server";
import { createEnqueue } from "./enqueue.server";
import { createFinish, type FailureOutcome } from "./finish.server";
import type { FailureOptions } from "./errors";
import { queueContext, type JobQueueOptions, type Tx } from "./queue-context.server";
import { createQueueStats, type QueueStats } from "./queue-stats.server";

export { LEASE_ENDED_ON_LAST_ATTEMPT, UNREADABLE_PAYLOAD, type ClaimOptions } from "./claim.server";
export { DEFAULT_DEAD_LIST_LIMIT, MAX_DEAD_LIST_LIMIT, type DeadJob } from "./dead-jobs.server";
export type { FailureOutcome } from "./finish.server";
export type { JobQueueOptions, Tx } from "./queue-context.server";
export type { QueueStats } from "./queue-stats.server";

export interface JobQueue {
  readonly workerId: string;
  readonly leaseMs: number;
  /**
   * Adds a job; with `tx`, it commits or rolls back with the caller's transaction. Idempotent on
   * uniqueKey: if a job with that key exists in any state, that job is returned unchanged and
   * nothing is added. A done job is therefore never run again for its key (exactly-once dispatch;
   * a deliberate re-run needs a new key, e.g. a new dispatch generation), and a dead job stays dead
   * until staff call retryDead.
   */
  enqueue(input: EnqueueInput, tx?: Tx): Promise<QueuedJob>;
  /**
   * Adds jobs that have no uniqueKey in one statement (with `tx`, in the caller's transaction).
   * Returns how many were added.
   */
  enqueueMany(inputs: readonly EnqueueInput[], tx?: Tx): Promise<number>;
  /**
   * For jobs that read their work when they run (a shipment's stored events): adds a job per
   * (kind, orderingKey) unless one is still queued, not yet claimed, which will then do the new work
   * too. The queued jobs counted on are written in `tx`, so none of them can be claimed (and start
   * reading) before the caller's work commits. Inputs need an orderingKey and no uniqueKey; their
   * payload must follow from the two.
   */
  enqueueUnlessQueued(inputs: readonly EnqueueInput[], tx: Tx): Promise<{ added: number; joined: number }>;
  /**
   * Atomically takes one due job (queued with runAt <= now) and leases it to this worker, or null. A job waits while another job with its orderingKey is
   * running under a live lease, or is older and not finished (queued, even if waiting for a retry,
   * or running); dead jobs do not hold their key back.
   */
  claimNext(options?: ClaimOptions): Promise<QueuedJob | null>;
  /**
   * Jobs whose worker stopped (lease ended): dead on their last attempt, else queued again, due now,
   * in their creation-order place. The worker calls it on a timer (not per claim); the old worker
   * can no longer complete, fail or extend them.
   */
  sweepAbandoned(): Promise<{ buried: number; requeued: number }>;
  /** Marks the job done, inside `tx` when given. Throws LeaseLostError if another claim took it over; repeating it is harmless. */
  complete(job: QueuedJob, tx?: Tx): Promise<void>;
  /** Schedules a retry (backoff, or the error's/option's Retry-After) or makes the job dead (last attempt, or permanent). */
  fail(job: QueuedJob, error: unknown, options?: FailureOptions): Promise<FailureOutcome>;
  /** Renews the lease; null if the job was already completed under this claim; LeaseLostError if taken over. */
  extendLease(job: QueuedJob): Promise<Date | null>;
  /** Puts a dead job back in the queue with its attempts reset; false if it is not dead (or not the shop's). */
  retryDead(jobId: string, scope?: { shopDomain?: string }): Promise<boolean>;
  /** A shop's dead jobs, most recent first, without payloads (for staff). */
  listDead(filter: { shopDomain: string; limit?: number }): Promise<DeadJob[]>;
  stats(filter?: { shopDomain?: string }): Promise<QueueStats>;
}

/** A lockedBy value that tells staff which machine and process held a job. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const context = queueContext(options);
  const { complete, fail, extendLease } = createFinish(context);
  return {
    workerId: context.workerId,
    leaseMs: context.leaseMs,
    ...createEnqueue(context),
    ...createClaim(context, { fail }),
    complete,
    fail,
    extendLease,
    ...createDeadJobs(context),
    ...createQueueStats(context),
  };
}
