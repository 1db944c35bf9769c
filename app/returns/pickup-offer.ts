import type { ReturnPickupLeg, ReturnPickupView } from "../../extensions/shared/return-pickups-contract";
import { SHIPMENT_STATES, type ShipmentState } from "~/shipments/states";
import { RETURN_PICKUP } from "~/shipments/leg-kind";

/**
 * Whether staff may book a driver to collect a return, and what the order page shows of its latest
 * collection. Pure: the return's status comes from Shopify, its legs from the app's shipments.
 */

/** A leg in one of these states still goes ahead: booking again would send a second driver. */
export const GOING_AHEAD: readonly string[] = ["pending", "scheduled", "assigned", "en_route"];

export const PICKUP_ALREADY_BOOKED = "A driver is already booked for this return. Cancel that collection first.";
export const RETURN_NOT_OPEN = "Only an approved return that is still open can be collected.";
export const RETURN_ALREADY_COLLECTED = "A driver already brought this return to the store.";

export type ReturnLegFacts = {
  kind: string;
  state: string;
  generation: number;
  deliverStart: Date | null;
  deliverEnd: Date | null;
  trackingNumber: string | null;
  attentionReason: string | null;
  needsAttention: boolean;
};

const stateOf = (stored: string): ShipmentState =>
  (SHIPMENT_STATES as readonly string[]).includes(stored) ? (stored as ShipmentState) : "pending";

/** The latest booking's collection leg (the first, when the return goes to several stores). */
export function latestCollection(legs: readonly ReturnLegFacts[]): ReturnLegFacts | null {
  const collections = legs.filter((leg) => leg.kind === RETURN_PICKUP);
  const latest = Math.max(0, ...collections.map((leg) => leg.generation));
  return collections.find((leg) => leg.generation === latest) ?? null;
}

/** Why a return cannot be booked now, in the merchant's words; null when it can. */
export function pickupRefusal(status: string, legs: readonly ReturnLegFacts[]): string | null {
  if (status !== "OPEN") return RETURN_NOT_OPEN;
  if (legs.some((leg) => GOING_AHEAD.includes(leg.state))) return PICKUP_ALREADY_BOOKED;
  if (latestCollection(legs)?.state === "delivered") return RETURN_ALREADY_COLLECTED;
  return null;
}

function legView(leg: ReturnLegFacts): ReturnPickupLeg {
  return {
    state: stateOf(leg.state),
    generation: leg.generation,
    windowStartIso: leg.deliverStart?.toISOString() ?? null,
    windowEndIso: leg.deliverEnd?.toISOString() ?? null,
    trackingNumber: leg.trackingNumber,
    attentionReason: leg.needsAttention ? leg.attentionReason : null,
  };
}

export function returnPickupView(
  ret: { id: string; name: string; status: string; exchange: boolean },
  legs: readonly ReturnLegFacts[],
): ReturnPickupView {
  const reason = pickupRefusal(ret.status, legs);
  const collection = latestCollection(legs);
  return {
    id: ret.id.slice(ret.id.lastIndexOf("/") + 1),
    name: ret.name,
    status: ret.status,
    exchange: ret.exchange,
    pickup: collection ? legView(collection) : null,
    canBook: reason === null,
    reason,
  };
}

/** The Shipment fields ReturnLegFacts reads (a Prisma select). */
export const RETURN_LEG_FIELDS = {
  kind: true,
  state: true,
  generation: true,
  deliverStart: true,
  deliverEnd: true,
  trackingNumber: true,
  attentionReason: true,
  needsAttention: true,
} as const;
