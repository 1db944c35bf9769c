import type { JobQueue, Tx } from "~/jobs/queue.server";
import {
  ATTACH_REVERSE_DELIVERY_JOB,
  BOOK_RETURN_PICKUP_JOB,
  type ReturnPickupPayload,
  type ReverseDeliveryPayload,
} from "./jobs";

/** One booking job per return and generation, however many approve webhooks or clicks arrive. */
export async function enqueueReturnPickup(
  queue: JobQueue,
  input: { shopDomain: string } & ReturnPickupPayload,
  tx?: Tx,
) {
  const { shopDomain, ...payload } = input;
  return queue.enqueue(
    {
      shopDomain,
      kind: BOOK_RETURN_PICKUP_JOB,
      payload: payload satisfies ReturnPickupPayload,
      uniqueKey: `return-pickup:${shopDomain}:${payload.returnGid}:${payload.generation}`,
      // The order's dispatch work runs one at a time: an exchange's delivery leg is one of its shipments.
      orderingKey: `order:${shopDomain}:${payload.orderGid}`,
    },
    tx,
  );
}

/** The reverse deliveries of a booked collection: their own job, retried on its own when Shopify fails. */
export async function enqueueReverseDeliveryAttach(
  queue: JobQueue,
  input: { shopDomain: string; shipmentId: string },
  tx: Tx,
) {
  return queue.enqueue(
    {
      shopDomain: input.shopDomain,
      kind: ATTACH_REVERSE_DELIVERY_JOB,
      payload: { shipmentId: input.shipmentId } satisfies ReverseDeliveryPayload,
      uniqueKey: `reverse-delivery:${input.shopDomain}:${input.shipmentId}`,
      // One at a time with a repost's tracking update of the same collection (reverseDeliveryTrackingJob).
      orderingKey: `reverse-delivery:${input.shipmentId}`,
    },
    tx,
  );
}
