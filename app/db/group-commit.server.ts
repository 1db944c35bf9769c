/**
 * Group commit: items submitted within one turn of the event loop (and while a batch is being
 * written) are written together by one call of `write`, and each submitter gets its own result
 * once that call resolves. A commit costs the same for one row as for fifty (an fsync), so under a
 * burst the database writes faster and requests are answered sooner; alone, an item waits one turn.
 *
 * The turn matters: SQLite statements run synchronously and a transaction's steps follow each other
 * as microtasks, so without it no request would be read while a batch is written and every batch
 * would hold one item.
 *
 * A batch whose write fails is written again one item at a time, so only an item that fails alone
 * fails: `write` must leave nothing behind when it fails (one transaction) and items may be written
 * twice. A write the database refuses because another process holds the SQLite file's write lock is
 * repeated as it is after a short pause, like the job queue's statements.
 */
import { setTimeout as delay } from "node:timers/promises";
import { withBusyRetry } from "./busy-retry";

export type GroupCommitOptions<I, O> = {
  /** Writes a batch; resolves with one result per item, in order. */
  write: (items: readonly I[]) => Promise<O[]>;
  /** Items written by one call at most. */
  maxBatch: number;
  /** What an item weighs while it waits (e.g. its body's bytes), and the most that may wait. */
  weigh?: (item: I) => number;
  maxWaiting?: number;
  /** The error a submit beyond `maxWaiting` rejects with. */
  overloaded?: () => Error;
};

export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
}

type Waiting<I, O> = { item: I; weight: number; resolve: (result: O) => void; reject: (error: unknown) => void };

export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const { maxBatch } = options;
  const write = (items: readonly I[]) =>
    withBusyRetry(
      () => options.write(items),
      (ms) => delay(ms),
      Math.random,
    );
  const waiting: Waiting<I, O>[] = [];
  let waitingWeight = 0;
  let draining = false;

  async function writeAlone(entry: Waiting<I, O>): Promise<void> {
    try {
      entry.resolve((await write([entry.item]))[0]!);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = waiting.splice(0, maxBatch);
        for (const entry of batch) waitingWeight -= entry.weight;
        if (batch.length === 1) {
          await writeAlone(batch[0]!);
          continue;
        }
        let results: O[] | null = null;
        try {
          results = await write(batch.map((entry) => entry.item));
        } catch {
          for (const entry of batch) await writeAlone(entry);
        }
        if (results) batch.forEach((entry, i) => entry.resolve(results[i]!));
      }
    } finally {
      draining = false;
    }
  }

  return {
    submit(item) {
      const weight = options.weigh?.(item) ?? 0;
      if (options.maxWaiting !== undefined && waitingWeight + weight > options.maxWaiting) {
        return Promise.reject(options.overloaded?.() ?? new Error("Too much is waiting to be written."));
      }
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, weight, resolve, reject });
        waitingWeight += weight;
        if (!draining) {
          draining = true;
          void drain();
        }
      });
    },
  };
}
