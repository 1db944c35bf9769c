import type { Shipment, Shop } from "@prisma/client";
import type { Db } from "~/db/client.server";
import { isPlainObject } from "~/http/plain-object";
import { parseRequest } from "~/shipments/stored-request";
import { parseShopSettings } from "~/settings/shop-settings";
import { plainHttpsOrigin } from "~/config/plain-https-origin";
import type { MapTileSource } from "~/config/map-tile-source";
import { parseCourierEvent } from "~/courier/events";
import { FINAL_STATES } from "~/shipments/states";
import { changeWindowState } from "./shopper-changes";
import { hashTrackingToken } from "~/shipments/tracking-token.server";
import { trackingPageView, type Point, type TrackingPageFacts, type TrackingPageView } from "./view-model";
import { collectionPageView } from "./collection-words";
import { isReturnPickup } from "~/shipments/leg-kind";
import { SHOPPER_RATING_ACTIVITY } from "~/shipments/activity-kinds";
import { photoKindsOf, toShipmentState } from "~/staff/public";
import type { FileLinkSigner } from "~/staff/public.server";
import { toTrackingEvent } from "~/tracking/public";
import {
  shopperLanguageFor,
  shopLocalesOf,
  shippedLanguageOf,
  DEFAULT_SHOPPER_LANGUAGE,
  type ShopperLanguage,
} from "~/text/shopper/languages";
import { shopperText } from "~/text/shopper/shopper-text";

/** The courier events that mean the driver has left for the shopper. */
const OUT_FOR_DELIVERY_EVENTS = [
  "shipment.en_route_to_delivery",
  "shipment.driver_approaching_delivery",
  "shipment.at_delivery",
];
/** The courier events that mean the driver is about to reach the address: the map no longer draws them. */
const NEAR_ADDRESS_EVENTS = ["shipment.driver_approaching_delivery", "shipment.at_delivery"];
/** Recent events read for the driver's previous position (the direction of travel). */
const RECENT_POSITIONS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export type TrackingPageDeps = {
  db: Db;
  clock: () => Date;
  files: Pick<FileLinkSigner, "link">;
  /** The app-wide map tile provider (MAP_TILE_URL); a shop's own source wins. None: "map unavailable". */
  mapTiles?: MapTileSource | null;
};

export type TrackingPageResult =
  | { kind: "not_found"; language: ShopperLanguage }
  | { kind: "ended"; storeName: string; language: ShopperLanguage }
  | { kind: "found"; view: TrackingPageView };

/** The store's name; a shop installed before names were recorded shows its handle in words. */
export function storeNameOf(shop: Pick<Shop, "name" | "domain">): string {
  if (shop.name?.trim()) return shop.name.trim();
  const handle = shop.domain.replace(/\.myshopify\.com$/, "");
  return handle
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

/** When the page stops working: `days` after the final state, never while the delivery goes on. */
export function pageEndsAt(shipment: Pick<Shipment, "state" | "lastEventAt" | "updatedAt">, days: number) {
  if (!FINAL_STATES.has(toShipmentState(shipment.state))) return null;
  return new Date((shipment.lastEventAt ?? shipment.updatedAt).getTime() + days * DAY_MS);
}

function pointOf(address: { latitude?: unknown; longitude?: unknown } | null | undefined): Point | null {
  return typeof address?.latitude === "number" && typeof address.longitude === "number"
    ? { latitude: address.latitude, longitude: address.longitude }
    : null;
}

function parsedObject(json: string | null): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json ?? "null");
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

function vehicleOf(json: string | null): Record<string, string> | null {
  const value = parsedObject(json);
  return value
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      )
    : null;
}

