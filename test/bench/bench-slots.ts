/**
 * bench:rates with scheduled slots and capacity on: the shop's settings (a slots window beside
 * "within 3 hours", and a capacity per slot at its pickup location) and booked slots, the soonest
 * ones full, so every rate request counts places and leaves full slots out.
 */
import type { Db } from "~/db/client.server";
import { candidateSlotKeys, capacitySlotOf, fullSlotTest, slotCapacityOf } from "~/schedule/capacity";
import { takenPlaces, takeSlotPlace } from "~/schedule/slot-reservations.server";
import { openWindows, type OpenWindowsInput } from "~/schedule/windows";
import type { DeliveryWindow, ShopSettings } from "~/settings/shop-settings";
import { quoteSettings, WITHIN_3_HOURS } from "../app/quote/quote-shop";

/** The pickup location seedQuoteShop creates. */
const LOCATION = "gid://shopify/Location/1";
export const BENCH_SLOT_CAPACITY = 2;
/** The soonest slots booked to capacity; the next one half. */
export const BENCH_FULL_SLOTS = 2;

/** A two-hour slot starting every hour, so slots lie ahead at any time of day the bench runs. */
const HOURLY_SLOTS: DeliveryWindow = {
  id: "slots",
  kind: "slots",
  serviceName: "Scheduled delivery",
  description: "Pick a two-hour slot",
  enabled: true,
  fallbackPriceCents: 1200,
  slotMinutes: 120,
  startTimes: [],
  repeat: { from: "00:00", until: "23:00", everyMinutes: 60 },
  daysAhead: 2,
  maxRates: 1,
};

/**
 * Within 3 hours and the soonest free slot: two rates per cart, so each new cart costs the courier
 * two estimates, as the bench has always measured (a third window would push the cold phase's
 * bursts of calls past the courier's limit).
 */
export function benchSlotSettings(): ShopSettings {
  const allDay = [{ start: "00:00", end: "24:00" }];
  return quoteSettings({
    deliveryWindows: [WITHIN_3_HOURS, HOURLY_SLOTS],
    openingHours: [
      {
        locationGid: LOCATION,
        weekly: Array.from({ length: 7 }, () => allDay),
        closedDates: [],
        preparationMinutes: 0,
        slotCapacity: BENCH_SLOT_CAPACITY,
      },
    ],
  });
}

/**
 * Books the soonest BENCH_FULL_SLOTS slots to capacity and the next one to half, as paid orders
 * would (a shipment row each, a place taken in a transaction). Returns how many windows a cart is
 * offered now.
 */
export async function bookBenchSlots(
  db: Db,
  shop: { id: string; domain: string },
  input: Omit<OpenWindowsInput, "isFull">,
): Promise<{ windowsPerCart: number; fullSlots: number }> {
  // The soonest slots a shopper is offered, none left out yet.
  const slots = openWindows({
    ...input,
    windows: input.windows.map((window) =>
      window.kind === "slots" ? { ...window, maxRates: BENCH_FULL_SLOTS + 1 } : window,
    ),
  }).filter((offer) => offer.windowId === HOURLY_SLOTS.id);
  const bookings = slots.slice(0, BENCH_FULL_SLOTS + 1).flatMap((offer, i) => {
    const count = i < BENCH_FULL_SLOTS ? BENCH_SLOT_CAPACITY : Math.floor(BENCH_SLOT_CAPACITY / 2);
    return Array.from({ length: count }, (_, n) => ({ offer, n }));
  });
  for (const { offer, n } of bookings) {
    const slot = capacitySlotOf(LOCATION, offer, input.timeZone);
    const suffix = `${slot.key}#${n}`;
    const shipment = await db.shipment.create({
      data: {
        shopId: shop.id,
        orderGid: `gid://shopify/Order/bench-${suffix}`,
        orderName: `#B${n}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/bench-${suffix}`,
        locationGid: LOCATION,
        idempotencyKey: `bench-${suffix}`,
        state: "scheduled",
      },
    });
    await db.$transaction((tx) =>
      takeSlotPlace(tx, {
        shopDomain: shop.domain,
        shipmentId: shipment.id,
        slotKey: slot.key,
        slotWords: offer.label ?? slot.key,
        capacity: BENCH_SLOT_CAPACITY,
        at: input.now,
      }),
    );
  }
  const taken = await takenPlaces(db, shop.domain, candidateSlotKeys(LOCATION, input));
  const capacity = slotCapacityOf(benchSlotSettings().openingHours, LOCATION);
  const isFull = fullSlotTest({ locationGid: LOCATION, capacity, taken, timeZone: input.timeZone });
  return {
    windowsPerCart: openWindows({ ...input, isFull }).length,
    fullSlots: [...taken.values()].filter((count) => count >= BENCH_SLOT_CAPACITY).length,
  };
}
