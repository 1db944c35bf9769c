import { addOrder, type OrderInput } from "./builders";
import type { OrderState, ShopState } from "./shop-state";

/**
 * An order whose shopper chose the store's own Local delivery at checkout, as Shopify records it: the
 * shipping line is Shopify's (source "shopify", delivery category "local", titled with the name the
 * merchant gave the local-delivery rate), and every fulfillment order's delivery method has
 * `methodType: LOCAL` with the phone and instructions the shopper gave for the delivery
 * (DeliveryMethod.additionalInformation). Local delivery sets no delivery dates on the method.
 */
export function addLocalDeliveryOrder(
  shop: ShopState,
  input: OrderInput & { rateName?: string; price?: string; instructions?: string | null; deliveryPhone?: string },
): OrderState {
  const { rateName = "Local Delivery", price = "5.00", instructions = null, deliveryPhone, ...order } = input;
  const phone = deliveryPhone ?? order.shippingAddress?.phone ?? null;
  return addOrder(shop, {
    shippingLines: [
      { title: rateName, code: rateName, source: "shopify", carrierIdentifier: null, deliveryCategory: "local", price },
    ],
    deliveryMethod: {
      methodType: "LOCAL",
      serviceCode: rateName,
      presentedName: rateName,
      minDeliveryDateTime: null,
      maxDeliveryDateTime: null,
      sourceReference: null,
      additionalInformation: { instructions, phone },
    },
    ...order,
  });
}
