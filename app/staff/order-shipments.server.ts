import { orderGidFromId, type OrderShipmentsResponse } from "../../extensions/shared/api-contract";
import { componentLogger } from "~/logging/logger.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { fetchOrderForDispatch, type OrderForDispatch } from "~/shopify-admin/orders.server";
import type { StaffDeps } from "./deps";
import { dispatchAvailability } from "./dispatch-availability";
import { ORDER_NOT_FOUND, StaffActionError } from "./errors";
import { shipmentViews } from "./shipments.server";
import { dispatchUnderWay } from "~/dispatch/public.server";

/**
 * The order page's view: the order's shipments in the app, and whether "Dispatch now" may be
 * offered. The order itself is read from Shopify; when Shopify cannot answer, the shipments are
 * still shown and dispatch is not offered (with the reason).
 */
export async function orderShipments(
  deps: StaffDeps & { admin: AdminGraphql },
  input: { shopDomain: string; orderId: string },
): Promise<OrderShipmentsResponse> {
  const orderGid = orderGidFromId(input.orderId);
  const shop = await deps.db.shop.findUnique({
    where: { domain: input.shopDomain },
    include: { pickupLocations: { where: { enabled: true }, select: { locationGid: true } } },
  });
  if (!shop) throw new StaffActionError(404, ORDER_NOT_FOUND);
  const rows = await deps.db.shipment.findMany({ where: { shopId: shop.id, orderGid }, orderBy: { createdAt: "asc" } });

  let order: OrderForDispatch | null = null;
  let orderUnavailable: string | null = null;
  try {
    order = await fetchOrderForDispatch(deps.admin, orderGid);
  } catch (error) {
    componentLogger("staff").warn("Could not read the order from Shopify", { err: error });
    orderUnavailable = "Shopify did not answer, so dispatch cannot be offered right now. Try again in a moment.";
  }
  if (!order && !orderUnavailable && rows.length === 0) throw new StaffActionError(404, ORDER_NOT_FOUND);

  const dispatch = order
    ? dispatchAvailability({
        courierConnected: Boolean(shop.courierTokenEncrypted),
        enabledLocationGids: shop.pickupLocations.map((p) => p.locationGid),
        shipmentStates: rows.map((r) => r.state),
        dispatchUnderWay: await dispatchUnderWay(deps.db, input.shopDomain, orderGid),
        order: {
          cancelledAt: order.cancelledAt ?? null,
          financialStatus: order.displayFinancialStatus ?? null,
          shippingCountryCode: order.shippingAddress?.countryCodeV2 ?? null,
          fulfillmentOrders: order.fulfillmentOrders.nodes.map((fo) => ({
            status: fo.status,
            locationGid: fo.assignedLocation.location?.id ?? null,
          })),
        },
      })
    : { allowed: false, reason: orderUnavailable ?? "This order is no longer in Shopify." };

  return {
    order: { id: input.orderId, name: order?.name ?? rows[0]?.orderName ?? `Order ${input.orderId}` },
    shipments: await shipmentViews(deps, shop, rows),
    dispatch,
  };
}
