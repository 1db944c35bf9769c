import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { getRuntime } from "~/runtime.server";
import { createFulfillment, createFulfillmentEvent } from "~/shopify-admin/fulfillments.server";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { applyShipmentEvents } from "~/tracking/apply.server";
import { APPLY_EVENTS_JOB, EXPIRY_REPOST_GRACE_MS, SEND_FLOW_TRIGGER_JOB } from "~/tracking/jobs";
import { ORDER_DELIVERY_SUMMARY_JOB } from "~/tracking/order-annotation-jobs";
import { reconcileShop } from "~/tracking/reconcile.server";
import {
  hashTrackingToken,
  newTrackingToken,
  openTrackingToken,
  sealTrackingToken,
} from "~/shipments/tracking-token.server";
import { trackingPageUrl } from "~/shipments/tracking-page-url";
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
import { recentIso } from "../../support/recent-time";
import { TEST_APP_URL } from "../../support/test-env";

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
  openPageToken: (sealed: string, shipmentId: string) => openTrackingToken(runtime.keys, sealed, shipmentId),
  notifyCustomer: true,
  attentionTag: "same-day-attention",
};

const orderState = (orderGid: string) => standIn.shop(SHOP).orders.find((o) => o.id === orderGid)!;

/** Applies the shipment's unapplied events now, in this test (as the apply job would). */
async function applyNow(shipmentId: string) {
  const deps = { db, queue: runtime.queue, admin: await adminFor(SHOP), settings: trackingSettings };
  return applyShipmentEvents({ ...deps, courier: null, clock: runtime.clock }, shipmentId);
}

