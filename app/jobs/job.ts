/**
 * A job as the rest of the app sees it, the limits on what can be enqueued, and the pure
 * mapping between that and the `Job` table's row.
 */
import type { Job as JobRow } from "@prisma/client";
import { z } from "zod";
import { JobInputError } from "./errors";

export const JOB_STATES = ["queued", "running", "done", "dead"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const MAX_JOB_PAYLOAD_BYTES = 64 * 1024;
export const MAX_JOB_KIND_LENGTH = 64;
export const MAX_JOB_KEY_LENGTH = 255;
export const MAX_SHOP_DOMAIN_LENGTH = 255;
export const MAX_LAST_ERROR_LENGTH = 2_000;
export const DEFAULT_MAX_ATTEMPTS = 8;
export const MAX_ATTEMPTS_LIMIT = 100;

export interface EnqueueInput {
  shopDomain: string;
  /** Chooses the handler, e.g. "dispatch". */
  kind: string;
  /** Any JSON value; the handler validates it. May hold personal data: it is never logged. */
  payload: unknown;
  /** At most one job ever exists per uniqueKey (see JobQueue.enqueue). */
  uniqueKey?: string | null;
  /** Jobs sharing it run one at a time, in creation order. */
  orderingKey?: string | null;
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

/** A job read from the queue; `version` identifies the claim it was read under. */
export interface QueuedJob {
  readonly id: string;
  readonly shopDomain: string;
  readonly kind: string;
  readonly payload: unknown;
  readonly uniqueKey: string | null;
  readonly orderingKey: string | null;
  readonly state: JobState;
  readonly runAt: Date;
  /** Attempts started so far, including the current one while running. */
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly version: number;
  readonly lockedBy: string | null;
  readonly lockedUntil: Date | null;
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

const key = z.string().trim().min(1).max(MAX_JOB_KEY_LENGTH);

const enqueueInputSchema = z.object({
  shopDomain: z.string().trim().min(1).max(MAX_SHOP_DOMAIN_LENGTH),
  kind: z
    .string()
    .max(MAX_JOB_KIND_LENGTH)
    .regex(/^[a-z][a-z0-9_.:-]*$/, "lowercase letters, digits and _ . : -"),
  payload: z.unknown(),
  uniqueKey: key.nullish(),
  orderingKey: key.nullish(),
  runAt: z.date().optional(),
  maxAttempts: z.int().min(1).max(MAX_ATTEMPTS_LIMIT).optional(),
});

/** The columns of a new job row, or a JobInputError saying what is wrong with the input. */
export function newJobRow(input: EnqueueInput, now: Date) {
  const parsed = enqueueInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new JobInputError(`Invalid job: ${issue?.path.join(".") || "input"}: ${issue?.message ?? "invalid"}`);
  }
  const value = parsed.data;
  let payloadJson: string | undefined;
  try {
    payloadJson = JSON.stringify(value.payload);
  } catch {
    payloadJson = undefined;
  }
  if (payloadJson === undefined)
    throw new JobInputError(`Invalid job: payload of a "${value.kind}" job is not JSON-serializable.`);
  const bytes = new TextEncoder().encode(payloadJson).byteLength;
  if (bytes > MAX_JOB_PAYLOAD_BYTES) {
    throw new JobInputError(
      `Invalid job: payload of a "${value.kind}" job is ${bytes} bytes; the limit is ${MAX_JOB_PAYLOAD_BYTES}.`,
    );
  }
  return {
    shopDomain: value.shopDomain,
    kind: value.kind,
    payloadJson,
    uniqueKey: value.uniqueKey ?? null,
    orderingKey: value.orderingKey ?? null,
    runAt: value.runAt ?? now,
    maxAttempts: value.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
}

export function isJobState(value: string): value is JobState {
  return (JOB_STATES as readonly string[]).includes(value);
}

export type ParsedPayload = { ok: true; value: unknown } | { ok: false };

export function parsePayload(payloadJson: string): ParsedPayload {
  try {
    return { ok: true, value: JSON.parse(payloadJson) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The row as a QueuedJob; an unreadable payload becomes `undefined` (the queue marks such a job dead). */
export function toQueuedJob(row: JobRow): QueuedJob {
  if (!isJobState(row.state)) throw new Error(`Job ${row.id} has an unknown state "${row.state}".`);
  const payload = parsePayload(row.payloadJson);
  return {
    id: row.id,
    shopDomain: row.shopDomain,
    kind: row.kind,
    payload: payload.ok ? payload.value : undefined,
    uniqueKey: row.uniqueKey,
    orderingKey: row.orderingKey,
    state: row.state,
    runAt: row.runAt,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    version: row.version,
    lockedBy: row.lockedBy,
    lockedUntil: row.lockedUntil,
    lastError: row.lastError,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}