/** The driver's last position before `current` among the shipment's recent events, for the direction of travel. */
async function previousPosition(deps: TrackingPageDeps, shipmentId: string, current: Point): Promise<Point | null> {
  const recent = await deps.db.courierEvent.findMany({
    where: { shipmentId },
    orderBy: [{ occurredAt: "desc" }, { receivedAt: "desc" }],
    take: RECENT_POSITIONS,
    select: { payloadJson: true, occurredAt: true },
  });
  for (const row of recent) {
    const parsed = parseCourierEvent(row.payloadJson);
    if (!parsed.ok) continue;
    const { latitude, longitude } = toTrackingEvent(parsed.event, row.occurredAt);
    if (typeof latitude !== "number" || typeof longitude !== "number") continue;
    if (latitude !== current.latitude || longitude !== current.longitude) return { latitude, longitude };
  }
  return null;
}

/** A shipment with the shop fields the page reads. */
export const PAGE_SHOP_FIELDS = {
  domain: true,
  name: true,
  timezone: true,
  locales: true,
  settingsJson: true,
} as const;
export type PageShipment = Shipment & { shop: Pick<Shop, keyof typeof PAGE_SHOP_FIELDS> };

/** When the shipment's page stops working under its shop's settings; null while the delivery goes on. */
export function pageEndsAtFor(shipment: PageShipment): Date | null {
  return pageEndsAt(shipment, parseShopSettings(shipment.shop.settingsJson).tracking.pageDays);
}

/**
 * The shopper's language at a shop: the first of the storefront's locales (`requested`) the shop
 * publishes, else its primary one (app/text/shopper/languages.ts).
 */
export function languageAtShop(shop: Pick<Shop, "locales">, requested: readonly (string | null)[]): ShopperLanguage {
  return shopperLanguageFor(requested, shopLocalesOf(shop.locales));
}

/** What the page shows for a shipment, in the page's words (view-model.ts) and the shopper's language. */
export async function pageViewOf(
  deps: TrackingPageDeps,
  shipment: PageShipment,
  now: Date,
  requestedLocales: readonly (string | null)[] = [],
): Promise<TrackingPageView> {
  const state = toShipmentState(shipment.state);
  const settings = parseShopSettings(shipment.shop.settingsJson);
  const outForDelivery =
    state === "en_route" &&
    (await deps.db.courierEvent.count({
      where: { shipmentId: shipment.id, eventName: { in: OUT_FOR_DELIVERY_EVENTS } },
    })) > 0;
  const nearAddress =
    outForDelivery &&
    (await deps.db.courierEvent.count({
      where: { shipmentId: shipment.id, eventName: { in: NEAR_ADDRESS_EVENTS } },
    })) > 0;
  const driverPosition =
    shipment.lastLatitude !== null && shipment.lastLongitude !== null
      ? { latitude: shipment.lastLatitude, longitude: shipment.lastLongitude }
      : null;
  const request = parseRequest(shipment.requestJson);
  const pickupLocation = await deps.db.pickupLocation.findUnique({
    where: { shopId_locationGid: { shopId: shipment.shopId, locationGid: shipment.locationGid } },
    select: { addressJson: true, contactPhone: true },
  });
  const hasPhoto = Boolean(shipment.courierShipmentId) && photoKindsOf(shipment.photosJson).includes("delivery");
  // The shopper is where the driver delivers, or, for a return's collection, where the driver collects.
  const collection = isReturnPickup(shipment);
  const shopper = collection ? request?.pickup_location : request?.delivery_location;
  const facts: TrackingPageFacts = {
    storeName: storeNameOf(shipment.shop),
    timeZone: shipment.shop.timezone,
    state,
    outForDelivery,
    deliverStart: shipment.deliverStart,
    deliverEnd: shipment.deliverEnd,
    etaAt: shipment.etaAt,
    driverName: shipment.driverName,
    driverPhone: shipment.driverPhone,
    showDriver: settings.tracking.showDriver,
    vehicle: vehicleOf(shipment.vehicleJson),
    recipientName: shopper?.contact?.name ?? null,
    recipientCity: shopper?.address.city ?? null,
    pickup: pointOf(parsedObject(pickupLocation?.addressJson ?? null)),
    destination: pointOf(shopper?.address),
    driverPosition,
    driverPreviousPosition:
      outForDelivery && !nearAddress && driverPosition
        ? await previousPosition(deps, shipment.id, driverPosition)
        : null,
    nearAddress,
    deliveredAt: state === "delivered" ? (shipment.lastEventAt ?? shipment.updatedAt) : null,
    photoUrl: hasPhoto
      ? deps.files.link({ shopDomain: shipment.shop.domain, shipmentId: shipment.id, file: "delivery" })
      : null,
    orderName: shipment.orderName || null,
    changes: changeWindowState({ ...shipment, state }),
    storePhone: pickupLocation?.contactPhone ?? null,
    storeEmail: settings.tracking.contactEmail,
    // A logo stored before hosts were checked, on a host the page's CSP cannot name, is not shown.
    logoUrl:
      settings.tracking.logoUrl && plainHttpsOrigin(settings.tracking.logoUrl) ? settings.tracking.logoUrl : null,
    accentColor: settings.tracking.accentColor,
    // The shop's own tile source when it set one, else the app's provider, else none.
    mapTiles: settings.tracking.mapTileUrl
      ? { urlTemplate: settings.tracking.mapTileUrl, attribution: settings.tracking.mapTileAttribution }
      : (deps.mapTiles ?? null),
    ratingReasons: settings.tracking.ratingReasons,
    shopperRating: shipment.shopperRating,
    // The booked items' names (product and variant) and quantities: nothing else of the order.
    items: (request?.items ?? []).map((item) => ({ name: item.description, quantity: item.quantity })),
    shopperRated:
      state === "delivered" &&
      (await deps.db.shipmentActivity.count({ where: { shipmentId: shipment.id, kind: SHOPPER_RATING_ACTIVITY } })) > 0,
  };
  const text = shopperText(languageAtShop(shipment.shop, requestedLocales));
  return collection ? collectionPageView(facts, now, text) : trackingPageView(facts, now, text);
}

