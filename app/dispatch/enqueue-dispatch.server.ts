import type { JobQueue, Tx } from "~/jobs/queue.server";
import { orderMetafieldJobKey } from "~/shipments/order-summary";
import {
  ANNOTATE_ORDER_JOB,
  DISPATCH_FULFILLMENT_ORDER_JOB,
  DISPATCH_MAX_ATTEMPTS,
  DISPATCH_ORDER_JOB,
  type FulfillmentOrderDispatchPayload,
  type OrderAnnotationPayload,
  type OrderDispatchPayload,
} from "./jobs";

/** Paid (or dispatch-now): one job per order and generation, whatever number of webhooks arrive. */
export async function enqueueOrderDispatch(
  queue: JobQueue,
  input: { shopDomain: string } & OrderDispatchPayload,
  tx?: Tx,
) {
  const { shopDomain, ...payload } = input;
  return queue.enqueue(
    {
      shopDomain,
      kind: DISPATCH_ORDER_JOB,
      payload: payload satisfies OrderDispatchPayload,
      uniqueKey: `dispatch:${shopDomain}:${payload.orderGid}:${payload.generation}`,
      orderingKey: `order:${shopDomain}:${payload.orderGid}`,
      maxAttempts: DISPATCH_MAX_ATTEMPTS,
    },
    tx,
  );
}

/** One fulfillment order's creation job for a generation (a redispatch of one fulfillment order uses it directly). */
export async function enqueueFulfillmentOrderDispatch(
  queue: JobQueue,
  input: { shopDomain: string } & FulfillmentOrderDispatchPayload,
  tx?: Tx,
) {
  const { shopDomain, ...payload } = input;
  return queue.enqueue(
    {
      shopDomain,
      kind: DISPATCH_FULFILLMENT_ORDER_JOB,
      payload: payload satisfies FulfillmentOrderDispatchPayload,
      uniqueKey: `dispatch-fo:${shopDomain}:${payload.fulfillmentOrderGid}:${payload.generation}`,
      orderingKey: `fulfillment-order:${shopDomain}:${payload.fulfillmentOrderGid}`,
      maxAttempts: DISPATCH_MAX_ATTEMPTS,
    },
    tx,
  );
}

/**
 * The order's annotation job, enqueued in the transaction that writes a created shipment. While one
 * is still queued it stands for the next (a split order's shipments share it); it reads the order's
 * shipments when it runs, so whichever shipment came last is in it.
 */
export async function enqueueOrderAnnotation(queue: JobQueue, input: { shopDomain: string; orderGid: string }, tx: Tx) {
  const { shopDomain, orderGid } = input;
  return queue.enqueueUnlessQueued(
    [
      {
        shopDomain,
        kind: ANNOTATE_ORDER_JOB,
        payload: { orderGid } satisfies OrderAnnotationPayload,
        orderingKey: orderAnnotationKey(shopDomain, orderGid),
      },
    ],
    tx,
  );
}

/** The ordering key of an order's annotation jobs (staff find a dead one by it), shared with the summary jobs. */
export const orderAnnotationKey = orderMetafieldJobKey;
