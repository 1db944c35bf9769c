import { capacitySlotOf, slotCapacityOf, withFreePlaces } from "~/schedule/capacity";
import type { OpenWindow } from "~/schedule/windows";
import type { QuoteLogger } from "./quote.server";
import type { QuoteShop } from "./quote-shop.server";

/** The places taken per slot key, in one query (app/schedule/slot-reservations.server.ts takenPlaces). */
export type TakenPlaces = (shopDomain: string, slotKeys: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/**
 * The offers whose slot at the cart's pickup location still has a place (app/schedule/capacity.ts),
 * the places of every offered slot counted in one query, and only for a location with a capacity
 * set (every other shop's checkout reads nothing more). Should the count fail, every slot is
 * offered: a booking past capacity is still dispatched and shown to staff; a failed checkout is lost.
 */
export async function withoutFullSlots(
  takenPlaces: TakenPlaces,
  input: { shopDomain: string; shop: QuoteShop; locationGid: string; offered: OpenWindow[]; logger: QuoteLogger },
): Promise<OpenWindow[]> {
  const { shop, locationGid, offered } = input;
  const capacity = slotCapacityOf(shop.settings.openingHours, locationGid);
  if (capacity === null || offered.length === 0) return offered;
  const keys = offered.map((offer) => capacitySlotOf(locationGid, offer, shop.timeZone).key);
  try {
    const taken = await takenPlaces(input.shopDomain, keys);
    return withFreePlaces(offered, { locationGid, capacity, taken, timeZone: shop.timeZone });
  } catch (error) {
    input.logger.warn("slot places not counted", { error: error instanceof Error ? error.name : "unknown" });
    return offered;
  }
}
