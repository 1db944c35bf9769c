import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runFulfillmentOrderDispatch } from "~/dispatch/fulfillment-order-job.server";
import { runOrderDispatch } from "~/dispatch/order-job.server";
import {
  ANNOTATE_ORDER_JOB,
  DISPATCH_FULFILLMENT_ORDER_JOB,
  DISPATCH_MAX_ATTEMPTS,
  DISPATCH_ORDER_JOB,
} from "~/dispatch/jobs";
import { idempotencyKey, type DispatchDeps } from "~/dispatch/plan.server";
import { getRuntime } from "~/runtime.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import {
  adminFor,
  drainJobs as drain,
  INSTALLED_SHOP as SHOP,
  orderPaid as paid,
  sameDayOrder as order,
  setUpInstalledShop,
} from "../../support/installed-shop";

const COURIER_TOKEN = "sandbox-token-corner-bakery";
const runtime = getRuntime();
const { db, queue } = runtime;

let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;
let locations: { main: string; warehouse: string };

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN] });
});
afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  const installed = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN });
  standIn = installed.standIn;
  locations = { main: installed.shop.locations[0]!.id, warehouse: installed.shop.locations[1]!.id };
});

const drainJobs = () => drain(runtime);
const sameDayOrder = (overrides: Parameters<typeof order>[1] = {}) => order(standIn, overrides);
const courierShipments = () => [...sandbox.shipments.values()];
/** What a dispatch job gets, for calling its function directly. */
const dispatchDeps = async (): Promise<DispatchDeps> => ({
  db,
  queue,
  admin: await adminFor(SHOP),
  courier: await runtime.courierFor(SHOP),
  clock: runtime.clock,
});

