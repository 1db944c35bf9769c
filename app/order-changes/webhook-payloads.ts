import { z } from "zod";
import { wellFormedString } from "~/text/well-formed";
import { CustomerGid, FULFILLMENT_ORDER_GID_PREFIX, FulfillmentOrderGid, OrderGid } from "~/shopify-admin/global-ids";

/**
 * The Shopify webhook payloads that announce order changes (API 2026-10). Only what routes the
 * change is read: the job reads the order itself through the Admin API, so a stale or repeated
 * payload can never carry old data into a shipment. Unknown fields are kept.
 */

/** Shopify sends `updated_at` as ISO 8601 with an offset; anything longer is not a timestamp. */
export const UPDATED_AT_MAX_LENGTH = 40;

/**
 * orders/paid: the REST Order resource; the job reads the order through the Admin API. The customer's
 * id is kept with the delivery record: the order status block answers only that customer
 * (app/tracking-page/order-status.server.ts). A customer field in another shape never blocks dispatch.
 */
export const OrderPaidPayload = z.looseObject({
  admin_graphql_api_id: OrderGid,
  customer: z.looseObject({ admin_graphql_api_id: CustomerGid }).nullish().catch(null),
});

/** orders/updated and orders/cancelled: the REST Order resource. */
export const OrderChangedPayload = z.looseObject({
  admin_graphql_api_id: OrderGid,
  // Part of the sync job's unique key: a lone surrogate would fail the write, so it is refused here.
  updated_at: wellFormedString().max(UPDATED_AT_MAX_LENGTH).nullish(),
});
export type OrderChangedPayload = z.infer<typeof OrderChangedPayload>;

/** Shopify's `updated_at` shape: an ISO 8601 date-time with seconds and an offset (or Z). */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant an order change names, as one spelling (UTC), or null when `updated_at` is missing or
 * not a timestamp: such a payload still syncs the order (the job reads it), keyed by its webhook id.
 */
export function orderChangeInstant(updatedAt: string | null | undefined): string | null {
  if (!updatedAt || !ISO_TIMESTAMP.test(updatedAt)) return null;
  const ms = Date.parse(updatedAt);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** A fulfillment order id as the fulfillment_orders/* topics send it: a GID (or, defensively, a number). */
const fulfillmentOrderId = z
  .union([
    FulfillmentOrderGid,
    z.number().int().positive().refine(Number.isSafeInteger, "Expected an exact id"),
    z.string().regex(/^\d{1,20}$/),
  ])
  .transform((id) =>
    typeof id === "string" && id.startsWith(FULFILLMENT_ORDER_GID_PREFIX) ? id : `${FULFILLMENT_ORDER_GID_PREFIX}${id}`,
  );

const FulfillmentOrderRef = z.looseObject({ id: fulfillmentOrderId, status: z.string().max(40).nullish() });

/** fulfillment_orders/moved: the original (where our shipment is) and the one now holding the items. */
export const FulfillmentOrderMovedPayload = z.looseObject({
  original_fulfillment_order: FulfillmentOrderRef,
  moved_fulfillment_order: FulfillmentOrderRef.nullish(),
});

/** fulfillment_orders/placed_on_hold, hold_released and cancelled. */
export const FulfillmentOrderChangedPayload = z.looseObject({
  fulfillment_order: FulfillmentOrderRef,
  remaining_fulfillment_order: FulfillmentOrderRef.nullish(),
  replacement_fulfillment_order: FulfillmentOrderRef.nullish(),
});

export function fulfillmentOrderIdsOfMove(payload: z.infer<typeof FulfillmentOrderMovedPayload>): string[] {
  return [payload.original_fulfillment_order.id, payload.moved_fulfillment_order?.id].filter((id): id is string =>
    Boolean(id),
  );
}

export function fulfillmentOrderIdsOf(payload: z.infer<typeof FulfillmentOrderChangedPayload>): string[] {
  return [
    payload.fulfillment_order.id,
    payload.remaining_fulfillment_order?.id,
    payload.replacement_fulfillment_order?.id,
  ].filter((id): id is string => Boolean(id));
}
