/**
 * Group commit for small transactions that arrive together (a burst of Shopify webhooks): the ones
 * asked for within one turn of the event loop run one after the other inside ONE transaction, and
 * each caller gets its own result once that commits. A commit costs the same for one row as for
 * fifty (an fsync, and with the SQLite adapter a fresh connection), so under a burst the database
 * writes faster and the requests are answered sooner; alone, a transaction waits one turn.
 *
 * The works must be independent of one another and may run twice: when a batch fails (one work
 * threw, a database error), it is rolled back and every work is run again in a transaction of its
 * own, so only the one that fails alone fails.
 */
import type { Db } from "./client.server";
import type { Prisma } from "@prisma/client";

type Tx = Prisma.TransactionClient;
type Waiting = { work: (tx: Tx) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** Works run in one transaction at most. */
export const MAX_TRANSACTION_BATCH = 100;

export interface TransactionBatcher {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

export function createTransactionBatcher(db: Db, maxBatch = MAX_TRANSACTION_BATCH): TransactionBatcher {
  const waiting: Waiting[] = [];
  let draining = false;

  async function runAlone(entry: Waiting): Promise<void> {
    try {
      entry.resolve(await db.$transaction((tx) => entry.work(tx)));
    } catch (error) {
      entry.reject(error);
    }
  }

  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) {
        // One turn of the event loop: the requests already received join this batch.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = waiting.splice(0, maxBatch);
        if (batch.length === 1) {
          await runAlone(batch[0]!);
          continue;
        }
        let results: unknown[] | null = null;
        try {
          results = await db.$transaction(async (tx) => {
            const out: unknown[] = [];
            for (const entry of batch) out.push(await entry.work(tx));
            return out;
          });
        } catch {
          for (const entry of batch) await runAlone(entry);
        }
        if (results) batch.forEach((entry, i) => entry.resolve(results[i]));
      }
    } finally {
      draining = false;
    }
  }

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!draining) {
          draining = true;
          void drain();
        }
      });
    },
  };
}
