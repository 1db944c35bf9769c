import { describe, expect, it } from "vitest";
import { jobKindLabel, shipmentJobKeys, toDeadJobView } from "~/staff/dead-jobs.server";
import { orderAttentionTagJob, orderDeliverySummaryJob } from "~/tracking/order-annotation-jobs";

describe("dead jobs for staff", () => {
  it.each([
    ["dispatch.order", "Dispatching the order"],
    ["dispatch.fulfillment-order", "Booking the courier shipment"],
    ["dispatch.annotate-order", "Tagging the order and saving its delivery status"],
    ["tracking.apply-events", "Applying courier updates to the order"],
    ["tracking.reconcile", "Checking shipments with the courier"],
    ["tracking.order-attention-tag", "Tagging the order for attention (or removing the tag)"],
    ["tracking.order-delivery-summary", "Saving the delivery status on the order"],
    ["something.new_kind", "something new kind"],
  ])("%s reads %s", (kind, label) => {
    expect(jobKindLabel(kind)).toBe(label);
  });

  it("finds a shipment's work by the ordering keys the flows use", () => {
    const order = "gid://shopify/Order/1";
    const tag = orderAttentionTagJob("a.myshopify.com", {
      occurrence: "e1",
      change: "add",
      orderGid: order,
      shipmentId: "shp_1",
      tag: "t",
    });
    const keys = shipmentJobKeys("a.myshopify.com", {
      id: "shp_1",
      orderGid: "gid://shopify/Order/1",
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/2",
    });
    expect(keys).toEqual([
      "order:a.myshopify.com:gid://shopify/Order/1",
      "fulfillment-order:a.myshopify.com:gid://shopify/FulfillmentOrder/2",
      "shipment:shp_1",
      "order-annotation:a.myshopify.com:gid://shopify/Order/1",
      tag.orderingKey,
      // The summary jobs' key before they shared the annotation's: dead ones queued then are still found.
      "order-summary:a.myshopify.com:gid://shopify/Order/1",
    ]);
    // The summary after courier events shares the annotation's key (one writer of the metafield at a time).
    expect(orderDeliverySummaryJob("a.myshopify.com", order, "e1").orderingKey).toBe(keys[3]);
  });

  it("shows the kind in words, the error and when it failed, without the payload", () => {
    const view = toDeadJobView({
      id: "j1",
      shopDomain: "a.myshopify.com",
      kind: "dispatch.order",
      uniqueKey: null,
      orderingKey: null,
      attempts: 8,
      maxAttempts: 8,
      lastError: "Shopify was down",
      createdAt: new Date("2026-11-21T10:00:00Z"),
      finishedAt: new Date("2026-11-21T11:00:00Z"),
    });
    expect(view).toEqual({
      id: "j1",
      label: "Dispatching the order",
      lastError: "Shopify was down",
      attempts: 8,
      failedAt: "2026-11-21T11:00:00.000Z",
    });
  });
});
