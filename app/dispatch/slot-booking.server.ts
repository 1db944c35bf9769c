import type { Tx } from "~/jobs/queue.server";
import { capacitySlotOf, overCapacityWords, slotCapacityOf, slotWords } from "~/schedule/capacity";
import type { DispatchWindow } from "~/schedule/dispatch-window";
import { takeSlotPlace } from "~/schedule/slot-reservations.server";
import type { ShopSettings } from "~/settings/shop-settings";
import type { Db } from "~/db/client.server";
import { recordOnShipment, type TimelineEntry } from "~/shipments/record.server";
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

/** The place a moved booking held before its move, to be given back when the courier refuses the move. */
export type PlaceBeforeMove = { slotKey: string; slotWords: string; capacity: number | null; createdAt: Date } | null;

class SlotFull extends Error {}

/**
 * A booking moving to another slot (a shopper's change) takes its place there first, before the
 * courier is asked, and only within capacity: the old place is freed and the new one taken in one
 * transaction, so two bookings moving into a slot's last place cannot both have it (the unique place
 * number decides, as at dispatch). A full slot changes nothing: null. Unlike a dispatch, a move is
 * refused when full, as the shopper can choose another time.
 */
export async function moveSlotPlace(
  db: Db,
  input: Parameters<typeof bookSlotPlace>[1],
): Promise<{ before: PlaceBeforeMove } | null> {
  try {
    return await db.$transaction(async (tx) => {
      const before = await tx.slotReservation.findUnique({
        where: { shipmentId: input.shipmentId },
        select: { slotKey: true, slotWords: true, capacity: true, createdAt: true, releasedAt: true },
      });
      await tx.slotReservation.deleteMany({ where: { shipmentId: input.shipmentId } });
      // Rolled back: the old place stays as it was.
      if (await bookSlotPlace(tx, input)) throw new SlotFull();
      return { before: before && before.releasedAt === null ? before : null };
    });
  } catch (error) {
    if (error instanceof SlotFull) return null;
    throw error;
  }
}

/**
 * The courier refused the move: the new place is given back and the old one taken again (over
 * capacity when another booking took it meanwhile: booked and marked, as at dispatch, since the
 * delivery is still booked there).
 */
export async function undoSlotMove(
  db: Db,
  input: { shopDomain: string; shipmentId: string; before: PlaceBeforeMove; at: Date },
): Promise<void> {
  const { before } = input;
  await db.$transaction(async (tx) => {
    await tx.slotReservation.deleteMany({ where: { shipmentId: input.shipmentId } });
    if (!before) return;
    const place = await takeSlotPlace(tx, {
      shopDomain: input.shopDomain,
      shipmentId: input.shipmentId,
      slotKey: before.slotKey,
      slotWords: before.slotWords,
      capacity: before.capacity,
      at: before.createdAt,
    });
    if (place.overCapacity)
      await recordOnShipment(tx, {
        shipmentId: input.shipmentId,
        at: input.at,
        entry: { kind: OVER_CAPACITY_ACTIVITY, message: `${overCapacityWords(place.slotWords)}.` },
      });
  });
}
