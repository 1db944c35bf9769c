import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { idempotencyKey } from "~/dispatch/plan.server";
import { runReturnPickupBooking } from "~/returns/book.server";
import { returnLegReference } from "~/returns/courier-reference";
import { BOOK_RETURN_PICKUP_JOB } from "~/returns/jobs";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { action as returnsApprove } from "~/routes/webhooks.returns.approve";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { orderUpdatedPayload } from "../../fixtures/order-change-webhooks";
import { getRuntime } from "~/runtime.server";
import { parseShopSettings } from "~/settings/shop-settings";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import {
  addReturn,
  createFulfillment,
  type OrderState,
  type ReturnInput,
  type ShopifyStandIn,
  type ShopState,
} from "../../shopify-stand-in";
import {
  adminFor,
  drainJobs,
  INSTALLED_SHOP as SHOP,
  sameDayOrder,
  setUpInstalledShop,
} from "../../support/installed-shop";
import { webhookRequest } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";

const COURIER_TOKEN = "sandbox-token-returns";
const runtime = getRuntime();
const { db } = runtime;
const CUSTOMER_DATA = /Steve|Shipper|Shipping St|555|0134/;

let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;
let shop: ShopState;
let main: string;
let warehouse: string;
let secret: string;
let pathId: string;
/** Courier shipments from earlier tests (the sandbox outlives each test's shop). */
let earlier: Set<number>;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN] });
});
afterAll(async () => {
  await sandbox.close();
});

async function setReturns(courierReturns: {
  enabled: boolean;
  receivingLocationGids: string[];
  customerChargeCents?: number;
}) {
  const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  const settings = parseShopSettings(row.settingsJson);
  settings.courierReturns = { ...settings.courierReturns, ...courierReturns };
  await db.shop.update({ where: { id: row.id }, data: { settingsJson: JSON.stringify(settings) } });
}

beforeEach(async () => {
  ({ standIn } = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN }));
  shop = standIn.shop(SHOP);
  [main, warehouse] = shop.locations.map((l) => l.id) as [string, string];
  await setReturns({ enabled: true, receivingLocationGids: [main] });
  secret = await rotateWebhookSecret(runtime, SHOP, "bearer");
  pathId = (await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).webhookPathId;
  earlier = new Set(sandbox.shipments.keys());
});

/** A delivered order (two loaves from the main store), and a return of `quantity` of them. */
function returned(input: Partial<ReturnInput> & { quantity?: number } = {}) {
  const order: OrderState = sameDayOrder(standIn, {
    lineItems: [{ title: "Sourdough loaf", quantity: 2, location: shop.locations[0] }],
  });
  createFulfillment(
    shop,
    { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fulfillmentOrders[0]!.id }] },
    new Date(),
  );
  const fulfilledLine = order.fulfillments[0]!.fulfillmentLineItems[0]!;
  const ret = addReturn(shop, order, {
    lines: [{ fulfillmentLineItemId: fulfilledLine.id, quantity: input.quantity ?? 1 }],
    ...input,
  });
  return { order, ret };
}

/** Shopify's returns/approve delivery, signed, through the app's route. */
function approved(ret: { id: string; orderId: string; name: string }, webhookId: string) {
  const request = webhookRequest({
    url: `${TEST_APP_URL}/webhooks/returns/approve`,
    topic: "returns/approve",
    shop: SHOP,
    body: {
      id: Number(ret.id.split("/").pop()),
      admin_graphql_api_id: ret.id,
      name: ret.name,
      status: "open",
      order: { id: Number(ret.orderId.split("/").pop()), admin_graphql_api_id: ret.orderId },
    },
    secret: TEST_API_SECRET,
    webhookId,
  });
  return returnsApprove({ request, params: {}, context: {} });
}

