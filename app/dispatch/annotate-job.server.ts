import { annotateOrderDelivery } from "~/shopify-admin/order-annotations.server";
import { orderDeliverySummary } from "~/shipments/order-summary";
import type { OrderAnnotationPayload } from "./jobs";
import { loadShop, type DispatchDeps } from "./plan.server";

/** The annotation job: the order's delivery metafield from its shipments as they are now, and the shop's dispatched tag, in one request. */
export async function annotateDispatchedOrder(
  deps: Pick<DispatchDeps, "db" | "admin">,
  shopDomain: string,
  payload: OrderAnnotationPayload,
) {
  const { shop, settings } = await loadShop(deps.db, shopDomain);
  const shipments = await deps.db.shipment.findMany({
    where: { shopId: shop.id, orderGid: payload.orderGid },
    orderBy: { createdAt: "asc" },
  });
  if (!shipments.some((s) => s.courierShipmentId)) return;
  await annotateOrderDelivery(deps.admin, payload.orderGid, orderDeliverySummary(shipments), [
    settings.tags.dispatched,
  ]);
}
