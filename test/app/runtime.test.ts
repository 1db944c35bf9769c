/**
 * The request and worker runtimes (app/runtime.server.ts): on PostgreSQL the worker has a client and
 * pool of its own, so a webhook is acknowledged while every worker connection is taken.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_POSTGRES_POOL_SIZE } from "~/db/adapter.server";
import { databaseProviderOf } from "~/db/provider";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { getRuntime, getWorkerRuntime } from "~/runtime.server";
import { SHOP } from "../fixtures/shopify-webhooks";
import { shopifyWebhook } from "./routes/webhook-request";

const postgres = databaseProviderOf(process.env.DATABASE_URL!) === "postgresql";

describe("runtimes", () => {
  it("the worker's database client is its own on PostgreSQL, the one SQLite connection's on SQLite", () => {
    expect(getWorkerRuntime().db === getRuntime().db).toBe(!postgres);
    expect(getWorkerRuntime().queue === getRuntime().queue).toBe(!postgres);
  });

  it.runIf(postgres)("acknowledges orders/paid while the worker holds every connection of its pool", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let open = 0;
    // Transactions kept open, as the worker's jobs keep theirs, on every connection of its pool.
    const holders = Array.from({ length: DEFAULT_POSTGRES_POOL_SIZE }, () =>
      getWorkerRuntime().db.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          open += 1;
          await held;
        },
        { timeout: 20_000, maxWait: 20_000 },
      ),
    );
    try {
      await expect.poll(() => open, { timeout: 10_000 }).toBe(DEFAULT_POSTGRES_POOL_SIZE);
      const response = await ordersPaid({
        request: shopifyWebhook({
          path: "/webhooks/orders/paid",
          topic: "orders/paid",
          shop: SHOP,
          payload: { id: 3, admin_graphql_api_id: "gid://shopify/Order/3" },
        }),
        params: {},
        context: {},
      });
      expect(response.status).toBe(200);
      expect(open).toBe(DEFAULT_POSTGRES_POOL_SIZE);
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
