import type { CreateShipmentRequest } from "~/courier/requests";
import { windowIdFromServiceCode } from "~/schedule/service-code";
import type { OrderForDispatch } from "~/shopify-admin/orders.server";
import { planShipments, type DeliveryWindowChoice, type DispatchSettings, type PickupPoint } from "~/dispatch/public";

/**
 * What the order implies now for one fulfillment order's shipment: the same mapping dispatch uses
 * (planShipments), narrowed to that fulfillment order. Pure.
 */

export type ImpliedShipment =
  /** The request dispatch would send now. */
  | { kind: "request"; request: CreateShipmentRequest }
  /** The fulfillment order still needs delivery, but the data no longer allows it (no phone...). */
  | { kind: "attention"; reason: string }
  /** Every item was removed (or no longer needs shipping): nothing left to deliver. */
  | { kind: "nothing_to_ship" }
  /** The whole order is no longer deliverable (fulfilled, no address, outside the US). */
  | { kind: "order_not_deliverable"; reason: string }
  /** Not ours to deliver as things stand (the location is no longer a pickup point, the order is not open). */
  | { kind: "not_ours"; reason: string };

type FulfillmentOrder = OrderForDispatch["fulfillmentOrders"]["nodes"][number];

export function shippableLines(fo: FulfillmentOrder) {
  return fo.lineItems.nodes.filter((line) => line.requiresShipping && line.remainingQuantity > 0);
}

export function impliedShipment(input: {
  order: OrderForDispatch;
  fulfillmentOrderGid: string;
  pickupPoints: ReadonlyMap<string, PickupPoint>;
  settings: DispatchSettings;
  window: DeliveryWindowChoice;
}): ImpliedShipment {
  const fo = input.order.fulfillmentOrders.nodes.find((node) => node.id === input.fulfillmentOrderGid);
  if (!fo) return { kind: "not_ours", reason: "The fulfillment order is no longer part of the order." };
  if (!input.order.cancelledAt && shippableLines(fo).length === 0) return { kind: "nothing_to_ship" };
  const plan = planShipments({
    order: input.order,
    pickupPoints: input.pickupPoints,
    settings: input.settings,
    window: input.window,
    idempotencyKeyFor: () => "",
  });
  if (plan.orderSkipReason) return { kind: "order_not_deliverable", reason: plan.orderSkipReason };
  const planned = plan.shipments.find((s) => s.fulfillmentOrderGid === fo.id);
  if (planned) {
    const { idempotency_key: _unused, ...request } = planned.request;
    return { kind: "request", request };
  }
  const attention = plan.needsAttention.find((a) => a.fulfillmentOrderGid === fo.id);
  if (attention) return { kind: "attention", reason: attention.reason };
  const skipped = plan.skipped.find((s) => s.fulfillmentOrderGid === fo.id);
  return { kind: "not_ours", reason: skipped?.reason ?? "The fulfillment order is not ours to deliver." };
}

/** The window a stored request was sent with. */
export function windowOfRequest(request: CreateShipmentRequest): DeliveryWindowChoice {
  const date = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  return {
    pickupAfter: date(request.pickup_after),
    deliverBetween: { start: date(request.deliver_between.start), end: date(request.deliver_between.end) },
  };
}

/**
 * The window the shipment should have now. Time passing is not a change: the window sent stays
 * unless the order now names another of the shop's windows (or another slot or day of one) than the
 * one it was dispatched in (a shipping line edited to a different same-day rate); then `freshWindow`
 * (evaluated now) is used.
 */
export function impliedWindow(input: {
  requested: CreateShipmentRequest;
  dispatchedServiceCode: string | null;
  orderServiceCode: string | null;
  freshWindow: () => DeliveryWindowChoice | null;
}): DeliveryWindowChoice {
  const before = windowIdFromServiceCode(input.dispatchedServiceCode);
  const now = windowIdFromServiceCode(input.orderServiceCode);
  const kept = windowOfRequest(input.requested);
  // Whole codes are compared: another slot or day of the same window is another choice too.
  if (before === null || now === null || input.dispatchedServiceCode === input.orderServiceCode) return kept;
  return input.freshWindow() ?? kept;
}
