/** What a worker is given and gives: its options, its handlers' context, its log and its pace. */
import type { Sleep } from "~/db/busy-retry";
import type { QueuedJob } from "./job";
import type { JobQueue, Tx } from "./queue.server";

export interface JobContext {
  /** Aborted when this worker lost the job's lease (another worker may be running it now): stop early. */
  signal: AbortSignal;
  /** Completes the job inside the transaction that writes its result (the worker then skips its own completion). */
  complete(tx: Tx): Promise<void>;
}

export type JobHandler = (job: QueuedJob, context: JobContext) => Promise<void>;

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface WorkerLogger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export interface WorkerOptions {
  queue: JobQueue;
  handlers: Readonly<Record<string, JobHandler>>;
  /** Jobs run at the same time by this worker. */
  concurrency: number;
  /** Pause between looks at an empty queue (and after a failed claim). */
  pollIntervalMs: number;
  clock: () => Date;
  sleep: Sleep;
  logger: WorkerLogger;
  /** How often a running job's lease is extended (default: a third of the queue's lease). */
  leaseRenewalMs?: number;
  /**
   * Kinds claimed before any other due job (the others keep their creation order). For work that
   * waits on a scarce outside resource: dispatch's courier calls should use every second of the
   * courier's rate limit rather than queue behind the order reads that produce them.
   */
  preferredKinds?: readonly string[];
  /**
   * Most preferred-kind jobs running at once while jobs of other kinds are due (default: all of
   * `concurrency`). Preferred jobs mostly wait for their outside resource; without a cap they hold
   * every slot and the other kinds (the orders that feed them, tracking, annotations) wait until
   * no preferred job is left.
   */
  preferredMaxRunning?: number;
  /**
   * Most preferred-kind jobs of ONE shop running at once in this worker while under
   * preferredMaxRunning (default: no limit); once at that cap and nothing else is due, any. Each shop has its own outside budget (its courier token's 10 a second): a
   * few calls in flight use all of it, and more would only hold slots waiting at the shop's limiter
   * while other shops' work is due.
   */
  preferredMaxRunningPerShop?: number;
  /** After the fair pass found nothing, how long it is skipped (default FAIR_PASS_PAUSE_MS). */
  fairPassPauseMs?: number;
  /** How often jobs whose worker stopped are swept (queue.sweepAbandoned; default: a tenth of the lease, at most 5 s). */
  sweepEveryMs?: number;
  /**
   * Requests first: how the process's request load holds the worker back right now (null: not at
   * all), so jobs do not take the CPU from webhooks that must be acknowledged in time. It slows the
   * worker during a burst, never stops it.
   */
  pace?: () => WorkerPace | null;
}

/** While requests come in: at most `maxRunning` jobs at once, started at least `minStartIntervalMs` apart. */
export type WorkerPace = { maxRunning: number; minStartIntervalMs: number };

export interface Worker {
  /** Claims nothing more and resolves once every running job has finished and been recorded. */
  stop(): Promise<void>;
}
