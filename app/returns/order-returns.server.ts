import { orderGidFromId } from "../../extensions/shared/api-contract";
import type { OrderReturnsResponse } from "../../extensions/shared/return-pickups-contract";
import type { Db } from "~/db/client.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { fetchOrderReturns } from "~/shopify-admin/order-returns.server";
import { RETURN_LEG_FIELDS, returnPickupView } from "./pickup-offer";
import { ORDER_NOT_FOUND, StaffActionError } from "~/staff/public";

/**
 * The order page's returns: each return of the order in Shopify, the app's latest collection of it,
 * and whether staff may book one ("Book return pickup").
 */
export async function orderReturnsForStaff(
  deps: { db: Db; admin: AdminGraphql },
  input: { shopDomain: string; orderId: string },
): Promise<OrderReturnsResponse> {
  const shop = await deps.db.shop.findUnique({ where: { domain: input.shopDomain }, select: { id: true } });
  if (!shop) throw new StaffActionError(404, ORDER_NOT_FOUND);
  const order = await fetchOrderReturns(deps.admin, orderGidFromId(input.orderId));
  if (!order) throw new StaffActionError(404, ORDER_NOT_FOUND);
  const returns = order.returns.nodes;
  const legs = await deps.db.shipment.findMany({
    where: { shopId: shop.id, returnGid: { in: returns.map((r) => r.id) } },
    select: { ...RETURN_LEG_FIELDS, returnGid: true },
  });
  return {
    returns: returns.map((ret) =>
      returnPickupView(
        { id: ret.id, name: ret.name, status: ret.status, exchange: ret.exchangeLineItems.nodes.length > 0 },
        legs.filter((leg) => leg.returnGid === ret.id),
      ),
    ),
  };
}
