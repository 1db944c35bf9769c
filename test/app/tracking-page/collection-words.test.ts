import { describe, expect, it } from "vitest";
import type { ShipmentState } from "~/shipments/states";
import { collectionLabels, collectionPageView } from "~/tracking-page/collection-words";
import { shopperText } from "~/text/shopper/shopper-text";
import { currentStepLabel, trackingPageView, type TrackingPageFacts } from "~/tracking-page/view-model";

const NOW = new Date("2026-11-25T19:00:00Z");

/** A return collected from Maria in San Francisco (the courier's pickup), brought to Sunset Bakery. */
const facts = (overrides: Partial<TrackingPageFacts> = {}): TrackingPageFacts => ({
  storeName: "Sunset Bakery",
  timeZone: "America/Los_Angeles",
  state: "scheduled",
  outForDelivery: false,
  deliverStart: new Date("2026-11-25T20:00:00Z"),
  deliverEnd: new Date("2026-11-25T22:00:00Z"),
  etaAt: null,
  driverName: "Dana Whitfield",
  driverPhone: null,
  showDriver: true,
  vehicle: { color: "Blue", make: "Toyota", model: "Prius" },
  recipientName: "Maria Gonzalez",
  recipientCity: "San Francisco",
  pickup: { latitude: 37.7793, longitude: -122.4193 },
  destination: { latitude: 37.761234, longitude: -122.435678 },
  driverPosition: null,
  driverPreviousPosition: null,
  nearAddress: false,
  deliveredAt: null,
  photoUrl: "https://courier-app.test/api/files/s1/delivery?exp=1&sig=x",
  orderName: "#1001",
  changes: { open: true },
  storePhone: "+1 (718) 555-0100",
  storeEmail: null,
  logoUrl: null,
  accentColor: null,
  mapTiles: null,
  ratingReasons: ["On time"],
  shopperRating: null,
  items: [{ name: "Linen shirt – M", quantity: 1 }],
  shopperRated: false,
  ...overrides,
});

/** Words a collection's page must never use: it is not a delivery to the shopper. */
const DELIVERY_WORDS = /deliver|your order|out for/i;

describe("a return's collection reads as a collection in every state", () => {
  it.each<[ShipmentState, boolean, string, string, string | null]>([
    [
      "pending",
      false,
      "A driver will collect your return",
      "Collection booked",
      "Have your return packed and ready for the driver.",
    ],
    [
      "scheduled",
      false,
      "A driver will collect your return",
      "Collection booked",
      "Have your return packed and ready for the driver.",
    ],
    [
      "expired",
      false,
      "A driver will collect your return",
      "Collection booked",
      "Have your return packed and ready for the driver.",
    ],
    ["assigned", false, "A driver is on the way to collect your return", "Driver on the way to you", null],
    ["en_route", false, "Your return has been collected", "Collected", null],
    ["en_route", true, "Your return is on its way to the store", "On the way to the store", null],
    [
      "attempted",
      false,
      "The driver could not drop off your return at the store",
      "Drop-off at the store attempted",
      "The store will be in touch about your return.",
    ],
    [
      "delivered",
      false,
      "Your return has reached the store",
      "Received by the store",
      "Received by the store today at 10:45 AM",
    ],
    [
      "returned",
      false,
      "Your return is coming back to you",
      "Coming back to you",
      "The driver could not bring your return to the store, so it is coming back to you. The store will contact you.",
    ],
    [
      "canceled",
      false,
      "This collection was canceled",
      "Collection canceled",
      "The store will contact you about your return.",
    ],
    [
      "failed",
      false,
      "This collection was canceled",
      "Collection canceled",
      "The store will contact you about your return.",
    ],
  ])("%s (on the way to the store: %s)", (state, outForDelivery, headline, step, detail) => {
    const view = collectionPageView(
      facts({ state, outForDelivery, deliveredAt: state === "delivered" ? new Date("2026-11-25T18:45:00Z") : null }),
      NOW,
    );
    expect(view.headline).toBe(headline);
    expect(currentStepLabel(view.steps)).toBe(step);
    expect(view.detail).toBe(detail);
    expect(view.greeting).toBe("Hi Maria, here is your return collection");
    expect(view.labels).toEqual(collectionLabels(shopperText("en")));
    expect(view.items).toEqual({ heading: "In this return", lines: ["1 × Linen shirt – M"] });
    const words = [view.greeting, view.headline, view.detail ?? "", view.eta ?? "", ...view.steps.map((s) => s.label)];
    for (const text of words) expect(text).not.toMatch(DELIVERY_WORDS);
    // The shopper changes nothing here, sees no drop-off photo and is not asked to rate a delivery.
    expect(view).toMatchObject({ changes: null, photoUrl: null, rating: null });
  });

  it.each<[ShipmentState, Date, string | null]>([
    ["assigned", new Date("2026-11-25T19:40:00Z"), "Driver expected around 11:40 AM"],
    ["en_route", new Date("2026-11-25T19:12:00Z"), "At the store in about 12 min"],
    ["en_route", new Date("2026-11-25T21:30:00Z"), "Expected at the store around 1:30 PM"],
    ["en_route", new Date("2026-11-25T18:00:00Z"), null],
    ["scheduled", new Date("2026-11-25T19:40:00Z"), null],
  ])("the ETA while %s (%s) in collection words", (state, etaAt, eta) => {
    expect(collectionPageView(facts({ state, etaAt }), NOW).eta).toBe(eta);
  });

  it("keeps what is not words: the steps' progress, the window and the map of the store and the shopper's area", () => {
    const collection = collectionPageView(facts({ state: "assigned" }), NOW);
    const delivery = trackingPageView(facts({ state: "assigned" }), NOW);
    expect(collection.steps.map((s) => [s.key, s.status])).toEqual(delivery.steps.map((s) => [s.key, s.status]));
    expect(collection.window).toBe(delivery.window);
    expect(collection.map).toEqual(delivery.map);
    expect(collection.contact).toEqual(delivery.contact);
    expect(collectionPageView(facts({ recipientName: null }), NOW).greeting).toBe("Your return collection");
  });
});
