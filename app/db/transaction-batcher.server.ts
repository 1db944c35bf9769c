/**
 * Small transactions that arrive together (a burst of Shopify webhooks) run one after the other
 * inside ONE transaction, by group commit (group-commit.server.ts); each caller gets its own result
 * once that commits. The works must be independent of one another and may run twice: when a batch
 * fails (one work threw, a database error), it is rolled back and every work is run again in a
 * transaction of its own, so only the one that fails alone fails.
 */
import type { Db, Tx } from "./client.server";
import { createGroupCommit } from "./group-commit.server";

type Work = (tx: Tx) => Promise<unknown>;

/** Works run in one transaction at most. */
export const MAX_TRANSACTION_BATCH = 100;

export interface TransactionBatcher {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

export function createTransactionBatcher(db: Db, maxBatch = MAX_TRANSACTION_BATCH): TransactionBatcher {
  const commits = createGroupCommit<Work, unknown>({
    maxBatch,
    write: (works) =>
      db.$transaction(async (tx) => {
        const results: unknown[] = [];
        for (const work of works) results.push(await work(tx));
        return results;
      }),
  });
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => commits.submit(work) as Promise<T>,
  };
}
