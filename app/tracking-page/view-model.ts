import { FINAL_STATES, type ShipmentState } from "~/shipments/states";
import { brandOf, phoneWayOf, storeContactOf, type BrandView, type ContactWay, type StoreContact } from "./brand";
import { driverOnMap } from "./driver-on-map";
import { shopperAreaOf } from "./shopper-area";
import type { MapTileSource } from "~/config/map-tile-source";
import { CLOSED_REASON_WORDS, type ChangeWindowState } from "./shopper-changes";
import { shopperWindow, windowDay } from "./shopper-days";
import { firstNameOf, vehicleInWords } from "./driver-words";
import { shopperText, type ShopperMessageKey, type ShopperText } from "~/text/shopper/shopper-text";
import type { ShopperLanguage } from "~/text/shopper/languages";

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
  /** The driver's phone as the courier gave it; shown only with `showDriver`, while a driver has the delivery. */
  driverPhone: string | null;
  /** The merchant shows the driver's first name, vehicle and phone (settings `tracking.showDriver`, off by default). */
  showDriver: boolean;
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
  /** The stars the shopper gave, shown back once rated; null when not known. */
  shopperRating: number | null;
  /** What is being delivered: the order's items as booked, names and quantities only. */
  items: readonly { name: string; quantity: number }[];
};

/** After delivery: the one-tap rating, or thanks once given. */
export type RatingView =
  { open: true; reasons: string[] } | { open: false; message: string; stars: number | null; starsText: string | null };

/** The change panel: open, or closed with why (none once the delivery has ended). */
export type ChangesView = { open: true } | { open: false; message: string };

export type StepKey =
  "ordered" | "to_store" | "picked_up" | "out_for_delivery" | "delivered" | "attempted" | "returned" | "canceled";
export type Step = { key: StepKey; label: string; status: "done" | "current" | "upcoming" };
export type MapView = {
  pickup: Point | null;
  /** The centre of the shopper's area (shopper-area.ts), never the address. */
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
  /** The courier's ETA is past the end of the window (the arrival says so, the page marks it). */
  late: boolean;
  driver: string | null;
  /** The driver's phone, when the merchant shows the driver, while a driver has the delivery (never after). */
  driverPhone: (ContactWay & { label: string }) | null;
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
  /** What is being delivered (names and quantities only), with its heading. */
  items: { heading: string; lines: string[] } | null;
  /** The shopper's language: every word above is in it, and the page's own words (render.server.tsx). */
  language: ShopperLanguage;
};

