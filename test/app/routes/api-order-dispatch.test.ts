import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BulkDispatchResponse, DispatchResponse, QuoteResponse } from "../../../extensions/shared/api-contract";
import { action as bulkDispatch } from "~/routes/api.orders.dispatch";
import { action as dispatchOrder } from "~/routes/api.orders.$orderId.dispatch";
import { action as quoteOrder } from "~/routes/api.orders.$orderId.quote";
import { ORDER_SYNC_JOB } from "~/order-changes/enqueue-order-sync.server";
import { action as redispatch } from "~/routes/api.shipments.$shipmentId.redispatch";
import type { CourierSandbox } from "../../courier-sandbox/server";
import { sameDayOrder, startTestWorker } from "../../support/installed-shop";
import { apiRequest, call, json } from "./embedded";
import { setUpStaffWorld, SHOP, startSandbox, type StaffWorld } from "./staff-fixture";

let sandbox: CourierSandbox;
let world: StaffWorld;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  world = await setUpStaffWorld(sandbox);
});

const numericId = (gid: string) => gid.split("/").pop()!;

async function withWorker<T>(work: () => Promise<T>): Promise<T> {
  const worker = startTestWorker(world.runtime);
  try {
    return await work();
  } finally {
    await worker.stop();
  }
}

describe("POST /api/orders/:orderId/quote", () => {
  it("prices each open window for the order", async () => {
    const order = sameDayOrder(world.standIn);
    const id = numericId(order.id);
    const { status, body } = await json<QuoteResponse>(
      await call(quoteOrder, apiRequest(`/api/orders/${id}/quote`, { shop: SHOP, body: {} }), { orderId: id }),
    );
    expect(status).toBe(200);
    expect(body.unavailableReason).toBeNull();
    expect(body.windows.length).toBeGreaterThan(0);
    expect(body.windows[0]).toMatchObject({
      serviceCode: expect.stringMatching(/^SAMEDAY_/),
      currencyCode: "USD",
      title: expect.stringMatching(/^(Today|Tomorrow|\w+day),/),
    });
  });

  it("refuses without a session token and for an id that is not an order", async () => {
    expect(
      (await call(quoteOrder, apiRequest("/api/orders/1/quote", { shop: SHOP, body: {}, token: "not-a-jwt" }), {
        orderId: "1",
      })) as Response,
    ).toMatchObject({ status: 401 });
    const bad = await json(
      await call(quoteOrder, apiRequest("/api/orders/abc/quote", { shop: SHOP, body: {} }), { orderId: "abc" }),
    );
    expect(bad.status).toBe(400);
  });
});

describe("POST /api/orders/:orderId/dispatch", () => {
  it("dispatches in the chosen window and answers with the shipment", async () => {
    const order = sameDayOrder(world.standIn, {
      shippingLines: [{ title: "Local pickup", code: "pickup", source: "shopify", price: "0" }],
    });
    const id = numericId(order.id);
    const result = await withWorker(() =>
      call(
        dispatchOrder,
        apiRequest(`/api/orders/${id}/dispatch`, { shop: SHOP, body: { windowServiceCode: "SAMEDAY_WITHIN-3-HOURS" } }),
        { orderId: id },
      ),
    );
    const { status, body } = await json<DispatchResponse>(result);
    expect(status).toBe(200);
    expect(body.shipments).toHaveLength(1);
    expect(body.shipments[0]).toMatchObject({ state: "scheduled", orderName: order.name });
    // Who asked, and when: the session token's staff user (the stand-in's default, 42).
    const recorded = await world.runtime.db.staffAction.findMany({ where: { orderGid: order.id } });
    expect(recorded.map((r) => [r.action, r.staffUserId, r.shipmentId, r.detail])).toEqual([
      ["dispatch", "42", null, `Dispatched order ${order.name} now.`],
    ]);
    const again = await json(
      await call(
        dispatchOrder,
        apiRequest(`/api/orders/${id}/dispatch`, { shop: SHOP, body: { windowServiceCode: "SAMEDAY_WITHIN-3-HOURS" } }),
        { orderId: id },
      ),
    );
    expect(again.status).toBe(409);
  });

  it("answers 400 with the field when no window is chosen", async () => {
    const { status, body } = await json<{ error: { fieldErrors: Record<string, string> } }>(
      await call(dispatchOrder, apiRequest("/api/orders/1/dispatch", { shop: SHOP, body: {} }), { orderId: "1" }),
    );
    expect(status).toBe(400);
    expect(body.error.fieldErrors.windowServiceCode).toBeTruthy();
  });
});

describe("POST /api/orders/dispatch", () => {
  it("gives one result per selected order", async () => {
    const fresh = sameDayOrder(world.standIn);
    const booked = await world.book("assigned");
    const ids = [numericId(fresh.id), numericId(booked.orderGid)];
    const result = await withWorker(() =>
      call(bulkDispatch, apiRequest("/api/orders/dispatch", { shop: SHOP, body: { orderIds: ids } })),
    );
    const { status, body } = await json<BulkDispatchResponse>(result);
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.orderId, r.outcome])).toEqual([
      [ids[0], "dispatched"],
      [ids[1], "already_dispatched"],
    ]);
  });

  it("refuses an empty selection", async () => {
    expect(
      (await json(await call(bulkDispatch, apiRequest("/api/orders/dispatch", { shop: SHOP, body: { orderIds: [] } }))))
        .status,
    ).toBe(400);
  });
});

describe("POST /api/shipments/:shipmentId/redispatch", () => {
  it("cancels at the courier and dispatches a new generation before pickup", async () => {
    const shipment = await world.book("scheduled");
    const { status } = await json(
      await call(redispatch, apiRequest(`/api/shipments/${shipment.id}/redispatch`, { shop: SHOP, body: {} }), {
        shipmentId: shipment.id,
      }),
    );
    expect(status).toBe(200);
    expect(sandbox.shipment(shipment.courierShipmentId!)?.state).toBe("canceled");
    // The order's sync job dispatches the fulfillment order again as a new generation.
    expect(await world.runtime.db.job.count({ where: { kind: ORDER_SYNC_JOB, shopDomain: SHOP } })).toBe(1);
    const row = await world.runtime.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.state).toBe("canceled");
  });

  it("refuses after pickup, and another shop's shipment is not found", async () => {
    const pickedUp = await world.book("en_route");
    expect(
      (
        await json(
          await call(redispatch, apiRequest(`/api/shipments/${pickedUp.id}/redispatch`, { shop: SHOP, body: {} }), {
            shipmentId: pickedUp.id,
          }),
        )
      ).status,
    ).toBe(409);
    const theirs = await world.book("scheduled", { shopId: world.otherShopId });
    expect(
      (
        await json(
          await call(redispatch, apiRequest(`/api/shipments/${theirs.id}/redispatch`, { shop: SHOP, body: {} }), {
            shipmentId: theirs.id,
          }),
        )
      ).status,
    ).toBe(404);
  });
});
