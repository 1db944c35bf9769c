import { z } from "zod";
import type { EnqueueInput } from "~/jobs/job";

/**
 * A return's collection the courier reposted (a new courier shipment and tracking number): the
 * return's reverse deliveries in Shopify get the new number, as a delivery's fulfillment does
 * (app/returns/reverse-delivery.server.ts runs it; its kind lives here because tracking applies the
 * repost). One job per courier shipment taking over, so a repeated repost event adds nothing.
 */
export const REVERSE_DELIVERY_TRACKING_JOB = "returns.reverse-delivery-tracking";

export const ReverseDeliveryTrackingPayload = z.object({
  shipmentId: z.string().min(1).max(64),
  courierShipmentId: z.string().min(1).max(64),
});
export type ReverseDeliveryTrackingPayload = z.infer<typeof ReverseDeliveryTrackingPayload>;

export function reverseDeliveryTrackingJob(
  shopDomain: string,
  shipment: { id: string; courierShipmentId: string },
): EnqueueInput {
  return {
    shopDomain,
    kind: REVERSE_DELIVERY_TRACKING_JOB,
    payload: {
      shipmentId: shipment.id,
      courierShipmentId: shipment.courierShipmentId,
    } satisfies ReverseDeliveryTrackingPayload,
    uniqueKey: `reverse-delivery-tracking:${shipment.id}:${shipment.courierShipmentId}`,
    // One at a time with the collection's first attach (app/returns/enqueue.server.ts).
    orderingKey: `reverse-delivery:${shipment.id}`,
  };
}
