import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/client.server";
import { concurrentBatchesFor, createTransactionBatcher } from "~/db/transaction-batcher.server";
import { onPostgresql } from "../../support/database";

const db = createDb(process.env.DATABASE_URL!);
const SHOP = "corner-bakery.myshopify.com";

/** The client, counting the transactions opened through it. */
function counting() {
  const counter = { transactions: 0 };
  const wrapped = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "$transaction") return Reflect.get(target, property, receiver);
      return (...args: Parameters<Db["$transaction"]>) => {
        counter.transactions += 1;
        return (target.$transaction as (...a: unknown[]) => unknown)(...args);
      };
    },
  }) as Db;
  return { wrapped, counter };
}

const record = (webhookId: string) => (tx: Parameters<Parameters<Db["$transaction"]>[0]>[0]) =>
  tx.webhookDelivery.create({
    data: { shopDomain: SHOP, webhookId, topic: "orders/paid" },
    select: { webhookId: true },
  });

beforeEach(async () => {
  await db.webhookDelivery.deleteMany();
});
afterAll(async () => {
  await db.$disconnect();
});

// One batch at a time unless a test says otherwise (as on SQLite), so that the transactions can be counted.
describe("transaction batcher", () => {
  it("runs the works asked for together in one transaction, and gives each caller its own result", async () => {
    const { wrapped, counter } = counting();
    const batcher = createTransactionBatcher(wrapped, { concurrency: 1 });
    const results = await Promise.all(["w-1", "w-2", "w-3"].map((id) => batcher.transaction(record(id))));
    expect(results).toEqual([{ webhookId: "w-1" }, { webhookId: "w-2" }, { webhookId: "w-3" }]);
    expect(counter.transactions).toBe(1);
    expect(await db.webhookDelivery.count()).toBe(3);
  });

  it("when one work fails, runs each alone: the others commit, only its caller gets the error", async () => {
    const { wrapped, counter } = counting();
    const batcher = createTransactionBatcher(wrapped, { concurrency: 1 });
    const failing = batcher.transaction(async (tx) => {
      await record("w-bad")(tx);
      throw new Error("the handler failed after writing");
    });
    const others = [batcher.transaction(record("w-1")), batcher.transaction(record("w-2"))];
    await expect(failing).rejects.toThrow("the handler failed after writing");
    expect(await Promise.all(others)).toEqual([{ webhookId: "w-1" }, { webhookId: "w-2" }]);
    // The batch (rolled back), then each of the three alone.
    expect(counter.transactions).toBe(4);
    expect((await db.webhookDelivery.findMany({ orderBy: { webhookId: "asc" } })).map((d) => d.webhookId)).toEqual([
      "w-1",
      "w-2",
    ]);
  });

  it("takes at most the batch size per transaction", async () => {
    const { wrapped, counter } = counting();
    const batcher = createTransactionBatcher(wrapped, { maxBatch: 2, concurrency: 1 });
    await Promise.all(["w-1", "w-2", "w-3", "w-4", "w-5"].map((id) => batcher.transaction(record(id))));
    expect(counter.transactions).toBe(3);
    expect(await db.webhookDelivery.count()).toBe(5);
  });

  it("writes one batch at a time on SQLite, and on PostgreSQL up to four at once, never more than half the pool", async () => {
    const postgresUrl = (limit: number) => `postgresql://app@127.0.0.1:5432/app?connection_limit=${limit}`;
    const clients = [createDb(postgresUrl(2)), createDb(postgresUrl(8)), createDb(postgresUrl(40))];
    try {
      expect(clients.map(concurrentBatchesFor)).toEqual([1, 4, 4]);
    } finally {
      await Promise.all(clients.map((client) => client.$disconnect()));
    }
    expect(concurrentBatchesFor(db)).toBe(onPostgresql ? 4 : 1);
  });

  /** A promise and the function that resolves it. */
  function latch() {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  }
  const backendPid = async (tx: Parameters<Parameters<Db["$transaction"]>[0]>[0]) =>
    (await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;

  it.runIf(onPostgresql)(
    "(PostgreSQL only) writes batches at once, each in its own transaction on its own connection",
    async () => {
      const batcher = createTransactionBatcher(db);
      const secondWritten = latch();
      const first = batcher.transaction(async (tx) => {
        await record("w-1")(tx);
        // Ends only once the other batch has written: the two transactions are open at once.
        await secondWritten.opened;
        return backendPid(tx);
      });
      const second = batcher.transaction(async (tx) => {
        await record("w-2")(tx);
        secondWritten.open();
        return backendPid(tx);
      });
      const [firstPid, secondPid] = await Promise.all([first, second]);
      expect(firstPid).not.toBe(secondPid);
      expect(await db.webhookDelivery.count()).toBe(2);
    },
  );

  it.runIf(onPostgresql)(
    "(PostgreSQL only) runs a work after the committed earlier work of its order key, while other keys go on",
    async () => {
      const batcher = createTransactionBatcher(db, { maxBatch: 1 });
      const otherKeyCommitted = latch();
      const first = batcher.transaction(async (tx) => {
        await record("order-1-paid")(tx);
        await otherKeyCommitted.opened;
      }, "order-1");
      const later = batcher.transaction(async (tx) => {
        // Runs only once the first has committed: its row is visible here (READ COMMITTED).
        const earlier = await tx.webhookDelivery.count({ where: { webhookId: "order-1-paid" } });
        await record("order-1-updated")(tx);
        return earlier;
      }, "order-1");
      await batcher.transaction(record("order-2-paid"), "order-2");
      otherKeyCommitted.open();
      await first;
      expect(await later).toBe(1);
      expect(await db.webhookDelivery.count()).toBe(3);
    },
  );
});
