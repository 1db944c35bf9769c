/**
 * Claiming: takes the first eligible job in one statement (the rule and both databases' statements:
 * job-sql.server.ts); the sweep of jobs whose worker stopped runs apart, on the worker's timer.
 */
import type { Job as JobRow } from "@prisma/client";
import { providerOfDb } from "~/db/client.server";
import { permanentFailure } from "./errors";
import { parsePayload, toQueuedJob, type QueuedJob } from "./job";
import { claimEligibleJob, sweepAbandonedJobs, type KindFilter } from "./job-sql.server";
import type { QueueContext } from "./queue-context.server";

export const LEASE_ENDED_ON_LAST_ATTEMPT =
  "The worker running this job stopped before finishing it (its lease ended) on the last allowed attempt.";
export const UNREADABLE_PAYLOAD = "The job's stored payload is not valid JSON; it cannot be run.";

export interface ClaimOptions {
  /** Only jobs of these kinds (default: any kind). */
  kinds?: readonly string[];
  /** No job of these kinds. */
  excludeKinds?: readonly string[];
  /** No job of these shops. */
  excludeShops?: readonly string[];
  /** Only jobs of shops with no job running in any instance (the fair pass). */
  idleShopsOnly?: boolean;
}

export function createClaim(
  context: QueueContext,
  deps: { fail: (job: QueuedJob, error: unknown) => Promise<unknown> },
) {
  const { db, clock, workerId, leaseMs, retryBusy } = context;

  async function claimNext(claimOptions: ClaimOptions = {}): Promise<QueuedJob | null> {
    const filter: KindFilter = {
      kinds: claimOptions.kinds ? [...claimOptions.kinds] : undefined,
      excluded: [...(claimOptions.excludeKinds ?? [])],
      excludedShops: [...(claimOptions.excludeShops ?? [])],
      idleShopsOnly: claimOptions.idleShopsOnly ?? false,
    };
    if (filter.kinds && filter.kinds.length === 0) return null;
    const now = clock();
    const row = await retryBusy(() =>
      claimEligibleJob(db, providerOfDb(db), {
        now,
        lockedUntil: new Date(now.getTime() + leaseMs),
        workerId,
        filter,
      }),
    );
    return row ? acceptClaim(row) : null;
  }

  /**
   * Jobs whose lease ended: dead when it was their last attempt, else queued again (job-sql.server.ts).
   * Returns how many of each.
   */
  function sweepAbandoned(): Promise<{ buried: number; requeued: number }> {
    return retryBusy(() => sweepAbandonedJobs(db, providerOfDb(db), clock(), LEASE_ENDED_ON_LAST_ATTEMPT));
  }

  /** A claimed job whose payload cannot be read is dead at once rather than handed to a handler. */
  async function acceptClaim(row: JobRow): Promise<QueuedJob | null> {
    const job = toQueuedJob(row);
    if (!parsePayload(row.payloadJson).ok) {
      await deps.fail(job, permanentFailure(UNREADABLE_PAYLOAD));
      return null;
    }
    return job;
  }

  return { claimNext, sweepAbandoned };
}
