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
 * With `concurrency` above 1 (PostgreSQL: each statement of a batch is a round trip on one pooled
 * connection, while the pool's others would be idle), up to that many batches are written at once,
 * and what waits is shared between the free writers rather than taken by the first. Items with the
 * same `orderKey` are never in two batches being written at once, so they commit in the order they
 * were submitted (in one batch, they are written in order).
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
  /** Batches written at once at most (1 unless given: one writer, as SQLite has). */
  concurrency?: number;
  /** Items whose keys are equal are written in submission order (null: in any order). */
  orderKey?: (item: I) => string | null;
  /** What an item weighs while it waits (e.g. its body's bytes), and the most that may wait. */
  weigh?: (item: I) => number;
  maxWaiting?: number;
  /** The error a submit beyond `maxWaiting` rejects with. */
  overloaded?: () => Error;
};

export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
}

type Waiting<I, O> = {
  item: I;
  key: string | null;
  weight: number;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
};

export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const { maxBatch } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const write = (items: readonly I[]) =>
    withBusyRetry(
      () => options.write(items),
      (ms) => delay(ms),
      Math.random,
    );
  let waiting: Waiting<I, O>[] = [];
  let waitingWeight = 0;
  let writing = 0;
  let turnScheduled = false;
  // Keys of the items in batches being written.
  const keysBeingWritten = new Set<string>();

  async function writeAlone(entry: Waiting<I, O>): Promise<void> {
    try {
      entry.resolve((await write([entry.item]))[0]!);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function writeBatch(batch: readonly Waiting<I, O>[]): Promise<void> {
    if (batch.length === 1) return writeAlone(batch[0]!);
    let results: O[] | null = null;
    try {
      results = await write(batch.map((entry) => entry.item));
    } catch {
      for (const entry of batch) await writeAlone(entry);
    }
    if (results) batch.forEach((entry, i) => entry.resolve(results[i]!));
  }

  /** Up to `size` waiting items in submission order, leaving those whose key is being written (and that key's later items). */
  function takeBatch(size: number): Waiting<I, O>[] {
    if (keysBeingWritten.size === 0 && !options.orderKey) return waiting.splice(0, size);
    const batch: Waiting<I, O>[] = [];
    const left: Waiting<I, O>[] = [];
    for (const entry of waiting) {
      if (batch.length < size && (entry.key === null || !keysBeingWritten.has(entry.key))) batch.push(entry);
      else left.push(entry);
    }
    waiting = left;
    return batch;
  }

  function startBatches(): void {
    turnScheduled = false;
    while (writing < concurrency && waiting.length > 0) {
      const share = Math.min(maxBatch, Math.ceil(waiting.length / (concurrency - writing)));
      const batch = takeBatch(share);
      if (batch.length === 0) return;
      const keys = new Set<string>();
      for (const entry of batch) {
        waitingWeight -= entry.weight;
        if (entry.key !== null) keys.add(entry.key);
      }
      for (const key of keys) keysBeingWritten.add(key);
      writing += 1;
      void writeBatch(batch).finally(() => {
        writing -= 1;
        for (const key of keys) keysBeingWritten.delete(key);
        nextTurn();
      });
    }
  }

  function nextTurn(): void {
    if (turnScheduled || writing >= concurrency || waiting.length === 0) return;
    turnScheduled = true;
    setImmediate(startBatches);
  }

  return {
    submit(item) {
      const weight = options.weigh?.(item) ?? 0;
      if (options.maxWaiting !== undefined && waitingWeight + weight > options.maxWaiting) {
        return Promise.reject(options.overloaded?.() ?? new Error("Too much is waiting to be written."));
      }
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, key: options.orderKey?.(item) ?? null, weight, resolve, reject });
        waitingWeight += weight;
        nextTurn();
      });
    },
  };
}
