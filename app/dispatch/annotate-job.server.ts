import { annotateOrderDelivery } from "~/shopify-admin/order-annotations.server";
import { orderDeliverySummary } from "~/shipments/order-summary";
import { orderSummaryRead } from "~/shipments/order-summary-read.server";
import { permanentFailure } from "~/jobs/errors";
import { shopSettingsOfText } from "~/settings/settings-memo.server";
import type { OrderAnnotationPayload } from "./jobs";
import type { DispatchDeps } from "./plan.server";

/** The annotation job: the order's delivery metafield from its shipments as they are now, and the shop's dispatched tag, in one request. */
export async function annotateDispatchedOrder(
  deps: Pick<DispatchDeps, "db" | "admin">,
  shopDomain: string,
  payload: OrderAnnotationPayload,
) {
  const { shop, shipments } = await orderSummaryRead(deps.db, shopDomain, payload.orderGid);
  if (!shop || shop.uninstalledAt) throw permanentFailure("The shop has uninstalled the app.");
  if (!shipments.some((s) => s.courierShipmentId)) return;
  const settings = shopSettingsOfText(shop.settingsJson);
  await annotateOrderDelivery(deps.admin, payload.orderGid, orderDeliverySummary(shipments), [
    settings.tags.dispatched,
  ]);
}
