import { createHash } from "node:crypto";
import type { CourierClient } from "~/courier/client.server";
import type { Db } from "~/db/client.server";
import { permanentFailure } from "~/jobs/errors";
import type { JobQueue } from "~/jobs/queue.server";
import { windowForDispatch } from "~/schedule/dispatch-window";
import { hoursOfLocations, OPEN_SEARCH_DAYS } from "~/schedule/opening-hours";
import { parseShopSettings } from "~/settings/shop-settings";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { fetchOrderForDispatch, type OrderForDispatch } from "~/shopify-admin/orders.server";
import { dispatchEligibility } from "./eligibility";
import { localDeliveryModeOn, withLocalDelivery } from "./local-delivery";
import type { OrderDispatchPayload } from "./jobs";
import { planShipments, type DispatchPlan } from "./order-to-shipments";
import { dispatchSettingsOf, pickupPointsOf } from "./shop-dispatch-settings";

/** What the dispatch jobs share: their collaborators, the courier's idempotency key, and the plan for an order as read now. */

export type DispatchDeps = {
  db: Db;
  queue: JobQueue;
  admin: AdminGraphql;
  courier: CourierClient | null;
  clock: () => Date;
  /**
   * A new tracking page token for a booked shipment (its hash, and its sealed copy bound to the
   * shipment for the order status block): the shopper's page exists from booking. Absent: the page
   * is made when the fulfillment is (app/tracking/apply.server.ts).
   */
  pageToken?: (shipmentId: string) => { trackingTokenHash: string; trackingTokenSealed: string };
};

/** The courier's idempotency key: the same for every retry of one dispatch of one fulfillment order. */
export function idempotencyKey(shopDomain: string, fulfillmentOrderGid: string, generation: number): string {
  const digest = createHash("sha256").update(`${shopDomain}|${fulfillmentOrderGid}|${generation}`).digest("hex");
  return `sd1-${digest.slice(0, 40)}`;
}

export async function loadShop(db: Db, shopDomain: string) {
  const shop = await db.shop.findUnique({
    where: { domain: shopDomain },
    include: { pickupLocations: { where: { enabled: true } } },
  });
  if (!shop || shop.uninstalledAt) throw permanentFailure("The shop has uninstalled the app.");
  return { shop, settings: parseShopSettings(shop.settingsJson), pickupPoints: pickupPointsOf(shop.pickupLocations) };
}

export async function readOrder(deps: DispatchDeps, payload: OrderDispatchPayload): Promise<OrderForDispatch> {
  const order = await fetchOrderForDispatch(deps.admin, payload.orderGid);
  if (!order) throw permanentFailure("Shopify has no such order (deleted, or older than 60 days).");
  return order;
}

/** What planFor found: the shop, its settings, the order and the plan for it as read now. */
export type DispatchPlanning = Awaited<ReturnType<typeof planFor>>;

/** The plan for `order` as read now (with every fulfillment order, or with only the one a job creates). */
export async function planFor(
  deps: DispatchDeps,
  shopDomain: string,
  payload: OrderDispatchPayload,
  order: OrderForDispatch,
) {
  const { shop, settings, pickupPoints } = await loadShop(deps.db, shopDomain);
  const lines = order.shippingLines.nodes.map((l) => ({
    title: l.title,
    code: l.code ?? null,
    source: l.source ?? null,
    carrierIdentifier: l.carrierIdentifier ?? null,
  }));
  const windowIds = settings.deliveryWindows.map((w) => w.id);
  const eligibility = payload.manual
    ? { eligible: true as const, serviceCode: payload.manual.serviceCode, localDelivery: false }
    : withLocalDelivery(
        dispatchEligibility({
          mode: settings.dispatchMode,
          shippingLines: lines,
          carrierServiceName: settings.carrierServiceName,
          knownWindowIds: windowIds,
        }),
        {
          mode: settings.dispatchMode,
          modeOn: localDeliveryModeOn(shop),
          fulfillmentOrders: order.fulfillmentOrders.nodes,
        },
      );
  const localDelivery = eligibility.localDelivery;
  const now = deps.clock();
  // Every location this plan picks up from must be open at its pickup (a job for one fulfillment order: its own).
  const locationGids = order.fulfillmentOrders.nodes.flatMap((fo) => fo.assignedLocation.location?.id ?? []);
  const window = eligibility.eligible
    ? windowForDispatch({
        now,
        timeZone: shop.timezone,
        leadTimeMinutes: settings.leadTimeMinutes,
        windows: settings.deliveryWindows,
        hours: hoursOfLocations(settings.openingHours, locationGids),
        serviceCode: eligibility.serviceCode,
        defaultWindowId: settings.defaultWindowId,
      })
    : null;
  const plan: DispatchPlan | null = window
    ? planShipments({
        order,
        pickupPoints,
        // Staff dispatching by hand decide the area themselves.
        settings: { ...dispatchSettingsOf(settings), ...(payload.manual ? { deliveryAreas: [] } : {}) },
        window: { pickupAfter: window.pickupAfter, deliverBetween: window.deliverBetween },
        idempotencyKeyFor: (fo) => idempotencyKey(shopDomain, fo, payload.generation),
        onlyLocalDelivery: localDelivery,
      })
    : null;
  const skipReason = !eligibility.eligible
    ? eligibility.reason
    : !window
      ? settings.deliveryWindows.length === 0
        ? "The shop has no delivery window configured."
        : `The order's pickup locations do not open within ${OPEN_SEARCH_DAYS} days.`
      : null;
  return {
    shop,
    settings,
    order,
    plan,
    skipReason,
    serviceCode: eligibility.eligible ? eligibility.serviceCode : null,
    window,
    localDelivery,
  };
}
