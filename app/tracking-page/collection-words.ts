import { shopperText, type ShopperMessageKey, type ShopperText } from "~/text/shopper/shopper-text";
import {
  etaFor,
  HEADLINE_OF_STATE,
  trackingPageView,
  type PageLabels,
  type TrackingPageFacts,
  type TrackingPageView,
} from "./view-model";
import { windowDay } from "./shopper-days";
import { firstNameOf } from "./driver-words";

/**
 * The tracking page of a return's collection (a Shipment of kind "return_pickup"): the courier's
 * pickup is the shopper's address and its delivery the store, so every state is worded as a driver
 * collecting the return and bringing it to the store (the catalogue's `collection` words), never as a
 * delivery to the shopper. An exchange's outbound leg is a delivery and keeps the page's own words
 * (view-model.ts). The shopper cannot change a collection here (its notes and window are the store's),
 * and no delivery photo or rating is offered. Pure.
 */

export function collectionLabels(text: ShopperText): PageLabels {
  return {
    window: text.t("collection.facts.window"),
    arrival: text.t("collection.facts.arrival"),
    progress: text.t("collection.facts.progress"),
    area: text.t("collection.area"),
    areaKey: text.t("collection.areaKey"),
  };
}

function collectionDetail(view: TrackingPageView, facts: TrackingPageFacts, now: Date, text: ShopperText) {
  if (view.outcome) return text.t(`collection.outcome.${view.outcome}`);
  if (facts.state === "delivered")
    return facts.deliveredAt
      ? text.t("collection.receivedAt", {
          day: windowDay(facts.deliveredAt, now, facts.timeZone, text),
          time: text.time(facts.deliveredAt, facts.timeZone),
        })
      : null;
  if (facts.state === "pending" || facts.state === "scheduled" || facts.state === "expired")
    return text.t("collection.getReady");
  return null;
}

/**
 * The page for a return's collection. `facts` name the shopper as the one collected from (their
 * first name, city and area come from the courier's pickup location).
 */
export function collectionPageView(
  facts: TrackingPageFacts,
  now: Date,
  text: ShopperText = shopperText(),
): TrackingPageView {
  const view = trackingPageView(
    { ...facts, photoUrl: null, changes: { open: false, reason: "collection" } },
    now,
    text,
  );
  const firstName = firstNameOf(facts.recipientName);
  const onTheWay = facts.state === "en_route" && facts.outForDelivery;
  return {
    ...view,
    greeting: firstName ? text.t("collection.greeting", { name: firstName }) : text.t("collection.greetingAnonymous"),
    headline: text.t(`collection.headline.${onTheWay ? "outForDelivery" : HEADLINE_OF_STATE[facts.state]}`),
    detail: collectionDetail(view, facts, now, text),
    steps: view.steps.map((step) => ({
      ...step,
      label: text.t(`collection.steps.${step.key}` as ShopperMessageKey),
    })),
    eta: etaFor(facts, now, text, "collection"),
    photoUrl: null,
    // Changes are the store's; the store's contact shows instead of the change panel.
    changes: null,
    rating: null,
    labels: collectionLabels(text),
    items: view.items && { ...view.items, heading: text.t("page.items.collectionHeading") },
  };
}
