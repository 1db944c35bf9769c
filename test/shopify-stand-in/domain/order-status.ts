import type { OrderState } from "../shop-state";

/**
 * Order.displayFulfillmentStatus from the order's fulfillment orders and fulfillments, as the admin
 * shows it: everything fulfilled → FULFILLED, some → PARTIALLY_FULFILLED, every open fulfillment
 * order on hold → ON_HOLD, all scheduled → SCHEDULED, otherwise UNFULFILLED.
 */
export function recomputeOrderFulfillmentStatus(order: OrderState): void {
  const ordered = order.lineItems.reduce((total, line) => total + line.quantity, 0);
  const fulfilled = order.fulfillments
    .filter((f) => f.status === "SUCCESS")
    .flatMap((f) => f.fulfillmentLineItems)
    .reduce((total, line) => total + line.quantity, 0);
  const open = order.fulfillmentOrders.filter((fo) => fo.status !== "CLOSED" && fo.status !== "CANCELLED");
  let status: string;
  if (ordered > 0 && fulfilled >= ordered) status = "FULFILLED";
  else if (fulfilled > 0) status = "PARTIALLY_FULFILLED";
  else if (open.length > 0 && open.every((fo) => fo.status === "ON_HOLD")) status = "ON_HOLD";
  else if (open.length > 0 && open.every((fo) => fo.status === "SCHEDULED")) status = "SCHEDULED";
  else status = "UNFULFILLED";
  order.displayFulfillmentStatus = status;
}
