import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/client.server";
import { createTransactionBatcher } from "~/db/transaction-batcher.server";

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

describe("transaction batcher", () => {
  it("runs the works asked for together in one transaction, and gives each caller its own result", async () => {
    const { wrapped, counter } = counting();
    const batcher = createTransactionBatcher(wrapped);
    const results = await Promise.all(["w-1", "w-2", "w-3"].map((id) => batcher.transaction(record(id))));
    expect(results).toEqual([{ webhookId: "w-1" }, { webhookId: "w-2" }, { webhookId: "w-3" }]);
    expect(counter.transactions).toBe(1);
    expect(await db.webhookDelivery.count()).toBe(3);
  });

  it("when one work fails, runs each alone: the others commit, only its caller gets the error", async () => {
    const { wrapped, counter } = counting();
    const batcher = createTransactionBatcher(wrapped);
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
    const batcher = createTransactionBatcher(wrapped, 2);
    await Promise.all(["w-1", "w-2", "w-3", "w-4", "w-5"].map((id) => batcher.transaction(record(id))));
    expect(counter.transactions).toBe(3);
    expect(await db.webhookDelivery.count()).toBe(5);
  });
});
