import type { Db } from "~/db/client.server";
import { createJobQueue, type JobQueueOptions } from "~/jobs/queue.server";
import type { LogFields, WorkerLogger } from "~/jobs/worker.server";

export const SHOP = "queue-test.myshopify.com";
export const OTHER_SHOP = "other-queue-test.myshopify.com";
export const LEASE_MS = 60_000;
export const BACKOFF = { baseMs: 1_000, capMs: 60_000 };

/** A clock the test moves by hand. */
export function manualClock(start = "2026-03-01T12:00:00.000Z") {
  let time = new Date(start).getTime();
  return {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms;
    },
  };
}

export function testQueue(db: Db, clock: () => Date, overrides: Partial<JobQueueOptions> = {}) {
  return createJobQueue({
    db,
    clock,
    workerId: "worker-a",
    leaseMs: LEASE_MS,
    random: () => 0.5,
    backoff: BACKOFF,
    ...overrides,
  });
}

export interface LogLine {
  level: "info" | "warn" | "error";
  message: string;
  fields: LogFields;
}

/** A logger that keeps what it was given, for assertions. */
export function recordingLogger(): WorkerLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log =
    (level: LogLine["level"]) =>
    (message: string, fields: LogFields = {}) => {
      lines.push({ level, message, fields });
    };
  return { lines, info: log("info"), warn: log("warn"), error: log("error") };
}

/** Polls `condition` every few ms (real time) until it holds; fails after `timeoutMs`. */
export async function eventually(condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
