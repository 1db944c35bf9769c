import { parseRequest } from "~/shipments/stored-request";
import { isValidTimeZone } from "~/schedule/time-zone";
import { parseShopSettings } from "~/settings/shop-settings";
import { recordOnShipment } from "~/shipments/record.server";
import { shopperText } from "~/text/shopper/shopper-text";
import { languageAtShop, PAGE_SHOP_FIELDS, pageEndsAtFor } from "./lookup.server";
import { movableWindows, windowLabel, type Booking } from "./movable-windows.server";
import {
  closed,
  sendUpdate,
  SOURCE_WORDS,
  unavailable,
  type ChangeResult,
  type ChangeSource,
  type ShopperChangeDeps,
} from "./change-results.server";
import { moveWindow } from "./window-move.server";
import {
  changeWindowState,
  notesWithShopperText,
  type ChangeClosedReason,
  type ShopperChangeInput,
} from "./shopper-changes";
import { hashTrackingToken } from "~/shipments/tracking-token.server";
import { SHOPPER_CHANGE_ACTIVITY } from "~/shipments/activity-kinds";
import { toShipmentState } from "~/staff/public";

/**
 * The shopper's changes before pickup (shopper-changes.ts has the rules): the windows they may move
 * to, and the notes edit or window move sent to the courier as a PATCH, then written with its
 * timeline entry. A change that is already in place answers "unchanged" without a request (a repeated
 * tap or a retried request changes nothing twice); changes to one delivery run one at a time. Every
 * answer is in the shopper's language: `locales` are the storefront's (the app proxy's path, the
 * customer account's), taken when the shop publishes them (lookup.server.ts languageAtShop).
 */

export type { ChangeResult, ChangeSource, ShopperChangeDeps } from "./change-results.server";

export type WindowChoice = { serviceCode: string; label: string };

export type ChangeOptions =
  | { kind: "not_found" }
  | { kind: "closed"; reason: ChangeClosedReason; message: string }
  | { kind: "open"; windows: WindowChoice[]; note: string | null };

/**
 * Which delivery a change is for: the page's token (its hash), or a shipment the order status block's
 * route found to be the signed-in customer's (customer-changes.server.ts).
 */
export type ChangeTarget = { trackingTokenHash: string } | { id: string };

/** The delivery behind a target, open for changes; or why not. */
async function bookingFor(
  deps: ShopperChangeDeps,
  target: ChangeTarget,
  shopDomain: string | null,
  locales: readonly (string | null)[],
): Promise<Booking | { kind: "not_found" } | Extract<ChangeResult, { kind: "closed" | "refused" }>> {
  const shipment = await deps.db.shipment.findUnique({
    where: target,
    include: { shop: { select: PAGE_SHOP_FIELDS } },
  });
  if (!shipment || (shopDomain !== null && shipment.shop.domain !== shopDomain)) return { kind: "not_found" };
  const endsAt = pageEndsAtFor(shipment);
  if (endsAt && endsAt.getTime() <= deps.clock().getTime()) return { kind: "not_found" };
  const text = shopperText(languageAtShop(shipment.shop, locales));
  // A return's collection (its notes go to the store's drop-off) and a round trip's legs are the store's.
  const window = changeWindowState({ ...shipment, state: toShipmentState(shipment.state) });
  if (!window.open) return closed(window.reason, text);
  const request = parseRequest(shipment.requestJson);
  const courier = await deps.courierFor(shipment.shop.domain);
  if (!request || !courier) return unavailable(text);
  const timeZone = isValidTimeZone(shipment.shop.timezone) ? shipment.shop.timezone : "UTC";
  return { shipment, request, settings: parseShopSettings(shipment.shop.settingsJson), timeZone, courier, text };
}

/** What the page's "change" panel offers: the windows to move to (none is a fine answer). */
export async function changeOptionsFor(
  deps: ShopperChangeDeps,
  token: string,
  shopDomain: string | null,
  locales: readonly (string | null)[] = [],
): Promise<ChangeOptions> {
  return changeOptionsOf(deps, { trackingTokenHash: hashTrackingToken(token) }, shopDomain, locales);
}

/** changeOptionsFor by target: the page and the order status block offer the same windows. */
export async function changeOptionsOf(
  deps: ShopperChangeDeps,
  target: ChangeTarget,
  shopDomain: string | null,
  locales: readonly (string | null)[] = [],
): Promise<ChangeOptions> {
  const booking = await bookingFor(deps, target, shopDomain, locales);
  if (!("shipment" in booking)) return booking.kind === "refused" ? closedNotBooked(deps, target, locales) : booking;
  const now = deps.clock();
  const { text, timeZone } = booking;
  const windows = (await movableWindows(deps, booking)).map((offer) => ({
    serviceCode: offer.serviceCode,
    label: windowLabel(offer, now, timeZone, text),
  }));
  return { kind: "open", windows, note: windows.length ? null : text.t("api.noOtherTime") };
}

/** "Still being booked", for a delivery the courier cannot be asked about yet, in the shopper's language. */
async function closedNotBooked(deps: ShopperChangeDeps, target: ChangeTarget, locales: readonly (string | null)[]) {
  const shipment = await deps.db.shipment.findUnique({
    where: target,
    select: { shop: { select: { locales: true } } },
  });
  return closed("not_booked", shopperText(languageAtShop(shipment?.shop ?? { locales: null }, locales)));
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

async function changeNotes(
  deps: ShopperChangeDeps,
  booking: Booking,
  text: string,
  source: ChangeSource,
): Promise<ChangeResult> {
  const { request, settings, shipment } = booking;
  const saved = booking.text.t("api.notesSaved");
  const notes = notesWithShopperText(text, settings.driverNotes.merchantNote);
  if ((request.delivery_location.notes ?? null) === notes) return { kind: "unchanged", message: saved };
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
  return { kind: "changed", message: saved };
}

/** One change from the shopper holding the page's token (`shopDomain`: the shop the app proxy vouched for). */
export async function applyShopperChange(
  deps: ShopperChangeDeps,
  token: string,
  shopDomain: string | null,
  input: ShopperEdit,
  locales: readonly (string | null)[] = [],
): Promise<ChangeResult> {
  const target = { trackingTokenHash: hashTrackingToken(token) };
  return applyShopperChangeTo(deps, target, shopDomain, input, "tracking_page", locales);
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
  locales: readonly (string | null)[] = [],
): Promise<ChangeResult> {
  const found = await deps.db.shipment.findUnique({ where: target, select: { id: true } });
  if (!found) return { kind: "not_found" };
  return oneAtATime(found.id, async () => {
    const booking = await bookingFor(deps, { id: found.id }, shopDomain, locales);
    if (!("shipment" in booking)) return booking;
    return input.change === "notes"
      ? changeNotes(deps, booking, input.notes, source)
      : moveWindow(deps, booking, input.serviceCode, source);
  });
}
