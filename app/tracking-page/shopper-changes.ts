import { z } from "zod";
import { NOTES_MAX } from "~/courier/limits";
import { capacitySlotKeyOf } from "~/schedule/capacity";
import { windowIdFromServiceCode } from "~/schedule/service-code";
import type { OpenWindow } from "~/schedule/windows";
import type { ShipmentState } from "~/shipments/states";
import { isReturnPickup } from "~/shipments/leg-kind";
import { driverNotes } from "~/dispatch/public";
import type { ShopperMessageKey } from "~/text/shopper/shopper-text";

/**
 * What a shopper may change on their delivery from the tracking page, before pickup: the driver's
 * notes and the delivery window. The courier takes an update only before a driver is assigned
 * (delivery-api.md, "A shipment can be updated (PATCH) only before a driver has been assigned"), so
 * both close for good once a driver has it. Pure: the server (shopper-changes.server.ts) passes in
 * the shipment's facts, the offers and the prices.
 */

/** The shopper's notes for the driver: the courier's location notes limit, one line. */
export const SHOPPER_NOTES_MAX = NOTES_MAX;

/** Stars a shopper gives (the courier's rating scale, delivery-api.md: 1..5). */
export const SHOPPER_RATING_MAX = 5;
const RATING_REASON_TEXT_MAX = 100;
const RATING_REASONS_SENT_MAX = 20;
/** The shopper's words to the store with their rating (on the shipment's timeline for staff). */
export const RATING_COMMENT_MAX = 500;

/** Why a change can no longer be made, in the page's words. */
export type ChangeClosedReason = "assigned" | "ended" | "not_booked" | "collection" | "round_trip";

export type ChangeWindowState = { open: true } | { open: false; reason: ChangeClosedReason };

export type ChangeFacts = {
  state: ShipmentState;
  courierShipmentId: string | null;
  driverName: string | null;
  /** The shipment's kind (leg-kind.ts): a return's collection is the store's to change. */
  kind: string | null;
  /** A round trip's courier batch (app/returns/round-trip.ts): its legs only move together. */
  batchReferenceId: string | null;
};

const DRIVER_HAS_IT: ReadonlySet<ShipmentState> = new Set(["scheduled", "assigned", "en_route", "attempted"]);

/**
 * Open only for a booked delivery the courier still shows as scheduled, with no driver named, that is
 * neither a return's collection nor a leg of a round trip (an exchange's delivery and collection go
 * out as one courier batch: moving one leg alone would split the trip, so the store changes it).
 */
export function changeWindowState(facts: ChangeFacts): ChangeWindowState {
  if (isReturnPickup(facts)) return { open: false, reason: "collection" };
  const state = bookingState(facts);
  if (state.open && facts.batchReferenceId !== null) return { open: false, reason: "round_trip" };
  return state;
}

function bookingState(facts: ChangeFacts): ChangeWindowState {
  if (!facts.courierShipmentId) return { open: false, reason: "not_booked" };
  if (facts.state === "scheduled" && !facts.driverName) return { open: true };
  if (facts.state === "pending") return { open: false, reason: "not_booked" };
  if (DRIVER_HAS_IT.has(facts.state)) return { open: false, reason: "assigned" };
  return { open: false, reason: "ended" };
}

/** Each reason's words in the shoppers' catalogue (a new reason needs its words there to compile). */
export const CLOSED_REASON_WORDS: Record<ChangeClosedReason, ShopperMessageKey> = {
  assigned: "page.closed.assigned",
  ended: "page.closed.ended",
  not_booked: "page.closed.not_booked",
  collection: "page.closed.collection",
  round_trip: "page.closed.round_trip",
};

// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u001f\u007f\s]+/gu;

