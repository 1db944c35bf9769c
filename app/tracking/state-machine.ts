/**
 * The shipment state machine: given what the app knows of a shipment and one courier event, the next
 * state and the Shopify actions to take on the order (a fulfillment with tracking, its events, tags).
 *
 * States only move forward. A late event (one that happened before the state the shipment has
 * reached) never changes the state; it may still propose a fulfillment event, which is added only when
 * it moves what Shopify shows forward (shopify-timeline.ts decides, against the fulfillment's events).
 */

import type { AttentionCode } from "~/shopify-admin/flow-trigger-payloads";
import { cancellationInWords, returnCodeInWords } from "./reason-words";
import type { ShipmentState } from "../shipments/states";

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

/** At most one IN_TRANSIT fulfillment event per shipment in this period. */
export const TRACKING_EVENT_MIN_INTERVAL_MS = 5 * 60 * 1000;

/** A courier event reduced to what the state machine needs (event-input.ts makes it). */
export type TrackingEvent = {
  name: string;
  occurredAt: Date;
  latitude?: number;
  longitude?: number;
  eta?: Date;
  returnCode?: string;
  returnNotes?: string;
  cancellationCode?: string;
  cancellationNotes?: string;
  driver?: { name?: string; phone?: string; vehicle?: Record<string, string> };
  signatoryName?: string;
  photoUrls?: string[];
  newCourierShipmentId?: string;
  /** The courier's tracking number for the shipment the event is about (every shipment event has one). */
  trackingNumber?: string;
  groupId?: string;
};

export type ShipmentFacts = {
  state: ShipmentState;
  /** The Shopify fulfillment made at pickup, once it exists. */
  hasFulfillment: boolean;
  /** Latest `occurredAt` of an event that changed the state. */
  stateChangedAt: Date | null;
  lastTrackingEventAt: Date | null;
  deliveredEventSent: boolean;
  needsAttention: boolean;
};

export type FulfillmentEventStatus =
  "CARRIER_PICKED_UP" | "IN_TRANSIT" | "OUT_FOR_DELIVERY" | "ATTEMPTED_DELIVERY" | "DELIVERED" | "FAILURE";

export type ShopifyAction =
  | { kind: "create_fulfillment" }
  | {
      kind: "fulfillment_event";
      status: FulfillmentEventStatus;
      happenedAt: Date;
      message?: string;
      latitude?: number;
      longitude?: number;
      estimatedDeliveryAt?: Date;
    }
  | { kind: "tag_for_attention"; reason: string }
  /** The fulfillment carries a tracking number the courier no longer follows: show the current one. */
  | { kind: "update_tracking" }
  /** The cause of the shipment's attention is gone: the order's tag goes unless another shipment needs it. */
  | { kind: "clear_attention" };

/** Why a shipment needs attention, as a stable code (Flow conditions test it) with words for people. */
export type AttentionReason = { code: Exclude<AttentionCode, "no_driver_yet">; reason: string };

export type ShipmentChanges = {
  driverName?: string | null;
  driverPhone?: string | null;
  vehicle?: Record<string, string> | null;
  signatoryName?: string;
  photoUrls?: string[];
  latitude?: number;
  longitude?: number;
  eta?: Date | null;
  groupId?: string;
  replacedByCourierId?: string;
  trackingNumber?: string;
  needsAttention?: AttentionReason;
  clearAttention?: true;
  lastTrackingEventAt?: Date;
  deliveredEventSent?: true;
};

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

type Rule = {
  /** The state this event brings the shipment to, or null when it leaves the state alone. */
  target: ShipmentState | null;
  fulfillmentEvent?: FulfillmentEventStatus;
};

