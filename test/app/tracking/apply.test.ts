import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { getRuntime } from "~/runtime.server";
import { createFulfillmentEvent } from "~/shopify/fulfillments.server";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { applyShipmentEvents } from "~/tracking/apply.server";
import { APPLY_EVENTS_JOB } from "~/tracking/jobs";
import { reconcileShop } from "~/tracking/reconcile.server";
import { hashTrackingToken, openTrackingToken, sealTrackingToken } from "~/tracking-page/token.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import {
  adminFor,
  drainJobs,
  INSTALLED_SHOP as SHOP,
  orderPaid,
  sameDayOrder,
  setUpInstalledShop,
} from "../../support/installed-shop";
import { assertForwardOnce } from "../../support/forward-once";

const COURIER_TOKEN = "sandbox-token-tracking";
const runtime = getRuntime();
const { db } = runtime;

let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;
let secret: string;
let pathId: string;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN], account: { extraEvents: true, eta: true } as never });
});
afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  ({ standIn } = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN }));
  secret = await rotateWebhookSecret(runtime, SHOP, "bearer");
  pathId = (await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).webhookPathId;
});

/** Dispatches a same-day order and returns its shipment row and the order. */
async function dispatchedShipment() {
  const order = sameDayOrder(standIn);
  await orderPaid(order.id, `paid-${order.id}`);
  await drainJobs(runtime);
  const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
  return { order, shipment };
}

/** Every event the sandbox produces for the shipment until it is final. */
function runDelivery(courierId: string) {
  for (let step = 0; step < 40; step++) {
    const s = sandbox.advance(courierId);
    if (!s || ["delivered", "returned", "canceled"].includes(String((s as { state?: string }).state))) break;
  }
  return sandbox.emitted.filter((e) => String(e.shipmentId) === courierId).map((e) => e.event);
}

