import type { CourierUrls } from "~/courier/base-url";
import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import type { CourierForShop } from "~/shops/courier-for-shop.server";
import { parseShopSettings } from "~/settings/shop-settings";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { webhookAuthMethodOf } from "~/courier/webhook-auth.server";
import { fetchLocations } from "~/shopify-admin/locations.server";
import { BASIC_AUTH_USER } from "~/shops/courier-credentials.server";
import { carrierServiceStatus } from "./carrier-status.server";
import { checkoutCapability } from "./checkout-capability";
import { buildChecklist, dispatchModeChosen, webhookInstructions } from "./checklist";
import { displayedCourierCheck, requestCourierHealthIfStale } from "./courier-health.server";
import { localDeliveryGuide } from "./local-delivery-guide";
import { localDeliveryModeOn } from "~/dispatch/public";
import { areaOf } from "~/quote/public";

/** The Local Delivery guide, when Shopify refused calculated rates: whether each pickup location fulfils online orders is read live. */
async function localDeliveryStatus(
  admin: AdminGraphql,
  shop: {
    carrierServiceRefusedAt: Date | null;
    firstLocalDeliveryOrderName: string | null;
    firstLocalDeliveryOrderAt: Date | null;
    timezone: string;
    pickupLocations: { locationGid: string; name: string; enabled: boolean }[];
  },
  dispatchManual: boolean,
) {
  if (!localDeliveryModeOn(shop)) return null;
  // Shopify unreachable: the guide still shows, saying it could not check.
  const online = await fetchLocations(admin).then(
    (locations) => new Map(locations.map((l) => [l.id, l.fulfillsOnlineOrders])),
    () => null,
  );
  return localDeliveryGuide({
    modeOn: true,
    pickupLocations: shop.pickupLocations
      .filter((l) => l.enabled)
      .map((l) => ({ name: l.name, fulfillsOnlineOrders: online ? (online.get(l.locationGid) ?? false) : null })),
    firstOrder:
      shop.firstLocalDeliveryOrderName && shop.firstLocalDeliveryOrderAt
        ? { name: shop.firstLocalDeliveryOrderName, at: shop.firstLocalDeliveryOrderAt }
        : null,
    timeZone: shop.timezone,
    dispatchManual,
  });
}

/**
 * Everything the home page's setup guide shows: Shopify's profiles are read live; the courier's
 * health is the last background check (courier-health.server.ts), and a new one is asked for when it
 * is old: the page never waits on the courier.
 */
export async function onboardingStatus(
  deps: {
    db: Db;
    queue: JobQueue;
    courierFor: CourierForShop;
    courierUrls: CourierUrls;
    clock: () => Date;
    admin: AdminGraphql;
    appUrl: string;
  },
  shopDomain: string,
) {
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    include: {
      pickupLocations: {
        select: { locationGid: true, name: true, enabled: true, contactName: true, contactPhone: true },
      },
    },
  });
  if (!shop) return null;
  const settings = parseShopSettings(shop.settingsJson);
  const [carrier] = await Promise.all([
    carrierServiceStatus(deps, shop, settings.carrierServiceName),
    requestCourierHealthIfStale(deps, shopDomain, shop),
  ]);
  const courier = displayedCourierCheck(shop, deps.clock());
  const method = webhookAuthMethodOf(shop.webhookAuthMethod);
  const now = deps.clock();
  const localDelivery = await localDeliveryStatus(deps.admin, shop, settings.dispatchMode === "manual");
  const checklist = buildChecklist(
    {
      courier,
      pickupLocations: shop.pickupLocations,
      carrier,
      webhook: { secretSet: Boolean(shop.webhookSecretEncrypted), method, lastEventAt: shop.lastCourierEventAt },
      dispatchModeChosen: dispatchModeChosen(shop.settingsJson),
      locationsWithoutHours: shop.pickupLocations.filter(
        (location) =>
          location.enabled && !settings.openingHours.some((hours) => hours.locationGid === location.locationGid),
      ).length,
      checkout: checkoutCapability({
        planDisplayName: shop.plan,
        registered: Boolean(shop.carrierServiceId),
        refusedForPlan: shop.carrierServiceRefusedAt !== null,
      }),
      ...(localDelivery ? { localDelivery: { firstOrderReceived: shop.firstLocalDeliveryOrderName !== null } } : {}),
      locationsWithoutArea: shop.pickupLocations.filter(
        (location) => location.enabled && !areaOf(settings.deliveryAreas, location.locationGid),
      ).length,
    },
    now,
  );
  const [shipments, needsAttention] = await Promise.all([
    deps.db.shipment.count({ where: { shopId: shop.id } }),
    deps.db.shipment.count({ where: { shopId: shop.id, needsAttention: true } }),
  ]);
  return {
    checklist,
    courier: {
      check: courier,
      environment: shop.courierEnvironment === "production" ? ("production" as const) : ("sandbox" as const),
      tokenLast4: shop.courierTokenLast4,
    },
    carrier,
    webhook: {
      ...webhookInstructions({ appUrl: deps.appUrl, pathId: shop.webhookPathId, method, basicUser: BASIC_AUTH_USER }),
      secretSet: Boolean(shop.webhookSecretEncrypted),
      lastEventAt: shop.lastCourierEventAt?.toISOString() ?? null,
    },
    dispatchMode: settings.dispatchMode,
    localDelivery,
    timeZone: shop.timezone,
    counts: { shipments, needsAttention },
  };
}

export type OnboardingStatus = NonNullable<Awaited<ReturnType<typeof onboardingStatus>>>;
