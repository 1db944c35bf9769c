import { describe, expect, it } from "vitest";
import { deliveriesOf, shopperDeliveryCards, type ShopperDelivery } from "../../extensions/shared/shopper-delivery";
import { blockWords } from "./fixtures";

const COLLECTION_CARD_HEADING = "Return collection";
const TRACK_COLLECTION_LABEL = "Track your return collection";
const TRACK_LINK_LABEL = "Track your delivery";

const delivery: ShopperDelivery = {
  id: "cm0delivery1",
  changes: null,
  status: "Your order is out for delivery",
  step: "Out for delivery",
  phase: "active",
  window: "Today, 2:00–4:00 PM",
  eta: "Arriving in about 12 min",
  trackingUrl: "https://courier-app.example/t/abc",
};
const collection: ShopperDelivery = {
  id: "cm0collection1",
  changes: null,
  status: "A driver is on the way to collect your return",
  step: "Driver on the way to you",
  phase: "active",
  window: "Today, 5:00–7:00 PM",
  eta: "Driver expected around 5:40 PM",
  trackingUrl: "https://courier-app.example/t/def",
  collection: true,
};

describe("the order status block's card for a return's collection", () => {
  it.each<[string, ShopperDelivery[], { heading: string; labels: string[]; link: string | null }[]]>([
    [
      "a collection alone",
      [collection],
      [{ heading: COLLECTION_CARD_HEADING, labels: ["Collection window", "Expected"], link: TRACK_COLLECTION_LABEL }],
    ],
    [
      "an exchange: the new items' delivery stays a delivery",
      [delivery, collection],
      [
        { heading: "Same-day delivery 1 of 2", labels: ["Delivery window", "Arrival"], link: TRACK_LINK_LABEL },
        { heading: COLLECTION_CARD_HEADING, labels: ["Collection window", "Expected"], link: TRACK_COLLECTION_LABEL },
      ],
    ],
    [
      "a collection without a window, ETA or page",
      [{ ...collection, window: null, eta: null, trackingUrl: null }],
      [{ heading: COLLECTION_CARD_HEADING, labels: [], link: null }],
    ],
  ])("%s", (_name, deliveries, expected) => {
    const cards = shopperDeliveryCards(deliveries, blockWords());
    expect(
      cards.map((card) => ({
        heading: card.heading,
        labels: card.details.map((d) => d.label),
        link: card.link?.label ?? null,
      })),
    ).toEqual(expected);
    // In the shopper's language from the block's locale file; the app's words (status, step) as it sent them.
    const [french] = shopperDeliveryCards(deliveries, blockWords("fr"));
    expect(french!.heading).not.toBe(expected[0]!.heading);
    // The words are the app's, unchanged: the status and the badge are the tracking page's.
    expect(cards.map((card) => card.status)).toEqual(deliveries.map((d) => d.status));
    expect(cards.map((card) => card.badge.label)).toEqual(deliveries.map((d) => d.step));
  });

  it("reads the flag from the app's answer: true, or absent for a delivery; anything else is left out", () => {
    const { collection: _absent, ...plain } = collection;
    expect(deliveriesOf({ deliveries: [collection, plain, { ...collection, collection: "yes" }] })).toEqual([
      collection,
      plain,
    ]);
  });
});