async function post(body: unknown) {
  const request = new Request(`https://courier-app.test/courier/webhooks/${pathId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  });
  return courierWebhook({ request, params: { pathId }, context: {} });
}

function shuffled<T>(items: T[], seed = 7): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const trackingSettings = {
  trackingCompany: "Same-Day Courier",
  trackingUrl: () => null,
  pageUrl: (token: string) => `https://courier-app.test/t/${token}`,
  sealPageToken: (token: string, shipmentId: string) => sealTrackingToken(runtime.keys, token, shipmentId),
  notifyCustomer: true,
  attentionTag: "same-day-attention",
};

const orderState = (orderGid: string) => standIn.shop(SHOP).orders.find((o) => o.id === orderGid)!;

describe("courier events become Shopify fulfillments and events", () => {
  it("applies a whole delivery posted shuffled and duplicated: one fulfillment, each event once, delivered", async () => {
    const { order, shipment } = await dispatchedShipment();
    const events = runDelivery(shipment.courierShipmentId!);
    expect(events.map((e) => e.event)).toContain("shipment.delivery_confirmed");
    for (const event of shuffled([...events, ...events.slice(0, 3)])) expect((await post(event)).status).toBe(200);
    await drainJobs(runtime);

    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.state).toBe("delivered");
    const state = orderState(order.id);
    expect(state.fulfillments).toHaveLength(1);
    const fulfillment = state.fulfillments[0]!;
    expect(fulfillment.trackingInfo[0]).toMatchObject({ number: shipment.trackingNumber, company: "Same-Day Courier" });
    // No URL template: the shoppers' tracking page, whose token only Shopify keeps (the row has its hash).
    const pageToken = /\/t\/([A-Za-z0-9_-]{22})$/.exec(fulfillment.trackingInfo[0]!.url ?? "")?.[1];
    expect(pageToken).toBeDefined();
    expect(row.trackingTokenHash).toBe(hashTrackingToken(pageToken!));
    // Sealed for the order status block: it opens to the same token for this shipment only.
    expect(row.trackingTokenSealed).not.toContain(pageToken!);
    expect(openTrackingToken(runtime.keys, row.trackingTokenSealed!, shipment.id)).toBe(pageToken);
    expect(openTrackingToken(runtime.keys, row.trackingTokenSealed!, "another-shipment")).toBeNull();
    expect(fulfillment.trackingInfo[0]!.url).not.toContain(shipment.trackingNumber!);
    const statuses = fulfillment.events.map((e) => e.status);
    expect(statuses).toContain("CARRIER_PICKED_UP");
    expect(statuses).toContain("OUT_FOR_DELIVERY");
    expect(statuses.filter((s) => s === "DELIVERED")).toHaveLength(1);
    expect(state.displayFulfillmentStatus).toBe("FULFILLED");
    const summary = JSON.parse(state.metafields.find((m) => m.key === "delivery")!.value);
    expect(summary.shipments[0]).toMatchObject({ state: "delivered", trackingNumber: shipment.trackingNumber });
    expect(await db.courierEvent.count({ where: { shipmentId: shipment.id, appliedAt: null } })).toBe(0);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("a run that catches up on many events reads Shopify once and writes the order's metafield once", async () => {
    const { order, shipment } = await dispatchedShipment();
    const events = runDelivery(shipment.courierShipmentId!);
    for (const event of events) expect((await post(event)).status).toBe(200);
    // Every event waits for one job: each post found the shipment's job still queued and joined it.
    expect(await db.job.count({ where: { kind: APPLY_EVENTS_JOB, state: "queued" } })).toBe(1);
    const stored = await db.courierEvent.count({ where: { shipmentId: shipment.id } });
    expect(stored).toBeGreaterThan(8);
    const logged = standIn.log.length;
    expect(
      await applyShipmentEvents(
        { db, admin: await adminFor(SHOP), settings: trackingSettings, clock: runtime.clock },
        shipment.id,
      ),
    ).toEqual({ applied: stored });
    const operations = standIn.log.slice(logged).map((entry) => entry.rootFields.join(","));
    const count = (field: string) => operations.filter((o) => o === field).length;
    expect(count("fulfillmentOrder")).toBe(1);
    expect(count("metafieldsSet")).toBe(1);
    expect(count("fulfillmentCreate")).toBe(1);
    const statuses = orderState(order.id).fulfillments[0]!.events.map((e) => e.status);
    expect(count("fulfillmentEventCreate")).toBe(statuses.length);
    expect(statuses.filter((s) => s === "DELIVERED")).toHaveLength(1);
    const summary = JSON.parse(orderState(order.id).metafields.find((m) => m.key === "delivery")!.value);
    expect(summary.shipments[0]).toMatchObject({ state: "delivered" });
  });

  it("applying the same events again changes nothing on the Shopify order", async () => {
    const { order, shipment } = await dispatchedShipment();
    for (const event of runDelivery(shipment.courierShipmentId!)) await post(event);
    await drainJobs(runtime);
    const before = JSON.stringify(orderState(order.id).fulfillments);
    const { trackingTokenHash } = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });

    // As after a crash between Shopify's answer and our commit: the events are applied once more.
    await db.courierEvent.updateMany({ where: { shipmentId: shipment.id }, data: { appliedAt: null } });
    await db.shipment.update({
      where: { id: shipment.id },
      data: { state: "scheduled", fulfillmentGid: null, lastEventAt: null },
    });
    await applyShipmentEvents(
      { db, admin: await adminFor(SHOP), settings: trackingSettings, clock: runtime.clock },
      shipment.id,
    );

    expect(JSON.stringify(orderState(order.id).fulfillments)).toBe(before);
    const after = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(after.state).toBe("delivered");
    // The fulfillment was found, not made again: the page Shopify links to keeps its token.
    expect(after.trackingTokenHash).toBe(trackingTokenHash);
  });

  it("a merchant's tracking URL template wins over the tracking page, and no page token is made", async () => {
    const { order, shipment } = await dispatchedShipment();
    for (const event of runDelivery(shipment.courierShipmentId!)) await post(event);
    await applyShipmentEvents(
      {
        db,
        admin: await adminFor(SHOP),
        settings: { ...trackingSettings, trackingUrl: (number) => `https://track.example.com/${number}` },
        clock: runtime.clock,
      },
      shipment.id,
    );
    const tracking = orderState(order.id).fulfillments[0]!.trackingInfo[0]!;
    expect(tracking.url).toBe(`https://track.example.com/${shipment.trackingNumber}`);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).trackingTokenHash).toBeNull();
  });

  it("a late event never moves the state back", async () => {
    const { shipment } = await dispatchedShipment();
    const events = runDelivery(shipment.courierShipmentId!);
    for (const event of events) await post(event);
    await drainJobs(runtime);
    const assigned = events.find((e) => e.event === "shipment.driver_assigned")!;
    await post({
      ...assigned,
      data: {
        ...assigned.data,
        occurred_at: new Date(Date.parse(String(assigned.data.occurred_at)) + 1).toISOString(),
      },
    });
    await drainJobs(runtime);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("delivered");
  });

  it("tags the order for staff when the courier cancels, with the reason", async () => {
    const { order, shipment } = await dispatchedShipment();
    await post({
      event: "shipment.canceled",
      data: {
        id: Number(shipment.courierShipmentId),
        occurred_at: new Date().toISOString(),
        reference_id: order.name,
        tracking_number: shipment.trackingNumber,
        cancellation_code: "driver_canceled",
      },
    });
    await drainJobs(runtime);
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row).toMatchObject({ state: "canceled", needsAttention: true });
    expect(row.attentionReason).toMatch(/the driver canceled/);
    expect(orderState(order.id).tags).toContain("same-day-attention");
    expect(orderState(order.id).fulfillments).toHaveLength(0);
  });

  it("reconciliation brings a shipment whose webhooks were all lost to its real state", async () => {
    const { order, shipment } = await dispatchedShipment();
    runDelivery(shipment.courierShipmentId!);
    await db.shipment.update({ where: { id: shipment.id }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
    const courier = (await runtime.courierFor(SHOP))!;
    const result = await reconcileShop({ db, queue: runtime.queue, courier, clock: runtime.clock }, SHOP, 15);
    expect(result).toMatchObject({ checked: 1 });
    expect(result.synthesized).toBeGreaterThan(0);
    await drainJobs(runtime);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("delivered");
    expect(orderState(order.id).fulfillments).toHaveLength(1);
    expect(await db.courierEvent.count({ where: { shipmentId: shipment.id, synthesized: true } })).toBeGreaterThan(0);
  });

  it("waits out Shopify's throttle and loses no update", async () => {
    const { order, shipment } = await dispatchedShipment();
    const events = runDelivery(shipment.courierShipmentId!);
    for (const event of events) await post(event);
    standIn.throttle.setAvailable(SHOP, 0);
    await drainJobs(runtime);
    expect(standIn.throttledCount).toBeGreaterThan(0);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("delivered");
    expect(orderState(order.id).fulfillments).toHaveLength(1);
  });
});

