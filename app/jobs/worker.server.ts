/**
 * The worker: claims jobs from the queue, runs their handlers with bounded concurrency, records
 * the outcome, keeps the lease of long jobs alive and stops gracefully. Whatever a handler does
 * (throw, hang past its lease, reject with a non-Error) the loop keeps going.
 *
 * Logs carry the job's id, kind, shop and attempt and the failure message, never the payload
 * (it may hold a customer's name, phone or address).
 */
import { setTimeout as delay } from "node:timers/promises";
import { LeaseLostError, failureMessage, permanentFailure } from "./errors";
import type { Sleep } from "~/db/busy-retry";
import type { QueuedJob } from "./job";

export type {
  JobContext,
  JobHandler,
  LogFields,
  Worker,
  WorkerLogger,
  WorkerOptions,
  WorkerPace,
} from "./worker-types";
import type { LogFields, Worker, WorkerOptions } from "./worker-types";

/** The real-time Sleep for the shell; a stopping worker cancels its pending timers through the signal. */
export const timerSleep: Sleep = (ms, signal) => delay(ms, undefined, { signal });

/** The message stored for a job no handler is registered for. */
export function noHandlerMessage(kind: string): string {
  return `No handler is registered for jobs of kind "${kind}"; retry it once a version of the app that handles it is running.`;
}

export const MAX_LOGGED_ERROR_LENGTH = 300;
/** How soon a worker held back by the request load looks again. */
const BUSY_RECHECK_MS = 20;
const MAX_SWEEP_EVERY_MS = 5_000;
/**
 * After the fair pass found nothing, it is skipped for this long: with one busy shop and no other
 * work it would read all that shop's due jobs at every claim. A quiet shop's job waits at most this
 * much longer for its turn.
 */
export const FAIR_PASS_PAUSE_MS = 100;
/** Shops this worker served last that the fair pass passes over. */
const RECENT_SHOPS = 2;

