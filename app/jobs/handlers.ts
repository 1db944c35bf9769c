import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { permanentFailure } from "./errors";
import type { JobQueue } from "./queue.server";
import type { JobHandler } from "./worker.server";

/**
 * How a feature hands its background jobs to the worker: each feature exports a function from these
 * services to its handlers (`dispatchJobHandlers`, `trackingJobHandlers`, …) and the server merges them
 * (app/server/job-handlers.server.ts). The per-shop clients are kept a few seconds by the server.
 */
export type JobServices<Admin, Courier> = {
  db: Db;
  queue: JobQueue;
  clock: () => Date;
  /** The shop's Shopify Admin client. */
  adminFor(shopDomain: string): Promise<Admin>;
  /** The shop's courier client, or null when none is connected. */
  courierFor(shopDomain: string): Promise<Courier | null>;
};

export type JobHandlers = Record<string, JobHandler>;

/** A job's payload as its kind's schema reads it; anything else fails the job for good (a retry would not help). */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw permanentFailure("The job's payload is not what this kind of job needs.");
  return parsed.data;
}

/** The features' handlers as one table; a kind claimed twice is a programming error, found at start. */
export function mergeJobHandlers(...tables: readonly JobHandlers[]): JobHandlers {
  const merged: JobHandlers = {};
  for (const table of tables) {
    for (const [kind, handler] of Object.entries(table)) {
      if (kind in merged) throw new Error(`Two features handle the job kind ${kind}.`);
      merged[kind] = handler;
    }
  }
  return merged;
}
