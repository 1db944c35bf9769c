import type { Tx } from "~/jobs/queue.server";
import { capacitySlotOf, overCapacityWords, slotCapacityOf, slotWords } from "~/schedule/capacity";
import type { DispatchWindow } from "~/schedule/dispatch-window";
import { takeSlotPlace } from "~/schedule/slot-reservations.server";
import type { ShopSettings } from "~/settings/shop-settings";
import type { TimelineEntry } from "~/shipments/record.server";
import { OVER_CAPACITY_ACTIVITY } from "~/shipments/activity-kinds";

/**
 * A booked shipment takes its place in the delivery slot it was booked for (the window dispatch
 * chose, at its pickup location), in the dispatch transaction. A full slot does not stop the
 * delivery (the shopper has paid for it): the shipment is booked all the same and its timeline
 * says so, so staff can see every booking over capacity.
 */

export async function bookSlotPlace(
  tx: Tx,
  input: {
    shopDomain: string;
    shipmentId: string;
    locationGid: string;
    window: Pick<DispatchWindow, "windowId" | "serviceCode" | "deliverBetween">;
    settings: Pick<ShopSettings, "openingHours" | "deliveryWindows">;
    timeZone: string;
    at: Date;
  },
): Promise<TimelineEntry | null> {
  const { settings, timeZone, window } = input;
  const slot = capacitySlotOf(input.locationGid, window, timeZone);
  const name = settings.deliveryWindows.find((candidate) => candidate.id === window.windowId)?.serviceName;
  const place = await takeSlotPlace(tx, {
    shopDomain: input.shopDomain,
    shipmentId: input.shipmentId,
    slotKey: slot.key,
    slotWords: slotWords(slot, name ?? window.windowId, timeZone),
    capacity: slotCapacityOf(settings.openingHours, input.locationGid),
    at: input.at,
  });
  return place.taken && place.overCapacity
    ? { kind: OVER_CAPACITY_ACTIVITY, message: `${overCapacityWords(place.slotWords)}.` }
    : null;
}
