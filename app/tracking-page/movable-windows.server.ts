import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { CourierClient } from "~/courier/client.server";
import { CourierError } from "~/courier/errors";
import type { CreateShipmentRequest } from "~/courier/requests";
import { hoursOfLocations } from "~/schedule/opening-hours";
import { windowIdFromServiceCode } from "~/schedule/service-code";
import { takenPlaces } from "~/schedule/slot-reservations.server";
import { openWindows, type OpenWindow } from "~/schedule/windows";
import type { ShopSettings } from "~/settings/shop-settings";
import type { PageShipment, TrackingPageDeps } from "./lookup.server";
import { movableOffers, type PricedOffer } from "./shopper-changes";
import type { ShopperText } from "~/text/shopper/shopper-text";
import { shopperWindow } from "./shopper-days";
import { dollarsToCents, windowPriceFor } from "~/quote/public";
import { countedFullSlots } from "~/quote/public.server";

/**
 * The windows a shopper may move their delivery to (shopper-changes.server.ts): what the pickup
 * location offers now within capacity, as checkout computes it, each priced by the courier's price
 * for this delivery (a few estimates, kept a while) and the window's own price, at most what the
 * shopper paid.
 */

/** A booked delivery open for changes, with what changing it needs. */
export type Booking = {
  shipment: PageShipment;
  request: CreateShipmentRequest;
  settings: ShopSettings;
  timeZone: string;
  courier: CourierClient;
  /** The shopper's language (the storefront's, when the shop publishes it): the answers' words. */
  text: ShopperText;
};

/**
 * What the shopper would pay for a window: the window's own price (window-pricing.ts, as checkout
 * prices it) from the courier's price and distance; null when unknown or the window is not offered at
 * that price or distance. Both sides of the comparison are priced here, with no subtotal or customer
 * tags (the booking does not keep them), so a free delivery compares like with like.
 */
function shopperCentsOf(
  settings: ShopSettings,
  windowId: string | null,
  courierCents: number | null,
  distanceMiles: number | null,
): number | null {
  if (courierCents === null) return null;
  const price = windowPriceFor({
    price: settings.deliveryWindows.find((w) => w.id === windowId)?.price,
    rules: settings.pricing,
    courierPriceDollars: courierCents / 100,
    distanceMiles,
    orderSubtotalCents: null,
    customerTags: [],
  });
  return price.offered ? price.totalCents : null;
}

/** Courier estimates one delivery's window list may ask for: its earliest, middle and latest candidate. */
export const MOVE_PRICE_ESTIMATES = 3;
/** How long a delivery's estimates serve its window lists: the shopper's change limit's window. */
const ESTIMATES_KEPT_MS = 10 * 60_000;
const DELIVERIES_KEPT = 10_000;

type CourierPrice = { cents: number; distanceMiles: number | null };

/** Per delivery (and its addresses and items): the dearest of its sampled estimates. */
const keptPrices = new LRUCache<string, CourierPrice>({ max: DELIVERIES_KEPT, ttl: ESTIMATES_KEPT_MS });

function priceKey({ shipment, request }: Booking): string {
  const what = JSON.stringify([request.items, request.pickup_location.address, request.delivery_location.address]);
  return `${shipment.id}:${shipment.courierShipmentId}:${createHash("sha256").update(what).digest("base64url")}`;
}

/** The courier's price for this delivery in a window; null when it gave none (or refused). */
async function courierPriceIn(booking: Booking, offer: OpenWindow): Promise<CourierPrice | null> {
  const { request, courier } = booking;
  try {
    const estimate = await courier.estimate(
      {
        items: request.items,
        pickup_location: request.pickup_location,
        delivery_location: request.delivery_location,
        pickup_after: offer.pickupAfter.toISOString(),
        deliver_between: {
          start: offer.deliverBetween.start.toISOString(),
          end: offer.deliverBetween.end.toISOString(),
        },
      },
      { lane: "background" },
    );
    if (typeof estimate.price !== "number" || estimate.price < 0) return null;
    return {
      cents: dollarsToCents(estimate.price),
      distanceMiles: estimate.estimated_distance ?? booking.shipment.estimatedDistance,
    };
  } catch (error) {
    if (error instanceof CourierError) return null;
    throw error;
  }
}

/**
 * One courier price for every candidate of a list: the dearest of a few estimates spread over the
 * candidates (earliest, middle, latest), kept for the delivery a while. One shopper's list thus
 * costs at most MOVE_PRICE_ESTIMATES requests of the courier budget that dispatch, cancels and raises
 * share, however many windows the store offers; erring dear offers nothing that may cost the shopper
 * more, and the move prices its own window exactly (movableWindow).
 */
async function listPrice(booking: Booking, candidates: readonly OpenWindow[]): Promise<CourierPrice | null> {
  const key = priceKey(booking);
  const kept = keptPrices.get(key);
  if (kept) return kept;
  const sorted = [...candidates].sort((a, b) => a.deliverBetween.start.getTime() - b.deliverBetween.start.getTime());
  const picks = [...new Set([0, Math.floor((sorted.length - 1) / 2), sorted.length - 1])].slice(
    0,
    MOVE_PRICE_ESTIMATES,
  );
  const prices = (await Promise.all(picks.map((i) => courierPriceIn(booking, sorted[i]!)))).filter(
    (price): price is CourierPrice => price !== null,
  );
  if (prices.length === 0) return null;
  const dearest = prices.reduce((a, b) => (b.cents > a.cents ? b : a));
  keptPrices.set(key, dearest);
  return dearest;
}

