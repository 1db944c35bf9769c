import type { DispatchMode, Eligibility } from "./eligibility";

/**
 * Shopify Local Delivery mode, for stores whose plan cannot show calculated rates: the shopper picks the
 * store's own "Local delivery" at checkout, and Shopify marks each fulfillment order it concerns with
 * `deliveryMethod.methodType` LOCAL (Admin API DeliveryMethodType). Those fulfillment orders are the app's
 * to dispatch from their pickup location, booked in the shop's default window. Pure.
 */

export const LOCAL_DELIVERY_METHOD = "LOCAL";

type WithDeliveryMethod = { deliveryMethod?: { methodType?: string | null } | null };

export function isLocalDelivery(fulfillmentOrder: WithDeliveryMethod): boolean {
  return fulfillmentOrder.deliveryMethod?.methodType === LOCAL_DELIVERY_METHOD;
}

/** The shop delivers through Shopify Local Delivery once Shopify refused its carrier service for the plan. */
export function localDeliveryModeOn(shop: { carrierServiceRefusedAt: Date | null }): boolean {
  return shop.carrierServiceRefusedAt !== null;
}

export type LocalDeliveryEligibility = Eligibility & { localDelivery: boolean };

/**
 * An order the rate rules did not claim is still ours when the shop is in Local Delivery mode and one of its
 * fulfillment orders is local delivery (then only those are dispatched). A shop dispatching by hand keeps that.
 */
export function withLocalDelivery(
  eligibility: Eligibility,
  input: { mode: DispatchMode; modeOn: boolean; fulfillmentOrders: readonly WithDeliveryMethod[] },
): LocalDeliveryEligibility {
  if (eligibility.eligible || input.mode === "manual" || !input.modeOn) return { ...eligibility, localDelivery: false };
  if (!input.fulfillmentOrders.some(isLocalDelivery)) return { ...eligibility, localDelivery: false };
  return { eligible: true, serviceCode: null, needsAreaCheck: false, localDelivery: true };
}
