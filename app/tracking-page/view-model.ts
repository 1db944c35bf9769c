import { FINAL_STATES, type ShipmentState } from "~/shipments/states";
import { brandOf, storeContactOf, type BrandView, type StoreContact } from "./brand";
import { driverOnMap } from "./driver-on-map";
import type { MapTileSource } from "~/settings/map-tile-source";
import { CHANGE_CLOSED_WORDS, RATING_SAVED, type ChangeWindowState } from "./shopper-changes";
import { windowTitle } from "~/dispatch/public";

/**
 * What the shoppers' tracking page shows, from a shipment's stored facts. Shoppers see only what they
 * already know or need: their own first name and city, the store's name, the steps in their words,
 * the window and the courier's ETA, the driver's first name and vehicle, the driver's position while
 * out for delivery and the delivery photo. Never a street address, a last name or a phone.
 */

export type Point = { latitude: number; longitude: number };

export type TrackingPageFacts = {
  storeName: string;
  timeZone: string;
  state: ShipmentState;
  /** The courier said the driver left for the shopper (en route to, approaching or at the delivery). */
  outForDelivery: boolean;
  deliverStart: Date | null;
  deliverEnd: Date | null;
  etaAt: Date | null;
  driverName: string | null;
  vehicle: Record<string, string> | null;
  recipientName: string | null;
  recipientCity: string | null;
  pickup: Point | null;
  destination: Point | null;
  driverPosition: Point | null;
  /** The driver's position before the last one (the direction of travel), when the courier sent two. */
  driverPreviousPosition: Point | null;
  /** The courier said the driver is approaching or at the address: the driver is no longer drawn. */
  nearAddress: boolean;
  /** When the delivery was completed (its last event), for a delivered order. */
  deliveredAt: Date | null;
  /** A signed link to the delivery photo, when the courier has one. */
  photoUrl: string | null;
  /** The order's name as the shopper knows it ("#1001"). */
  orderName: string | null;
  /** Whether the shopper may still change the notes and the window (shopper-changes.ts). */
  changes: ChangeWindowState;
  /** How the shopper reaches the store: the pickup location's phone, else the email in the settings. */
  storePhone: string | null;
  storeEmail: string | null;
  /** The store's look, from the settings (app/settings/tracking-schema.ts). */
  logoUrl: string | null;
  accentColor: string | null;
  /** The merchant's map tiles (map-tiles.ts); null: the map from the app's own data only. */
  mapTiles: MapTileSource | null;
  /** The reasons the merchant offers with a rating, and whether the shopper already rated. */
  ratingReasons: readonly string[];
  shopperRated: boolean;
};

/** After delivery: the one-tap rating, or thanks once given. */
export type RatingView = { open: true; reasons: string[] } | { open: false; message: string };

/** The change panel: open, or closed with why (none once the delivery has ended). */
export type ChangesView = { open: true } | { open: false; message: string };

export type StepKey =
  "ordered" | "to_store" | "picked_up" | "out_for_delivery" | "delivered" | "attempted" | "returned" | "canceled";
export type Step = { key: StepKey; label: string; status: "done" | "current" | "upcoming" };
export type MapView = {
  pickup: Point | null;
  destination: Point | null;
  /** The driver's position rounded to about 100 m, while on the way and not yet near the address. */
  driver: Point | null;
  /** Degrees clockwise from north the driver last moved in; null when not known. */
  heading: number | null;
  city: string | null;
};

export type TrackingPageView = {
  storeName: string;
  greeting: string;
  headline: string;
  detail: string | null;
  steps: Step[];
  /** Set when the delivery ended otherwise than delivered (attempted, returned, canceled). */
  outcome: "attempted" | "returned" | "canceled" | null;
  window: string | null;
  eta: string | null;
  driver: string | null;
  map: MapView | null;
  photoUrl: string | null;
  final: boolean;
  orderName: string | null;
  changes: ChangesView | null;
  /** The tile source under the map, set whenever the merchant configured one (the page's CSP names its host). */
  mapTiles: MapTileSource | null;
  contact: StoreContact | null;
  brand: BrandView;
  rating: RatingView | null;
  /** The facts' and steps' labels when not a delivery's (a return's collection: collection-words.ts). */
  labels?: PageLabels;
};

