import { CourierError } from "~/courier/errors";
import { API_ERROR_CODES } from "~/courier/limits";
import type { UpdateShipmentRequest } from "~/courier/requests";
import { parseRequest } from "~/shipments/stored-request";
import type { CourierForShop } from "~/shops/courier-for-shop.server";
import { instantLabel, spanLabel } from "~/schedule/labels";
import { isValidTimeZone } from "~/schedule/time-zone";
import { parseShopSettings } from "~/settings/shop-settings";
import { recordOnShipment } from "~/shipments/record.server";
import { PAGE_SHOP_FIELDS, pageEndsAtFor, type PageShipment, type TrackingPageDeps } from "./lookup.server";
import { movableWindow, movableWindows, windowLabel, type Booking } from "./movable-windows.server";
import {
  CHANGE_CLOSED_WORDS,
  changeWindowState,
  notesWithShopperText,
  type ChangeClosedReason,
  type ShopperChangeInput,
} from "./shopper-changes";
import { hashTrackingToken } from "~/shipments/tracking-token.server";
import { SHOPPER_CHANGE_ACTIVITY } from "~/shipments/activity-kinds";
import { moveSlotPlace, undoSlotMove } from "~/dispatch/public.server";
import { startNoDriverWatch } from "~/watchdog/public.server";
import type { JobQueue } from "~/jobs/queue.server";
import type { Shipment as CourierShipment } from "~/courier/responses";
import { formatMoney } from "~/text/format";
import { dollarsToCents } from "~/quote/public";
import { toShipmentState } from "~/staff/public";

/**
 * The shopper's changes before pickup (shopper-changes.ts has the rules): the windows they may move
 * to, and the notes edit or window move sent to the courier as a PATCH, then written with its
 * timeline entry. A change that is already in place answers "unchanged" without a request (a repeated
 * tap or a retried request changes nothing twice); changes to one delivery run one at a time.
 */

export type ShopperChangeDeps = TrackingPageDeps & { courierFor: CourierForShop; queue: JobQueue };

export type WindowChoice = { serviceCode: string; label: string };

export type ChangeOptions =
  | { kind: "not_found" }
  | { kind: "closed"; reason: ChangeClosedReason; message: string }
  | { kind: "open"; windows: WindowChoice[]; note: string | null };

export type ChangeResult =
  | { kind: "not_found" }
  | { kind: "closed"; reason: ChangeClosedReason; message: string }
  | { kind: "refused"; status: 400 | 409 | 503; message: string }
  | { kind: "changed" | "unchanged"; message: string };

const UNAVAILABLE = "This can't be changed right now. Try again in a few minutes, or contact the store.";

/**
 * Which delivery a change is for: the page's token (its hash), or a shipment the order status block's
 * route found to be the signed-in customer's (customer-changes.server.ts).
 */
export type ChangeTarget = { trackingTokenHash: string } | { id: string };

/** Where the shopper made a change, in the staff timeline's words. */
export type ChangeSource = "tracking_page" | "order_status";
const SOURCE_WORDS: Record<ChangeSource, string> = {
  tracking_page: "on the tracking page",
  order_status: "on the order status page",
};

/** The delivery behind a target, open for changes; or why not. */
async function bookingFor(
  deps: ShopperChangeDeps,
  target: ChangeTarget,
  shopDomain: string | null,
): Promise<Booking | { kind: "not_found" } | Extract<ChangeResult, { kind: "closed" | "refused" }>> {
  const shipment = await deps.db.shipment.findUnique({
    where: target,
    include: { shop: { select: PAGE_SHOP_FIELDS } },
  });
  if (!shipment || (shopDomain !== null && shipment.shop.domain !== shopDomain)) return { kind: "not_found" };
  const endsAt = pageEndsAtFor(shipment);
  if (endsAt && endsAt.getTime() <= deps.clock().getTime()) return { kind: "not_found" };
  // A return's collection (its notes go to the store's drop-off) and a round trip's legs are the store's.
  const window = changeWindowState({ ...shipment, state: toShipmentState(shipment.state) });
  if (!window.open) return closed(window.reason);
  const request = parseRequest(shipment.requestJson);
  const courier = await deps.courierFor(shipment.shop.domain);
  if (!request || !courier) return { kind: "refused", status: 503, message: UNAVAILABLE };
  const timeZone = isValidTimeZone(shipment.shop.timezone) ? shipment.shop.timezone : "UTC";
  return { shipment, request, settings: parseShopSettings(shipment.shop.settingsJson), timeZone, courier };
}

const closed = (reason: ChangeClosedReason) =>
  ({ kind: "closed", reason, message: CHANGE_CLOSED_WORDS[reason] }) as const;

/** What the page's "change" panel offers: the windows to move to (none is a fine answer). */
export async function changeOptionsFor(
  deps: ShopperChangeDeps,
  token: string,
  shopDomain: string | null,
): Promise<ChangeOptions> {
  return changeOptionsOf(deps, { trackingTokenHash: hashTrackingToken(token) }, shopDomain);
}

/** changeOptionsFor by target: the page and the order status block offer the same windows. */
export async function changeOptionsOf(
  deps: ShopperChangeDeps,
  target: ChangeTarget,
  shopDomain: string | null,
): Promise<ChangeOptions> {
  const booking = await bookingFor(deps, target, shopDomain);
  if (!("shipment" in booking)) return booking.kind === "refused" ? closed("not_booked") : booking;
  const now = deps.clock();
  const windows = (await movableWindows(deps, booking)).map((offer) => ({
    serviceCode: offer.serviceCode,
    label: windowLabel(offer, now, booking.timeZone),
  }));
  return {
    kind: "open",
    windows,
    note: windows.length ? null : "The store has no other delivery time at this price for your address right now.",
  };
}