type CourierPost = { event: string; data: Record<string, unknown> };

/**
 * A delivery as the courier tells it, one step a minute: the sandbox's happy path, or that path
 * ending in an attempt and a return, or in an attempt, a second run out and the delivery.
 */
function courierStory(happyPath: CourierPost[], ending: "delivered" | "returned" | "redelivered"): CourierPost[] {
  const isDelivery = (e: CourierPost) => /delivery_confirmed|delivery_details_added/.test(e.event);
  const before = happyPath.filter((e) => !isDelivery(e));
  const delivery = happyPath.filter(isDelivery);
  const like = (name: string, extra: Record<string, unknown> = {}) => ({
    event: name,
    data: { ...before.at(-1)!.data, ...extra },
  });
  const attempt = like("shipment.delivery_attempted", { return_code: "recipient_unavailable" });
  const story =
    ending === "delivered"
      ? happyPath
      : ending === "returned"
        ? [...before, attempt, like("shipment.returned", { return_id: "81" })]
        : [...before, attempt, like("shipment.en_route_to_delivery"), ...delivery];
  const start = Date.parse("2026-11-22T15:00:00Z");
  return story.map((e, i) => ({ ...e, data: { ...e.data, occurred_at: new Date(start + i * 60_000).toISOString() } }));
}

