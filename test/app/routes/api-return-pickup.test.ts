import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderShipmentsResponse } from "../../../extensions/shared/api-contract";
import type { OrderReturnsResponse } from "../../../extensions/shared/return-pickups-contract";
import { englishAdminWords } from "../../../extensions/shared/english-words";
import { headingOf, sortForDisplay } from "../../../extensions/shared/presentation";
import {
  PICKUP_ALREADY_BOOKED,
  RETURN_ALREADY_COLLECTED,
  RETURN_NOT_FOUND,
  RETURN_NOT_OPEN,
} from "~/returns/staff-booking.server";
import { loader as orderReturns } from "~/routes/api.orders.$orderId.returns";
import { action as cancel } from "~/routes/api.shipments.$shipmentId.cancel";
import { loader as orderShipments } from "~/routes/api.orders.$orderId.shipments";
import { action as bookPickup } from "~/routes/api.orders.$orderId.returns.$returnId.pickup";
import { parseShopSettings } from "~/settings/shop-settings";
import type { CourierSandbox } from "../../courier-sandbox/server";
import { addReturn, createFulfillment } from "../../shopify-stand-in";
import { drainJobs, sameDayOrder } from "../../support/installed-shop";
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
  const { db } = world.runtime;
  const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  const settings = parseShopSettings(row.settingsJson);
  // The switch stays off: a staff action books anyway.
  settings.courierReturns = { ...settings.courierReturns, receivingLocationGids: [world.shop.locations[0]!.id] };
  await db.shop.update({ where: { id: row.id }, data: { settingsJson: JSON.stringify(settings) } });
});

const numericId = (gid: string) => gid.split("/").pop()!;

/** A delivered order with an approved exchange: the rye loaf comes from the warehouse. */
function exchange() {
  const shop = world.standIn.shop(SHOP);
  const order = sameDayOrder(world.standIn, { lineItems: [{ title: "Sourdough loaf", location: shop.locations[0] }] });
  createFulfillment(
    shop,
    { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fulfillmentOrders[0]!.id }] },
    new Date(),
  );
  const ret = addReturn(shop, order, {
    lines: [{ fulfillmentLineItemId: order.fulfillments[0]!.fulfillmentLineItems[0]!.id, quantity: 1 }],
    exchange: [{ title: "Rye loaf" }],
    exchangeLocation: shop.locations[1],
  });
  return { order, ret, orderId: numericId(order.id), returnId: numericId(ret.id) };
}

async function book(orderId: string, returnId: string) {
  const path = `/api/orders/${orderId}/returns/${returnId}/pickup`;
  return json<{ generation?: number; error?: { message: string } }>(
    await call(bookPickup, apiRequest(path, { shop: SHOP, body: {} }), { orderId, returnId }),
  );
}

async function returnsOf(orderId: string) {
  return json<OrderReturnsResponse & { error?: { message: string } }>(
    await call(orderReturns, apiRequest(`/api/orders/${orderId}/returns`, { shop: SHOP }), { orderId }),
  );
}

async function view(orderId: string) {
  return json<OrderShipmentsResponse>(
    await call(orderShipments, apiRequest(`/api/orders/${orderId}/shipments`, { shop: SHOP }), { orderId }),
  );
}