const running = new Map<string, Promise<unknown>>();

/** `run` after every earlier change to the same delivery in this process has finished. */
export async function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = running.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(run);
  running.set(key, mine);
  try {
    return await mine;
  } finally {
    if (running.get(key) === mine) running.delete(key);
  }
}

/** The courier's answer to an update: its shipment when it took it, else the shopper's result. */
async function sendUpdate(
  booking: Booking,
  patch: UpdateShipmentRequest,
): Promise<{ taken: CourierShipment } | { refused: ChangeResult }> {
  try {
    return {
      taken: await booking.courier.updateShipment(booking.shipment.courierShipmentId!, patch, { lane: "background" }),
    };
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    // 1003: the courier's "not any more" — a driver accepted before our state knew it.
    if (error.apiErrors.some((e) => e.code === API_ERROR_CODES.rule)) return { refused: closed("assigned") };
    if (error.kind === "validation" || error.kind === "invalid_request")
      return {
        refused: {
          kind: "refused",
          status: 400,
          message: "The courier did not accept this change. Contact the store.",
        },
      };
    return { refused: { kind: "refused", status: 503, message: UNAVAILABLE } };
  }
}

async function changeNotes(
  deps: ShopperChangeDeps,
  booking: Booking,
  text: string,
  source: ChangeSource,
): Promise<ChangeResult> {
  const { request, settings, shipment } = booking;
  const notes = notesWithShopperText(text, settings.driverNotes.merchantNote);
  if ((request.delivery_location.notes ?? null) === notes)
    return { kind: "unchanged", message: "Your notes for the driver are saved." };
  const deliveryLocation = { ...request.delivery_location, notes };
  const sent = await sendUpdate(booking, { delivery_location: deliveryLocation });
  if ("refused" in sent) return sent.refused;
  const next = { ...request, delivery_location: deliveryLocation };
  await deps.db.$transaction((tx) =>
    recordOnShipment(tx, {
      shipmentId: shipment.id,
      at: deps.clock(),
      data: { requestJson: JSON.stringify(next) },
      entry: {
        kind: SHOPPER_CHANGE_ACTIVITY.notes,
        message: text
          ? `The shopper changed the notes for the driver ${SOURCE_WORDS[source]} (${[...text].length} characters); sent to the courier.`
          : `The shopper removed their notes for the driver ${SOURCE_WORDS[source]}; sent to the courier.`,
      },
    }),
  );
  return { kind: "changed", message: "Your notes for the driver are saved." };
}

const NO_LONGER_OFFERED = "That delivery time is no longer available at this price. Choose another one.";
const FULL_NOW = "That delivery time has just filled up. Choose another one.";

/**
 * A window move: the chosen window priced exactly (movable-windows.server.ts), its slot's place
 * taken before the courier is asked (409 when the slot is full; given back when the courier
 * refuses), the PATCH, then the row with the courier's price for the new window, its timeline entry
 * and the no-driver watch at the new pickup time (an earlier window would otherwise be watched too
 * late).
 */
async function moveWindow(
  deps: ShopperChangeDeps,
  booking: Booking,
  serviceCode: string,
  source: ChangeSource,
): Promise<ChangeResult> {
  const { request, shipment, settings, timeZone } = booking;
  const now = deps.clock();
  if (shipment.serviceCode === serviceCode)
    return {
      kind: "unchanged",
      message: `Your delivery is booked for ${shipmentWindowLabel(shipment, now, timeZone)}.`,
    };
  const offer = await movableWindow(deps, booking, serviceCode);
  if (!offer) return { kind: "refused", status: 409, message: NO_LONGER_OFFERED };
  const place = { shopDomain: shipment.shop.domain, shipmentId: shipment.id };
  const held = await moveSlotPlace(deps.db, {
    ...place,
    locationGid: shipment.locationGid,
    window: offer,
    settings,
    timeZone,
    at: now,
  });
  if (!held) return { kind: "refused", status: 409, message: FULL_NOW };
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
  return { kind: "changed", message: `Your delivery is now booked for ${windowLabel(offer, now, timeZone)}.` };
}

function shipmentWindowLabel(shipment: PageShipment, now: Date, timeZone: string): string {
  return shipment.deliverStart && shipment.deliverEnd
    ? windowLabel({ deliverBetween: { start: shipment.deliverStart, end: shipment.deliverEnd } }, now, timeZone)
    : "the time you chose";
}

/** One change from the shopper holding the page's token (`shopDomain`: the shop the app proxy vouched for). */
export async function applyShopperChange(
  deps: ShopperChangeDeps,
  token: string,
  shopDomain: string | null,
  input: ShopperEdit,
): Promise<ChangeResult> {
  return applyShopperChangeTo(
    deps,
    { trackingTokenHash: hashTrackingToken(token) },
    shopDomain,
    input,
    "tracking_page",
  );
}

export type ShopperEdit = Exclude<ShopperChangeInput, { change: "rating" }>;

/**
 * One change to a delivery, wherever the shopper made it: changes to one delivery run one at a time
 * (keyed by the shipment, so the page and the order status block wait for each other).
 */
export async function applyShopperChangeTo(
  deps: ShopperChangeDeps,
  target: ChangeTarget,
  shopDomain: string | null,
  input: ShopperEdit,
  source: ChangeSource,
): Promise<ChangeResult> {
  const found = await deps.db.shipment.findUnique({ where: target, select: { id: true } });
  if (!found) return { kind: "not_found" };
  return oneAtATime(found.id, async () => {
    const booking = await bookingFor(deps, { id: found.id }, shopDomain);
    if (!("shipment" in booking)) return booking;
    return input.change === "notes"
      ? changeNotes(deps, booking, input.notes, source)
      : moveWindow(deps, booking, input.serviceCode, source);
  });
}
