import { annotateOrderDelivery } from "~/shopify-admin/order-annotations.server";
import { orderDeliverySummary } from "~/shipments/order-summary";
import { shipmentsForOrderSummary } from "~/shipments/order-summary-read.server";
import type { OrderAnnotationPayload } from "./jobs";
import { loadShop, type DispatchDeps } from "./plan.server";

/** The annotation job: the order's delivery metafield from its shipments as they are now, and the shop's dispatched tag, in one request. */
export async function annotateDispatchedOrder(
  deps: Pick<DispatchDeps, "db" | "admin">,
  shopDomain: string,
  payload: OrderAnnotationPayload,
) {
  const { shop, settings } = await loadShop(deps.db, shopDomain);
  const shipments = await shipmentsForOrderSummary(deps.db, shop.id, payload.orderGid);
  if (!shipments.some((s) => s.courierShipmentId)) return;
  await annotateOrderDelivery(deps.admin, payload.orderGid, orderDeliverySummary(shipments), [
    settings.tags.dispatched,
  ]);
}
