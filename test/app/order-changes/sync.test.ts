import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JobError } from "~/jobs/errors";
import { ORDER_CHANGE_ACTIVITY } from "~/shipments/activity-kinds";
import { DISPATCH_IN_FLIGHT, runOrderSync } from "~/order-changes/sync.server";
import { serviceCodeFor } from "~/schedule/service-code";
import { cancelAndRedispatch, RedispatchRefused } from "~/order-changes/redispatch.server";
import { action as foHoldReleased } from "~/routes/webhooks.fulfillment_orders.hold_released";
import { action as foMoved } from "~/routes/webhooks.fulfillment_orders.moved";
import { action as foPlacedOnHold } from "~/routes/webhooks.fulfillment_orders.placed_on_hold";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { getRuntime } from "~/runtime.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import { holdFulfillmentOrder, releaseFulfillmentOrderHold } from "../../shopify-stand-in/domain/holds";
import {
  fulfillmentOrderHoldReleasedPayload,
  fulfillmentOrderMovedPayload,
  fulfillmentOrderPlacedOnHoldPayload,
  orderCancelledPayload,
  orderUpdatedPayload,
} from "../../fixtures/order-change-webhooks";
import { gid } from "../../shopify-stand-in/gid";
import { register } from "../../shopify-stand-in/lookup";
import {
  adminFor,
  drainJobs as drain,
  INSTALLED_SHOP as SHOP,
  orderPaid,
  sameDayOrder,
  setUpInstalledShop,
} from "../../support/installed-shop";
import { webhookRequest } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";

const COURIER_TOKEN = "sandbox-token-order-changes";
const runtime = getRuntime();
const { db } = runtime;

let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;
let warehouse: string;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN] });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  const installed = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN });
  standIn = installed.standIn;
  warehouse = installed.shop.locations.find((l) => l.name === "Warehouse")!.id;
});

const drainJobs = () => drain(runtime);
type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

/** A Shopify delivery of `topic`, signed, through the app's route. */
async function deliver(action: Action, topic: string, payload: unknown, webhookId: string = randomUUID()) {
  const request = webhookRequest({
    url: `${TEST_APP_URL}/webhooks/${topic}`,
    topic,
    shop: SHOP,
    body: payload,
    secret: TEST_API_SECRET,
    webhookId,
  });
  const response = await action({ request, params: {}, context: {} });
  expect(response.status).toBe(200);
}

let tick = 0;
/** A new `updated_at`, as Shopify stamps each change of the order. */
const nextUpdatedAt = () => new Date(Date.UTC(2026, 10, 22, 15, 0, tick++)).toISOString();
const orderState = (orderGid: string) => standIn.shop(SHOP).orders.find((o) => o.id === orderGid)!;

async function dispatchedOrder() {
  const order = sameDayOrder(standIn);
  await orderPaid(order.id, `paid-${order.id}`);
  await drainJobs();
  const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
  expect(shipment).toMatchObject({ state: "scheduled", generation: 1 });
  return { order, shipment, courierId: shipment.courierShipmentId! };
}

/** The customer fixes the address: Shopify re-geocodes it. */
function moveDelivery(
  orderGid: string,
  changes: { address1: string; zip: string; latitude?: number | null; longitude?: number | null; phone?: string },
) {
  const state = orderState(orderGid);
  state.shippingAddress = { ...state.shippingAddress!, address2: null, latitude: 40.68, longitude: -73.95, ...changes };
  state.updatedAt = nextUpdatedAt();
  return state.updatedAt;
}

const requests = (method: string, courierId: string) =>
  sandbox.requestLog.filter((r) => r.method === method && r.path === `/v1/shipments/${courierId}`);
const activities = (shipmentId: string) =>
  db.shipmentActivity.findMany({ where: { shipmentId }, orderBy: { createdAt: "asc" } });
const courierShipment = (courierId: string) => sandbox.shipment(courierId)!;
/** Moves the courier shipment `steps` steps (driver assigned, heading to pickup, approaching, at pickup, picked up). */
function advance(courierId: string, steps: number) {
  for (let i = 0; i < steps; i++) sandbox.advance(courierId);
}