const RULES: Record<string, Rule> = {
  "shipment.created": { target: "scheduled" },
  "shipment.driver_assigned": { target: "assigned" },
  "shipment.driver_unassigned": { target: "scheduled" },
  "shipment.en_route_to_pickup": { target: "assigned" },
  "shipment.driver_approaching_pickup": { target: "assigned" },
  "shipment.at_pickup": { target: "assigned" },
  "shipment.pickup_confirmed": { target: "en_route", fulfillmentEvent: "CARRIER_PICKED_UP" },
  "shipment.en_route_to_delivery": { target: "en_route", fulfillmentEvent: "OUT_FOR_DELIVERY" },
  "shipment.driver_approaching_delivery": { target: "en_route", fulfillmentEvent: "OUT_FOR_DELIVERY" },
  "shipment.at_delivery": { target: "en_route", fulfillmentEvent: "OUT_FOR_DELIVERY" },
  "shipment.tracking_updated": { target: "en_route", fulfillmentEvent: "IN_TRANSIT" },
  "shipment.delivery_confirmed": { target: "delivered", fulfillmentEvent: "DELIVERED" },
  "shipment.delivery_confirmed_with_details": { target: "delivered", fulfillmentEvent: "DELIVERED" },
  "shipment.delivery_details_added": { target: "delivered", fulfillmentEvent: "DELIVERED" },
  "shipment.delivery_attempted": { target: "attempted", fulfillmentEvent: "ATTEMPTED_DELIVERY" },
  "shipment.returned": { target: "returned", fulfillmentEvent: "FAILURE" },
  "shipment.canceled": { target: "canceled" },
  "shipment.reposted": { target: "scheduled" },
  "grouping.pickup_grouping_identified": { target: null },
};

/** The fulfillment event status an event shows on the order in Shopify, or null when it shows none. */
export function fulfillmentStatusOf(eventName: string): FulfillmentEventStatus | null {
  return RULES[eventName]?.fulfillmentEvent ?? null;
}

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

function eventAction(status: FulfillmentEventStatus, event: TrackingEvent, message?: string): ShopifyAction {
  return {
    kind: "fulfillment_event",
    status,
    happenedAt: event.occurredAt,
    ...(message ? { message } : {}),
    ...(event.latitude !== undefined && event.longitude !== undefined
      ? { latitude: event.latitude, longitude: event.longitude }
      : {}),
    ...(event.eta ? { estimatedDeliveryAt: event.eta } : {}),
  };
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
  const fulfillmentEvent = rule.fulfillmentEvent;
  const stateAfter = forward ? target : facts.state;
  // Anything at or after pickup means the goods left the store: the fulfillment must exist, even
  // when the pickup_confirmed event itself was lost or arrives after a later one. A shipment
  // canceled before pickup never gets one.
  let hasFulfillment = facts.hasFulfillment;
  if (fulfillmentEvent && !hasFulfillment && stateAfter !== "canceled" && stateAfter !== "failed") {
    actions.push({ kind: "create_fulfillment" });
    hasFulfillment = true;
  }

  if (fulfillmentEvent && hasFulfillment) {
    switch (fulfillmentEvent) {
      case "DELIVERED":
        if (!facts.deliveredEventSent) {
          const message = event.signatoryName ? `Signed by ${event.signatoryName}` : undefined;
          actions.push(eventAction("DELIVERED", event, message));
          changes.deliveredEventSent = true;
        }
        break;
      case "IN_TRANSIT": {
        const last = facts.lastTrackingEventAt?.getTime();
        if (last === undefined || event.occurredAt.getTime() - last >= TRACKING_EVENT_MIN_INTERVAL_MS) {
          actions.push(eventAction("IN_TRANSIT", event));
          changes.lastTrackingEventAt = event.occurredAt;
        }
        break;
      }
      case "ATTEMPTED_DELIVERY":
        actions.push(
          eventAction(
            "ATTEMPTED_DELIVERY",
            event,
            `Delivery attempted: ${returnCodeInWords(event.returnCode, event.returnNotes)}`,
          ),
        );
        break;
      case "FAILURE":
        if (forward)
          actions.push(eventAction("FAILURE", event, "The delivery failed; the items are going back to the store"));
        break;
      default:
        actions.push(eventAction(fulfillmentEvent, event));
    }
  }

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
