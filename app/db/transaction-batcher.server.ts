/**
 * Small transactions that arrive together (a burst of Shopify webhooks) run one after the other
 * inside ONE transaction, by group commit (group-commit.server.ts); each caller gets its own result
 * once that commits. The works must be independent of one another and may run twice: when a batch
 * fails (one work threw, a database error), it is rolled back and every work is run again in a
 * transaction of its own, so only the one that fails alone fails.
 *
 * On PostgreSQL several batches run at once, each on its own pooled connection: a batch's statements
 * are round trips that follow each other, so one batch at a time left a burst queued behind one
 * connection while the pool's others were idle (bench:tenants, issue 37). Works given the same
 * `orderKey` still commit in the order they were asked for.
 */
import { connectionsOfDb, providerOfDb, type Db, type Tx } from "./client.server";
import { createGroupCommit } from "./group-commit.server";

type Work = { run: (tx: Tx) => Promise<unknown>; orderKey: string | null };

/** Works run in one transaction at most. */
export const MAX_TRANSACTION_BATCH = 100;

/** Batches written at once on PostgreSQL at most; never more than half the pool, which serves other requests too. */
export const MAX_CONCURRENT_TRANSACTION_BATCHES = 4;

export interface TransactionBatcher {
  /** Runs `work` in a transaction shared with others; works with the same `orderKey` commit in call order. */
  transaction<T>(work: (tx: Tx) => Promise<T>, orderKey?: string | null): Promise<T>;
}

/** One on SQLite (one writer); on PostgreSQL up to MAX_CONCURRENT_TRANSACTION_BATCHES, at most half the pool. */
export function concurrentBatchesFor(db: Db): number {
  if (providerOfDb(db) !== "postgresql") return 1;
  return Math.max(1, Math.min(MAX_CONCURRENT_TRANSACTION_BATCHES, Math.floor(connectionsOfDb(db) / 2)));
}

export function createTransactionBatcher(
  db: Db,
  { maxBatch = MAX_TRANSACTION_BATCH, concurrency = concurrentBatchesFor(db) } = {},
): TransactionBatcher {
  const commits = createGroupCommit<Work, unknown>({
    maxBatch,
    concurrency,
    orderKey: (work) => work.orderKey,
    write: (works) =>
      db.$transaction(async (tx) => {
        const results: unknown[] = [];
        for (const work of works) results.push(await work.run(tx));
        return results;
      }),
  });
  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>, orderKey: string | null = null) =>
      commits.submit({ run, orderKey }) as Promise<T>,
  };
}
