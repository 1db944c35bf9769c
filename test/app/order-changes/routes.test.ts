import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { ORDER_SYNC_JOB } from "~/order-changes/enqueue-order-sync.server";
import { action as foCancelled } from "~/routes/webhooks.fulfillment_orders.cancelled";
import { action as foHoldReleased } from "~/routes/webhooks.fulfillment_orders.hold_released";
import { action as foMoved } from "~/routes/webhooks.fulfillment_orders.moved";
import { action as foPlacedOnHold } from "~/routes/webhooks.fulfillment_orders.placed_on_hold";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import {
  fulfillmentOrderCancelledPayload,
  fulfillmentOrderHoldReleasedPayload,
  fulfillmentOrderMovedPayload,
  fulfillmentOrderPlacedOnHoldPayload,
  orderCancelledPayload,
  orderUpdatedPayload,
} from "../../fixtures/order-change-webhooks";
import { shopifyWebhook } from "../routes/webhook-request";

const SHOP = "order-changes.myshopify.com";
const ORDER = "gid://shopify/Order/7001";
const OTHER_ORDER = "gid://shopify/Order/7002";
const FO = "gid://shopify/FulfillmentOrder/8001";
const LOCATION = "gid://shopify/Location/1";

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

async function post(
  action: Action,
  path: string,
  topic: string,
  payload: unknown,
  options: { webhookId?: string; secret?: string } = {},
) {
  try {
    return await action({
      request: shopifyWebhook({ path, topic, shop: SHOP, payload, ...options }),
      params: {},
      context: {},
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const syncJobs = () => db.job.findMany({ where: { kind: ORDER_SYNC_JOB }, orderBy: { createdAt: "asc" } });

beforeEach(async () => {
  for (const table of ["shipmentActivity", "shipment", "shop", "job", "webhookDelivery", "orderDispatch"] as const) {
    await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
  }
  const shop = await db.shop.create({ data: { domain: SHOP } });
  await db.shipment.create({
    data: {
      shopId: shop.id,
      orderGid: ORDER,
      orderName: "#1001",
      fulfillmentOrderGid: FO,
      locationGid: LOCATION,
      idempotencyKey: "sd1-test",
      courierShipmentId: "42",
      state: "scheduled",
    },
  });
});

const ROUTES: [string, string, Action, unknown][] = [
  [
    "orders/updated",
    "/webhooks/orders/updated",
    ordersUpdated,
    orderUpdatedPayload(ORDER, "2026-11-22T10:00:00-05:00"),
  ],
  [
    "orders/cancelled",
    "/webhooks/orders/cancelled",
    ordersCancelled,
    orderCancelledPayload(ORDER, "2026-11-22T10:00:00-05:00"),
  ],
  [
    "fulfillment_orders/moved",
    "/webhooks/fulfillment_orders/moved",
    foMoved,
    fulfillmentOrderMovedPayload({ original: FO, moved: FO, from: LOCATION, to: "gid://shopify/Location/2" }),
  ],
  [
    "fulfillment_orders/placed_on_hold",
    "/webhooks/fulfillment_orders/placed_on_hold",
    foPlacedOnHold,
    fulfillmentOrderPlacedOnHoldPayload(FO),
  ],
  [
    "fulfillment_orders/hold_released",
    "/webhooks/fulfillment_orders/hold_released",
    foHoldReleased,
    fulfillmentOrderHoldReleasedPayload(FO),
  ],
  [
    "fulfillment_orders/cancelled",
    "/webhooks/fulfillment_orders/cancelled",
    foCancelled,
    fulfillmentOrderCancelledPayload(FO),
  ],
];

describe("order-change webhooks", () => {
  it.each(ROUTES)("%s with a wrong HMAC gets 401 and writes nothing", async (topic, path, action, payload) => {
    const response = await post(action, path, topic, payload, { secret: "not-the-app-secret" });
    expect(response.status).toBe(401);
    expect(await db.webhookDelivery.count()).toBe(0);
    expect(await db.job.count()).toBe(0);
  });

  it.each(ROUTES)(
    "%s for an order with a shipment enqueues one sync of that order, once per delivery",
    async (topic, path, action, payload) => {
      for (const id of ["d-1", "d-1", "d-1"])
        expect((await post(action, path, topic, payload, { webhookId: id })).status).toBe(200);
      const jobs = await syncJobs();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({
        shopDomain: SHOP,
        state: "queued",
        orderingKey: `order:${SHOP}:${ORDER}`,
        maxAttempts: 100,
      });
      expect(JSON.parse(jobs[0]!.payloadJson)).toEqual({ orderGid: ORDER });
      expect(await db.webhookDelivery.count({ where: { webhookId: "d-1", topic } })).toBe(1);
    },
  );

  it("one change announced by orders/updated and orders/cancelled is one job; a later change is another", async () => {
    const at = "2026-11-22T10:00:00-05:00";
    await post(ordersUpdated, "/webhooks/orders/updated", "orders/updated", orderUpdatedPayload(ORDER, at), {
      webhookId: "u-1",
    });
    await post(ordersCancelled, "/webhooks/orders/cancelled", "orders/cancelled", orderCancelledPayload(ORDER, at), {
      webhookId: "c-1",
    });
    expect(await syncJobs()).toHaveLength(1);
    await post(
      ordersUpdated,
      "/webhooks/orders/updated",
      "orders/updated",
      orderUpdatedPayload(ORDER, "2026-11-22T10:05:00-05:00"),
      { webhookId: "u-2" },
    );
    expect(await syncJobs()).toHaveLength(2);
    expect(await db.webhookDelivery.count({ where: { shopDomain: SHOP } })).toBe(3);
  });

  it("answers a signed orders/cancelled whose updated_at is no timestamp 200, one sync each (issue 38 item 11)", async () => {
    // Shopify's sample order with unexpected updated_at values (trailing blanks of every kind, a NUL).
    const values = [" ".repeat(40), "\n", "\u00a0".repeat(40), "x\u0000", "2026-11-22T10:00:00-05:00 "];
    for (const [index, updatedAt] of values.entries()) {
      const response = await post(
        ordersCancelled,
        "/webhooks/orders/cancelled",
        "orders/cancelled",
        orderCancelledPayload(ORDER, updatedAt),
        { webhookId: `odd-${index}` },
      );
      expect(response.status, JSON.stringify(updatedAt)).toBe(200);
    }
    expect(await syncJobs()).toHaveLength(values.length);
    for (const job of await syncJobs()) expect(job.uniqueKey!.at(-1)).toMatch(/[^\s]/);
    expect((await syncJobs()).some((job) => job.uniqueKey!.includes(String.fromCharCode(0)))).toBe(false);
  });

  it("an order the app never delivers is recorded and left alone", async () => {
    const response = await post(
      ordersUpdated,
      "/webhooks/orders/updated",
      "orders/updated",
      orderUpdatedPayload(OTHER_ORDER, "2026-11-22T10:00:00Z"),
    );
    expect(response.status).toBe(200);
    expect(await db.webhookDelivery.count({ where: { orderGid: OTHER_ORDER } })).toBe(1);
    expect(await syncJobs()).toHaveLength(0);
  });

  it("an order whose dispatch is planned but has no shipment yet is followed", async () => {
    await db.orderDispatch.create({
      data: { shopDomain: SHOP, orderGid: OTHER_ORDER, generation: 1, outcome: "planned" },
    });
    await post(
      ordersUpdated,
      "/webhooks/orders/updated",
      "orders/updated",
      orderUpdatedPayload(OTHER_ORDER, "2026-11-22T10:00:00Z"),
    );
    expect((await syncJobs()).map((j) => JSON.parse(j.payloadJson).orderGid)).toEqual([OTHER_ORDER]);
  });

  it("fulfillment orders the app has no shipment for change nothing; numeric ids are read as GIDs", async () => {
    await post(
      foPlacedOnHold,
      "/webhooks/fulfillment_orders/placed_on_hold",
      "fulfillment_orders/placed_on_hold",
      fulfillmentOrderPlacedOnHoldPayload("gid://shopify/FulfillmentOrder/999"),
    );
    expect(await syncJobs()).toHaveLength(0);
    await post(foHoldReleased, "/webhooks/fulfillment_orders/hold_released", "fulfillment_orders/hold_released", {
      fulfillment_order: { id: 8001, status: "open" },
    });
    expect(await syncJobs()).toHaveLength(1);
  });

  it("a payload without what the route needs is refused with 400 and may be sent again", async () => {
    const response = await post(
      ordersUpdated,
      "/webhooks/orders/updated",
      "orders/updated",
      { id: 7001 },
      { webhookId: "bad-1" },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ problems: [expect.stringMatching(/admin_graphql_api_id/)] });
    expect(await db.webhookDelivery.count()).toBe(0);
    const moved = await post(foMoved, "/webhooks/fulfillment_orders/moved", "fulfillment_orders/moved", {
      moved_fulfillment_order: { id: FO },
    });
    expect(moved.status).toBe(400);
    expect(await db.job.count()).toBe(0);
  });
});
