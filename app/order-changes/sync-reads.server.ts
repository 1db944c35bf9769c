/** What the order sync reads before it acts: a dispatch of the order under way, the exchange items returns own. */
import type { Db } from "~/db/client.server";
import { DISPATCH_FULFILLMENT_ORDER_JOB } from "~/dispatch/public";
import { fetchExchangeFulfillmentOrderIds } from "~/shopify-admin/order-returns.server";
import type { SyncContext } from "./shipment-actions.server";

export async function dispatchInFlight(db: Db, shopDomain: string, orderGid: string): Promise<boolean> {
  const pending = await db.job.count({
    where: {
      shopDomain,
      kind: DISPATCH_FULFILLMENT_ORDER_JOB,
      state: { in: ["queued", "running"] },
      // The closing quote makes "Order/12" not match "Order/123".
      payloadJson: { contains: `"orderGid":${JSON.stringify(orderGid)}` },
    },
  });
  return pending > 0;
}

/**
 * A new fulfillment order holding an exchange's items is the return's to book (app/returns: one round
 * trip with the collection) when the shop collects returns by courier, whichever of orders/updated and
 * returns/approve comes first; without courier returns the order's dispatch delivers it.
 */
export async function exchangeFulfillmentOrdersOwnedByReturns(ctx: SyncContext, anyNew: boolean): Promise<Set<string>> {
  if (!anyNew || !ctx.settings.courierReturns.enabled) return new Set();
  return fetchExchangeFulfillmentOrderIds(ctx.deps.admin, ctx.order.id);
}