export type PageLabels = {
  window: string;
  arrival: string;
  progress: string;
  /** The shopper's area on the map, in a sentence and as its key (when the city is not known). */
  area: string;
  areaKey: string;
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

/** The headline of each state, as a key under `page.headline` (or `collection.headline`). */
export type HeadlineKey =
  "preparing" | "assigned" | "pickedUp" | "outForDelivery" | "attempted" | "delivered" | "returned" | "canceled";
export const HEADLINE_OF_STATE: Record<ShipmentState, HeadlineKey> = {
  pending: "preparing",
  scheduled: "preparing",
  expired: "preparing",
  failed: "canceled",
  assigned: "assigned",
  en_route: "pickedUp",
  attempted: "attempted",
  delivered: "delivered",
  returned: "returned",
  canceled: "canceled",
};

/** Within this long, the ETA is a countdown ("Arriving in about 12 min"); later, a time of day. */
export const COUNTDOWN_WITHIN_MINUTES = 60;

function stepLabel(text: ShopperText, key: StepKey): string {
  return text.t(`page.steps.${key}` as ShopperMessageKey);
}

function stepsFor(reached: StepKey, final: boolean, text: ShopperText): Step[] {
  const index = STEP_ORDER.indexOf(reached);
  return STEP_ORDER.map((key, i) => ({
    key,
    label: stepLabel(text, key),
    status: i < index || (i === index && final) ? "done" : i === index ? "current" : "upcoming",
  }));
}

/**
 * A delivery that left the ordinary path says so in its last step, never by starting over: the steps
 * it went through are done and its outcome takes the place of "Delivered" (a canceled one, whose
 * progress is not known, shows only the order and its cancelation).
 */
function stepsOfOutcome(outcome: "attempted" | "returned" | "canceled", text: ShopperText): Step[] {
  const step = (key: StepKey, status: Step["status"]): Step => ({ key, label: stepLabel(text, key), status });
  if (outcome === "canceled") return [step("ordered", "done"), step("canceled", "done")];
  const travelled = STEP_ORDER.slice(0, STEP_ORDER.indexOf("out_for_delivery") + 1).map((key) => step(key, "done"));
  return [...travelled, step(outcome, "current")];
}

/** The step the shopper is at, in the page's words: the current one, else the last done (a delivered order). */
export function currentStepLabel(steps: readonly Step[]): string {
  const current = steps.find((step) => step.status === "current") ?? steps.findLast((step) => step.status === "done");
  return (current ?? steps[0]!).label;
}

/**
 * The arrival in words, under `page.eta` or `collection.eta`: a countdown within the hour, else a time
 * of day; "running late" once the courier's ETA is past the window's end.
 */
export function etaFor(
  facts: TrackingPageFacts,
  now: Date,
  text: ShopperText,
  words: "page" | "collection" = "page",
): string | null {
  if (!facts.etaAt || facts.etaAt.getTime() < now.getTime()) return null;
  const at = text.time(facts.etaAt, facts.timeZone);
  if (facts.state === "assigned") return text.t(`${words}.eta.toStore`, { time: at });
  if (facts.state !== "en_route") return null;
  if (facts.deliverEnd && facts.etaAt.getTime() > facts.deliverEnd.getTime())
    return text.t(`${words}.eta.late`, { time: at });
  const minutes = Math.max(1, Math.round((facts.etaAt.getTime() - now.getTime()) / 60_000));
  return minutes <= COUNTDOWN_WITHIN_MINUTES
    ? text.t(`${words}.eta.countdown`, { minutes })
    : text.t(`${words}.eta.around`, { time: at });
}

/** Whether the courier's ETA is past the end of the window the shopper chose (the page says "running late"). */
export function isRunningLate(facts: Pick<TrackingPageFacts, "state" | "etaAt" | "deliverEnd">, now: Date): boolean {
  return (
    facts.state === "en_route" &&
    facts.etaAt !== null &&
    facts.deliverEnd !== null &&
    facts.etaAt.getTime() >= now.getTime() &&
    facts.etaAt.getTime() > facts.deliverEnd.getTime()
  );
}

/** The driver's phone with its "Call Ava" label, while a driver has the delivery and the merchant shows the driver. */
function driverPhoneOf(facts: TrackingPageFacts, firstName: string | null, text: ShopperText) {
  if (!facts.showDriver || !firstName || (facts.state !== "assigned" && facts.state !== "en_route")) return null;
  const phone = phoneWayOf(facts.driverPhone);
  return phone ? { ...phone, label: text.t("page.contact.callDriver", { name: firstName }) } : null;
}

export function trackingPageView(
  facts: TrackingPageFacts,
  now: Date,
  text: ShopperText = shopperText(),
): TrackingPageView {
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
  const showsDriver =
    facts.showDriver && (facts.state === "assigned" || facts.state === "en_route" || facts.state === "attempted");
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
          destination: facts.destination && shopperAreaOf(facts.destination),
          driver: onMap?.driver ?? null,
          heading: onMap?.heading ?? null,
          city: facts.recipientCity,
        }
      : null;
  return {
    storeName: facts.storeName,
    greeting: firstName ? text.t("page.greeting", { name: firstName }) : text.t("page.greetingAnonymous"),
    headline: text.t(`page.headline.${outForDelivery ? "outForDelivery" : HEADLINE_OF_STATE[facts.state]}`),
    detail: outcome
      ? text.t(`page.outcome.${outcome}`)
      : facts.state === "delivered" && facts.deliveredAt
        ? text.t("page.deliveredAt", {
            day: windowDay(facts.deliveredAt, now, facts.timeZone, text),
            time: text.time(facts.deliveredAt, facts.timeZone),
          })
        : facts.recipientCity && !final
          ? text.t("page.deliveringTo", { city: facts.recipientCity })
          : null,
    steps: outcome ? stepsOfOutcome(outcome, text) : stepsFor(reached, facts.state === "delivered", text),
    outcome,
    window:
      facts.deliverStart && facts.deliverEnd && !final
        ? shopperWindow(facts.deliverStart, facts.deliverEnd, now, facts.timeZone, text)
        : null,
    eta: etaFor(facts, now, text),
    late: isRunningLate(facts, now),
    driver:
      showsDriver && driverFirstName
        ? vehicle
          ? text.t("page.driverWithVehicle", { name: driverFirstName, vehicle })
          : driverFirstName
        : null,
    driverPhone: driverPhoneOf(facts, driverFirstName, text),
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
          : { open: false, message: text.t(CLOSED_REASON_WORDS[facts.changes.reason]) },
    mapTiles: facts.mapTiles,
    contact: storeContactOf(facts.storePhone, facts.storeEmail),
    language: text.language,
    items: facts.items.length
      ? {
          heading: text.t("page.items.heading"),
          lines: facts.items.map((item) => text.t("page.items.line", { quantity: item.quantity, name: item.name })),
        }
      : null,
    brand: brandOf(facts.logoUrl, facts.accentColor),
    rating:
      facts.state !== "delivered"
        ? null
        : facts.shopperRated
          ? {
              open: false,
              message: text.t("page.rating.saved"),
              stars: facts.shopperRating,
              starsText: facts.shopperRating ? text.t("page.rating.given", { value: facts.shopperRating }) : null,
            }
          : { open: true, reasons: [...facts.ratingReasons] },
  };
}
