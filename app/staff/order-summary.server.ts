import type { Db } from "~/db/client.server";
import { componentLogger } from "~/logging/logger.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { setOrderDeliveryMetafield } from "~/shopify-admin/order-annotations.server";
import { orderDeliverySummary } from "~/shipments/order-summary";

/**
 * Rewrites the order's delivery metafield after a staff action changed a shipment. The courier's
 * later event for the same change moves no state (it is already there), so this is the only
 * refresh. Best effort: the action itself is done and recorded; a Shopify failure is logged
 * (without order data) and the next tracking event rewrites the summary.
 */
export async function refreshOrderSummary(
  db: Db,
  admin: AdminGraphql,
  shop: { id: string },
  orderGid: string,
): Promise<void> {
  try {
    const shipments = await db.shipment.findMany({
      where: { shopId: shop.id, orderGid },
      orderBy: { createdAt: "asc" },
    });
    await setOrderDeliveryMetafield(admin, orderGid, orderDeliverySummary(shipments));
  } catch (error) {
    componentLogger("staff").warn("Could not refresh the order's delivery summary", { err: error });
  }
}