/**
 * The most the shopper may pay for a window they move to: what they paid at checkout. Without
 * checkout's quote (a delivery staff dispatched, a quote expired), the booked window's price from
 * the courier's price, but only while no raise of the driver's pay has lifted that price (the raise
 * is the store's cost, never the shopper's budget); after a move the price is the new window's, at
 * most the earlier ceiling.
 */
async function shopperCeilingCents(deps: Pick<TrackingPageDeps, "db">, booking: Booking): Promise<number | null> {
  const { shipment, settings } = booking;
  if (shipment.shopperPriceCents !== null) return shipment.shopperPriceCents;
  const raised = await deps.db.noDriverRaise.count({ where: { shipmentId: shipment.id, sentAt: { not: null } } });
  if (raised > 0) return null;
  return shopperCentsOf(
    settings,
    windowIdFromServiceCode(shipment.serviceCode),
    shipment.priceCents,
    shipment.estimatedDistance,
  );
}

/** The candidates the location offers now for this delivery, within capacity, other than its own slot. */
async function candidatesFor(deps: Pick<TrackingPageDeps, "db" | "clock">, booking: Booking) {
  const { shipment, settings, timeZone } = booking;
  const locationGid = shipment.locationGid;
  const schedule = {
    now: deps.clock(),
    timeZone,
    leadTimeMinutes: settings.leadTimeMinutes,
    windows: settings.deliveryWindows,
    hours: hoursOfLocations(settings.openingHours, [locationGid]),
  };
  const slotCapacity = settings.openingHours.find((h) => h.locationGid === locationGid)?.slotCapacity ?? null;
  const isFull = await countedFullSlots((shop, keys) => takenPlaces(deps.db, shop, keys))({
    shopDomain: shipment.shop.domain,
    locationGid,
    slotCapacity,
    schedule,
  });
  const booked = {
    serviceCode: shipment.serviceCode,
    deliverStart: shipment.deliverStart ?? new Date(0),
    deliverEnd: shipment.deliverEnd ?? new Date(0),
  };
  const offers = openWindows({ ...schedule, isFull });
  // Price only what could be offered: a booked slot needs no estimate.
  const candidates = movableOffers({
    offers: offers.map((offer) => ({ offer, shopperCents: 0 })),
    booked,
    bookedShopperCents: 0,
    locationGid,
    timeZone,
  });
  return { candidates, booked, locationGid };
}

/** The windows the location offers now for this delivery, within capacity, at what the shopper paid or less. */
export async function movableWindows(
  deps: Pick<TrackingPageDeps, "db" | "clock">,
  booking: Booking,
): Promise<OpenWindow[]> {
  const { settings, timeZone } = booking;
  const { candidates, booked, locationGid } = await candidatesFor(deps, booking);
  if (candidates.length === 0) return [];
  const [courierPrice, ceiling] = await Promise.all([
    listPrice(booking, candidates),
    shopperCeilingCents(deps, booking),
  ]);
  const priced: PricedOffer[] = candidates.map((offer) => ({
    offer,
    shopperCents: courierPrice
      ? shopperCentsOf(settings, offer.windowId, courierPrice.cents, courierPrice.distanceMiles)
      : null,
  }));
  return movableOffers({ offers: priced, booked, bookedShopperCents: ceiling, locationGid, timeZone });
}

/**
 * The window a shopper chose, if they may move to it: offered now (movableWindows) and, priced by
 * one estimate of that very window, still at what they paid or less. "not_offered" otherwise;
 * "unpriced" when the courier gave no price for it now.
 */
export async function movableWindow(
  deps: Pick<TrackingPageDeps, "db" | "clock">,
  booking: Booking,
  serviceCode: string,
): Promise<{ offer: OpenWindow } | { refused: "not_offered" | "unpriced" }> {
  const offer = (await movableWindows(deps, booking)).find((candidate) => candidate.serviceCode === serviceCode);
  if (!offer) return { refused: "not_offered" };
  const [exact, ceiling] = await Promise.all([courierPriceIn(booking, offer), shopperCeilingCents(deps, booking)]);
  if (!exact) return { refused: "unpriced" };
  const shopperCents = shopperCentsOf(booking.settings, offer.windowId, exact.cents, exact.distanceMiles);
  return ceiling !== null && shopperCents !== null && shopperCents <= ceiling ? { offer } : { refused: "not_offered" };
}

/** A window in the page's own words (its "Delivery window" row), in the shopper's language. */
export function windowLabel(
  offer: Pick<OpenWindow, "deliverBetween">,
  now: Date,
  timeZone: string,
  text: ShopperText,
): string {
  return shopperWindow(offer.deliverBetween.start, offer.deliverBetween.end, now, timeZone, text);
}