/** Expires the shipment at the sandbox with automatic repost on; returns the events and the new courier id. */
function expireWithRepost(courierId: string) {
  sandbox.setAccountOptions(COURIER_TOKEN, { automaticRepost: true });
  try {
    sandbox.expire(courierId);
  } finally {
    sandbox.setAccountOptions(COURIER_TOKEN, { automaticRepost: false });
  }
  const events = sandbox.emitted.filter((e) => String(e.shipmentId) === courierId).map((e) => e.event);
  const reposted = events.find((e) => e.event === "shipment.reposted");
  if (!reposted) throw new Error("the sandbox did not repost");
  return { events, newId: String(reposted.data.id) };
}

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

  it("a run that catches up on many events reads Shopify once and its job writes the order's metafield once", async () => {
    const { order, shipment } = await dispatchedShipment();
    const events = runDelivery(shipment.courierShipmentId!);
    for (const event of events) expect((await post(event)).status).toBe(200);
    // Every event waits for one job: each post found the shipment's job still queued and joined it.
    expect(await db.job.count({ where: { kind: APPLY_EVENTS_JOB, state: "queued" } })).toBe(1);
    const stored = await db.courierEvent.count({ where: { shipmentId: shipment.id } });
    expect(stored).toBeGreaterThan(8);
    const logged = standIn.log.length;
    expect(await applyNow(shipment.id)).toEqual({ applied: stored });
    // The metafield is its own job, enqueued once for the run (the queued apply job finds nothing left).
    expect(await db.job.count({ where: { kind: ORDER_DELIVERY_SUMMARY_JOB } })).toBe(1);
    await drainJobs(runtime);
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
    await applyNow(shipment.id);

    expect(JSON.stringify(orderState(order.id).fulfillments)).toBe(before);
    const after = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(after.state).toBe("delivered");
    // The fulfillment was found, not made again: the page Shopify links to keeps its token.
    expect(after.trackingTokenHash).toBe(trackingTokenHash);
  });

  it("a merchant's tracking URL template wins over the tracking page, and no page token is made for it", async () => {
    const { order, shipment } = await dispatchedShipment();
    for (const event of runDelivery(shipment.courierShipmentId!)) await post(event);
    await applyShipmentEvents(
      {
        db,
        queue: runtime.queue,
        courier: null,
        admin: await adminFor(SHOP),
        settings: { ...trackingSettings, trackingUrl: (number) => `https://track.example.com/${number}` },
        clock: runtime.clock,
      },
      shipment.id,
    );
    const tracking = orderState(order.id).fulfillments[0]!.trackingInfo[0]!;
    expect(tracking.url).toBe(`https://track.example.com/${shipment.trackingNumber}`);
    // Only the page made at booking (the shop had no template then), left as it was.
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).trackingTokenHash).toBe(
      shipment.trackingTokenHash,
    );
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

  it("tags the order for staff when the courier cancels, with the reason, and frees its slot's place", async () => {
    const { order, shipment } = await dispatchedShipment();
    const place = () => db.slotReservation.findUniqueOrThrow({ where: { shipmentId: shipment.id } });
    expect(await place()).toMatchObject({ place: 1, releasedAt: null });
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
    expect(await place()).toMatchObject({ place: null, releasedAt: expect.any(Date) });
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
  const start = Date.parse(recentIso(0));
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

describe("the courier's repost of an expired shipment takes over", () => {
  it("the new tracking number, price and window replace the old ones; the expiry's attention is cleared; delivery uses the new number", async () => {
    const { order, shipment } = await dispatchedShipment();
    const { events, newId } = expireWithRepost(shipment.courierShipmentId!);
    expect(events.map((e) => e.event)).toEqual(["shipment.created", "shipment.canceled", "shipment.reposted"]);
    for (const event of events) expect((await post(event)).status).toBe(200);
    await drainJobs(runtime);

    const fresh = sandbox.shipment(newId)!;
    expect(fresh.trackingNumber).not.toBe(shipment.trackingNumber);
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row).toMatchObject({
      state: "scheduled",
      courierShipmentId: newId,
      replacedByCourierId: shipment.courierShipmentId,
      trackingNumber: fresh.trackingNumber,
      priceCents: Math.round(fresh.price * 100),
      pickupAfter: new Date(fresh.request.pickup_after),
      deliverStart: new Date(fresh.request.deliver_between.start),
      deliverEnd: new Date(fresh.request.deliver_between.end),
      needsAttention: false,
      attentionReason: null,
    });
    expect(row.deliverStart!.getTime()).not.toBe(shipment.deliverStart!.getTime());
    expect(orderState(order.id).tags).not.toContain("same-day-attention");
    const summary = JSON.parse(orderState(order.id).metafields.find((m) => m.key === "delivery")!.value);
    expect(summary.shipments[0]).toMatchObject({ trackingNumber: fresh.trackingNumber, needsAttention: null });
    const timeline = await db.shipmentActivity.findMany({
      where: { shipmentId: shipment.id },
      orderBy: { createdAt: "asc" },
    });
    const kinds = timeline.map((a) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(["courier_repost", "attention_cleared"]));
    expect(timeline.find((a) => a.kind === "courier_repost")!.message).toContain(fresh.trackingNumber);

    for (const event of runDelivery(newId)) expect((await post(event)).status).toBe(200);
    await drainJobs(runtime);
    const fulfillments = orderState(order.id).fulfillments;
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]!.trackingInfo.map((t) => t.number)).toEqual([fresh.trackingNumber]);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("delivered");
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("a fulfillment already made with the old number gets the new tracking number; a repeated repost changes nothing more", async () => {
    const { order, shipment } = await dispatchedShipment();
    const admin = await adminFor(SHOP);
    const made = await createFulfillment(admin, {
      fulfillmentOrderGid: shipment.fulfillmentOrderGid,
      tracking: { company: "Same-Day Courier", number: shipment.trackingNumber!, url: null },
      notifyCustomer: false,
    });
    await db.shipment.update({ where: { id: shipment.id }, data: { fulfillmentGid: made.id } });
    const { events, newId } = expireWithRepost(shipment.courierShipmentId!);
    for (const event of events) await post(event);
    await drainJobs(runtime);
    const logged = standIn.log.length;
    for (const event of events) await post(event);
    await drainJobs(runtime);

    const fresh = sandbox.shipment(newId)!;
    const [fulfillment] = orderState(order.id).fulfillments;
    expect(fulfillment!.trackingInfo).toEqual([
      expect.objectContaining({ company: "Same-Day Courier", number: fresh.trackingNumber }),
    ]);
    expect(standIn.log.slice(logged)).toEqual([]);
    expect(await db.shipmentActivity.count({ where: { shipmentId: shipment.id, kind: "courier_repost" } })).toBe(1);
  });

  it("a repost's tracking update keeps the tracking page the shopper already has", async () => {
    const { order, shipment } = await dispatchedShipment();
    const page = newTrackingToken();
    const pageUrl = trackingPageUrl(TEST_APP_URL, page.token);
    await db.shipment.update({
      where: { id: shipment.id },
      data: {
        trackingTokenHash: page.hash,
        trackingTokenSealed: sealTrackingToken(runtime.keys, page.token, shipment.id),
      },
    });
    const made = await createFulfillment(await adminFor(SHOP), {
      fulfillmentOrderGid: shipment.fulfillmentOrderGid,
      tracking: { company: "Same-Day Courier", number: shipment.trackingNumber!, url: pageUrl },
      notifyCustomer: false,
    });
    await db.shipment.update({ where: { id: shipment.id }, data: { fulfillmentGid: made.id } });
    const { events, newId } = expireWithRepost(shipment.courierShipmentId!);
    for (const event of events) await post(event);
    await drainJobs(runtime);

    const [fulfillment] = orderState(order.id).fulfillments;
    expect(fulfillment!.trackingInfo).toEqual([
      expect.objectContaining({ number: sandbox.shipment(newId)!.trackingNumber, url: pageUrl }),
    ]);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).trackingTokenHash).toBe(page.hash);
  });

  it("the order keeps its attention tag while another of its shipments still needs attention", async () => {
    const { order, shipment } = await dispatchedShipment();
    await db.shipment.create({
      data: {
        ...(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest)(shipment),
        generation: 2,
        idempotencyKey: `${shipment.idempotencyKey}-other`,
        fulfillmentOrderGid: `${shipment.fulfillmentOrderGid}9`,
        courierShipmentId: "999999",
        // Its own page (each shipment's token is unique): none here.
        trackingTokenHash: null,
        trackingTokenSealed: null,
        needsAttention: true,
        attentionReason: "The courier canceled the delivery",
      },
    });
    const { events } = expireWithRepost(shipment.courierShipmentId!);
    for (const event of events) await post(event);
    await drainJobs(runtime);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).needsAttention).toBe(false);
    expect(orderState(order.id).tags).toContain("same-day-attention");
  });
});

