/**
 * Claiming: buries what died on its last attempt, then takes the first eligible job in one
 * statement (the rule and both databases' statements: job-sql.server.ts).
 */
import type { Job as JobRow } from "@prisma/client";
import { providerOfDb } from "~/db/client.server";
import { permanentFailure } from "./errors";
import { parsePayload, toQueuedJob, type QueuedJob } from "./job";
import { claimEligibleJob, type KindFilter } from "./job-sql.server";
import type { QueueContext } from "./queue-context.server";

/** Jobs abandoned on their last attempt buried per claim, at most (the rest by the next claims). */
export const CLAIM_CANDIDATES = 16;

export const LEASE_ENDED_ON_LAST_ATTEMPT =
  "The worker running this job stopped before finishing it (its lease ended) on the last allowed attempt.";
export const UNREADABLE_PAYLOAD = "The job's stored payload is not valid JSON; it cannot be run.";

export interface ClaimOptions {
  /** Only jobs of these kinds (default: any kind). */
  kinds?: readonly string[];
  /** No job of these kinds. */
  excludeKinds?: readonly string[];
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
    };
    if (filter.kinds && filter.kinds.length === 0) return null;
    const now = clock();
    await buryAbandoned(filter, now);
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
   * A job whose worker died on its last attempt is not run again: crashing workers is a failure
   * too. One row per statement: on PostgreSQL a multi-row UPDATE racing another worker's could deadlock.
   */
  async function buryAbandoned({ kinds, excluded }: KindFilter, now: Date): Promise<void> {
    const abandoned = await retryBusy(() =>
      db.job.findMany({
        where: {
          state: "running",
          lockedUntil: { lt: now },
          attempts: { gte: db.job.fields.maxAttempts },
          AND: [
            ...(kinds ? [{ kind: { in: [...kinds] } }] : []),
            ...(excluded.length > 0 ? [{ kind: { notIn: [...excluded] } }] : []),
          ],
        },
        select: { id: true, version: true },
        take: CLAIM_CANDIDATES,
      }),
    );
    for (const row of abandoned) {
      await retryBusy(() =>
        db.job.updateMany({
          where: { id: row.id, state: "running", version: row.version, lockedUntil: { lt: now } },
          data: {
            state: "dead",
            lastError: LEASE_ENDED_ON_LAST_ATTEMPT,
            finishedAt: now,
            lockedBy: null,
            lockedUntil: null,
          },
        }),
      );
    }
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

  return { claimNext };
}