/** What a shopper's change request carries (the page's script sends JSON). */
export const ShopperChangeInput = z.discriminatedUnion("change", [
  z.strictObject({
    change: z.literal("notes"),
    notes: z
      .string()
      .transform((text) => text.replace(CONTROL_OR_SPACE, " ").trim())
      .pipe(z.string().max(SHOPPER_NOTES_MAX)),
  }),
  z.strictObject({
    change: z.literal("window"),
    serviceCode: z.string().min(1).max(100),
  }),
  z.strictObject({
    change: z.literal("rating"),
    value: z.number().int().min(1).max(SHOPPER_RATING_MAX),
    reasons: z.array(z.string().max(RATING_REASON_TEXT_MAX)).max(RATING_REASONS_SENT_MAX).default([]),
    comment: z
      .string()
      .transform((text) => text.replace(CONTROL_OR_SPACE, " ").trim())
      .pipe(z.string().max(RATING_COMMENT_MAX))
      .default(""),
  }),
]);
export type ShopperChangeInput = z.output<typeof ShopperChangeInput>;

/** What is wrong with a change the shopper sent, as a catalogue key and its values (said in their language). */
export type ShopperInputProblem = { key: ShopperMessageKey; values?: Record<string, number> };

/** The shopper's words for the first thing wrong in a change (its zod issue: the field, and too long or not). */
export function changeInputProblem(
  issue: { code: string; path: readonly PropertyKey[] } | undefined,
): ShopperInputProblem {
  const tooLong = issue?.code === "too_big";
  switch (issue?.path[0]) {
    case "notes":
      return tooLong
        ? { key: "api.input.notesTooLong", values: { max: SHOPPER_NOTES_MAX } }
        : { key: "api.input.notes" };
    case "value":
      return { key: "api.input.stars" };
    case "comment":
      return tooLong
        ? { key: "api.input.commentTooLong", values: { max: RATING_COMMENT_MAX } }
        : { key: "api.input.comment" };
    default:
      return { key: "api.input.invalid" };
  }
}

/**
 * The location notes the courier gets for the shopper's new text: the shopper's words first and the
 * merchant's note for every delivery kept whole after them, as dispatch writes them
 * (app/dispatch/driver-notes.ts). Null when neither says anything.
 */
export function notesWithShopperText(shopperText: string, merchantNote: string | null): string | null {
  return driverNotes(
    { shopperInstructions: true, instructionsAttribute: null, merchantNote },
    { checkoutInstructions: shopperText, attributes: [], orderNote: null },
  );
}

/** The delivery as booked: its window and slot (capacity.ts names the slot). */
export type BookedWindow = { serviceCode: string | null; deliverStart: Date; deliverEnd: Date };

/** An offer the shopper may move to, with what it would cost them. */
export type PricedOffer = { offer: OpenWindow; shopperCents: number | null };

/**
 * The offers the shopper may move to: another slot than the booked one (by capacity slot, so the
 * same window on the same day is no move), starting later than now, priced, and at most what the
 * booked delivery costs them. Without a price for the booking, none: "same price or less" cannot be
 * told.
 */
export function movableOffers(input: {
  offers: readonly PricedOffer[];
  booked: BookedWindow;
  bookedShopperCents: number | null;
  locationGid: string;
  timeZone: string;
}): OpenWindow[] {
  const { booked, bookedShopperCents, locationGid, timeZone } = input;
  if (bookedShopperCents === null) return [];
  const bookedKey = booked.serviceCode
    ? capacitySlotKeyOf(
        locationGid,
        {
          windowId: windowIdFromServiceCode(booked.serviceCode) ?? booked.serviceCode,
          serviceCode: booked.serviceCode,
          deliverBetween: { start: booked.deliverStart, end: booked.deliverEnd },
        },
        timeZone,
      )
    : null;
  return input.offers
    .filter(({ offer, shopperCents }) => {
      if (shopperCents === null || shopperCents > bookedShopperCents) return false;
      const sameSpan =
        offer.deliverBetween.start.getTime() === booked.deliverStart.getTime() &&
        offer.deliverBetween.end.getTime() === booked.deliverEnd.getTime();
      return !sameSpan && capacitySlotKeyOf(locationGid, offer, timeZone) !== bookedKey;
    })
    .map(({ offer }) => offer);
}
