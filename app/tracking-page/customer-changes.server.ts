import { z } from "zod";
import { ORDER_ID_PATTERN, SHIPMENT_ID_PATTERN } from "../../extensions/shared/api-contract";
import type { Db } from "~/db/client.server";
import { isOrderOfCustomer, latestPerFulfillmentOrder, type ShopperOrder } from "./order-status.server";

/**
 * Which delivery a change from the order status block is for (extensions/order-status-delivery):
 * one the signed-in customer may change, i.e. a booked delivery of their own order of the shop (the
 * one they follow: its latest dispatch). The shop and the customer come from the verified customer
 * account session token, the order and delivery from the request. The change itself is the tracking
 * page's (shopper-changes.server.ts).
 */

export const CustomerDeliveryParams = z.object({
  orderId: z.string({ error: "An order id is required." }).regex(ORDER_ID_PATTERN, "This is not an order id."),
  deliveryId: z
    .string({ error: "A delivery id is required." })
    .regex(SHIPMENT_ID_PATTERN, "This is not a delivery id."),
});

export type CustomerDelivery = ShopperOrder & { deliveryId: string };

/**
 * The delivery's target for the shared change functions and the key of its per-delivery change limit
 * (the page's token hash, so the page and the block share one budget); null when it is not this
 * customer's to change.
 */
export async function customerDeliveryOf(
  deps: { db: Db },
  who: CustomerDelivery,
): Promise<{ target: { id: string }; rateKey: string } | null> {
  if (!(await isOrderOfCustomer(deps, who))) return null;
  const rows = await deps.db.shipment.findMany({
    where: { shop: { domain: who.shopDomain }, orderGid: who.orderGid, courierShipmentId: { not: null } },
    select: { id: true, fulfillmentOrderGid: true, generation: true, trackingTokenHash: true },
  });
  const row = latestPerFulfillmentOrder(rows).find((candidate) => candidate.id === who.deliveryId);
  if (!row) return null;
  return { target: { id: row.id }, rateKey: row.trackingTokenHash ?? `shipment:${row.id}` };
}