describe("staff and a return's collection", () => {
  it("book a round trip from the order page, see both legs together, cancel the collection with a reason, and book again", async () => {
    const { orderId, returnId, ret } = exchange();
    expect(await book(orderId, returnId)).toMatchObject({ status: 200, body: { generation: 1 } });
    // A second click before the job ran is the same booking.
    expect(await book(orderId, returnId)).toMatchObject({ status: 200, body: { generation: 1 } });
    await drainJobs(world.runtime);
    expect(await book(orderId, returnId)).toMatchObject({
      status: 409,
      body: { error: { message: PICKUP_ALREADY_BOOKED } },
    });

    const { status, body } = await view(orderId);
    expect(status).toBe(200);
    const legs = sortForDisplay(body.shipments);
    expect(legs.map((s) => s.leg)).toEqual([
      { kind: "delivery", roundTrip: { referenceId: `rt-${returnId}-1`, sequence: 1 } },
      { kind: "return_pickup", roundTrip: { referenceId: `rt-${returnId}-1`, sequence: 2 } },
    ]);
    expect(legs.map((leg) => headingOf(leg, englishAdminWords))).toEqual([
      expect.stringMatching(/^Round trip, leg 1: Exchange delivery /),
      expect.stringMatching(/^Round trip, leg 2: Return collection /),
    ]);
    const collection = legs[1]!;
    expect(collection).toMatchObject({ canCancel: true, canRedispatch: false });

    const canceled = await json(
      await call(
        cancel,
        apiRequest(`/api/shipments/${collection.id}/cancel`, {
          shop: SHOP,
          body: { code: "contact_not_available", comment: "" },
        }),
        { shipmentId: collection.id },
      ),
    );
    expect(canceled.status).toBe(200);
    const row = await world.runtime.db.shipment.findUniqueOrThrow({ where: { id: collection.id } });
    expect(row.state).toBe("canceled");
    expect((canceled.body as { shipment: { attentionFix: string | null } }).shipment.attentionFix).toBeNull();
    expect(sandbox.shipment(row.courierShipmentId!)?.state).toBe("canceled");

    // The exchange delivery still goes ahead, so the return cannot be booked again until it ends or is canceled.
    expect((await book(orderId, returnId)).status).toBe(409);
    const delivery = legs[0]!;
    await call(
      cancel,
      apiRequest(`/api/shipments/${delivery.id}/cancel`, { shop: SHOP, body: { code: "item_not_ready", comment: "" } }),
      { shipmentId: delivery.id },
    );
    expect(await book(orderId, returnId)).toMatchObject({ status: 200, body: { generation: 2 } });
    await drainJobs(world.runtime);
    const second = await world.runtime.db.shipment.findMany({ where: { returnGid: ret.id, generation: 2 } });
    expect(second.map((s) => s.state).sort()).toEqual(["scheduled", "scheduled"]);
    expect(new Set(second.map((s) => s.courierShipmentId))).not.toContain(row.courierShipmentId);
    // The return's items are already on the first collection's reverse delivery: it carries the new number.
    const [reverse] = ret.reverseFulfillmentOrders;
    expect(reverse!.reverseDeliveries).toHaveLength(1);
    expect(reverse!.reverseDeliveries[0]!.tracking!.number).toBe(
      second.find((s) => s.kind === "return_pickup")!.trackingNumber,
    );
    expect(world.standIn.graphqlErrors).toEqual([]);
  });

  it("refuses a return id that is not one, another order's return, and a return not approved", async () => {
    const { returnId } = exchange();
    const other = exchange();
    expect((await book(other.orderId, "not-a-return")).status).toBe(400);
    expect(await book(other.orderId, returnId)).toMatchObject({
      status: 404,
      body: { error: { message: RETURN_NOT_FOUND } },
    });
    const shop = world.standIn.shop(SHOP);
    const order = sameDayOrder(world.standIn);
    createFulfillment(
      shop,
      { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fulfillmentOrders[0]!.id }] },
      new Date(),
    );
    const requested = addReturn(shop, order, {
      lines: [{ fulfillmentLineItemId: order.fulfillments[0]!.fulfillmentLineItems[0]!.id, quantity: 1 }],
      status: "REQUESTED",
    });
    expect(await book(numericId(order.id), numericId(requested.id))).toMatchObject({
      status: 409,
      body: { error: { message: RETURN_NOT_OPEN } },
    });
    expect(await world.runtime.db.job.count({ where: { kind: "returns.book-pickup" } })).toBe(0);
  });

  it("the order's returns say which offer Book return pickup, and what the booking became: window, tracking, collected", async () => {
    const shop = world.standIn.shop(SHOP);
    const order = sameDayOrder(world.standIn, {
      lineItems: [{ title: "Sourdough loaf", quantity: 2, location: shop.locations[0] }],
    });
    createFulfillment(
      shop,
      { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fulfillmentOrders[0]!.id }] },
      new Date(),
    );
    const line = { fulfillmentLineItemId: order.fulfillments[0]!.fulfillmentLineItems[0]!.id, quantity: 1 };
    const ret = addReturn(shop, order, { lines: [line], exchange: [{ title: "Rye loaf" }] });
    const requested = addReturn(shop, order, { lines: [line], status: "REQUESTED" });
    const orderId = numericId(order.id);
    const returnId = numericId(ret.id);
    const before = await returnsOf(orderId);
    expect(before.status).toBe(200);
    expect(before.body.returns).toEqual([
      {
        id: returnId,
        name: expect.any(String),
        status: "OPEN",
        exchange: true,
        pickup: null,
        canBook: true,
        reason: null,
      },
      {
        id: numericId(requested.id),
        name: expect.any(String),
        status: "REQUESTED",
        exchange: false,
        pickup: null,
        canBook: false,
        reason: RETURN_NOT_OPEN,
      },
    ]);

    expect((await book(orderId, returnId)).status).toBe(200);
    // Asked for, not yet booked by the job: nothing shown as booked, and the button is not offered twice.
    expect((await returnsOf(orderId)).body.returns[0]).toMatchObject({ pickup: null });
    await drainJobs(world.runtime);
    const after = (await returnsOf(orderId)).body.returns[0]!;
    const collection = await world.runtime.db.shipment.findFirstOrThrow({
      where: { returnGid: `gid://shopify/Return/${returnId}`, kind: "return_pickup" },
    });
    expect(after).toEqual({
      id: returnId,
      name: expect.any(String),
      status: "OPEN",
      exchange: true,
      pickup: {
        state: "scheduled",
        generation: 1,
        windowStartIso: collection.deliverStart!.toISOString(),
        windowEndIso: collection.deliverEnd!.toISOString(),
        trackingNumber: collection.trackingNumber,
        attentionReason: null,
      },
      canBook: false,
      reason: PICKUP_ALREADY_BOOKED,
    });
    expect(collection.trackingNumber).toMatch(/\S/);

    // Both legs reach their end: the return is collected, and not offered again.
    await world.runtime.db.shipment.updateMany({
      where: { returnGid: `gid://shopify/Return/${returnId}` },
      data: { state: "delivered" },
    });
    expect((await returnsOf(orderId)).body.returns[0]).toMatchObject({
      pickup: { state: "delivered" },
      canBook: false,
      reason: RETURN_ALREADY_COLLECTED,
    });
    expect(await book(orderId, returnId)).toMatchObject({
      status: 409,
      body: { error: { message: RETURN_ALREADY_COLLECTED } },
    });
  });

  it("an order that is not one, or not in Shopify, is refused in words", async () => {
    expect((await returnsOf("not-an-order")).status).toBe(400);
    expect(await returnsOf("987654321")).toMatchObject({
      status: 404,
      body: { error: { message: "This order was not found in your store." } },
    });
  });
});