export function startWorker(options: WorkerOptions): Worker {
  const { queue, handlers, concurrency, pollIntervalMs, clock, sleep, logger } = options;
  const preferredKinds = options.preferredKinds?.length ? options.preferredKinds : null;
  const preferredMaxRunning = options.preferredMaxRunning ?? concurrency;
  if (!(Number.isInteger(preferredMaxRunning) && preferredMaxRunning >= 1))
    throw new RangeError("preferredMaxRunning must be a positive integer.");
  const perShopMax = options.preferredMaxRunningPerShop ?? Infinity;
  if (!(perShopMax === Infinity || (Number.isInteger(perShopMax) && perShopMax >= 1)))
    throw new RangeError("preferredMaxRunningPerShop must be a positive integer.");
  /** Running jobs of the preferred kinds, in all and by shop. */
  let preferredRunning = 0;
  const preferredByShop = new Map<string, number>();
  /** The shops of the jobs this worker started last, oldest first (at most RECENT_SHOPS). */
  const recentShops = new Set<string>();
  /** When the fair pass last found nothing (real time). */
  let fairPassEmptyAt = -Infinity;
  let lastStartAt = -Infinity;
  if (!(Number.isInteger(concurrency) && concurrency >= 1))
    throw new RangeError("concurrency must be a positive integer.");
  if (!(Number.isFinite(pollIntervalMs) && pollIntervalMs > 0))
    throw new RangeError("pollIntervalMs must be positive.");
  const renewEveryMs = options.leaseRenewalMs ?? Math.max(1, Math.floor(queue.leaseMs / 3));
  if (!(renewEveryMs > 0 && renewEveryMs < queue.leaseMs))
    throw new RangeError("leaseRenewalMs must be shorter than the lease.");

  const running = new Set<Promise<void>>();
  const stopRequest = new AbortController();
  const stopRequested = new Promise<void>((resolve) =>
    stopRequest.signal.addEventListener("abort", () => resolve(), { once: true }),
  );

  /** Resolves after `ms`, or earlier when `cancel` aborts (the timer is then cancelled if `sleep` supports it). */
  function pause(ms: number, cancel: AbortSignal): Promise<void> {
    if (cancel.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      cancel.addEventListener("abort", () => resolve(), { once: true });
      sleep(ms, cancel).then(
        () => resolve(),
        () => resolve(),
      );
    });
  }

  async function loop(): Promise<void> {
    while (!stopRequest.signal.aborted) {
      if (running.size >= concurrency) {
        await Promise.race([...running, stopRequested]);
        continue;
      }
      const pace = options.pace?.() ?? null;
      // Real time, like the pauses: the pace is about the CPU the requests need now.
      if (
        pace &&
        (running.size >= Math.max(1, pace.maxRunning) || Date.now() - lastStartAt < pace.minStartIntervalMs)
      ) {
        // Looks again when a job ends or after a short pause, whichever comes first.
        await Promise.race([...running, pause(BUSY_RECHECK_MS, stopRequest.signal)]);
        continue;
      }
      let job: QueuedJob | null;
      try {
        job = await claim();
      } catch (error) {
        logger.warn("Could not claim a job; trying again after the poll interval", { error: logged(error) });
        await pause(pollIntervalMs, stopRequest.signal);
        continue;
      }
      if (!job) {
        await pause(pollIntervalMs, stopRequest.signal);
        continue;
      }
      lastStartAt = Date.now();
      const preferred = isPreferred(job);
      const shop = job.shopDomain;
      recentShops.delete(shop);
      recentShops.add(shop);
      if (recentShops.size > RECENT_SHOPS) recentShops.delete(recentShops.values().next().value!);
      if (preferred) {
        preferredRunning += 1;
        preferredByShop.set(shop, (preferredByShop.get(shop) ?? 0) + 1);
      }
      // A job claimed while stop() was being called still runs: releasing it would cost an attempt.
      const task: Promise<void> = runJob(job).finally(() => {
        running.delete(task);
        if (preferred) {
          preferredRunning -= 1;
          const left = (preferredByShop.get(shop) ?? 1) - 1;
          if (left > 0) preferredByShop.set(shop, left);
          else preferredByShop.delete(shop);
        }
      });
      running.add(task);
    }
  }

  const isPreferred = (job: QueuedJob) => preferredKinds !== null && preferredKinds.includes(job.kind);

  /**
   * Fair across shops first: a due job of a shop with nothing running (in any instance) goes before
   * every busy shop's jobs (the preferred kinds first, as below). Then the preferred kinds while under their caps (in all, and per shop),
   * then the other kinds, then (capped, nothing else due) the preferred ones; each in creation order.
   */
  async function claim(): Promise<QueuedJob | null> {
    const underCap = preferredKinds !== null && preferredRunning < preferredMaxRunning;
    if (Date.now() - fairPassEmptyAt >= (options.fairPassPauseMs ?? FAIR_PASS_PAUSE_MS)) {
      // Also the shops this worker served last: held to one job at a time (a busy request load), a
      // busy shop has nothing running at each claim and would look idle.
      const idle = { idleShopsOnly: true, excludeShops: [...recentShops] };
      const fair = !preferredKinds
        ? await queue.claimNext(idle)
        : ((underCap ? await queue.claimNext({ ...idle, kinds: preferredKinds }) : null) ??
          (await queue.claimNext({ ...idle, excludeKinds: preferredKinds })));
      if (fair) return fair;
      fairPassEmptyAt = Date.now();
    }
    if (!preferredKinds) return queue.claimNext();
    const saturatedShops = [...preferredByShop].filter(([, n]) => n >= perShopMax).map(([shop]) => shop);
    const preferred = { kinds: preferredKinds, excludeShops: saturatedShops };
    return (
      (underCap ? await queue.claimNext(preferred) : null) ??
      (await queue.claimNext({ excludeKinds: preferredKinds })) ??
      // Nothing else due: a slot spent waiting at a limiter is no loss.
      (underCap ? null : await queue.claimNext({ kinds: preferredKinds }))
    );
  }

  /** Jobs whose worker stopped are queued again (or buried) on a timer, not at every claim. */
  async function sweepLoop(): Promise<void> {
    const every = options.sweepEveryMs ?? Math.min(MAX_SWEEP_EVERY_MS, Math.max(1, Math.floor(queue.leaseMs / 10)));
    while (!stopRequest.signal.aborted) {
      try {
        const swept = await queue.sweepAbandoned();
        if (swept.buried + swept.requeued > 0) logger.warn("Jobs whose worker stopped were swept", swept);
      } catch (error) {
        logger.warn("Could not sweep jobs whose worker stopped; trying again later", { error: logged(error) });
      }
      await pause(every, stopRequest.signal);
    }
  }

  async function runJob(job: QueuedJob): Promise<void> {
    const fields: LogFields = {
      jobId: job.id,
      kind: job.kind,
      shop: job.shopDomain,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
    };
    const startedAt = clock().getTime();
    const controller = new AbortController();
    const lease = keepLeaseAlive(job, controller, fields);
    let failure: { error: unknown } | null = null;
    // Completed in the handler's own transaction: no second completion (an update that finds nothing
    // and a read to see why: two statements per job). Should that transaction roll back while the
    // handler still returns, the job stays running until its lease ends and then runs again.
    let completedByHandler = false;
    const complete = async (tx: Parameters<typeof queue.complete>[1]) => {
      await queue.complete(job, tx);
      completedByHandler = true;
    };
    try {
      const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
      if (!handler) throw permanentFailure(noHandlerMessage(job.kind));
      // Through a promise so a handler that throws synchronously is caught the same way.
      await Promise.resolve().then(() => handler(job, { signal: controller.signal, complete }));
    } catch (error) {
      failure = { error };
    } finally {
      await lease.stop();
    }
    const ms = clock().getTime() - startedAt;
    if (failure) {
      await recordFailure(job, failure.error, { ...fields, ms });
      return;
    }
    try {
      if (!completedByHandler) await queue.complete(job);
      logger.info("Job done", { ...fields, ms });
    } catch (error) {
      if (error instanceof LeaseLostError) {
        logger.warn("Job finished after its lease was taken over by another worker; its result was not recorded here", {
          ...fields,
          ms,
        });
      } else {
        logger.warn("Job finished but could not be recorded as done; it will run again when its lease ends", {
          ...fields,
          ms,
          error: logged(error),
        });
      }
    }
  }

  async function recordFailure(job: QueuedJob, error: unknown, fields: LogFields): Promise<void> {
    try {
      const outcome = await queue.fail(job, error);
      if (outcome.state === "dead") {
        logger.error("Job is dead: it will not be retried until staff retry it", {
          ...fields,
          error: outcome.lastError.slice(0, MAX_LOGGED_ERROR_LENGTH),
        });
      } else {
        logger.warn("Job failed; it will be retried", {
          ...fields,
          retryAt: outcome.runAt.toISOString(),
          error: outcome.lastError.slice(0, MAX_LOGGED_ERROR_LENGTH),
        });
      }
    } catch (failError) {
      if (failError instanceof LeaseLostError) {
        logger.warn(
          "Job failed after it stopped being this worker's (taken over after its lease, or already completed); the failure was not recorded",
          { ...fields, error: logged(error) },
        );
      } else {
        logger.warn("Job failed and the failure could not be recorded; it will run again when its lease ends", {
          ...fields,
          error: logged(failError),
        });
      }
    }
  }

  function keepLeaseAlive(job: QueuedJob, controller: AbortController, fields: LogFields) {
    const finished = new AbortController();
    const renewals = (async () => {
      while (!finished.signal.aborted) {
        await pause(renewEveryMs, finished.signal);
        if (finished.signal.aborted) return;
        try {
          if ((await queue.extendLease(job)) === null) return;
        } catch (error) {
          if (error instanceof LeaseLostError) {
            logger.warn("Lost the lease of a running job; asking its handler to stop", fields);
            controller.abort(error);
            return;
          }
          logger.warn("Could not extend a running job's lease; will try again", { ...fields, error: logged(error) });
        }
      }
    })();
    return {
      async stop() {
        finished.abort();
        await renewals;
      },
    };
  }

  const sweepDone = sweepLoop();
  const loopDone = loop().catch((error: unknown) => {
    // Not expected (every step catches its own errors); logged rather than crashing the process.
    logger.error("The job worker loop stopped unexpectedly", { error: logged(error) });
  });

  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        stopRequest.abort();
        await loopDone;
        await sweepDone;
        while (running.size > 0) await Promise.all([...running]);
      })();
      return stopped;
    },
  };
}

function logged(error: unknown): string {
  return failureMessage(error, MAX_LOGGED_ERROR_LENGTH);
}
