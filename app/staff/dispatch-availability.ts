/**
 * Whether staff may press "Dispatch now" on an order, and why not, in the merchant's words.
 * Pure: the caller reads the order from Shopify and the shipments and setup from the database.
 */
import { COURIER_NOT_CONNECTED } from "~/courier/errors";

export type OrderFacts = {
  cancelledAt: string | null;
  /** Shopify's displayFinancialStatus (PAID, PENDING, REFUNDED...). */
  financialStatus: string | null;
  /** Country of the shipping address; null when the order has none. */
  shippingCountryCode: string | null;
  fulfillmentOrders: { status: string; locationGid: string | null }[];
};

export type DispatchAvailabilityInput = {
  courierConnected: boolean;
  enabledLocationGids: string[];
  /** States of the order's shipments in the app. */
  shipmentStates: string[];
  /** A dispatch, re-dispatch or order sync of this order has not finished yet. */
  dispatchUnderWay: boolean;
  order: OrderFacts;
};

/** Shipments in these states are done with (or never started): the order may be dispatched again. */
const ENDED_STATES = new Set(["delivered", "returned", "canceled", "expired", "failed"]);
const PAID_STATUSES = new Set(["PAID", "PARTIALLY_PAID", "PARTIALLY_REFUNDED"]);
const OPEN_FULFILLMENT_STATUSES = new Set(["OPEN", "IN_PROGRESS"]);

export type DispatchAvailability = { allowed: boolean; reason: string | null };

const refuse = (reason: string): DispatchAvailability => ({ allowed: false, reason });

export function dispatchAvailability(input: DispatchAvailabilityInput): DispatchAvailability {
  if (!input.courierConnected) return refuse(COURIER_NOT_CONNECTED);
  if (input.enabledLocationGids.length === 0)
    return refuse("Choose at least one pickup location in the app's settings first.");
  if (input.shipmentStates.some((state) => !ENDED_STATES.has(state))) {
    return refuse("This order already has a delivery in progress.");
  }
  if (input.dispatchUnderWay)
    return refuse("A dispatch of this order is already under way. Reload in a moment to see it.");
  const order = input.order;
  if (order.cancelledAt) return refuse("The order is canceled.");
  if (!order.financialStatus || !PAID_STATUSES.has(order.financialStatus)) return refuse("The order is not paid yet.");
  if (!order.shippingCountryCode) return refuse("The order has no shipping address.");
  if (order.shippingCountryCode !== "US")
    return refuse("Same-day delivery is only available for United States addresses.");
  const open = order.fulfillmentOrders.filter((fo) => OPEN_FULFILLMENT_STATUSES.has(fo.status));
  if (open.length === 0) return refuse("Nothing on this order is left to fulfill.");
  if (!open.some((fo) => fo.locationGid !== null && input.enabledLocationGids.includes(fo.locationGid))) {
    return refuse("The items are not at one of your pickup locations. Enable that location in the app's settings.");
  }
  return { allowed: true, reason: null };
}