describe("order edited before a driver is assigned", () => {
  it("updates the courier shipment once, whatever the number of deliveries announcing the change", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    const updatedAt = moveDelivery(order.id, { address1: "9 Clinton St", zip: "11216" });

    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, updatedAt), "u-1");
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, updatedAt), "u-1");
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, updatedAt), "u-2");
    await drainJobs();
    // Our own writes to the order (summary metafield) make Shopify announce more updates: they change nothing.
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()), "u-3");
    await drainJobs();

    expect(requests("PATCH", courierId).map((r) => r.status)).toEqual([200]);
    expect(courierShipment(courierId).request.delivery_location.address).toMatchObject({
      street1: "9 Clinton St",
      zip: "11216",
    });
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(JSON.parse(row.requestJson!).delivery_location.address).toMatchObject({
      street1: "9 Clinton St",
      zip: "11216",
    });
    expect(row).toMatchObject({ state: "scheduled", needsAttention: false, generation: 1 });
    const timeline = (await activities(shipment.id)).filter((a) => a.kind === ORDER_CHANGE_ACTIVITY.updated);
    expect(timeline).toHaveLength(1);
    expect(timeline[0]!.message).toMatch(
      /The delivery address changed from .*123 Shipping St.* to 9 Clinton St, Brooklyn, NY 11216\./,
    );
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("a new order note reaches the driver as the delivery notes", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    orderState(order.id).note = "Back door, please";
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()));
    await drainJobs();
    expect(requests("PATCH", courierId).map((r) => r.status)).toEqual([200]);
    expect(courierShipment(courierId).request.delivery_location.notes).toBe("Back door, please");
    expect(courierShipment(courierId).request.description).not.toContain("Back door");
    const timeline = (await activities(shipment.id)).filter((a) => a.kind === ORDER_CHANGE_ACTIVITY.updated);
    expect(timeline.map((a) => a.message)).toEqual([
      "Updated at the courier after the order changed in Shopify. The delivery notes changed from none to Back door, please.",
    ]);
  });

  it("sends a quantity change as the new item list", async () => {
    const { order, courierId } = await dispatchedOrder();
    const state = orderState(order.id);
    state.lineItems[0]!.quantity = 3;
    state.fulfillmentOrders[0]!.lineItems[0]!.totalQuantity = 3;
    state.fulfillmentOrders[0]!.lineItems[0]!.remainingQuantity = 3;
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()));
    await drainJobs();
    expect(requests("PATCH", courierId)).toHaveLength(1);
    expect(courierShipment(courierId).request.items.map((i) => i.quantity)).toEqual([3]);
    expect(courierShipment(courierId).request.description).toMatch(/3 items/);
  });

  it("a shipping line edited to another delivery window moves the courier's window", async () => {
    const { order, courierId } = await dispatchedOrder();
    const before = courierShipment(courierId).request.deliver_between;
    const state = orderState(order.id);
    state.shippingLines = state.shippingLines.map((line) => ({
      ...line,
      title: "Tomorrow morning",
      code: serviceCodeFor("tomorrow-morning"),
    }));
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()));
    await drainJobs();
    expect(requests("PATCH", courierId)).toHaveLength(1);
    const after = courierShipment(courierId).request;
    expect(after.deliver_between.start).not.toBe(before.start);
    // Tomorrow 09:00-12:00 in the shop's zone (New York).
    const hour = (iso: string) =>
      new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", hourCycle: "h23" }).format(
        new Date(iso),
      );
    expect([hour(after.deliver_between.start), hour(after.deliver_between.end)]).toEqual(["09", "12"]);
    expect(after.pickup_after).toBe(after.deliver_between.start);
  });

  it("out of order: a stale delivery arriving last sends nothing, and the courier ends with the latest address", async () => {
    const { order, courierId } = await dispatchedOrder();
    const first = moveDelivery(order.id, { address1: "9 Clinton St", zip: "11216" });
    const second = moveDelivery(order.id, { address1: "77 Atlantic Ave", zip: "11217" });

    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, second));
    await drainJobs();
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, first));
    await drainJobs();
    expect(requests("PATCH", courierId)).toHaveLength(1);
    expect(courierShipment(courierId).request.delivery_location.address.street1).toBe("77 Atlantic Ave");

    // Both queued before the worker runs, the newer first: still one update for the one new change.
    const third = moveDelivery(order.id, { address1: "77 Atlantic Ave", zip: "11217", phone: "+17185550199" });
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, third));
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, first), "stale-again");
    await drainJobs();
    expect(requests("PATCH", courierId)).toHaveLength(2);
    expect(courierShipment(courierId).request.delivery_location).toMatchObject({
      address: { street1: "77 Atlantic Ave" },
      contact: { phone: "7185550199" },
    });
  });

  it("an irrelevant change (tags, payment) sends nothing and writes nothing", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    const state = orderState(order.id);
    state.tags = [...state.tags, "vip"];
    state.displayFinancialStatus = "PARTIALLY_REFUNDED";
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()));
    await drainJobs();
    expect(requests("PATCH", courierId)).toHaveLength(0);
    expect((await activities(shipment.id)).map((a) => a.kind)).toEqual(["dispatched"]);
  });

  it("the courier's refusal becomes needs-attention with its reason; fixing the order clears it", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    await deliver(
      ordersUpdated,
      "orders/updated",
      orderUpdatedPayload(
        order.id,
        moveDelivery(order.id, { address1: "1 Nowhere Rd", zip: "00000", latitude: null, longitude: null }),
      ),
    );
    await drainJobs();
    let row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.needsAttention).toBe(true);
    expect(row.attentionReason).toMatch(
      /^Order changed in Shopify: the courier refused the new delivery address: The courier cannot deliver/,
    );
    expect(row.attentionReason).not.toMatch(/Nowhere|00000/);
    expect(courierShipment(courierId).request.delivery_location.address.street1).toBe("123 Shipping St");
    expect(orderState(order.id).tags).toContain("same-day-attention");

    await deliver(
      ordersUpdated,
      "orders/updated",
      orderUpdatedPayload(order.id, moveDelivery(order.id, { address1: "9 Clinton St", zip: "11216" })),
    );
    await drainJobs();
    row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row).toMatchObject({ needsAttention: false, attentionReason: null });
    expect(courierShipment(courierId).request.delivery_location.address.street1).toBe("9 Clinton St");
  });
});

