/**
 * The shipment state machine: given what the app knows of a shipment and one courier event, the next
 * state and the Shopify actions to take on the order (a fulfillment with tracking, its events, tags).
 *
 * States only move forward. A late event (one that happened before the state the shipment has
 * reached) never changes the state; it may still propose a fulfillment event, which is added only when
 * it moves what Shopify shows forward (shopify-timeline.ts decides, against the fulfillment's events).
 */

import { fulfillmentEventActions } from "./fulfillment-event-actions";
import { cancellationInWords } from "./reason-words";
import { fulfillmentStatusOf, type FulfillmentEventStatus } from "./shopper-notices";
import type { ShipmentState } from "../shipments/states";

import type { ShipmentChanges, ShipmentFacts, ShopifyAction, TrackingEvent } from "./state-machine-types";

export { fulfillmentStatusOf, type FulfillmentEventStatus };
export type {
  AttentionReason,
  ShipmentChanges,
  ShipmentFacts,
  ShopifyAction,
  TrackingEvent,
} from "./state-machine-types";

/** Progress order; final states share the top rank so none can replace another. */
const RANK: Record<ShipmentState, number> = {
  pending: 0,
  scheduled: 1,
  expired: 1,
  assigned: 2,
  en_route: 3,
  attempted: 4,
  delivered: 5,
  returned: 5,
  canceled: 5,
  failed: 5,
};

/** The courier's cancellation code for a shipment no driver took before its deadline (an expiry). */
export const DEADLINE_PASSED = "delivery_deadline_passed";

export type Transition = {
  state: ShipmentState;
  stateChanged: boolean;
  /** The event happened before the shipment's current state was reached. */
  late: boolean;
  actions: ShopifyAction[];
  changes: ShipmentChanges;
  /** Why nothing happened, for the timeline (unknown event, late, already done...). */
  note?: string;
};

/**
 * The state each courier event brings the shipment to, or null when it leaves the state alone. What
 * Shopify shows for it (the fulfillment event) is in shopper-notices.ts, beside what the shopper hears.
 */
type Rule = { target: ShipmentState | null };

const RULES: Record<string, Rule> = {
  "shipment.created": { target: "scheduled" },
  "shipment.driver_assigned": { target: "assigned" },
  "shipment.driver_unassigned": { target: "scheduled" },
  "shipment.en_route_to_pickup": { target: "assigned" },
  "shipment.driver_approaching_pickup": { target: "assigned" },
  "shipment.at_pickup": { target: "assigned" },
  "shipment.pickup_confirmed": { target: "en_route" },
  "shipment.en_route_to_delivery": { target: "en_route" },
  "shipment.driver_approaching_delivery": { target: "en_route" },
  "shipment.at_delivery": { target: "en_route" },
  "shipment.tracking_updated": { target: "en_route" },
  "shipment.delivery_confirmed": { target: "delivered" },
  "shipment.delivery_confirmed_with_details": { target: "delivered" },
  "shipment.delivery_details_added": { target: "delivered" },
  "shipment.delivery_attempted": { target: "attempted" },
  "shipment.returned": { target: "returned" },
  "shipment.canceled": { target: "canceled" },
  "shipment.reposted": { target: "scheduled" },
  "grouping.pickup_grouping_identified": { target: null },
};

export function isKnownEvent(name: string): boolean {
  return name in RULES;
}

/** Where an event comes in a delivery, from the courier's order of events (RULES lists them in it). */
const PROGRESS = Object.keys(RULES);

/**
 * Orders courier events by when they happened and, for the same instant, by their place in a delivery:
 * the courier may stamp several steps with one time, and they arrive in any order.
 */
export function byOccurrence(
  a: { eventName: string; occurredAt: Date },
  b: { eventName: string; occurredAt: Date },
): number {
  const progress = (name: string) => (PROGRESS.includes(name) ? PROGRESS.indexOf(name) : PROGRESS.length);
  return a.occurredAt.getTime() - b.occurredAt.getTime() || progress(a.eventName) - progress(b.eventName);
}

/** Whether moving from `from` to `to` is progress (the only direction states move). */
export function movesForward(from: ShipmentState, to: ShipmentState): boolean {
  if (from === to) return false;
  if (from === "delivered" || from === "returned" || from === "failed") return false;
  // A canceled or expired shipment comes back only through a repost (handled in the rule itself).
  if (from === "canceled") return false;
  if (from === "attempted") return to === "delivered" || to === "returned" || to === "canceled";
  return RANK[to] > RANK[from] || (from === "expired" && to !== "scheduled");
}

function isLate(event: TrackingEvent, facts: ShipmentFacts): boolean {
  return facts.stateChangedAt !== null && event.occurredAt.getTime() < facts.stateChangedAt.getTime();
}