describe("dispatch when paid", () => {
  it("creates one courier shipment per fulfillment order of a two-location order, once, whatever the webhooks", async () => {
    const before = courierShipments().length;
    const shop = standIn.shop(SHOP);
    const order = sameDayOrder({
      lineItems: [
        { title: "Sourdough loaf", quantity: 2, location: shop.locations[0] },
        { title: "Flour sack", quantity: 1, location: shop.locations.find((l) => l.name === "Warehouse") },
      ],
    });
    for (const id of ["w-1", "w-1", "w-2"]) expect((await paid(order.id, id)).status).toBe(200);
    await drainJobs();

    const shipments = await db.shipment.findMany({ where: { orderGid: order.id }, orderBy: { locationGid: "asc" } });
    expect(shipments).toHaveLength(2);
    expect(shipments.every((s) => s.state === "scheduled" && s.courierShipmentId && s.trackingNumber)).toBe(true);
    expect(new Set(shipments.map((s) => s.locationGid))).toEqual(new Set([locations.main, locations.warehouse]));
    expect(courierShipments().length - before).toBe(2);

    const created = courierShipments().slice(-2);
    for (const c of created) {
      expect(c.request.reference_id).toBe(order.name);
      expect(c.request.description).not.toMatch(/Steve|Shipper|Shipping St|555/);
    }
    const state = standIn.shop(SHOP).orders.find((o) => o.id === order.id)!;
    expect(state.tags).toContain("same-day-dispatched");
    const metafield = state.metafields.find((m) => m.key === "delivery");
    expect(JSON.parse(metafield!.value).shipments).toHaveLength(2);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("writes the order's tag and metafield in a job of their own, retried when Shopify fails it while the shipment stays recorded", async () => {
    const order = sameDayOrder();
    // Shopify cannot be reached for the first tag write (the dispatch itself is unaffected).
    let tagWrites = 0;
    const unreachableOnce = async (shop: string): Promise<AdminGraphql> => {
      const admin = await adminFor(shop);
      return {
        graphql: async (query, options) => {
          if (query.includes("tagsAdd") && tagWrites++ === 0) throw new TypeError("fetch failed");
          return admin.graphql(query, options);
        },
      };
    };
    await paid(order.id, "w-annotate");
    await drain(runtime, unreachableOnce);

    const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
    expect(shipment).toMatchObject({ state: "scheduled", courierShipmentId: expect.any(String) });
    const annotation = await db.job.findFirstOrThrow({ where: { kind: ANNOTATE_ORDER_JOB } });
    expect(annotation).toMatchObject({
      state: "queued",
      attempts: 1,
      lastError: expect.stringMatching(/fetch failed/),
    });
    const stored = () => standIn.shop(SHOP).orders.find((o) => o.id === order.id)!;
    expect(stored().tags).not.toContain("same-day-dispatched");

    await db.job.update({ where: { id: annotation.id }, data: { runAt: new Date() } });
    await drainJobs();
    expect(await db.job.findUniqueOrThrow({ where: { id: annotation.id } })).toMatchObject({
      state: "done",
      attempts: 2,
    });
    expect(stored().tags).toContain("same-day-dispatched");
    expect(JSON.parse(stored().metafields.find((m) => m.key === "delivery")!.value).shipments).toHaveLength(1);
    // An order with one fulfillment order is booked by its order job: no second job.
    expect(await db.job.count({ where: { kind: DISPATCH_ORDER_JOB, state: "done", attempts: 1 } })).toBe(1);
    expect(await db.job.count({ where: { kind: DISPATCH_FULFILLMENT_ORDER_JOB } })).toBe(0);
  });

  it("reads a shop's Shopify session once for the jobs of several orders that run close together", async () => {
    const orders = [sameDayOrder(), sameDayOrder(), sameDayOrder()];
    const sessionLoads: string[] = [];
    const counting = async (shop: string) => {
      sessionLoads.push(shop);
      return adminFor(shop);
    };
    for (const [i, order] of orders.entries()) await paid(order.id, `w-kept-${i}`);
    await drain(runtime, counting);
    expect(
      await db.shipment.count({
        where: { orderGid: { in: orders.map((o) => o.id) }, courierShipmentId: { not: null } },
      }),
    ).toBe(3);
    expect(sessionLoads).toEqual([SHOP]);
  });

  it("annotates a split order once for all its shipments when they are created before its annotation runs", async () => {
    const shop = standIn.shop(SHOP);
    const order = sameDayOrder({
      lineItems: [
        { title: "Sourdough loaf", quantity: 1, location: shop.locations[0] },
        { title: "Flour sack", quantity: 1, location: shop.locations.find((l) => l.name === "Warehouse") },
      ],
    });
    const deps = await dispatchDeps();
    for (const fo of order.fulfillmentOrders) {
      await runFulfillmentOrderDispatch(
        deps,
        SHOP,
        { orderGid: order.id, generation: 1, fulfillmentOrderGid: fo.id },
        async () => {},
      );
    }
    const annotations = await db.job.findMany({ where: { kind: ANNOTATE_ORDER_JOB } });
    expect(annotations).toHaveLength(1);
    await drainJobs();
    expect(
      JSON.parse(shop.orders.find((o) => o.id === order.id)!.metafields.find((m) => m.key === "delivery")!.value)
        .shipments,
    ).toHaveLength(2);
    expect(standIn.log.filter((e) => e.operationName === "OrderDeliveryAnnotate")).toHaveLength(1);
  });

  it("reads an order with its only fulfillment order and first page of lines in one request, then every further page", async () => {
    const titles = Array.from({ length: 53 }, (_, i) => `Pastry ${i + 1}`);
    const order = sameDayOrder({ lineItems: titles.map((title) => ({ title, quantity: 1 })) });
    await paid(order.id, "w-pages");
    await drainJobs();

    const [created] = courierShipments().slice(-1);
    expect(created!.request.items.map((i) => i.description)).toEqual(titles);
    const reads = standIn.log.filter((e) => e.operationType === "query").map((e) => e.operationName);
    // The order job reads the order with its only fulfillment order's first page of lines, then the
    // second page, and books it: no second read.
    expect(reads).toEqual(["OrderForDispatch", "FulfillmentOrderLines"]);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("reads each fulfillment order of a split order again in its own job, with every page of its lines", async () => {
    const shop = standIn.shop(SHOP);
    const warehouse = shop.locations.find((l) => l.name === "Warehouse");
    const titles = Array.from({ length: 53 }, (_, i) => `Pastry ${i + 1}`);
    const order = sameDayOrder({
      lineItems: [
        ...titles.map((title) => ({ title, quantity: 1, location: shop.locations[0] })),
        { title: "Flour sack", quantity: 1, location: warehouse },
      ],
    });
    await paid(order.id, "w-split-pages");
    await drainJobs();

    const created = courierShipments().slice(-2);
    expect(created.map((c) => c.request.items.length).sort((a, b) => a - b)).toEqual([1, 53]);
    const reads = standIn.log.filter((e) => e.operationType === "query").map((e) => e.operationName);
    // The order job: the order with the first fulfillment order's first page, that one's second page
    // and the other's lines. Each fulfillment order's job: itself with its order and first page, and
    // the big one's second page.
    expect(reads.filter((r) => r === "OrderForDispatch")).toHaveLength(1);
    expect(reads.filter((r) => r === "FulfillmentOrderForDispatch")).toHaveLength(2);
    expect(reads.filter((r) => r === "FulfillmentOrderLines")).toHaveLength(3);
    expect(await db.job.count({ where: { kind: DISPATCH_FULFILLMENT_ORDER_JOB, state: "done" } })).toBe(2);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("books an order with one fulfillment order in its order job; a retry after a crash adopts the courier's shipment", async () => {
    const order = sameDayOrder();
    const fo = order.fulfillmentOrders[0]!;
    const deps = await dispatchDeps();
    const payload = { orderGid: order.id, generation: 1 };
    const before = courierShipments().length;
    await expect(
      runOrderDispatch(deps, SHOP, payload, async () => {
        throw new Error("simulated crash before commit");
      }),
    ).rejects.toThrow("simulated crash");
    expect(await db.shipment.count({ where: { orderGid: order.id } })).toBe(0);
    expect(await db.orderDispatch.count({ where: { orderGid: order.id } })).toBe(0);

    const completed: unknown[] = [];
    const result = await runOrderDispatch(deps, SHOP, payload, async (tx) => {
      completed.push(tx);
    });
    expect(result).toMatchObject({ outcome: "planned", shipments: 1 });
    expect(completed).toHaveLength(1);
    expect(courierShipments().length - before).toBe(1);
    const key = idempotencyKey(SHOP, fo.id, 1);
    expect(sandbox.requestLog.filter((r) => r.idempotencyKey === key).map((r) => r.status)).toEqual([201, 409]);
    const row = await db.shipment.findUniqueOrThrow({ where: { idempotencyKey: key } });
    expect(row.courierShipmentId).toBe(String(courierShipments().at(-1)!.id));
    expect(await db.orderDispatch.findFirstOrThrow({ where: { orderGid: order.id } })).toMatchObject({
      outcome: "planned",
    });
    expect(await db.job.count({ where: { kind: DISPATCH_FULFILLMENT_ORDER_JOB } })).toBe(0);

    // Run once more (a repeat after the commit): the booked shipment is found, the courier not called.
    const again = await runOrderDispatch(deps, SHOP, payload, async () => {});
    expect(again).toMatchObject({ outcome: "planned", shipments: 1 });
    expect(sandbox.requestLog.filter((r) => r.idempotencyKey === key)).toHaveLength(2);
  });

  it("refuses, without calling the courier, a job whose fulfillment order belongs to another order", async () => {
    const [first, second] = [sameDayOrder(), sameDayOrder()];
    const deps = await dispatchDeps();
    const before = courierShipments().length;
    const payload = { orderGid: first.id, generation: 1, fulfillmentOrderGid: second.fulfillmentOrders[0]!.id };
    await expect(runFulfillmentOrderDispatch(deps, SHOP, payload, async () => {})).rejects.toThrow(
      /belongs to another order/,
    );
    expect(courierShipments().length).toBe(before);
  });

  it("adopts the shipment the courier already made when a crash lost our record of it (409)", async () => {
    const order = sameDayOrder();
    const fo = order.fulfillmentOrders[0]!;
    const deps = await dispatchDeps();
    const payload = { orderGid: order.id, generation: 1, fulfillmentOrderGid: fo.id };
    const before = courierShipments().length;

    // The courier answers, then the process dies before the transaction commits.
    await expect(
      runFulfillmentOrderDispatch(deps, SHOP, payload, async () => {
        throw new Error("simulated crash before commit");
      }),
    ).rejects.toThrow("simulated crash");
    expect(await db.shipment.count({ where: { orderGid: order.id } })).toBe(0);
    expect(courierShipments().length - before).toBe(1);

    // The retry sends the same idempotency key, gets 409 and adopts.
    const completed: unknown[] = [];
    const result = await runFulfillmentOrderDispatch(deps, SHOP, payload, async (tx) => {
      completed.push(tx);
    });
    expect(result.outcome).toBe("created");
    expect(completed).toHaveLength(1);
    expect(courierShipments().length - before).toBe(1);
    const row = await db.shipment.findUniqueOrThrow({ where: { idempotencyKey: idempotencyKey(SHOP, fo.id, 1) } });
    expect(row.courierShipmentId).toBe(String(courierShipments().at(-1)!.id));
    expect(
      sandbox.requestLog.filter((r) => r.idempotencyKey === idempotencyKey(SHOP, fo.id, 1)).map((r) => r.status),
    ).toEqual([201, 409]);
  });

  it("flags an address the courier cannot find for staff, without retrying", async () => {
    const order = sameDayOrder({
      shippingAddress: {
        address1: "1 Nowhere Rd",
        city: "Brooklyn",
        provinceCode: "NY",
        zip: "00000",
        countryCodeV2: "US",
        phone: "+17185550134",
        latitude: null,
        longitude: null,
      },
    });
    await paid(order.id, "w-addr");
    await drainJobs();
    const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
    expect(shipment).toMatchObject({ state: "failed", needsAttention: true, courierShipmentId: null });
    expect(shipment.attentionReason).toMatch(/cannot find the address/);
    const job = await db.job.findFirstOrThrow({ where: { kind: DISPATCH_ORDER_JOB } });
    expect(job).toMatchObject({ state: "done", attempts: 1 });
  });

  it("skips an order whose shopper did not choose same-day delivery, with the reason recorded", async () => {
    const order = sameDayOrder({
      shippingLines: [{ title: "UPS Ground", code: "03", source: "ups_shipping", price: "7.00" }],
    });
    await paid(order.id, "w-ups");
    await drainJobs();
    expect(await db.shipment.count({ where: { orderGid: order.id } })).toBe(0);
    const decision = await db.orderDispatch.findFirstOrThrow({ where: { orderGid: order.id } });
    expect(decision).toMatchObject({ outcome: "skipped", reason: expect.stringMatching(/did not choose same-day/) });
  });

  it("retries when the courier is down and dispatches once it is back", async () => {
    const order = sameDayOrder();
    sandbox.setFaults({ errorRate: 1, errorStatuses: [503] } as never);
    await paid(order.id, "w-down");
    await drainJobs();
    sandbox.resetFaults();
    const job = await db.job.findFirstOrThrow({ where: { kind: DISPATCH_ORDER_JOB } });
    expect(job).toMatchObject({
      state: "queued",
      attempts: 1,
      maxAttempts: DISPATCH_MAX_ATTEMPTS,
      lastError: expect.stringMatching(/maintenance/),
    });
    expect(await db.shipment.count({ where: { orderGid: order.id } })).toBe(0);

    await db.job.update({ where: { id: job.id }, data: { runAt: new Date() } });
    await drainJobs();
    const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
    expect(shipment.courierShipmentId).toBeTruthy();
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).state).toBe("done");
  });
});
