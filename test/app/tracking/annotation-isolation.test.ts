/**
 * The order's tag and delivery metafield are side effects too: here Shopify refuses every tag and
 * metafield write. Shopify's orders/paid sample is still returned by the courier: the shipment and
 * the fulfillment follow, the Flow triggers are sent with the order's exact id, and only the tag and
 * metafield jobs fail, each on its own, to be retried.
 */
import { describe, expect, it, vi } from "vitest";
import type * as OrderAnnotations from "~/shopify-admin/order-annotations.server";
import { ANNOTATE_ORDER_JOB } from "~/dispatch/jobs";
import { ORDER_ATTENTION_TAG_JOB, ORDER_DELIVERY_SUMMARY_JOB } from "~/tracking/order-annotation-jobs";
import { SAMPLE_ORDER_ID } from "../../fixtures/shopify-webhooks";
import { sampleOrderHarness } from "./sample-order-harness";

const refused = () => {
  throw new Error("Shopify refused the order's annotation (this test's stand-in for a failure)");
};
const annotations = vi.hoisted(() => ({
  addOrderTags: vi.fn(async () => refused()),
  annotateOrderDelivery: vi.fn(async () => refused()),
  removeOrderTags: vi.fn(async () => refused()),
  setOrderDeliveryMetafield: vi.fn(async () => refused()),
}));
vi.mock("~/shopify-admin/order-annotations.server", async (importOriginal) => ({
  ...(await importOriginal<typeof OrderAnnotations>()),
  ...annotations,
}));

const h = sampleOrderHarness("sandbox-token-annotations");

describe("tags and metafields refused: the state and the triggers go on", () => {
  it("returned: the shipment, the fulfillment and both Flow triggers; the tag and metafield jobs wait", async () => {
    const shipment = await h.dispatchSample("return");
    await h.deliverEvents(h.runToTheEnd(shipment.courierShipmentId!));
    await h.runWaitingJobs();

    expect(await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({
      state: "returned",
      needsAttention: true,
      attentionCode: "returned",
    });
    expect(h.order().fulfillments).toHaveLength(1);
    expect(h.order().tags).not.toContain("same-day-attention");
    const sent = h.flowTriggers();
    expect(sent.map((t) => t.handle).sort()).toEqual(["delivery-failed", "delivery-needs-attention"]);
    for (const trigger of sent) expect(trigger.payload.order_id).toBe(BigInt(SAMPLE_ORDER_ID));

    const waiting = await h.db.job.findMany({
      where: { kind: { in: [ORDER_ATTENTION_TAG_JOB, ORDER_DELIVERY_SUMMARY_JOB, ANNOTATE_ORDER_JOB] } },
    });
    expect(new Set(waiting.map((j) => j.kind))).toEqual(
      new Set([ORDER_ATTENTION_TAG_JOB, ORDER_DELIVERY_SUMMARY_JOB, ANNOTATE_ORDER_JOB]),
    );
    for (const job of waiting) expect(job.state).toBe("queued");
    // Each failed on its own; the summary waits behind the order's annotation (one metafield writer at a time).
    for (const job of waiting.filter((j) => j.kind !== ORDER_DELIVERY_SUMMARY_JOB))
      expect(job.lastError).toContain("Shopify refused the order's annotation");
    const summary = waiting.find((j) => j.kind === ORDER_DELIVERY_SUMMARY_JOB)!;
    const annotation = waiting.find((j) => j.kind === ANNOTATE_ORDER_JOB)!;
    expect(summary.orderingKey).toBe(annotation.orderingKey);
    // The attention tag job's tag, and the order's annotation (its metafield and tag in one request).
    expect(annotations.addOrderTags).toHaveBeenCalled();
    expect(annotations.annotateOrderDelivery).toHaveBeenCalled();
  });
});
