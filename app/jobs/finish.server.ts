/** A claimed job's end or renewal: completion, failure (retry or dead) and lease extension, each under its claim. */
import { LeaseLostError, failureMessage, failureOptionsOf, type FailureOptions } from "./errors";
import { MAX_LAST_ERROR_LENGTH, type QueuedJob } from "./job";
import { changeClaimedJob } from "./job-sql.server";
import type { QueueContext, Store, Tx } from "./queue-context.server";
import { planFailure } from "./retry-policy";

export type FailureOutcome = { state: "queued"; runAt: Date; lastError: string } | { state: "dead"; lastError: string };

export function createFinish(context: QueueContext) {
  const { db, clock, leaseMs, random, backoff, retryBusy, inStore } = context;

  /** Whether the job is done under the claim `job` was read with (completed twice, or by its handler's transaction). */
  async function doneUnderClaim(store: Store, job: QueuedJob): Promise<boolean> {
    const read = () => store.job.findUnique({ where: { id: job.id }, select: { state: true, version: true } });
    const current = await (store === db ? retryBusy(read) : read());
    return current !== null && current.state === "done" && current.version === job.version;
  }

  async function complete(job: QueuedJob, tx?: Tx): Promise<void> {
    const now = clock();
    const count = await inStore(tx, (store) => changeClaimedJob(store, job, { to: "done", at: now }, now));
    if (count === 1) return;
    // Completing twice under the same claim (the handler inside its transaction, then the worker) is fine.
    if (await doneUnderClaim(tx ?? db, job)) return;
    throw new LeaseLostError(job.id);
  }

  async function fail(job: QueuedJob, error: unknown, failureOptions: FailureOptions = {}): Promise<FailureOutcome> {
    const now = clock();
    const instructions = { ...failureOptionsOf(error), ...failureOptions };
    const plan = planFailure(
      { attempts: job.attempts, maxAttempts: job.maxAttempts, ...instructions },
      backoff,
      random,
    );
    const lastError = failureMessage(error, MAX_LAST_ERROR_LENGTH);
    const outcome: FailureOutcome =
      plan.state === "dead"
        ? { state: "dead", lastError }
        : { state: "queued", runAt: new Date(now.getTime() + plan.delayMs), lastError };
    const change =
      outcome.state === "dead"
        ? { to: "dead" as const, lastError, at: now }
        : { to: "queued" as const, lastError, runAt: outcome.runAt };
    const count = await retryBusy(() => changeClaimedJob(db, job, change, now));
    if (count !== 1) throw new LeaseLostError(job.id);
    return outcome;
  }

  async function extendLease(job: QueuedJob): Promise<Date | null> {
    const lockedUntil = new Date(clock().getTime() + leaseMs);
    const count = await retryBusy(() => changeClaimedJob(db, job, { to: "leased", lockedUntil }, clock()));
    if (count === 1) return lockedUntil;
    // The handler completed it inside its own transaction: nothing left to hold.
    if (await doneUnderClaim(db, job)) return null;
    throw new LeaseLostError(job.id);
  }

  return { complete, fail, extendLease };
}