export type PageLabels = {
  window: string;
  arrival: string;
  progress: string;
  /** The shopper's area on the map, in a sentence and as its key (when the city is not known). */
  area: string;
  areaKey: string;
};

const STEP_LABELS: Record<StepKey, string> = {
  ordered: "Order received",
  to_store: "Driver on the way to the store",
  picked_up: "Picked up",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  attempted: "Delivery attempted",
  returned: "Going back to the store",
  canceled: "Delivery canceled",
};
const STEP_ORDER: StepKey[] = ["ordered", "to_store", "picked_up", "out_for_delivery", "delivered"];

/** The last step reached; null for the states that leave the ordinary path. */
function reachedStep(state: ShipmentState, outForDelivery: boolean): StepKey {
  switch (state) {
    case "assigned":
      return "to_store";
    case "en_route":
    case "attempted":
      return outForDelivery || state === "attempted" ? "out_for_delivery" : "picked_up";
    case "delivered":
      return "delivered";
    default:
      return "ordered";
  }
}

const HEADLINES: Record<ShipmentState, string> = {
  pending: "Your order is being prepared",
  scheduled: "Your order is being prepared",
  expired: "Your order is being prepared",
  failed: "This delivery was canceled",
  assigned: "A driver is on the way to the store",
  en_route: "Your order has been picked up",
  attempted: "We tried to deliver your order",
  delivered: "Delivered",
  returned: "Your order is going back to the store",
  canceled: "This delivery was canceled",
};

const OUTCOME_DETAIL = {
  attempted: "The driver could not complete the delivery. The store will be in touch about the next step.",
  returned:
    "The delivery could not be completed, so your order is being returned to the store. The store will contact you.",
  canceled: "The store will contact you about your order.",
} as const;

/** Within this long, the ETA is a countdown ("Arriving in about 12 min"); later, a time of day. */
export const COUNTDOWN_WITHIN_MINUTES = 60;

/** Two decimals (about a kilometre): the map shows the area delivered to, never the address. */
export const AREA_DECIMALS = 2;

export function areaOf(point: Point): Point {
  const round = (value: number) => Number(value.toFixed(AREA_DECIMALS));
  return { latitude: round(point.latitude), longitude: round(point.longitude) };
}

/** The first word of a name: the page never shows anyone's last name. */
export function firstNameOf(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

export function vehicleInWords(vehicle: Record<string, string> | null): string | null {
  if (!vehicle) return null;
  const words = [vehicle.color, vehicle.make, vehicle.model].filter((w): w is string => Boolean(w?.trim()));
  return words.length ? words.join(" ") : null;
}

/** "today", "yesterday" or "on Tuesday, Nov 24", in the shop's time zone. */
export function windowDay(at: Date, now: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  if (day.format(at) === day.format(now)) return "today";
  if (day.format(at) === day.format(new Date(now.getTime() - 24 * 60 * 60 * 1000))) return "yesterday";
  return `on ${new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", month: "short", day: "numeric" }).format(at)}`;
}

export function timeOfDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(at);
}

function stepsFor(reached: StepKey, final: boolean): Step[] {
  const index = STEP_ORDER.indexOf(reached);
  return STEP_ORDER.map((key, i) => ({
    key,
    label: STEP_LABELS[key],
    status: i < index || (i === index && final) ? "done" : i === index ? "current" : "upcoming",
  }));
}

/**
 * A delivery that left the ordinary path says so in its last step, never by starting over: the steps
 * it went through are done and its outcome takes the place of "Delivered" (a canceled one, whose
 * progress is not known, shows only the order and its cancelation).
 */
function stepsOfOutcome(outcome: "attempted" | "returned" | "canceled"): Step[] {
  const step = (key: StepKey, status: Step["status"]): Step => ({ key, label: STEP_LABELS[key], status });
  if (outcome === "canceled") return [step("ordered", "done"), step("canceled", "done")];
  const travelled = STEP_ORDER.slice(0, STEP_ORDER.indexOf("out_for_delivery") + 1).map((key) => step(key, "done"));
  return [...travelled, step(outcome, "current")];
}

