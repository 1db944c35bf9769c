import { moveSlotPlace, undoSlotMove } from "~/dispatch/public.server";
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

/**
 * A window move: the chosen window priced exactly (movable-windows.server.ts), its slot's place
 * taken before the courier is asked (409 when the slot is full; given back when the courier
 * refuses), the PATCH, then the row with the courier's price for the new window, its timeline entry
 * and the no-driver watch at the new pickup time (an earlier window would otherwise be watched too
 * late).
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
  const place = { shopDomain: shipment.shop.domain, shipmentId: shipment.id };
  const held = await moveSlotPlace(deps.db, {
    ...place,
    locationGid: shipment.locationGid,
    window: offer,
    settings,
    timeZone,
    at: now,
  });
  if (!held) return { kind: "refused", status: 409, message: text.t("api.fullNow") };
  const patch = {
    pickup_after: offer.pickupAfter.toISOString(),
    deliver_between: { start: offer.deliverBetween.start.toISOString(), end: offer.deliverBetween.end.toISOString() },
  };
  const sent = await sendUpdate(booking, patch);
  if ("refused" in sent) {
    await undoSlotMove(deps.db, { ...place, before: held.before, at: deps.clock() });
    return sent.refused;
  }
  const next = { ...request, ...patch };
  const price = sent.taken.price;
  const priceCents = typeof price === "number" && price >= 0 ? dollarsToCents(price) : shipment.priceCents;
  const from =
    shipment.deliverStart && shipment.deliverEnd
      ? spanLabel(shipment.deliverStart, shipment.deliverEnd, null, timeZone)
      : "its window";
  const to = spanLabel(offer.deliverBetween.start, offer.deliverBetween.end, null, timeZone);
  const charged =
    priceCents !== null && priceCents !== shipment.priceCents
      ? ` The courier now charges ${formatMoney(priceCents)}.`
      : "";
  await deps.db.$transaction(async (tx) => {
    await recordOnShipment(tx, {
      shipmentId: shipment.id,
      at: now,
      data: {
        requestJson: JSON.stringify(next),
        serviceCode: offer.serviceCode,
        pickupAfter: offer.pickupAfter,
        deliverStart: offer.deliverBetween.start,
        deliverEnd: offer.deliverBetween.end,
        priceCents,
      },
      entry: {
        kind: SHOPPER_CHANGE_ACTIVITY.window,
        message: `The shopper moved the delivery from ${from} to ${to} ${SOURCE_WORDS[source]}; pickup after ${instantLabel(offer.pickupAfter, timeZone)}. Sent to the courier.${charged}`,
      },
    });
    await startNoDriverWatch(deps.queue, tx, {
      shopDomain: shipment.shop.domain,
      shipment: { id: shipment.id, courierShipmentId: shipment.courierShipmentId!, pickupAfter: offer.pickupAfter },
      settings: settings.noDriverWatch,
      now,
    });
  });
  return { kind: "changed", message: text.t("api.movedTo", { window: windowLabel(offer, now, timeZone, text) }) };
}

/** "Your delivery is booked for …": the booked window in the shopper's words. */
function bookedWords({ shipment, timeZone, text }: Booking, now: Date): string {
  if (!shipment.deliverStart || !shipment.deliverEnd) return text.t("api.bookedAsChosen");
  const window = { deliverBetween: { start: shipment.deliverStart, end: shipment.deliverEnd } };
  return text.t("api.bookedFor", { window: windowLabel(window, now, timeZone, text) });
}
