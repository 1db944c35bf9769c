/**
 * Retrying a statement (or a whole transaction) that the database refused because of a concurrent
 * writer: the job queue's statements, the group commit's batches, the shared courier limiter's slots.
 *
 * SQLite allows one writer per file. Two processes (or two clients in one process) sharing a file
 * get SQLITE_BUSY when their writes collide; the libsql adapter reports that as a "SocketTimeout"
 * driver error (Prisma P1008). Callers retry only what is safe to repeat: the queue's claims and
 * completions are conditional on the job's version, so a repeat after a lost answer changes nothing.
 * PostgreSQL under READ COMMITTED waits for row locks instead and does not need this; a
 * serialization conflict (P2034) is retried the same way should a stricter isolation level be used.
 */

export const BUSY_RETRY_LIMIT = 40;
export const BUSY_RETRY_BASE_DELAY_MS = 2;
export const BUSY_RETRY_MAX_DELAY_MS = 50;

/** Waits `ms`; may end early (resolve or reject) when `signal` aborts, so a stopping worker leaves no timer behind. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export function isDatabaseBusyError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta, message } = error as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
    message?: unknown;
  };
  if (code === "P2034") return true;
  const kind = meta?.driverAdapterError?.cause?.kind;
  if (kind === "SocketTimeout" || kind === "TransactionWriteConflict") return true;
  return code === "P1008" || (typeof message === "string" && /SQLITE_BUSY|database is locked/i.test(message));
}

/** Runs `operation`, repeating it after a short jittered pause while the database reports it busy. */
export async function withBusyRetry<T>(operation: () => Promise<T>, sleep: Sleep, random: () => number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= BUSY_RETRY_LIMIT || !isDatabaseBusyError(error)) throw error;
      const ceiling = Math.min(BUSY_RETRY_MAX_DELAY_MS, BUSY_RETRY_BASE_DELAY_MS * 2 ** Math.min(attempt, 10));
      await sleep(Math.ceil(ceiling / 2 + (random() * ceiling) / 2));
    }
  }
}
