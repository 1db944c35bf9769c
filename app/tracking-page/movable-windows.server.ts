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
import { windowTitle } from "~/dispatch/public";
import { dollarsToCents, windowPriceFor } from "~/quote/public";
import { countedFullSlots } from "~/quote/public.server";

/**
 * The windows a shopper may move their delivery to (shopper-changes.server.ts): what the pickup
 * location offers now within capacity, as checkout computes it, each priced by a courier estimate
 * for this delivery and the window's own price, at most what the booking costs the shopper.
 */

/** A booked delivery open for changes, with what changing it needs. */
export type Booking = {
  shipment: PageShipment;
  request: CreateShipmentRequest;
  settings: ShopSettings;
  timeZone: string;
  courier: CourierClient;
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

async function pricedOffer(booking: Booking, offer: OpenWindow): Promise<PricedOffer> {
  const { request, courier, settings } = booking;
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
    const cents = typeof estimate.price === "number" && estimate.price >= 0 ? dollarsToCents(estimate.price) : null;
    const distance = estimate.estimated_distance ?? booking.shipment.estimatedDistance;
    return { offer, shopperCents: shopperCentsOf(settings, offer.windowId, cents, distance) };
  } catch (error) {
    if (error instanceof CourierError) return { offer, shopperCents: null };
    throw error;
  }
}

/** The windows the location offers now for this delivery, within capacity, at the booked price or less. */
export async function movableWindows(
  deps: Pick<TrackingPageDeps, "db" | "clock">,
  booking: Booking,
): Promise<OpenWindow[]> {
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
  const offers = openWindows({ ...schedule, isFull });
  const booked = {
    serviceCode: shipment.serviceCode,
    deliverStart: shipment.deliverStart ?? new Date(0),
    deliverEnd: shipment.deliverEnd ?? new Date(0),
  };
  // Price only what could be offered: a booked slot needs no estimate.
  const candidates = movableOffers({
    offers: offers.map((offer) => ({ offer, shopperCents: 0 })),
    booked,
    bookedShopperCents: 0,
    locationGid,
    timeZone,
  });
  const priced = await Promise.all(candidates.map((offer) => pricedOffer(booking, offer)));
  return movableOffers({
    offers: priced,
    booked,
    bookedShopperCents: shopperCentsOf(
      settings,
      windowIdFromServiceCode(shipment.serviceCode),
      shipment.priceCents,
      shipment.estimatedDistance,
    ),
    locationGid,
    timeZone,
  });
}

/** A window in the page's own words (its "Delivery window" row). */
export function windowLabel(offer: Pick<OpenWindow, "deliverBetween">, now: Date, timeZone: string): string {
  return windowTitle(offer.deliverBetween.start, offer.deliverBetween.end, now, timeZone);
}
