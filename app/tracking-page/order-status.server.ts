import type {
  ShopperDeliveriesResponse,
  ShopperDelivery,
  ShopperDeliveryPhase,
} from "../../extensions/shared/shopper-delivery";
import type { KeyRing } from "~/crypto/secret-box.server";
import { PAGE_SHOP_FIELDS, pageEndsAtFor, pageViewOf, type PageShipment, type TrackingPageDeps } from "./lookup.server";
import { openTrackingToken } from "~/shipments/tracking-token.server";
import { trackingPageUrl } from "~/shipments/tracking-page-url";
import { currentStepLabel, type TrackingPageView } from "./view-model";
import { isReturnPickup } from "~/shipments/leg-kind";
import { toShipmentState } from "~/staff/public";

/**
 * The order status block's answer (extensions/order-status-delivery): each same-day delivery of the
 * order in the tracking page's words and the customer account's language, with a link to the page. It holds only what the shopper already
 * knows from the page itself: the status, the window and the ETA, never a name, address or phone.
 */

export type OrderStatusDeps = TrackingPageDeps & { keys: KeyRing; appUrl: string };

/**
 * The order asked about and who asks: `shopDomain` and `customerGid` come from the verified session
 * token, never from the request.
 */
export type ShopperOrder = { shopDomain: string; orderGid: string; customerGid: string | null };

/**
 * Whether the signed-in customer is the order's: Shopify's orders/paid named them (kept with its
 * delivery record). The order id alone is no proof, since any shopper of the shop has a token.
 */
export async function isOrderOfCustomer(deps: Pick<OrderStatusDeps, "db">, order: ShopperOrder): Promise<boolean> {
  if (!order.customerGid) return false;
  const paid = await deps.db.webhookDelivery.findFirst({
    where: {
      shopDomain: order.shopDomain,
      topic: "orders/paid",
      orderGid: order.orderGid,
      customerGid: order.customerGid,
    },
    select: { id: true },
  });
  return paid !== null;
}

type Generation = { fulfillmentOrderGid: string; generation: number };

/**
 * What the shopper follows: for each fulfillment order (one per pickup location), its latest dispatch;
 * a delivery dispatched again replaces the one before it. In the order the rows come.
 */
export function latestPerFulfillmentOrder<T extends Generation>(rows: T[]): T[] {
  const latest = new Map<string, T>();
  for (const row of rows) {
    const kept = latest.get(row.fulfillmentOrderGid);
    if (!kept || row.generation > kept.generation) latest.set(row.fulfillmentOrderGid, row);
  }
  return rows.filter((row) => latest.get(row.fulfillmentOrderGid) === row);
}

export function phaseOf(state: string, view: Pick<TrackingPageView, "outcome">): ShopperDeliveryPhase {
  if (view.outcome) return view.outcome;
  return toShipmentState(state) === "delivered" ? "delivered" : "active";
}

/** The page's link: from the sealed token, while the page still opens; none for a shipment without one. */
function linkOf(deps: OrderStatusDeps, shipment: PageShipment, now: Date): string | null {
  if (!shipment.trackingTokenSealed || !shipment.trackingTokenHash) return null;
  const endsAt = pageEndsAtFor(shipment);
  if (endsAt && endsAt.getTime() <= now.getTime()) return null;
  const token = openTrackingToken(deps.keys, shipment.trackingTokenSealed, shipment.id);
  return token ? trackingPageUrl(deps.appUrl, token) : null;
}

/**
 * The order's same-day deliveries for its order status page. Only shipments booked with the courier
 * count (a booking that failed or is still being made is the store's business); an order of another
 * shop or another customer, or without such a shipment, has none.
 */
export async function shopperDeliveriesFor(
  deps: OrderStatusDeps,
  order: ShopperOrder,
  requestedLocales: readonly (string | null)[] = [],
): Promise<ShopperDeliveriesResponse> {
  if (!(await isOrderOfCustomer(deps, order))) return { deliveries: [] };
  const rows = await deps.db.shipment.findMany({
    where: { shop: { domain: order.shopDomain }, orderGid: order.orderGid, courierShipmentId: { not: null } },
    include: { shop: { select: PAGE_SHOP_FIELDS } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const now = deps.clock();
  const deliveries: ShopperDelivery[] = [];
  for (const shipment of latestPerFulfillmentOrder(rows)) {
    const view = await pageViewOf(deps, shipment, now, requestedLocales);
    deliveries.push({
      id: shipment.id,
      status: view.headline,
      step: currentStepLabel(view.steps),
      phase: phaseOf(shipment.state, view),
      window: view.window,
      eta: view.eta,
      trackingUrl: linkOf(deps, shipment, now),
      changes: view.changes,
      ...(isReturnPickup(shipment) ? { collection: true } : {}),
    });
  }
  return { deliveries };
}
