/**
 * What applying courier events leaves to jobs of their own besides Flow triggers (jobs.ts): the
 * order's attention tag and its delivery metafield. Applying the events moves the shipment and
 * Shopify's fulfillment; a tag or a metafield that Shopify refuses, or that is throttled, is retried
 * on its own (and dies where staff see it) without holding the shipment's state back.
 */
import { z } from "zod";
import type { EnqueueInput } from "~/jobs/job";
import { orderMetafieldJobKey } from "~/shipments/order-summary";
import { OrderGid } from "~/shopify-admin/global-ids";

/** Adds or removes the shop's attention tag on the order, as one courier event asked. */
export const ORDER_ATTENTION_TAG_JOB = "tracking.order-attention-tag";
/** Rewrites the order's delivery metafield from its shipments as they are when the job runs. */
export const ORDER_DELIVERY_SUMMARY_JOB = "tracking.order-delivery-summary";

export const OrderAttentionTagPayload = z.object({
  orderGid: OrderGid,
  shipmentId: z.string().min(1),
  tag: z.string().min(1),
  change: z.enum(["add", "remove"]),
});
export type OrderAttentionTagPayload = z.infer<typeof OrderAttentionTagPayload>;

export const OrderDeliverySummaryPayload = z.object({ orderGid: OrderGid });
export type OrderDeliverySummaryPayload = z.infer<typeof OrderDeliverySummaryPayload>;

/**
 * One occurrence's tag change (a courier event's id, the no-driver watch's mark): its key is the
 * occurrence's, so a repeated run adds nothing, and the order's tag changes run one at a time in the
 * order they were made.
 */
export function orderAttentionTagJob(
  shopDomain: string,
  change: OrderAttentionTagPayload & { occurrence: string },
): EnqueueInput {
  const { occurrence, ...payload } = change;
  return {
    shopDomain,
    kind: ORDER_ATTENTION_TAG_JOB,
    payload: payload satisfies OrderAttentionTagPayload,
    uniqueKey: `order-tag:${occurrence}:${change.change}`,
    orderingKey: `order-tag:${shopDomain}:${change.orderGid}`,
  };
}

/**
 * The order's delivery metafield from its shipments as they are when the job runs: after a run of
 * courier events (keyed by the last event the run applied, so each run writes it once), after a staff
 * cancel, after an order change. One at a time per order and after the order's queued annotation (the
 * same key, see orderMetafieldJobKey), so the last one writes the newest state. Nothing writes that
 * metafield but these jobs and dispatch's annotation.
 */
export function orderDeliverySummaryJob(shopDomain: string, orderGid: string, lastEventId?: string): EnqueueInput {
  return {
    shopDomain,
    kind: ORDER_DELIVERY_SUMMARY_JOB,
    payload: { orderGid } satisfies OrderDeliverySummaryPayload,
    ...(lastEventId ? { uniqueKey: `order-summary:${lastEventId}` } : {}),
    orderingKey: orderMetafieldJobKey(shopDomain, orderGid),
  };
}
