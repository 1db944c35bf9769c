/**
 * Errors of the job queue and the contract between job handlers and the worker.
 *
 * A handler says how its failure should be retried by throwing an error that carries
 * `retryAfterMs` (e.g. the courier's Retry-After) or `permanent: true` (retrying cannot help).
 * `JobError` is the ready-made carrier; any other error with those fields (a courier client's
 * rate-limit error, say) is understood the same way, so other modules need not import this one.
 */

export interface FailureOptions {
  /** Retry no earlier than this many milliseconds from now (instead of the exponential backoff). */
  retryAfterMs?: number;
  /** Do not retry: the job becomes dead at once. */
  permanent?: boolean;
}

/** A handler failure with retry instructions. The message is stored as the job's lastError and shown to staff. */
export class JobError extends Error {
  readonly retryAfterMs?: number;
  readonly permanent: boolean;

  constructor(message: string, options: FailureOptions & { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "JobError";
    this.retryAfterMs = options.retryAfterMs;
    this.permanent = options.permanent ?? false;
  }
}

/** A failure that is worth retrying, not before `retryAfterMs`. */
export function retryLater(message: string, retryAfterMs: number, cause?: unknown): JobError {
  return new JobError(message, { retryAfterMs, cause });
}

/** A failure that retrying cannot fix (bad input, a refusal): the job goes dead at once. */
export function permanentFailure(message: string, cause?: unknown): JobError {
  return new JobError(message, { permanent: true, cause });
}

/**
 * The job was claimed again by another worker after this worker's lease ended (or was already
 * finished), so this worker must not complete or fail it. Thrown inside a transaction, it rolls
 * back whatever the transaction wrote with the completion.
 */
export class LeaseLostError extends Error {
  constructor(readonly jobId: string) {
    super(`Job ${jobId} is no longer held by this worker (its lease ended and it was taken over, or it was finished).`);
    this.name = "LeaseLostError";
  }
}

/** What was given to `enqueue` is not a valid job (programming error in the caller). */
export class JobInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JobInputError";
  }
}

/** The retry instructions an error carries, whatever its class. */
export function failureOptionsOf(error: unknown): FailureOptions {
  if (typeof error !== "object" || error === null) return {};
  const { retryAfterMs, permanent } = error as { retryAfterMs?: unknown; permanent?: unknown };
  return {
    ...(typeof retryAfterMs === "number" && Number.isFinite(retryAfterMs) ? { retryAfterMs } : {}),
    ...(permanent === true ? { permanent: true } : {}),
  };
}

export const UNKNOWN_FAILURE_MESSAGE = "The job failed with an unexpected error.";

/**
 * The message stored as lastError: the error's own message only (no stack, no payload), cut to
 * `maxLength`. Handler errors are written to be shown to staff (see the project conventions).
 */
export function failureMessage(error: unknown, maxLength: number): string {
  const raw = isDatabaseClientError(error)
    ? `A database operation failed${error.code ? ` (${error.code})` : ""}.`
    : error instanceof Error
      ? error.message
      : typeof error === "string"
        ? error
        : "";
  const message = raw.trim() || UNKNOWN_FAILURE_MESSAGE;
  return message.length <= maxLength ? message : `${message.slice(0, maxLength - 1)}…`;
}

/**
 * Prisma's messages can quote the arguments of the failed call (which may be customer data), so
 * only their code is kept.
 */
function isDatabaseClientError(error: unknown): error is Error & { code?: string } {
  return error instanceof Error && error.name.startsWith("PrismaClient");
}
