import type { ShipmentState } from "~/shipments/states";
import {
  COUNTDOWN_WITHIN_MINUTES,
  firstNameOf,
  timeOfDay,
  trackingPageView,
  windowDay,
  type PageLabels,
  type StepKey,
  type TrackingPageFacts,
  type TrackingPageView,
} from "./view-model";

/**
 * The tracking page of a return's collection (a Shipment of kind "return_pickup"): the courier's
 * pickup is the shopper's address and its delivery the store, so every state is worded as a driver
 * collecting the return and bringing it to the store, never as a delivery to the shopper. An
 * exchange's outbound leg is a delivery and keeps the page's own words (view-model.ts). The shopper
 * cannot change a collection here (its notes and window are the store's), and no delivery photo or
 * rating is offered. Pure.
 */

export const COLLECTION_LABELS: PageLabels = {
  window: "Collection window",
  arrival: "Expected",
  progress: "Collection progress",
  area: "your area",
  areaKey: "Your area",
};

export const COLLECTION_STEP_LABELS: Record<StepKey, string> = {
  ordered: "Collection booked",
  to_store: "Driver on the way to you",
  picked_up: "Collected",
  out_for_delivery: "On the way to the store",
  delivered: "Received by the store",
  attempted: "Drop-off at the store attempted",
  returned: "Coming back to you",
  canceled: "Collection canceled",
};

export const COLLECTION_HEADLINES: Record<ShipmentState, string> = {
  pending: "A driver will collect your return",
  scheduled: "A driver will collect your return",
  expired: "A driver will collect your return",
  assigned: "A driver is on the way to collect your return",
  en_route: "Your return has been collected",
  attempted: "The driver could not drop off your return at the store",
  delivered: "Your return has reached the store",
  returned: "Your return is coming back to you",
  failed: "This collection was canceled",
  canceled: "This collection was canceled",
};

export const COLLECTION_ON_THE_WAY = "Your return is on its way to the store";
export const COLLECTION_GET_READY = "Have your return packed and ready for the driver.";

const COLLECTION_OUTCOME_DETAIL = {
  attempted: "The store will be in touch about your return.",
  returned:
    "The driver could not bring your return to the store, so it is coming back to you. The store will contact you.",
  canceled: "The store will contact you about your return.",
} as const;

function collectionEta(facts: TrackingPageFacts, now: Date): string | null {
  if (!facts.etaAt || facts.etaAt.getTime() < now.getTime()) return null;
  if (facts.state === "assigned") return `Driver expected around ${timeOfDay(facts.etaAt, facts.timeZone)}`;
  if (facts.state !== "en_route") return null;
  const minutes = Math.max(1, Math.round((facts.etaAt.getTime() - now.getTime()) / 60_000));
  return minutes <= COUNTDOWN_WITHIN_MINUTES
    ? `At the store in about ${minutes} min`
    : `Expected at the store around ${timeOfDay(facts.etaAt, facts.timeZone)}`;
}

function collectionDetail(view: TrackingPageView, facts: TrackingPageFacts, now: Date): string | null {
  if (view.outcome) return COLLECTION_OUTCOME_DETAIL[view.outcome];
  if (facts.state === "delivered")
    return facts.deliveredAt
      ? `Received by the store ${windowDay(facts.deliveredAt, now, facts.timeZone)} at ${timeOfDay(facts.deliveredAt, facts.timeZone)}`
      : null;
  if (facts.state === "pending" || facts.state === "scheduled" || facts.state === "expired")
    return COLLECTION_GET_READY;
  return null;
}

/**
 * The page for a return's collection. `facts` name the shopper as the one collected from (their
 * first name, city and area come from the courier's pickup location).
 */
export function collectionPageView(facts: TrackingPageFacts, now: Date): TrackingPageView {
  const view = trackingPageView({ ...facts, photoUrl: null, changes: { open: false, reason: "collection" } }, now);
  const firstName = firstNameOf(facts.recipientName);
  const onTheWay = facts.state === "en_route" && facts.outForDelivery;
  return {
    ...view,
    greeting: firstName ? `Hi ${firstName}, here is your return collection` : "Your return collection",
    headline: onTheWay ? COLLECTION_ON_THE_WAY : COLLECTION_HEADLINES[facts.state],
    detail: collectionDetail(view, facts, now),
    steps: view.steps.map((step) => ({ ...step, label: COLLECTION_STEP_LABELS[step.key] })),
    eta: collectionEta(facts, now),
    photoUrl: null,
    // Changes are the store's; the store's contact shows instead of the change panel.
    changes: null,
    rating: null,
    labels: COLLECTION_LABELS,
  };
}
