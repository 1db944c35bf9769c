import type { OrderForDispatch } from "~/shopify-admin/orders.server";

/**
 * A delivery the courier returned to the store, sent out again ("Deliver again" on the attention
 * item). In Shopify the items were fulfilled at pickup (app/tracking: the fulfillment is created when
 * the driver collects) and the fulfillment then got a FAILURE event: the fulfillment order is closed,
 * nothing remains to fulfill, the order shows as fulfilled. A second fulfillment is not possible (the
 * items are fulfilled once), so the re-delivery is a new courier shipment carried by the same
 * fulfillment: its tracking is replaced by the new shipment's, and its events follow the FAILURE on
 * the same fulfillment (app/tracking/shopify-timeline.ts, `eventsOfThisRun`).
 *
 * To book it, dispatch plans the order as the re-delivery sees it: only the returned fulfillment
 * order, open again with each line's whole quantity (the app's fulfillment fulfils all of a
 * fulfillment order's remaining items: it names no lines), and the order not counted as fulfilled.
 * Everything else is read fresh: the address, phone and notes staff may have corrected in Shopify.
 * A fulfillment order Shopify canceled (the order canceled or edited since) stays as it is, so the
 * plan refuses it in its own words; an order canceled meanwhile is refused by the plan as well.
 */
export function orderForRedelivery(order: OrderForDispatch, fulfillmentOrderGid: string): OrderForDispatch {
  const nodes = order.fulfillmentOrders.nodes
    .filter((fo) => fo.id === fulfillmentOrderGid)
    .map((fo) =>
      fo.status === "CLOSED"
        ? {
            ...fo,
            status: "OPEN" as typeof fo.status,
            lineItems: {
              nodes: fo.lineItems.nodes.map((line) => ({ ...line, remainingQuantity: line.totalQuantity })),
            },
          }
        : fo,
    );
  return {
    ...order,
    displayFulfillmentStatus:
      order.displayFulfillmentStatus === "FULFILLED"
        ? ("PARTIALLY_FULFILLED" as OrderForDispatch["displayFulfillmentStatus"])
        : order.displayFulfillmentStatus,
    fulfillmentOrders: { nodes },
  };
}