describe("property: what Shopify shows only moves forward, once per step", () => {
  it("for any arrival order, repeats and batching of a shipment's courier events", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("delivered" as const, "returned" as const, "redelivered" as const),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 4 }),
        fc.nat(),
        async (ending, repeats, batches, seed) => {
          const { order, shipment } = await dispatchedShipment();
          const story = courierStory(runDelivery(shipment.courierShipmentId!) as CourierPost[], ending);
          const arrivals = shuffled([...story, ...repeats.map((i) => story[i % story.length]!)], seed + 1);
          const perBatch = Math.ceil(arrivals.length / batches);
          for (let start = 0; start < arrivals.length; start += perBatch) {
            for (const event of arrivals.slice(start, start + perBatch)) expect((await post(event)).status).toBe(200);
            await drainJobs(runtime);
          }
          const events = orderState(order.id).fulfillments[0]!.events;
          assertForwardOnce(events);
          const statuses = events.map((e) => e.status);
          const final = { delivered: "DELIVERED", returned: "FAILURE", redelivered: "DELIVERED" }[ending];
          expect(statuses.at(-1)).toBe(final);
          expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe(
            ending === "returned" ? "returned" : "delivered",
          );
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it("the one exception: an attempt followed by a redelivery shows OUT_FOR_DELIVERY once more", async () => {
    const { order, shipment } = await dispatchedShipment();
    for (const event of courierStory(runDelivery(shipment.courierShipmentId!) as CourierPost[], "redelivered"))
      expect((await post(event)).status).toBe(200);
    await drainJobs(runtime);
    const statuses = orderState(order.id).fulfillments[0]!.events.map((e) => e.status);
    expect(statuses.slice(-3)).toEqual(["ATTEMPTED_DELIVERY", "OUT_FOR_DELIVERY", "DELIVERED"]);
    expect(statuses.filter((s) => s === "OUT_FOR_DELIVERY")).toHaveLength(2);
  });

  it("an existing fulfillment that already went backwards is kept as it is and only moves forward from its latest event", async () => {
    const { order, shipment } = await dispatchedShipment();
    const story = courierStory(runDelivery(shipment.courierShipmentId!) as CourierPost[], "delivered");
    const delivering = story.findIndex((e) => e.event === "shipment.en_route_to_delivery");
    for (const event of story.slice(0, delivering + 1)) expect((await post(event)).status).toBe(200);
    await drainJobs(runtime);
    // As the app did before this rule: IN_TRANSIT after OUT_FOR_DELIVERY, then OUT_FOR_DELIVERY again.
    const fulfillmentGid = (await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).fulfillmentGid!;
    const admin = await adminFor(SHOP);
    const last = Date.parse(String(story[delivering]!.data.occurred_at));
    for (const [i, status] of (["IN_TRANSIT", "OUT_FOR_DELIVERY"] as const).entries())
      await createFulfillmentEvent(admin, {
        fulfillmentGid,
        status,
        happenedAt: new Date(last + (i + 1) * 10_000).toISOString(),
      });
    const before = orderState(order.id).fulfillments[0]!.events.map((e) => e.status);

    for (const event of story.slice(delivering + 1)) expect((await post(event)).status).toBe(200);
    await drainJobs(runtime);
    const after = orderState(order.id).fulfillments[0]!.events.map((e) => e.status);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual(["DELIVERED"]);
  });
});