describe("order edited after a driver is assigned", () => {
  it("sends no update, flags the shipment with the difference once, and cancel and re-dispatch sends a new generation", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    advance(courierId, 1); // driver assigned at the courier; its webhook has not reached us yet
    await deliver(
      ordersUpdated,
      "orders/updated",
      orderUpdatedPayload(order.id, moveDelivery(order.id, { address1: "9 Clinton St", zip: "11216" })),
    );
    await drainJobs();

    expect(requests("PATCH", courierId).map((r) => r.status)).toEqual([400]);
    expect(courierShipment(courierId).request.delivery_location.address.street1).toBe("123 Shipping St");
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.needsAttention).toBe(true);
    expect(row.attentionReason).toMatch(
      /delivery address changed after the driver was assigned.*Cancel and re-dispatch/,
    );
    expect(row.attentionReason).not.toMatch(/Clinton|Shipping St/);
    const flagged = (await activities(shipment.id)).filter((a) =>
      a.kind.startsWith(ORDER_CHANGE_ACTIVITY.flaggedPrefix),
    );
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.kind).toBe("order_change_flagged:changed:address_incorrect");
    expect(flagged[0]!.message).toMatch(
      /^The delivery address changed from .*123 Shipping St.* to 9 Clinton St, Brooklyn, NY 11216\. The driver is already assigned: cancel and re-dispatch/,
    );
    expect(orderState(order.id).tags).toContain("same-day-attention");

    // Tracking has caught up (driver assigned); more deliveries for the same order: no update tried, no second flag.
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "assigned" } });
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()));
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()));
    await drainJobs();
    expect(requests("PATCH", courierId)).toHaveLength(1);
    expect(
      (await activities(shipment.id)).filter((a) => a.kind.startsWith(ORDER_CHANGE_ACTIVITY.flaggedPrefix)),
    ).toHaveLength(1);

    const { cancellationFee } = await cancelAndRedispatch(runtime, SHOP, shipment.id);
    expect(cancellationFee).toBe(0);
    expect(courierShipment(courierId)).toMatchObject({
      state: "canceled",
      cancellation: { code: "address_incorrect" },
    });
    await drainJobs();

    const shipments = await db.shipment.findMany({ where: { orderGid: order.id }, orderBy: { generation: "asc" } });
    expect(shipments.map((s) => [s.generation, s.state])).toEqual([
      [1, "canceled"],
      [2, "scheduled"],
    ]);
    expect(shipments[1]!.idempotencyKey).not.toBe(shipments[0]!.idempotencyKey);
    expect(courierShipment(shipments[1]!.courierShipmentId!).request.delivery_location.address.street1).toBe(
      "9 Clinton St",
    );
    expect(shipments[0]).toMatchObject({ needsAttention: false });
    expect((await activities(shipment.id)).map((a) => a.kind)).toEqual(
      expect.arrayContaining([
        ORDER_CHANGE_ACTIVITY.staffCancelRedispatch,
        ORDER_CHANGE_ACTIVITY.redispatchPending,
        ORDER_CHANGE_ACTIVITY.redispatched,
      ]),
    );

    // Repeats after the redispatch change nothing: one new shipment only.
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()));
    await drainJobs();
    expect(await db.shipment.count({ where: { orderGid: order.id } })).toBe(2);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("cancel and re-dispatch is refused once the driver has picked up", async () => {
    const { shipment, courierId } = await dispatchedOrder();
    advance(courierId, 5);
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "en_route" } });
    await expect(cancelAndRedispatch(runtime, SHOP, shipment.id)).rejects.toThrow(RedispatchRefused);
    await expect(cancelAndRedispatch(runtime, "other.myshopify.com", shipment.id)).rejects.toMatchObject({
      reason: "not_found",
    });
    expect(requests("DELETE", courierId)).toHaveLength(0);
  });
});

