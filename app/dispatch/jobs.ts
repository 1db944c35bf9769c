import { z } from "zod";
import { FulfillmentOrderGid, OrderGid } from "~/shopify-admin/global-ids";

/**
 * The dispatch job kinds and their payloads, for the code that enqueues them and the handlers that
 * parse them. Payloads hold ids only: the order is read again from Shopify when a job runs.
 */

export const DISPATCH_ORDER_JOB = "dispatch.order";
export const DISPATCH_FULFILLMENT_ORDER_JOB = "dispatch.fulfillment-order";
/**
 * Attempts of a paid order's booking jobs (the order's and a fulfillment order's) before they are dead.
 * More than the queue's default: a courier's 429 storm answers every attempt within its Retry-After of
 * 2 s, and eight quick attempts buried one order of 200 in `npm run chaos` (courier faults); the
 * idempotency key keeps every attempt to one shipment.
 */
export const DISPATCH_MAX_ATTEMPTS = 20;

/** Writes a dispatched order's delivery metafield and tag, after (not inside) the courier's creation. */
export const ANNOTATE_ORDER_JOB = "dispatch.annotate-order";

/** One order's dispatch in a generation; `manual` when staff chose the window kind (dispatch now, redispatch). */
export const OrderDispatchPayload = z.object({
  orderGid: OrderGid,
  generation: z.number().int().min(1),
  manual: z.object({ serviceCode: z.string().nullable() }).optional(),
});
export type OrderDispatchPayload = z.infer<typeof OrderDispatchPayload>;

export const FulfillmentOrderDispatchPayload = OrderDispatchPayload.extend({
  fulfillmentOrderGid: FulfillmentOrderGid,
  /**
   * A re-delivery of a delivery the courier returned (app/dispatch/redelivery.ts): that shipment's id.
   * The new shipment is booked for the returned items and carried by the returned one's fulfillment.
   */
  redeliveryOf: z.string().min(1).max(64).optional(),
});
export type FulfillmentOrderDispatchPayload = z.infer<typeof FulfillmentOrderDispatchPayload>;

export const OrderAnnotationPayload = z.object({ orderGid: OrderGid });
export type OrderAnnotationPayload = z.infer<typeof OrderAnnotationPayload>;