async function postCourierEvent(body: unknown) {
  const request = new Request(`https://courier-app.test/courier/webhooks/${pathId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  });
  return courierWebhook({ request, params: { pathId }, context: {} });
}

/** The courier's reference for a return's legs (app/returns/courier-reference.ts). */
const referenceOf = (ret: { orderId: string; name: string }, kind: "return" | "exchange") =>
  returnLegReference(shop.orders.find((o) => o.id === ret.orderId)!.name, ret.name, kind);

const sandboxShipmentsOf = (reference: string) =>
  [...sandbox.shipments.values()].filter((s) => !earlier.has(s.id) && s.request.reference_id === reference);
const eventsOf = (courierId: string) =>
  sandbox.emitted.filter((e) => String(e.shipmentId) === courierId).map((e) => e.event);

describe("a return collected by a driver", () => {
  it("books one collection per approved return, whatever the webhooks, and puts its tracking on the reverse delivery", async () => {
    await setReturns({ enabled: true, receivingLocationGids: [main], customerChargeCents: 450 });
    const { ret } = returned({ quantity: 1 });
    for (const id of ["r-1", "r-1", "r-2"]) expect((await approved(ret, id)).status).toBe(200);
    expect(await db.job.count({ where: { kind: BOOK_RETURN_PICKUP_JOB } })).toBe(1);
    await drainJobs(runtime);

    const rows = await db.shipment.findMany({ where: { returnGid: ret.id } });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      kind: "return_pickup",
      state: "scheduled",
      locationGid: main,
      fulfillmentOrderGid: ret.reverseFulfillmentOrders[0]!.id,
      batchReferenceId: null,
    });
    const [courier] = sandboxShipmentsOf(referenceOf(ret, "return"));
    expect(sandboxShipmentsOf(referenceOf(ret, "return"))).toHaveLength(1);
    // The label's text says what it is, never Shopify's return name.
    expect(courier!.request.reference_id).toMatch(/^#\d+ return$/);
    expect(courier!.request).toMatchObject({
      pickup_location: { address: { street1: "123 Shipping St", zip: "11215" }, contact: { phone: "7185550134" } },
      delivery_location: { address: { name: "Main Street Bakery" } },
      items: [{ description: "Sourdough loaf", quantity: 1 }],
    });
    expect(courier!.request.description).not.toMatch(CUSTOMER_DATA);
    const booked = await db.shipmentActivity.findFirstOrThrow({ where: { shipmentId: row.id, kind: "dispatched" } });
    expect(booked.message).toMatch(/^Return collection: courier shipment \d+ created .*charges the customer \$4\.50/);

    const reverse = ret.reverseFulfillmentOrders[0]!.reverseDeliveries;
    expect(reverse).toHaveLength(1);
    expect(reverse[0]!.tracking).toEqual({
      carrierName: null,
      number: row.trackingNumber,
      url: expect.stringMatching(new RegExp(`^${TEST_APP_URL}/t/[A-Za-z0-9_-]+$`)),
    });
    expect(reverse[0]!.lineItems.map((l) => l.quantity)).toEqual([1]);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: row.id } })).trackingTokenHash).not.toBeNull();
    // The order's delivery summary is about deliveries: a collection is not one.
    const order = shop.orders.find((o) => o.id === ret.orderId)!;
    expect(order.fulfillments).toHaveLength(1);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("books nothing when the shop does not offer courier returns, or for a return not approved", async () => {
    await setReturns({ enabled: false, receivingLocationGids: [main] });
    const { ret } = returned();
    await approved(ret, "off-1");
    await drainJobs(runtime);
    expect(await db.shipment.count({ where: { returnGid: ret.id } })).toBe(0);
    expect(sandboxShipmentsOf(referenceOf(ret, "return"))).toEqual([]);

    await setReturns({ enabled: true, receivingLocationGids: [main] });
    const requested = returned({ status: "REQUESTED" }).ret;
    await approved(requested, "requested-1");
    await drainJobs(runtime);
    expect(await db.shipment.count({ where: { returnGid: requested.id } })).toBe(0);
  });

  it("an exchange is one round trip: both legs in one delivery batch, echoed in the courier's events, each applied to its own side", async () => {
    const { ret, order } = returned({
      exchange: [{ title: "Rye loaf", quantity: 1 }],
      exchangeLocation: shop.locations[1],
    });
    await approved(ret, "x-1");
    await drainJobs(runtime);

    const rows = await db.shipment.findMany({ where: { returnGid: ret.id }, orderBy: { batchSequence: "asc" } });
    expect(rows.map((r) => [r.kind, r.batchSequence, r.locationGid, r.state])).toEqual([
      ["delivery", 1, warehouse, "scheduled"],
      ["return_pickup", 2, main, "scheduled"],
    ]);
    const reference = rows[0]!.batchReferenceId!;
    expect(rows[1]!.batchReferenceId).toBe(reference);

    const legs = rows.map((r) => sandbox.shipment(r.courierShipmentId!));
    expect(legs.map((l) => l!.request.delivery_batch)).toEqual([
      { reference_id: reference, sequence_number: 1 },
      { reference_id: reference, sequence_number: 2 },
    ]);
    for (const leg of legs) {
      expect(leg!.request.description).toMatch(/round trip/i);
      expect(leg!.request.description).not.toMatch(CUSTOMER_DATA);
    }

    // The courier's events carry the batch; applied, the delivery leg fulfills the exchange's items and
    // the collection leg only changes its own state.
    for (const row of rows) {
      for (let step = 0; step < 6; step++) sandbox.advance(row.courierShipmentId!);
      const events = eventsOf(row.courierShipmentId!);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        expect(event.data.delivery_batch).toMatchObject({
          reference_id: reference,
          sequence_number: row.batchSequence,
        });
        expect((await postCourierEvent(event)).status).toBe(200);
      }
    }
    await drainJobs(runtime);
    const after = await db.shipment.findMany({ where: { returnGid: ret.id }, orderBy: { batchSequence: "asc" } });
    expect(after.map((r) => r.state)).toEqual(["en_route", "en_route"]);
    const exchangeFo = order.fulfillmentOrders.find((fo) => fo.assignedLocationId === warehouse)!;
    expect(order.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(exchangeFo.id))).toHaveLength(1);
    expect(after[0]!.fulfillmentGid).not.toBeNull();
    expect(after[1]!.fulfillmentGid).toBeNull();
    expect(order.fulfillments).toHaveLength(2);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("a crash between the courier's answers and the commit: the retry adopts both legs by reference_id", async () => {
    const { ret } = returned({ exchange: [{ title: "Rye loaf", quantity: 1 }] });
    const deps = {
      db,
      queue: runtime.queue,
      admin: await adminFor(SHOP),
      courier: await runtime.courierFor(SHOP),
      clock: runtime.clock,
    };
    const payload = { returnGid: ret.id, orderGid: ret.orderId, generation: 1 };
    await expect(
      runReturnPickupBooking(deps, SHOP, payload, async () => {
        throw new Error("the process died before the commit");
      }),
    ).rejects.toThrow(/died/);
    expect(await db.shipment.count({ where: { returnGid: ret.id } })).toBe(0);
    const booked = sandboxShipmentsOf(referenceOf(ret, "exchange"));
    expect(booked).toHaveLength(2);

    const retried = await runReturnPickupBooking(deps, SHOP, payload, async () => {});
    expect(retried.outcome).toBe("booked");
    const rows = await db.shipment.findMany({ where: { returnGid: ret.id } });
    expect(new Set(rows.map((r) => r.courierShipmentId))).toEqual(new Set(booked.map((s) => String(s.id))));
    expect(sandboxShipmentsOf(referenceOf(ret, "exchange"))).toHaveLength(2);
    expect(rows.map((r) => r.idempotencyKey).sort()).toEqual(
      [
        idempotencyKey(SHOP, rows.find((r) => r.kind === "return_pickup")!.fulfillmentOrderGid, 1),
        idempotencyKey(SHOP, rows.find((r) => r.kind === "delivery")!.fulfillmentOrderGid, 1),
      ].sort(),
    );
    // Booked once: a third run finds the rows.
    expect((await runReturnPickupBooking(deps, SHOP, payload, async () => {})).outcome).toBe("exists");
  });

  it("a retry adopts legs the courier holds under the references sent before (the return's and the order's names)", async () => {
    const { ret } = returned({ exchange: [{ title: "Rye loaf", quantity: 1 }] });
    const deps = {
      db,
      queue: runtime.queue,
      admin: await adminFor(SHOP),
      courier: await runtime.courierFor(SHOP),
      clock: runtime.clock,
    };
    const payload = { returnGid: ret.id, orderGid: ret.orderId, generation: 1 };
    await expect(
      runReturnPickupBooking(deps, SHOP, payload, async () => {
        throw new Error("the process died before the commit");
      }),
    ).rejects.toThrow(/died/);
    // As an earlier version booked them: the collection under "#1001-R1", the delivery under "#1001".
    const booked = sandboxShipmentsOf(referenceOf(ret, "exchange"));
    const orderName = shop.orders.find((o) => o.id === ret.orderId)!.name;
    for (const s of booked)
      (s.request as { reference_id: string }).reference_id = s.request.pickup_location.address.name
        ? orderName
        : ret.name;
    expect(booked.map((s) => s.request.reference_id).sort()).toEqual([orderName, ret.name].sort());

    expect((await runReturnPickupBooking(deps, SHOP, payload, async () => {})).outcome).toBe("booked");
    const rows = await db.shipment.findMany({ where: { returnGid: ret.id } });
    expect(new Set(rows.map((r) => r.courierShipmentId))).toEqual(new Set(booked.map((s) => String(s.id))));
    expect(sandbox.shipments.size).toBe(earlier.size + 2);
  });

  it("a collection no driver makes is flagged for staff, the order tagged, and no fulfillment or redispatch follows", async () => {
    const { ret } = returned();
    await approved(ret, "fail-1");
    await drainJobs(runtime);
    const row = await db.shipment.findFirstOrThrow({ where: { returnGid: ret.id } });
    sandbox.expire(row.courierShipmentId!);
    for (const event of eventsOf(row.courierShipmentId!)) expect((await postCourierEvent(event)).status).toBe(200);
    await drainJobs(runtime);

    const flagged = await db.shipment.findUniqueOrThrow({ where: { id: row.id } });
    expect({
      state: flagged.state,
      needsAttention: flagged.needsAttention,
      attentionCode: flagged.attentionCode,
    }).toEqual({
      state: "canceled",
      needsAttention: true,
      attentionCode: "expired",
    });
    const order = shop.orders.find((o) => o.id === ret.orderId)!;
    expect(order.tags).toContain("same-day-attention");
    expect(order.fulfillments).toHaveLength(1);
    expect(await db.job.count({ where: { kind: { startsWith: "tracking.after-expiry" } } })).toBe(0);
    expect(shop.flowTriggers).toEqual([]);
  });

  it("a collection the courier reposts gets its new tracking number on the return's reverse delivery, once", async () => {
    const { ret } = returned();
    await approved(ret, "repost-1");
    await drainJobs(runtime);
    const row = await db.shipment.findFirstOrThrow({ where: { returnGid: ret.id } });
    const [delivery] = ret.reverseFulfillmentOrders[0]!.reverseDeliveries;
    const pageUrl = delivery!.tracking!.url;
    expect(delivery!.tracking!.number).toBe(row.trackingNumber);

    sandbox.setAccountOptions(COURIER_TOKEN, { automaticRepost: true });
    try {
      sandbox.expire(row.courierShipmentId!);
    } finally {
      sandbox.setAccountOptions(COURIER_TOKEN, { automaticRepost: false });
    }
    const events = eventsOf(row.courierShipmentId!);
    const reposted = events.find((e) => e.event === "shipment.reposted");
    expect(reposted).toBeDefined();
    const fresh = sandbox.shipment(String(reposted!.data.id))!;
    expect(fresh.trackingNumber).not.toBe(row.trackingNumber);
    for (const event of events) expect((await postCourierEvent(event)).status).toBe(200);
    await drainJobs(runtime);

    const after = await db.shipment.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ courierShipmentId: String(fresh.id), trackingNumber: fresh.trackingNumber });
    // The same reverse delivery (no second one), the new number, the shopper's page kept.
    expect(ret.reverseFulfillmentOrders[0]!.reverseDeliveries).toEqual([delivery]);
    expect(delivery!.tracking).toEqual({ carrierName: null, number: fresh.trackingNumber, url: pageUrl });
    expect(delivery!.notifyCustomer).toBe(false);

    // The courier's events again: nothing more is sent to Shopify.
    const logged = standIn.log.length;
    for (const event of events) await postCourierEvent(event);
    await drainJobs(runtime);
    expect(standIn.log.slice(logged).flatMap((entry) => entry.rootFields)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^reverseDelivery/)]),
    );
    expect(standIn.graphqlErrors).toEqual([]);
  });
});

describe("one owner for an exchange item's booking, whichever webhook comes first (issue 38 item 10)", () => {
  /** The order's own delivery, done by the app (so the order's changes are followed). */
  async function deliveredByTheApp(order: OrderState) {
    const shopRow = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    await db.shipment.create({
      data: {
        shopId: shopRow.id,
        orderGid: order.id,
        orderName: order.name,
        fulfillmentOrderGid: order.fulfillmentOrders[0]!.id,
        locationGid: main,
        idempotencyKey: idempotencyKey(SHOP, order.fulfillmentOrders[0]!.id, 1),
        courierShipmentId: "delivered-before",
        state: "delivered",
      },
    });
  }

  /** Shopify's orders/updated for the order (the exchange added its items), signed, through the app's route. */
  function orderUpdated(order: OrderState, webhookId: string) {
    const request = webhookRequest({
      url: `${TEST_APP_URL}/webhooks/orders/updated`,
      topic: "orders/updated",
      shop: SHOP,
      body: orderUpdatedPayload(order.id, new Date()),
      secret: TEST_API_SECRET,
      webhookId,
    });
    return ordersUpdated({ request, params: {}, context: {} });
  }

  const exchangeDeliveries = async (orderGid: string, exchangeFo: string) =>
    db.shipment.findMany({ where: { orderGid, fulfillmentOrderGid: exchangeFo, kind: "delivery" } });

  it.each([
    ["orders/updated just before returns/approve", ["updated", "approve"]],
    ["returns/approve before orders/updated", ["approve", "updated"]],
  ])("%s: the exchange item is booked once, as the round trip's leg", async (_name, sequence) => {
    const { ret, order } = returned({
      exchange: [{ title: "Rye loaf", quantity: 1 }],
      exchangeLocation: shop.locations[1],
    });
    await deliveredByTheApp(order);
    const exchangeFo = order.fulfillmentOrders.find((fo) => fo.assignedLocationId === warehouse)!.id;
    for (const step of sequence) {
      const response = step === "updated" ? await orderUpdated(order, `u-${step}`) : await approved(ret, "x-order");
      expect(response.status).toBe(200);
      await drainJobs(runtime);
    }
    const deliveries = await exchangeDeliveries(order.id, exchangeFo);
    expect(deliveries.map((d) => [d.returnGid, d.batchSequence])).toEqual([[ret.id, 1]]);
    const atCourier = [...sandbox.shipments.values()].filter(
      (s) => !earlier.has(s.id) && s.state !== "canceled" && s.request.items.some((i) => i.description === "Rye loaf"),
    );
    expect(atCourier).toHaveLength(1);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("without courier returns the order's sync delivers the exchange item, and staff's Book return pickup does not book it again", async () => {
    await setReturns({ enabled: false, receivingLocationGids: [main] });
    const { ret, order } = returned({
      exchange: [{ title: "Rye loaf", quantity: 1 }],
      exchangeLocation: shop.locations[1],
    });
    await deliveredByTheApp(order);
    const exchangeFo = order.fulfillmentOrders.find((fo) => fo.assignedLocationId === warehouse)!.id;
    expect((await orderUpdated(order, "u-off")).status).toBe(200);
    await drainJobs(runtime);
    expect((await exchangeDeliveries(order.id, exchangeFo)).map((d) => d.returnGid)).toEqual([null]);

    const deps = {
      db,
      queue: runtime.queue,
      admin: await adminFor(SHOP),
      courier: await runtime.courierFor(SHOP),
      clock: runtime.clock,
    };
    const payload = { returnGid: ret.id, orderGid: ret.orderId, generation: 1, byStaff: true };
    expect((await runReturnPickupBooking(deps, SHOP, payload, async () => {})).outcome).toBe("booked");
    expect(await exchangeDeliveries(order.id, exchangeFo)).toHaveLength(1);
    expect((await db.shipment.findMany({ where: { returnGid: ret.id } })).map((r) => r.kind)).toEqual([
      "return_pickup",
    ]);
  });
});