describe("order cancelled in Shopify", () => {
  function cancelInShopify(orderGid: string) {
    const state = orderState(orderGid);
    state.cancelledAt = nextUpdatedAt();
    state.cancelReason = "CUSTOMER";
    for (const fo of state.fulfillmentOrders) fo.status = "CANCELLED";
    state.updatedAt = state.cancelledAt;
    return state.updatedAt;
  }

  it("cancels the courier shipment before pickup with code order_canceled", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    const at = cancelInShopify(order.id);
    await deliver(ordersCancelled, "orders/cancelled", orderCancelledPayload(order.id, at));
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, at));
    await drainJobs();

    expect(requests("DELETE", courierId).map((r) => r.status)).toEqual([200]);
    expect(courierShipment(courierId)).toMatchObject({
      state: "canceled",
      cancellation: { code: "order_canceled", fee: 0 },
    });
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row).toMatchObject({ state: "canceled", needsAttention: false });
    const canceled = (await activities(shipment.id)).filter((a) => a.kind === ORDER_CHANGE_ACTIVITY.canceled);
    expect(canceled.map((a) => a.message)).toEqual([
      "The order was cancelled in Shopify: the courier shipment was canceled.",
    ]);
    expect(await db.shipment.count({ where: { orderGid: order.id } })).toBe(1);
  });

  it("with the driver heading to pickup it still cancels, and the timeline names the fee charged", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    advance(courierId, 2);
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "assigned" } });
    await deliver(ordersCancelled, "orders/cancelled", orderCancelledPayload(order.id, cancelInShopify(order.id)));
    await drainJobs();
    expect(courierShipment(courierId)).toMatchObject({
      state: "canceled",
      cancellation: { code: "order_canceled", fee: 7.5 },
    });
    const canceled = (await activities(shipment.id)).find((a) => a.kind === ORDER_CHANGE_ACTIVITY.canceled)!;
    expect(canceled.message).toMatch(/The courier charged a cancellation fee of \$7\.50\./);
  });

  it("after pickup it flags the shipment for staff, saying the courier may charge", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    advance(courierId, 5); // picked up at the courier; our record still says scheduled
    await deliver(ordersCancelled, "orders/cancelled", orderCancelledPayload(order.id, cancelInShopify(order.id)));
    await drainJobs();
    expect(requests("DELETE", courierId).map((r) => r.status)).toEqual([400]);
    expect(courierShipment(courierId).state).toBe("en_route");
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.needsAttention).toBe(true);
    expect(row.attentionReason).toMatch(/cancelled after the driver picked up.*Contact the courier.*may charge a fee/);
    expect((await activities(shipment.id)).map((a) => a.kind)).toContain(
      "order_change_flagged:cancelled_after_pickup:order_canceled",
    );
    expect(orderState(order.id).tags).toContain("same-day-attention");

    // Known to be picked up: a repeat tries nothing at the courier.
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "en_route" } });
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()));
    await drainJobs();
    expect(requests("DELETE", courierId)).toHaveLength(1);
  });
});

