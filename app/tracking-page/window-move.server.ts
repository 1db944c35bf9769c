import type { CreateShipmentRequest } from "~/courier/requests";
import { completeSlotMove, moveSlotPlace, type BookingPlace } from "~/dispatch/public.server";
import type { JobQueue, Tx } from "~/jobs/queue.server";
import { dropSlotMove } from "~/schedule/slot-reservations.server";
import type { ShopSettings } from "~/settings/shop-settings";
import { dollarsToCents } from "~/quote/public";
import { instantLabel, spanLabel } from "~/schedule/labels";
import { SHOPPER_CHANGE_ACTIVITY } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import { formatMoney } from "~/text/format";
import { startNoDriverWatch } from "~/watchdog/public.server";
import {
  sendUpdate,
  SOURCE_WORDS,
  unavailable,
  type ChangeResult,
  type ChangeSource,
  type ShopperChangeDeps,
} from "./change-results.server";
import { movableWindow, windowLabel, type Booking } from "./movable-windows.server";
import { type MoveTarget, settleSlotMoveJob } from "./slot-move-job";

/**
 * A window move: the chosen window priced exactly (movable-windows.server.ts), a place in its slot
 * held before the courier is asked, the booking's old place kept meanwhile (409 when the new slot is
 * full; app/dispatch/slot-booking.server.ts), the PATCH, then in one transaction the row with the
 * courier's price for the new window, the new place made the booking's, its timeline entry and the
 * no-driver watch at the new pickup time (an earlier window would otherwise be watched too late).
 * A refused PATCH gives back the new place; one whose outcome is unknown (no answer) keeps it for the
 * settle job, which reads the courier's record (slot-move-settle.server.ts).
 */
export async function moveWindow(
  deps: ShopperChangeDeps,
  booking: Booking,
  serviceCode: string,
  source: ChangeSource,
): Promise<ChangeResult> {
  const { request, shipment, settings, timeZone, text } = booking;
  const now = deps.clock();
  if (shipment.serviceCode === serviceCode) return { kind: "unchanged", message: bookedWords(booking, now) };
  const chosen = await movableWindow(deps, booking, serviceCode);
  if ("refused" in chosen)
    return chosen.refused === "unpriced"
      ? unavailable(text)
      : { kind: "refused", status: 409, message: text.t("api.noLongerOffered") };
  const { offer } = chosen;
  const target: MoveTarget = {
    windowId: offer.windowId,
    serviceCode: offer.serviceCode,
    pickupAfter: offer.pickupAfter,
    deliverStart: offer.deliverBetween.start,
    deliverEnd: offer.deliverBetween.end,
  };
  const place = {
    shopDomain: shipment.shop.domain,
    shipmentId: shipment.id,
    locationGid: shipment.locationGid,
    window: offer,
    settings,
    timeZone,
    at: now,
  };
  const held = await moveSlotPlace(deps.db, {
    ...place,
    moveJson: JSON.stringify(target),
    queue: deps.queue,
    settleJob: settleSlotMoveJob(shipment.shop.domain, shipment.id, now),
  });
  if (held === "full") return { kind: "refused", status: 409, message: text.t("api.fullNow") };
  if (held === "busy") return { kind: "refused", status: 409, message: text.t("api.moveUnderWay") };
  const patch = {
    pickup_after: offer.pickupAfter.toISOString(),
    deliver_between: { start: offer.deliverBetween.start.toISOString(), end: offer.deliverBetween.end.toISOString() },
  };
  const sent = await sendUpdate(booking, patch);
  if ("refused" in sent) {
    if (!sent.unknown) await dropSlotMove(deps.db, shipment.id);
    return sent.refused;
  }
  const price = sent.taken.price;
  const priceCents = typeof price === "number" && price >= 0 ? dollarsToCents(price) : shipment.priceCents;
  const from =
    shipment.deliverStart && shipment.deliverEnd
      ? spanLabel(shipment.deliverStart, shipment.deliverEnd, null, timeZone)
      : "its window";
  const to = spanLabel(target.deliverStart, target.deliverEnd, null, timeZone);
  await deps.db.$transaction((tx) =>
    recordWindowMove(tx, deps.queue, {
      shipment,
      request,
      target,
      priceCents,
      place,
      said: `The shopper moved the delivery from ${from} to ${to} ${SOURCE_WORDS[source]}; pickup after ${instantLabel(target.pickupAfter, timeZone)}. Sent to the courier.`,
    }),
  );
  return { kind: "changed", message: text.t("api.movedTo", { window: windowLabel(offer, now, timeZone, text) }) };
}

/**
 * Records a move the courier took, in one transaction: the shipment's window, request and price,
 * the held place made the booking's (completeSlotMove), the timeline entry (`said`, plus the price
 * when it changed, plus the slot when taken over capacity) and the no-driver watch at the new pickup.
 * Shared by the move and by its settle job (staff's words: the timeline is not the shopper's).
 */
export async function recordWindowMove(
  tx: Tx,
  queue: JobQueue,
  input: {
    shipment: { id: string; courierShipmentId: string | null; priceCents: number | null };
    request: CreateShipmentRequest;
    target: MoveTarget;
    priceCents: number | null;
    place: BookingPlace & { settings: Pick<ShopSettings, "noDriverWatch"> };
    said: string;
  },
): Promise<void> {
  const { shipment, target, priceCents, place } = input;
  const next = {
    ...input.request,
    pickup_after: target.pickupAfter.toISOString(),
    deliver_between: { start: target.deliverStart.toISOString(), end: target.deliverEnd.toISOString() },
  };
  const charged =
    priceCents !== null && priceCents !== shipment.priceCents
      ? ` The courier now charges ${formatMoney(priceCents)}.`
      : "";
  const overCapacity = await completeSlotMove(tx, place);
  await recordOnShipment(tx, {
    shipmentId: shipment.id,
    at: place.at,
    data: {
      requestJson: JSON.stringify(next),
      serviceCode: target.serviceCode,
      pickupAfter: target.pickupAfter,
      deliverStart: target.deliverStart,
      deliverEnd: target.deliverEnd,
      priceCents,
    },
    entry: { kind: SHOPPER_CHANGE_ACTIVITY.window, message: `${input.said}${charged}` },
  });
  if (overCapacity)
    await recordOnShipment(tx, { shipmentId: shipment.id, at: new Date(place.at.getTime() + 1), entry: overCapacity });
  if (shipment.courierShipmentId)
    await startNoDriverWatch(queue, tx, {
      shopDomain: place.shopDomain,
      shipment: { id: shipment.id, courierShipmentId: shipment.courierShipmentId, pickupAfter: target.pickupAfter },
      settings: place.settings.noDriverWatch,
      now: place.at,
    });
}

/** "Your delivery is booked for …": the booked window in the shopper's words. */
function bookedWords({ shipment, timeZone, text }: Booking, now: Date): string {
  if (!shipment.deliverStart || !shipment.deliverEnd) return text.t("api.bookedAsChosen");
  const window = { deliverBetween: { start: shipment.deliverStart, end: shipment.deliverEnd } };
  return text.t("api.bookedFor", { window: windowLabel(window, now, timeZone, text) });
}