/**
 * The key of a page token's per-delivery limits (its hash, as customer-changes.server.ts keys the
 * order status block's), or null when the token is no delivery of the shop: a delivery's limits are
 * taken only once its token is known, so made-up tokens neither count nor push real deliveries'
 * counts out of the limiters.
 */
export async function deliveryTokenKey(
  deps: Pick<TrackingPageDeps, "db">,
  token: string,
  shopDomain: string | null,
): Promise<string | null> {
  const trackingTokenHash = hashTrackingToken(token);
  const found = await deps.db.shipment.findUnique({
    where: { trackingTokenHash },
    select: { shop: { select: { domain: true } } },
  });
  return found && (shopDomain === null || found.shop.domain === shopDomain) ? trackingTokenHash : null;
}

/**
 * The page for a presented token. `shopDomain` is the shop the app proxy vouched for: a token of
 * another shop's delivery is unknown there. `requestedLocales`: the storefront's locale, when the
 * request says it (the app proxy's path).
 */
export async function trackingPageFor(
  deps: TrackingPageDeps,
  token: string,
  shopDomain: string | null,
  requestedLocales: readonly (string | null)[] = [],
): Promise<TrackingPageResult> {
  const shipment = await deps.db.shipment.findUnique({
    where: { trackingTokenHash: hashTrackingToken(token) },
    include: { shop: { select: PAGE_SHOP_FIELDS } },
  });
  if (!shipment || (shopDomain !== null && shipment.shop.domain !== shopDomain))
    return { kind: "not_found", language: unknownDeliveryLanguage(requestedLocales) };
  const now = deps.clock();
  const endsAt = pageEndsAtFor(shipment);
  if (endsAt && endsAt.getTime() <= now.getTime())
    return {
      kind: "ended",
      storeName: storeNameOf(shipment.shop),
      language: languageAtShop(shipment.shop, requestedLocales),
    };
  return { kind: "found", view: await pageViewOf(deps, shipment, now, requestedLocales) };
}

/** An unknown delivery's page says so in the storefront's language when the app ships it (no shop to ask). */
export function unknownDeliveryLanguage(requestedLocales: readonly (string | null)[]): ShopperLanguage {
  for (const locale of requestedLocales) {
    const language = shippedLanguageOf(locale);
    if (language) return language;
  }
  return DEFAULT_SHOPPER_LANGUAGE;
}