describe("fulfillment order moved or held", () => {
  it("moved to another location before assignment: cancels and dispatches again from the new location", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    const fo = orderState(order.id).fulfillmentOrders[0]!;
    const from = fo.assignedLocationId;
    fo.assignedLocationId = warehouse; // all its items moved: Shopify reassigns the same fulfillment order
    const payload = fulfillmentOrderMovedPayload({ original: fo.id, moved: fo.id, from, to: warehouse });
    await deliver(foMoved, "fulfillment_orders/moved", payload, "m-1");
    await deliver(foMoved, "fulfillment_orders/moved", payload, "m-1");
    await drainJobs();

    expect(courierShipment(courierId)).toMatchObject({ state: "canceled", cancellation: { code: "other" } });
    const shipments = await db.shipment.findMany({ where: { orderGid: order.id }, orderBy: { generation: "asc" } });
    expect(shipments.map((s) => [s.generation, s.state, s.locationGid])).toEqual([
      [1, "canceled", from],
      [2, "scheduled", warehouse],
    ]);
    expect(courierShipment(shipments[1]!.courierShipmentId!).request.pickup_location.address.street1).toBe(
      "50 Dock St",
    );
    const messages = (await activities(shipment.id)).map((a) => a.message);
    expect(messages).toContain(
      "The order was moved in Shopify from Main Street Bakery to Warehouse: the courier shipment from Main Street Bakery was canceled. A new shipment is dispatched.",
    );

    await deliver(foMoved, "fulfillment_orders/moved", payload, "m-2");
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()));
    await drainJobs();
    expect(await db.shipment.count({ where: { orderGid: order.id } })).toBe(2);
    expect(
      [...sandbox.shipments.values()].filter((s) => s.request.alternate_id_1 === order.id.split("/").pop()),
    ).toHaveLength(2);
  });

  it("items moved into a new fulfillment order: the old shipment is canceled and the new one dispatched", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    const shop = standIn.shop(SHOP);
    const state = orderState(order.id);
    const original = state.fulfillmentOrders[0]!;
    // Moving to a location that already holds a fulfillment order of the order: Shopify closes the
    // original and recreates its lines in a new fulfillment order there.
    const moved = register(shop, {
      ...original,
      id: gid("FulfillmentOrder"),
      assignedLocationId: warehouse,
      lineItems: original.lineItems.map((line) => register(shop, { ...line, id: gid("FulfillmentOrderLineItem") })),
    });
    moved.lineItems.forEach((line) => (line.fulfillmentOrderId = moved.id));
    original.status = "CLOSED";
    original.lineItems.forEach((line) => (line.remainingQuantity = 0));
    state.fulfillmentOrders.push(moved);

    await deliver(
      foMoved,
      "fulfillment_orders/moved",
      fulfillmentOrderMovedPayload({
        original: original.id,
        moved: moved.id,
        from: original.assignedLocationId,
        to: warehouse,
      }),
    );
    await drainJobs();
    expect(courierShipment(courierId)).toMatchObject({ state: "canceled", cancellation: { code: "other" } });
    const shipments = await db.shipment.findMany({ where: { orderGid: order.id }, orderBy: { generation: "asc" } });
    expect(shipments.map((s) => [s.generation, s.state, s.fulfillmentOrderGid, s.locationGid])).toEqual([
      [1, "canceled", original.id, original.assignedLocationId],
      [2, "scheduled", moved.id, warehouse],
    ]);
    expect((await activities(shipment.id)).find((a) => a.kind === ORDER_CHANGE_ACTIVITY.canceled)!.message).toMatch(
      /moved or merged into another fulfillment order/,
    );
  });

  it("moved after a driver is assigned: flagged for staff, nothing canceled by itself", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    advance(courierId, 1);
    const fo = orderState(order.id).fulfillmentOrders[0]!;
    const from = fo.assignedLocationId;
    fo.assignedLocationId = warehouse;
    await deliver(
      foMoved,
      "fulfillment_orders/moved",
      fulfillmentOrderMovedPayload({ original: fo.id, moved: fo.id, from, to: warehouse }),
    );
    await drainJobs();
    expect(requests("DELETE", courierId)).toHaveLength(0);
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.attentionReason).toMatch(/moved from Main Street Bakery to Warehouse, but a driver is already assigned/);
    expect(await db.shipment.count({ where: { orderGid: order.id } })).toBe(1);
  });

  it("placed on hold: cancels before pickup; released: dispatches again as a new generation", async () => {
    const { order, shipment, courierId } = await dispatchedOrder();
    const shop = standIn.shop(SHOP);
    const fo = orderState(order.id).fulfillmentOrders[0]!;
    const held = holdFulfillmentOrder(
      shop,
      fo.id,
      { reason: "INCORRECT_ADDRESS", handle: "check-address" },
      new Date(),
    );
    expect(held.userErrors).toEqual([]);
    await deliver(foPlacedOnHold, "fulfillment_orders/placed_on_hold", fulfillmentOrderPlacedOnHoldPayload(fo.id));
    await drainJobs();
    expect(courierShipment(courierId)).toMatchObject({ state: "canceled", cancellation: { code: "other" } });
    expect(await db.shipment.count({ where: { orderGid: order.id } })).toBe(1);
    expect((await activities(shipment.id)).map((a) => a.kind)).toContain(ORDER_CHANGE_ACTIVITY.redispatchPending);

    // Updates while on hold dispatch nothing.
    await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(order.id, nextUpdatedAt()));
    await drainJobs();
    expect(await db.shipment.count({ where: { orderGid: order.id } })).toBe(1);

    expect(releaseFulfillmentOrderHold(shop, { id: fo.id }, new Date()).userErrors).toEqual([]);
    await deliver(foHoldReleased, "fulfillment_orders/hold_released", fulfillmentOrderHoldReleasedPayload(fo.id));
    await drainJobs();
    const shipments = await db.shipment.findMany({ where: { orderGid: order.id }, orderBy: { generation: "asc" } });
    expect(shipments.map((s) => [s.generation, s.state])).toEqual([
      [1, "canceled"],
      [2, "scheduled"],
    ]);
    expect(sandbox.shipment(shipments[1]!.courierShipmentId!)!.state).toBe("scheduled");
  });
});

describe("a change announced while the order's dispatch is still creating shipments", () => {
  it("waits for the dispatch to finish instead of comparing against a half-made dispatch", async () => {
    const order = sameDayOrder(standIn);
    const fo = order.fulfillmentOrders[0]!;
    await runtime.queue.enqueue({
      shopDomain: SHOP,
      kind: "dispatch.fulfillment-order",
      payload: { orderGid: order.id, generation: 1, fulfillmentOrderGid: fo.id },
      uniqueKey: "in-flight",
    });
    await db.shipment.create({
      data: {
        shopId: (await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).id,
        orderGid: order.id,
        orderName: order.name,
        fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1",
        locationGid: warehouse,
        idempotencyKey: "other-fo",
        state: "failed",
      },
    });
    const deps = {
      db,
      queue: runtime.queue,
      admin: await adminFor(SHOP),
      courier: await runtime.courierFor(SHOP),
      clock: runtime.clock,
    };
    const waiting = runOrderSync(deps, SHOP, { orderGid: order.id });
    await expect(waiting).rejects.toBeInstanceOf(JobError);
    await expect(waiting).rejects.toMatchObject({ message: DISPATCH_IN_FLIGHT, retryAfterMs: 10_000 });
  });
});
