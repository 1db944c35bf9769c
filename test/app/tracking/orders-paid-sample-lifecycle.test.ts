/**
 * Shopify's documented orders/paid sample, whose order id (820982911946154508) is above 2^53, from
 * dispatch to every end a delivery can have: delivered, returned, canceled by the driver, expired
 * without a repost, and expired then reposted by the courier and delivered. Each courier event is
 * posted twice. Every Flow trigger reaches Shopify once, with the order's id exactly (the stand-in
 * reads the JSON number's digits), and the shipment reaches its end.
 */
import { describe, expect, it } from "vitest";
import { AFTER_EXPIRY_ACTIVITY } from "~/tracking/after-expiry";
import { SAMPLE_ORDER_ID } from "../../fixtures/shopify-webhooks";
import { sampleOrderHarness } from "./sample-order-harness";

const h = sampleOrderHarness("sandbox-token-sample-lifecycle", {
  imageCapture: { signature: false, pickup: false, delivery: true },
  extraEvents: true,
});

/** The triggers Shopify received: handle and outcome or reason code, each with the order's exact id. */
function triggersSent() {
  const sent = h.flowTriggers();
  for (const trigger of sent) expect(trigger.payload.order_id).toBe(BigInt(SAMPLE_ORDER_ID));
  return sent
    .map((t) => [t.handle, (t.payload["Reason code"] ?? t.payload.Outcome ?? "") as string] as const)
    .sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
}

describe("Shopify's orders/paid sample (ids above 2^53), from dispatch to the end", () => {
  it("delivered: the fulfillment, the photo, and Delivery delivered once with the exact id", async () => {
    const shipment = await h.dispatchSample();
    await h.deliverEvents(h.runToTheEnd(shipment.courierShipmentId!));
    await h.runWaitingJobs();

    const row = await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row).toMatchObject({ state: "delivered", needsAttention: false });
    expect(JSON.parse(row.photosJson ?? "[]")).not.toHaveLength(0);
    const order = h.order();
    expect(order.fulfillments).toHaveLength(1);
    expect(order.fulfillments[0]!.events.map((e) => e.status)).toContain("DELIVERED");
    expect(JSON.parse(order.metafields.find((m) => m.key === "delivery")!.value).shipments[0]).toMatchObject({
      state: "delivered",
    });
    expect(triggersSent()).toEqual([["delivery-delivered", ""]]);
    expect(h.standIn().graphqlErrors).toEqual([]);
  });

  it("returned: the attention, the order's tag, and Needs attention and Delivery failed once each", async () => {
    const shipment = await h.dispatchSample("return");
    await h.deliverEvents(h.runToTheEnd(shipment.courierShipmentId!));
    await h.runWaitingJobs();

    expect(await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({
      state: "returned",
      needsAttention: true,
      attentionCode: "returned",
    });
    expect(h.order().tags).toContain("same-day-attention");
    expect(triggersSent()).toEqual([
      ["delivery-failed", "returned"],
      ["delivery-needs-attention", "returned"],
    ]);
    expect(h.standIn().graphqlErrors).toEqual([]);
  });

  it("canceled by the driver: Needs attention and Delivery failed once each", async () => {
    const shipment = await h.dispatchSample("cancel");
    await h.deliverEvents(h.runToTheEnd(shipment.courierShipmentId!));
    await h.runWaitingJobs();

    expect(await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({
      state: "canceled",
      needsAttention: true,
      attentionCode: "canceled",
    });
    expect(triggersSent()).toEqual([
      ["delivery-failed", "canceled"],
      ["delivery-needs-attention", "canceled"],
    ]);
  });

  it("expired without a repost: after the grace, Needs attention and Delivery failed once each; a re-dispatch is offered", async () => {
    const shipment = await h.dispatchSample();
    await h.deliverEvents(h.expire(shipment.courierShipmentId!, false));
    // The expiry's triggers wait for a repost that may still come.
    expect(h.flowTriggers()).toEqual([]);
    await h.runWaitingJobs();

    expect(await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({
      state: "canceled",
      needsAttention: true,
      attentionCode: "expired",
    });
    const timeline = await h.db.shipmentActivity.findMany({ where: { shipmentId: shipment.id } });
    expect(timeline.map((a) => a.kind)).toContain(AFTER_EXPIRY_ACTIVITY.offered);
    expect(triggersSent()).toEqual([
      ["delivery-failed", "expired"],
      ["delivery-needs-attention", "expired"],
    ]);
  });

  it("expired, reposted by the courier and delivered: no failure sent, Delivery delivered once on the new shipment", async () => {
    const shipment = await h.dispatchSample();
    const events = h.expire(shipment.courierShipmentId!, true);
    const newId = String(events.find((e) => e.event === "shipment.reposted")!.data.id);
    await h.deliverEvents(events);
    await h.runWaitingJobs();
    expect(await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({
      state: "scheduled",
      courierShipmentId: newId,
      replacedByCourierId: shipment.courierShipmentId,
      needsAttention: false,
    });

    await h.deliverEvents(h.runToTheEnd(newId));
    await h.runWaitingJobs();
    const row = await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.state).toBe("delivered");
    const fulfillments = h.order().fulfillments;
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]!.trackingInfo.map((t) => t.number)).toEqual([row.trackingNumber]);
    expect(triggersSent()).toEqual([["delivery-delivered", ""]]);
    expect(h.flowTriggers()[0]!.payload["Shipment ID"]).toBe(newId);
    expect(h.standIn().graphqlErrors).toEqual([]);
  });
});
