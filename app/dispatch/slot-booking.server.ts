import type { EnqueueInput } from "~/jobs/job";
import type { JobQueue, Tx } from "~/jobs/queue.server";
import { capacitySlotOf, overCapacityWords, slotCapacityOf, slotWords } from "~/schedule/capacity";
import type { DispatchWindow } from "~/schedule/dispatch-window";
import {
  completeSlotMove as completeHeldMove,
  type PlaceRequest,
  takeSlotPlace,
} from "~/schedule/slot-reservations.server";
import type { ShopSettings } from "~/settings/shop-settings";
import type { Db } from "~/db/client.server";
import type { TimelineEntry } from "~/shipments/record.server";
import { OVER_CAPACITY_ACTIVITY } from "~/shipments/activity-kinds";

/**
 * A booked shipment takes its place in the delivery slot it was booked for (the window dispatch
 * chose, at its pickup location), in the dispatch transaction. A full slot does not stop the
 * delivery (the shopper has paid for it): the shipment is booked all the same and its timeline
 * says so, so staff can see every booking over capacity.
 */

export type BookingPlace = {
  shopDomain: string;
  shipmentId: string;
  locationGid: string;
  window: Pick<DispatchWindow, "windowId" | "serviceCode" | "deliverBetween">;
  settings: Pick<ShopSettings, "openingHours" | "deliveryWindows">;
  timeZone: string;
  at: Date;
};

function placeRequest(input: BookingPlace): PlaceRequest {
  const { settings, timeZone, window } = input;
  const slot = capacitySlotOf(input.locationGid, window, timeZone);
  const name = settings.deliveryWindows.find((candidate) => candidate.id === window.windowId)?.serviceName;
  return {
    shopDomain: input.shopDomain,
    shipmentId: input.shipmentId,
    slotKey: slot.key,
    slotWords: slotWords(slot, name ?? window.windowId, timeZone),
    capacity: slotCapacityOf(settings.openingHours, input.locationGid),
    at: input.at,
  };
}

export async function bookSlotPlace(tx: Tx, input: BookingPlace): Promise<TimelineEntry | null> {
  const place = await takeSlotPlace(tx, placeRequest(input));
  return place.taken && place.overCapacity
    ? { kind: OVER_CAPACITY_ACTIVITY, message: `${overCapacityWords(place.slotWords)}.` }
    : null;
}

class SlotFull extends Error {}

/** A move's place-taking: held (the courier may be asked), the slot full, or a move of it already under way. */
export type SlotMoveHold = "held" | "full" | "busy";

/**
 * A booking moving to another slot (a shopper's change) takes a second place there before the
 * courier is asked, only within capacity, and keeps its old place: two bookings moving into a slot's
 * last place cannot both have it (the unique place number decides, as at dispatch), and a move the
 * courier refuses gives back only the new place (`dropSlotMove`): the old one was never let go, so
 * the delivery cannot end over capacity. The courier's yes makes the new place the booking's in the
 * transaction that records the move (`completeSlotMove`). `settleJob` is enqueued with the held
 * place: should the process die before either, it gives the place back or completes the move from
 * the courier's record (app/tracking-page/slot-move-settle.server.ts). A full slot changes nothing:
 * the move is refused, as the shopper can choose another time.
 */
export async function moveSlotPlace(
  db: Db,
  input: BookingPlace & { moveJson: string; queue: JobQueue; settleJob: EnqueueInput },
): Promise<SlotMoveHold> {
  try {
    return await db.$transaction(async (tx) => {
      const request = placeRequest(input);
      const own = await tx.slotReservation.findUnique({
        where: { shipmentId: input.shipmentId },
        select: { slotKey: true, releasedAt: true },
      });
      // Another window in the same slot: the booking's own place serves it (completeSlotMove takes it again).
      if (own && own.releasedAt === null && own.slotKey === request.slotKey) return "held";
      const place = await takeSlotPlace(tx, { ...request, moveJson: input.moveJson });
      if (!place.taken) return "busy";
      // Rolled back: nothing held.
      if (place.overCapacity) throw new SlotFull();
      await input.queue.enqueue(input.settleJob, tx);
      return "held";
    });
  } catch (error) {
    if (error instanceof SlotFull) return "full";
    throw error;
  }
}

/**
 * The courier took the move: in the transaction recording it, the held place becomes the booking's
 * and its old place goes. When the move holds no place any more (its settle job gave it back while
 * the courier was slow to answer), the booking takes its place in the new slot as a dispatch would
 * (booked, marked when over capacity): the timeline entry to add then, or null.
 */
export async function completeSlotMove(tx: Tx, input: BookingPlace): Promise<TimelineEntry | null> {
  if (await completeHeldMove(tx, input.shipmentId)) return null;
  await tx.slotReservation.deleteMany({ where: { shipmentId: input.shipmentId } });
  return bookSlotPlace(tx, input);
}