/** The step the shopper is at, in the page's words: the current one, else the last done (a delivered order). */
export function currentStepLabel(steps: readonly Step[]): string {
  const current = steps.find((step) => step.status === "current") ?? steps.findLast((step) => step.status === "done");
  return (current ?? steps[0]!).label;
}

function etaFor(facts: TrackingPageFacts, now: Date): string | null {
  if (!facts.etaAt || facts.etaAt.getTime() < now.getTime()) return null;
  if (facts.state === "assigned")
    return `Driver expected at the store around ${timeOfDay(facts.etaAt, facts.timeZone)}`;
  if (facts.state !== "en_route") return null;
  const minutes = Math.max(1, Math.round((facts.etaAt.getTime() - now.getTime()) / 60_000));
  return minutes <= COUNTDOWN_WITHIN_MINUTES
    ? `Arriving in about ${minutes} min`
    : `Expected to arrive around ${timeOfDay(facts.etaAt, facts.timeZone)}`;
}

export function trackingPageView(facts: TrackingPageFacts, now: Date): TrackingPageView {
  const final = FINAL_STATES.has(facts.state);
  const outcome =
    facts.state === "failed"
      ? "canceled"
      : facts.state === "attempted" || facts.state === "returned" || facts.state === "canceled"
        ? facts.state
        : null;
  const reached = reachedStep(facts.state, facts.outForDelivery);
  const outForDelivery = facts.state === "en_route" && facts.outForDelivery;
  const driverFirstName = firstNameOf(facts.driverName);
  const vehicle = vehicleInWords(facts.vehicle);
  const showsDriver = facts.state === "assigned" || facts.state === "en_route" || facts.state === "attempted";
  const firstName = firstNameOf(facts.recipientName);
  const onMap = driverOnMap({
    outForDelivery,
    position: facts.driverPosition,
    previous: facts.driverPreviousPosition,
    destination: facts.destination,
    nearAddress: facts.nearAddress,
  });
  const map =
    !final && (facts.pickup || facts.destination)
      ? {
          pickup: facts.pickup,
          destination: facts.destination && areaOf(facts.destination),
          driver: onMap?.driver ?? null,
          heading: onMap?.heading ?? null,
          city: facts.recipientCity,
        }
      : null;
  return {
    storeName: facts.storeName,
    greeting: firstName ? `Hi ${firstName}, here is your delivery` : "Your delivery",
    headline: outForDelivery ? "Your order is out for delivery" : HEADLINES[facts.state],
    detail: outcome
      ? OUTCOME_DETAIL[outcome]
      : facts.state === "delivered" && facts.deliveredAt
        ? `Delivered ${windowDay(facts.deliveredAt, now, facts.timeZone)} at ${timeOfDay(facts.deliveredAt, facts.timeZone)}`
        : facts.recipientCity && !final
          ? `Delivering to ${facts.recipientCity}`
          : null,
    steps: outcome ? stepsOfOutcome(outcome) : stepsFor(reached, facts.state === "delivered"),
    outcome,
    window:
      facts.deliverStart && facts.deliverEnd && !final
        ? windowTitle(facts.deliverStart, facts.deliverEnd, now, facts.timeZone)
        : null,
    eta: etaFor(facts, now),
    driver: showsDriver && driverFirstName ? `${driverFirstName}${vehicle ? `, driving a ${vehicle}` : ""}` : null,
    map,
    photoUrl: facts.state === "delivered" ? facts.photoUrl : null,
    final,
    orderName: facts.orderName,
    changes: final
      ? null
      : facts.changes.open
        ? { open: true }
        : facts.changes.reason === "ended"
          ? null
          : { open: false, message: CHANGE_CLOSED_WORDS[facts.changes.reason] },
    mapTiles: facts.mapTiles,
    contact: storeContactOf(facts.storePhone, facts.storeEmail),
    brand: brandOf(facts.logoUrl, facts.accentColor),
    rating:
      facts.state !== "delivered"
        ? null
        : facts.shopperRated
          ? { open: false, message: RATING_SAVED }
          : { open: true, reasons: [...facts.ratingReasons] },
  };
}
