import type { Db } from "~/db/client.server";
import { permanentFailure } from "~/jobs/errors";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { addOrderTags, removeOrderTags, setOrderDeliveryMetafield } from "~/shopify-admin/order-annotations.server";
import type { OrderAttentionTagPayload, OrderDeliverySummaryPayload } from "./order-annotation-jobs";
import { orderDeliverySummary } from "~/shipments/order-summary";
import { orderSummaryRead } from "~/shipments/order-summary-read.server";

export type OrderAnnotationDeps = { db: Db; admin: () => Promise<AdminGraphql> };

async function shopIdOf(db: Db, shopDomain: string): Promise<string> {
  const shop = await db.shop.findUnique({ where: { domain: shopDomain }, select: { id: true } });
  if (!shop) throw permanentFailure("The shop no longer exists.");
  return shop.id;
}

/**
 * The attention tag job. The tag stands for all the order's shipments: a removal leaves it while
 * another shipment of the order still needs attention (read when the job runs).
 */
export async function runOrderAttentionTag(
  deps: OrderAnnotationDeps,
  shopDomain: string,
  payload: OrderAttentionTagPayload,
): Promise<"added" | "removed" | "kept"> {
  if (payload.change === "add") {
    await addOrderTags(await deps.admin(), payload.orderGid, [payload.tag]);
    return "added";
  }
  const shopId = await shopIdOf(deps.db, shopDomain);
  const others = await deps.db.shipment.count({
    where: { shopId, orderGid: payload.orderGid, needsAttention: true, id: { not: payload.shipmentId } },
  });
  if (others > 0) return "kept";
  await removeOrderTags(await deps.admin(), payload.orderGid, [payload.tag]);
  return "removed";
}

/** The delivery summary job: the order's metafield from its shipments as they are now. */
export async function runOrderDeliverySummary(
  deps: OrderAnnotationDeps,
  shopDomain: string,
  payload: OrderDeliverySummaryPayload,
): Promise<void> {
  const { shop, shipments } = await orderSummaryRead(deps.db, shopDomain, payload.orderGid);
  if (!shop) throw permanentFailure("The shop no longer exists.");
  if (shipments.length === 0) return;
  await setOrderDeliveryMetafield(await deps.admin(), payload.orderGid, orderDeliverySummary(shipments));
}
