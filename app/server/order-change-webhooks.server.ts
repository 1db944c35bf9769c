import { getRuntime } from "~/runtime.server";
import { receiveWebhook } from "~/server/shopify-webhooks.server";
import { syncOrderIfDelivered, syncOrdersOfFulfillmentOrders } from "~/order-changes/enqueue-order-sync.server";
import {
  FulfillmentOrderChangedPayload,
  FulfillmentOrderMovedPayload,
  OrderChangedPayload,
  fulfillmentOrderIdsOf,
  fulfillmentOrderIdsOfMove,
  orderChangeInstant,
} from "~/order-changes/webhook-payloads";

/**
 * The order-change webhook routes: verified, recorded once and turned into the order's sync job in
 * one transaction (see receiveWebhook). The payloads only say which order to look at.
 */

/** orders/updated, orders/cancelled (edits, address and contact changes, cancellation). */
export function receiveOrderChanged(request: Request): Promise<Response> {
  return receiveWebhook(request, {
    payload: OrderChangedPayload,
    ids: (order) => ({ orderGid: order.admin_graphql_api_id }),
    handleInTransaction: ({ shop, webhookId, payload }, tx) =>
      syncOrderIfDelivered(getRuntime().queue, tx, {
        shopDomain: shop,
        orderGid: payload.admin_graphql_api_id,
        // One change announced by both topics carries one updated_at: one job.
        dedupeKey: orderChangeInstant(payload.updated_at) ?? webhookId,
      }),
  });
}

/** fulfillment_orders/moved: the order is found through the shipments its fulfillment orders carry. */
export function receiveFulfillmentOrderMoved(request: Request): Promise<Response> {
  return receiveWebhook(request, {
    payload: FulfillmentOrderMovedPayload,
    handleInTransaction: ({ shop, webhookId, payload }, tx) =>
      syncOrdersOfFulfillmentOrders(getRuntime().queue, tx, {
        shopDomain: shop,
        fulfillmentOrderGids: fulfillmentOrderIdsOfMove(payload),
        dedupeKey: webhookId,
      }),
  });
}

/** fulfillment_orders/placed_on_hold, hold_released, cancelled. */
export function receiveFulfillmentOrderChanged(request: Request): Promise<Response> {
  return receiveWebhook(request, {
    payload: FulfillmentOrderChangedPayload,
    handleInTransaction: ({ shop, webhookId, payload }, tx) =>
      syncOrdersOfFulfillmentOrders(getRuntime().queue, tx, {
        shopDomain: shop,
        fulfillmentOrderGids: fulfillmentOrderIdsOf(payload),
        dedupeKey: webhookId,
      }),
  });
}
