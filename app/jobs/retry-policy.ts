/**
 * When a failed job runs again, or whether it is dead: pure functions of the attempt count,
 * the failure's instructions and a random source.
 */

export interface BackoffPolicy {
  /** Delay before the second attempt (before jitter); it doubles with every further attempt. */
  baseMs: number;
  /** The delay never grows beyond this (before jitter). */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 10_000, capMs: 30 * 60_000 };

/** A Retry-After longer than this is taken as this: a job should not vanish for days on one header. */
export const MAX_RETRY_AFTER_MS = 6 * 60 * 60_000;

/**
 * Up to this fraction is added to a Retry-After, never subtracted: jobs told to wait the same
 * time by a rate limiter should not all come back in the same instant.
 */
export const RETRY_AFTER_JITTER_FRACTION = 0.1;

/** A random source returning a number in [0, 1), like Math.random. */
export type Random = () => number;

export function assertBackoffPolicy(policy: BackoffPolicy): void {
  if (!(
    Number.isFinite(policy.baseMs) &&
    policy.baseMs > 0 &&
    Number.isFinite(policy.capMs) &&
    policy.capMs >= policy.baseMs
  )) {
    throw new RangeError("Backoff needs 0 < baseMs <= capMs.");
  }
}

/**
 * Exponential backoff with "equal jitter": after attempt n the delay is between half and all of
 * min(cap, base * 2^(n-1)). Half is fixed so a retry is never immediate; half is random so jobs
 * that failed together (a courier outage) do not retry together.
 */
export function backoffDelayMs(attemptsMade: number, policy: BackoffPolicy, random: Random): number {
  const exponent = Math.max(0, Math.floor(attemptsMade) - 1);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + (unit(random) * ceiling) / 2);
}

/** A server's Retry-After, never shortened, with a little jitter added and bounded by MAX_RETRY_AFTER_MS. */
export function retryAfterDelayMs(retryAfterMs: number, random: Random): number {
  const wait = Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Number.isNaN(retryAfterMs) ? 0 : retryAfterMs));
  return Math.round(wait + unit(random) * wait * RETRY_AFTER_JITTER_FRACTION);
}

export interface FailedAttempt {
  /** Attempts made so far, including the one that just failed. */
  attempts: number;
  maxAttempts: number;
  retryAfterMs?: number;
  permanent?: boolean;
}

export type FailurePlan = { state: "dead" } | { state: "queued"; delayMs: number };

/** What happens to a job whose attempt failed. */
export function planFailure(failed: FailedAttempt, policy: BackoffPolicy, random: Random): FailurePlan {
  if (failed.permanent || failed.attempts >= failed.maxAttempts) return { state: "dead" };
  const delayMs =
    failed.retryAfterMs !== undefined
      ? retryAfterDelayMs(failed.retryAfterMs, random)
      : backoffDelayMs(failed.attempts, policy, random);
  return { state: "queued", delayMs };
}

/** A random source is trusted to return [0, 1); clamp so a faulty one cannot make delays negative or huge. */
function unit(random: Random): number {
  const value = random();
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
}
