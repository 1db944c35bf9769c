/** What every part of the job queue shares: the database, the injected clock and randomness, busy retries. */
import { setTimeout as delay } from "node:timers/promises";
import type { Db, Tx } from "~/db/client.server";
import { withBusyRetry, type Sleep } from "~/db/busy-retry";
import { DEFAULT_BACKOFF, assertBackoffPolicy, type BackoffPolicy, type Random } from "./retry-policy";

export type { Tx };
/** Where a statement runs: the caller's transaction or the client. */
export type Store = Tx | Db;

export interface JobQueueOptions {
  db: Db;
  clock: () => Date;
  /** Written to lockedBy: which process holds a job (see newWorkerId). */
  workerId: string;
  /** How long a claim lasts without extendLease; a dead worker's jobs are picked up again after it. */
  leaseMs: number;
  /** [0, 1): jitter of the backoff and of the pauses after a busy database. */
  random: Random;
  backoff?: BackoffPolicy;
  /** Pauses between retries of a statement the database reported busy (SQLite); default: a real timer. */
  sleep?: Sleep;
}

export interface QueueContext {
  db: Db;
  clock: () => Date;
  workerId: string;
  leaseMs: number;
  random: Random;
  backoff: BackoffPolicy;
  /** Repeats an operation on its own (not in a caller's transaction) while the database reports it busy. */
  retryBusy<T>(operation: () => Promise<T>): Promise<T>;
  /**
   * Runs `operation` in the caller's transaction when given (a busy error must reach the caller, who
   * retries the whole transaction), else on the client with busy retries.
   */
  inStore<T>(tx: Tx | undefined, operation: (store: Store) => Promise<T>): Promise<T>;
}

export function queueContext(options: JobQueueOptions): QueueContext {
  const { db, clock, workerId, leaseMs, random } = options;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const sleep: Sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  if (!workerId) throw new RangeError("A job queue needs a workerId.");
  if (!(Number.isFinite(leaseMs) && leaseMs > 0)) throw new RangeError("leaseMs must be a positive number.");
  assertBackoffPolicy(backoff);
  const retryBusy = <T>(operation: () => Promise<T>) => withBusyRetry(operation, sleep, random);
  return {
    db,
    clock,
    workerId,
    leaseMs,
    random,
    backoff,
    retryBusy,
    inStore: (tx, operation) => (tx ? operation(tx) : retryBusy(() => operation(db))),
  };
}