describe("Shopify Flow triggers", () => {
  const flowTriggers = () => standIn.shop(SHOP).flowTriggers;

  it("a delivery fires Delivery delivered once, however often the courier repeats its events or a run applies them again", async () => {
    const { order, shipment } = await dispatchedShipment();
    const events = runDelivery(shipment.courierShipmentId!);
    for (const event of events) await post(event);
    await drainJobs(runtime);
    for (const event of events) await post(event);
    await db.courierEvent.updateMany({ where: { shipmentId: shipment.id }, data: { appliedAt: null } });
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "en_route", lastEventAt: null } });
    await applyNow(shipment.id);
    await drainJobs(runtime);

    expect(flowTriggers()).toEqual([
      {
        handle: "delivery-delivered",
        payload: {
          order_id: Number(order.id.split("/").pop()),
          "Shipment ID": shipment.courierShipmentId,
          "Tracking number": shipment.trackingNumber,
        },
        receivedAt: expect.any(String),
      },
    ]);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  /** The expiry's triggers wait for a repost: this brings their time forward (as when the grace has passed). */
  async function afterRepostGrace() {
    const waiting = await db.job.findMany({ where: { kind: SEND_FLOW_TRIGGER_JOB, state: "queued" } });
    for (const job of waiting)
      expect(job.runAt.getTime() - job.createdAt.getTime()).toBeGreaterThan(EXPIRY_REPOST_GRACE_MS - 1_000);
    await db.job.updateMany({ where: { kind: SEND_FLOW_TRIGGER_JOB, state: "queued" }, data: { runAt: new Date() } });
    await drainJobs(runtime);
    return waiting.length;
  }

  it("an expiry the courier does not repost fires Delivery needs attention and Delivery failed once each, after the grace", async () => {
    const { shipment } = await dispatchedShipment();
    sandbox.expire(shipment.courierShipmentId!);
    const events = sandbox.emitted
      .filter((e) => String(e.shipmentId) === shipment.courierShipmentId)
      .map((e) => e.event);
    for (const event of [...events, ...events]) await post(event);
    await drainJobs(runtime);
    expect(flowTriggers()).toEqual([]);
    expect(await afterRepostGrace()).toBe(2);
    for (const event of events) await post(event);
    await drainJobs(runtime);
    // Two jobs, sent in either order.
    const sent = flowTriggers().map((t) => [t.handle, t.payload["Reason code"] ?? t.payload.Outcome]);
    expect(sent.sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual([
      ["delivery-failed", "expired"],
      ["delivery-needs-attention", "expired"],
    ]);
  });

  it("an expiry the courier reposts fires nothing: the new shipment takes over", async () => {
    const { shipment } = await dispatchedShipment();
    const { events } = expireWithRepost(shipment.courierShipmentId!);
    for (const event of [...events, ...events]) await post(event);
    await drainJobs(runtime);
    expect(await afterRepostGrace()).toBe(2);
    expect(flowTriggers()).toEqual([]);
    expect(await db.job.count({ where: { kind: SEND_FLOW_TRIGGER_JOB, state: "done" } })).toBe(2);
  });

  it("a trigger Shopify refuses is retried by its job, not lost, and still sent once", async () => {
    const { shipment } = await dispatchedShipment();
    let refusals = 1;
    const refusingOnce: typeof adminFor = async (shop) => {
      const admin = await adminFor(shop);
      return {
        ...admin,
        graphql: (async (query: string, options?: unknown) => {
          if (query.includes("flowTriggerReceive") && refusals-- > 0) throw new Error("Shopify is unavailable");
          return (admin.graphql as (q: string, o?: unknown) => Promise<Response>)(query, options);
        }) as typeof admin.graphql,
      };
    };
    for (const event of runDelivery(shipment.courierShipmentId!)) await post(event);
    await drainJobs(runtime, refusingOnce);
    const job = await db.job.findFirstOrThrow({ where: { kind: SEND_FLOW_TRIGGER_JOB } });
    expect(job.attempts).toBeGreaterThanOrEqual(1);
    await db.job.update({ where: { id: job.id }, data: { runAt: new Date() } });
    await drainJobs(runtime, refusingOnce);
    expect(flowTriggers().map((t) => t.handle)).toEqual(["delivery-delivered"]);
  });
});