/** Data the event carries that the app keeps whatever happens to the state. */
function dataChanges(event: TrackingEvent): ShipmentChanges {
  const changes: ShipmentChanges = {};
  if (event.name === "shipment.driver_assigned" && event.driver) {
    changes.driverName = event.driver.name ?? null;
    changes.driverPhone = event.driver.phone ?? null;
    changes.vehicle = event.driver.vehicle ?? null;
  }
  if (event.signatoryName) changes.signatoryName = event.signatoryName;
  if (event.photoUrls?.length) changes.photoUrls = event.photoUrls;
  if (event.latitude !== undefined && event.longitude !== undefined) {
    changes.latitude = event.latitude;
    changes.longitude = event.longitude;
  }
  if (event.eta) changes.eta = event.eta;
  if (event.groupId) changes.groupId = event.groupId;
  return changes;
}

export function applyTrackingEvent(facts: ShipmentFacts, event: TrackingEvent): Transition {
  const rule = RULES[event.name];
  const unchanged = (note: string, extra: Partial<Transition> = {}): Transition => ({
    state: facts.state,
    stateChanged: false,
    late: false,
    actions: [],
    changes: {},
    note,
    ...extra,
  });
  if (!rule) return unchanged(`Unknown courier event ${event.name}: stored, nothing changed`);

  const changes = dataChanges(event);
  if (rule.target === null) return { ...unchanged("Grouping recorded"), changes };

  const late = isLate(event, facts);
  let target = rule.target;
  let forward = !late && movesForward(facts.state, target);

  // driver_unassigned is the one step back the courier may take: a new driver is being found.
  if (event.name === "shipment.driver_unassigned") {
    forward = !late && facts.state === "assigned";
    if (forward) {
      changes.driverName = null;
      changes.driverPhone = null;
      changes.vehicle = null;
    }
  }
  // A repost replaces a shipment that expired without a driver: the new shipment takes over (takeOver below; repost.ts reads the new record).
  const repostActions: ShopifyAction[] = [];
  if (event.name === "shipment.reposted") {
    forward = !late && (facts.state === "canceled" || facts.state === "expired" || facts.state === "scheduled");
    target = "scheduled";
    if (forward) repostActions.push(...takeOver(facts, event, changes));
  }

  const actions: ShopifyAction[] = [...repostActions];
  const fulfillmentEvent = fulfillmentStatusOf(event.name);
  const stateAfter = forward ? target : facts.state;
  // Anything at or after pickup means the goods left the store: the fulfillment must exist, even
  // when the pickup_confirmed event itself was lost or arrives after a later one. A shipment
  // canceled before pickup never gets one (a cancellation is no sign of a pickup).
  let hasFulfillment = facts.hasFulfillment;
  if (
    fulfillmentEvent &&
    !hasFulfillment &&
    event.name !== "shipment.canceled" &&
    stateAfter !== "canceled" &&
    stateAfter !== "failed"
  ) {
    actions.push({ kind: "create_fulfillment" });
    hasFulfillment = true;
  }
  if (hasFulfillment)
    actions.push(...fulfillmentEventActions(facts, event, { status: fulfillmentEvent, forward, stateAfter }, changes));

  if (forward && target === "returned") {
    const reason = "The courier could not deliver and is returning the items to the store.";
    actions.push({ kind: "tag_for_attention", reason });
    changes.needsAttention = { code: "returned", reason };
  }
  if (forward && target === "canceled") {
    const reason = `The courier canceled the delivery: ${cancellationInWords(event.cancellationCode, event.cancellationNotes)}. Dispatch again to send a new driver.`;
    actions.push({ kind: "tag_for_attention", reason });
    const code = event.cancellationCode === DEADLINE_PASSED ? "expired" : "canceled";
    changes.needsAttention = { code, reason };
  }

  return {
    state: forward ? target : facts.state,
    stateChanged: forward,
    late,
    actions,
    changes,
    ...(forward ? {} : { note: late ? "Late event: stored; the state stays" : `No state change from ${facts.state}` }),
  };
}

/**
 * The state machine's part of a repost that moves forward: the new id, and the new tracking number in
 * place of the expired one's (also on a fulfillment already made with it); the attention the expiry
 * raised is over, as the courier is finding a driver again. Adds to `changes`, returns the actions.
 */
function takeOver(facts: ShipmentFacts, event: TrackingEvent, changes: ShipmentChanges): ShopifyAction[] {
  const actions: ShopifyAction[] = [];
  if (event.newCourierShipmentId) changes.replacedByCourierId = event.newCourierShipmentId;
  if (event.trackingNumber) {
    changes.trackingNumber = event.trackingNumber;
    if (facts.hasFulfillment) actions.push({ kind: "update_tracking" });
  }
  if (facts.needsAttention) {
    changes.clearAttention = true;
    actions.push({ kind: "clear_attention" });
  }
  return actions;
}
