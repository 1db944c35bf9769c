import { shopperText } from "~/text/shopper/shopper-text";
import { describe, expect, it } from "vitest";
import type { ShipmentState } from "~/shipments/states";
import { trackingPageView, type TrackingPageFacts } from "~/tracking-page/view-model";
import { firstNameOf, vehicleInWords } from "~/tracking-page/driver-words";

const NOW = new Date("2026-11-25T19:00:00Z");

const facts = (overrides: Partial<TrackingPageFacts> = {}): TrackingPageFacts => ({
  storeName: "Sunset Bakery",
  timeZone: "America/Los_Angeles",
  state: "en_route",
  outForDelivery: false,
  deliverStart: new Date("2026-11-25T20:00:00Z"),
  deliverEnd: new Date("2026-11-25T22:00:00Z"),
  etaAt: new Date("2026-11-25T20:35:00Z"),
  driverName: "Dana Whitfield",
  driverPhone: "+1 415 555 0177",
  showDriver: true,
  vehicle: { category: "car", color: "Blue", make: "Toyota", model: "Prius" },
  recipientName: "Maria Gonzalez",
  recipientCity: "San Francisco",
  pickup: { latitude: 37.7793, longitude: -122.4193 },
  destination: { latitude: 37.761234, longitude: -122.435678 },
  driverPosition: { latitude: 37.7701, longitude: -122.4277 },
  photoUrl: "https://courier-app.test/api/files/s1/delivery?exp=1&sig=x",
  driverPreviousPosition: { latitude: 37.7745, longitude: -122.4235 },
  nearAddress: false,
  deliveredAt: null,
  orderName: "#1001",
  changes: { open: false, reason: "assigned" },
  storePhone: "+1 (718) 555-0100",
  storeEmail: null,
  logoUrl: null,
  accentColor: null,
  mapTiles: null,
  ratingReasons: ["On time", "Friendly driver"],
  shopperRating: null,
  items: [
    { name: "Sourdough loaf", quantity: 2 },
    { name: "Croissant – Almond", quantity: 1 },
  ],
  shopperRated: false,
  ...overrides,
});

const statuses = (state: ShipmentState, outForDelivery = false) =>
  trackingPageView(facts({ state, outForDelivery }), NOW).steps.map((s) => `${s.key}:${s.status}`);

describe("trackingPageView: the steps in the shopper's words", () => {
  it.each<[ShipmentState, boolean, string, string[]]>([
    [
      "scheduled",
      false,
      "Your order is being prepared",
      ["ordered:current", "to_store:upcoming", "picked_up:upcoming", "out_for_delivery:upcoming", "delivered:upcoming"],
    ],
    [
      "assigned",
      false,
      "A driver is on the way to the store",
      ["ordered:done", "to_store:current", "picked_up:upcoming", "out_for_delivery:upcoming", "delivered:upcoming"],
    ],
    [
      "en_route",
      false,
      "Your order has been picked up",
      ["ordered:done", "to_store:done", "picked_up:current", "out_for_delivery:upcoming", "delivered:upcoming"],
    ],
    [
      "en_route",
      true,
      "Your order is out for delivery",
      ["ordered:done", "to_store:done", "picked_up:done", "out_for_delivery:current", "delivered:upcoming"],
    ],
    [
      "delivered",
      true,
      "Delivered",
      ["ordered:done", "to_store:done", "picked_up:done", "out_for_delivery:done", "delivered:done"],
    ],
    [
      "attempted",
      true,
      "We tried to deliver your order",
      ["ordered:done", "to_store:done", "picked_up:done", "out_for_delivery:done", "attempted:current"],
    ],
    [
      "returned",
      true,
      "Your order is going back to the store",
      ["ordered:done", "to_store:done", "picked_up:done", "out_for_delivery:done", "returned:current"],
    ],
    ["canceled", false, "This delivery was canceled", ["ordered:done", "canceled:done"]],
    ["failed", false, "This delivery was canceled", ["ordered:done", "canceled:done"]],
  ])("%s (out for delivery: %s) reads %j", (state, out, headline, steps) => {
    expect(trackingPageView(facts({ state, outForDelivery: out }), NOW).headline).toBe(headline);
    expect(statuses(state, out)).toEqual(steps);
  });

  it.each<[ShipmentState, "attempted" | "returned" | "canceled", RegExp]>([
    ["attempted", "attempted", /could not complete the delivery/],
    ["returned", "returned", /returned to the store/],
    ["canceled", "canceled", /store will contact you/],
    ["failed", "canceled", /store will contact you/],
  ])("%s is shown as the %s outcome with what happens next", (state, outcome, detail) => {
    const view = trackingPageView(facts({ state }), NOW);
    expect(view.outcome).toBe(outcome);
    expect(view.detail).toMatch(detail);
  });
});

describe("trackingPageView: what is shown when", () => {
  it("greets the shopper by first name and names the city, never the last name", () => {
    const view = trackingPageView(facts(), NOW);
    expect(view.greeting).toBe("Hi Maria, here is your delivery");
    expect(view.detail).toBe("Delivering to San Francisco");
    expect(JSON.stringify(view)).not.toContain("Gonzalez");
  });

  it("shows the window, the ETA in the shop's time zone and the driver's first name and vehicle", () => {
    const view = trackingPageView(facts({ outForDelivery: true }), NOW);
    expect(view.window).toBe("Today, 12:00–2:00 PM");
    expect(view.eta).toBe("Expected to arrive around 12:35 PM");
    expect(view.driver).toBe("Dana, driving a Blue Toyota Prius");
    expect(JSON.stringify(view)).not.toContain("Whitfield");
  });

  it("shows the driver's first name, vehicle and phone only when the merchant shows the driver, never after delivery", () => {
    const call = { text: "+1 415 555 0177", href: "tel:+14155550177", label: "Call Dana" };
    expect(trackingPageView(facts({ state: "assigned" }), NOW)).toMatchObject({
      driver: "Dana, driving a Blue Toyota Prius",
      driverPhone: call,
    });
    expect(trackingPageView(facts(), NOW).driverPhone).toEqual(call);
    // Off (the default): neither the driver's name nor a way to reach them.
    expect(trackingPageView(facts({ showDriver: false }), NOW)).toMatchObject({ driver: null, driverPhone: null });
    // After the attempt or the delivery, no way to call the driver.
    expect(trackingPageView(facts({ state: "attempted" }), NOW).driverPhone).toBeNull();
    expect(trackingPageView(facts({ state: "delivered" }), NOW)).toMatchObject({ driver: null, driverPhone: null });
    expect(trackingPageView(facts({ driverPhone: "12" }), NOW).driverPhone).toBeNull();
    expect(trackingPageView(facts(), NOW, shopperText("de")).driverPhone?.label).toBe("Dana anrufen");
  });

  it("lists what is being delivered: names and quantities only, in the shopper's words", () => {
    expect(trackingPageView(facts(), NOW).items).toEqual({
      heading: "In this delivery",
      lines: ["2 × Sourdough loaf", "1 × Croissant – Almond"],
    });
    expect(trackingPageView(facts(), NOW, shopperText("de")).items?.heading).toBe("In dieser Lieferung");
    expect(trackingPageView(facts({ items: [] }), NOW).items).toBeNull();
  });

  it("says the delivery is running late once the courier's ETA passes the window's end", () => {
    const late = { etaAt: new Date("2026-11-25T22:20:00Z"), outForDelivery: true };
    expect(trackingPageView(facts(late), NOW)).toMatchObject({
      eta: "Running late: now expected around 2:20 PM",
      late: true,
    });
    expect(trackingPageView(facts(late), NOW, shopperText("fr")).eta).toBe(
      "En retard : arrivée désormais prévue vers 14:20",
    );
    expect(trackingPageView(facts(), NOW).late).toBe(false);
  });

  it("before pickup the ETA is the driver's arrival at the store; a past ETA is not shown", () => {
    expect(trackingPageView(facts({ state: "assigned" }), NOW).eta).toBe(
      "Driver expected at the store around 12:35 PM",
    );
    expect(trackingPageView(facts({ etaAt: new Date("2026-11-25T18:00:00Z") }), NOW).eta).toBeNull();
  });

  it("draws the driver only while out for delivery, about 100 m rounded, heading the way they moved; the area as its cell's centre", () => {
    const picked = trackingPageView(facts(), NOW).map!;
    expect(picked.driver).toBeNull();
    const out = trackingPageView(facts({ outForDelivery: true }), NOW).map!;
    expect(out.driver).toEqual({ latitude: 37.77, longitude: -122.428 });
    // From 37.7745,-122.4235 to 37.7701,-122.4277: south-west.
    expect(out.heading).toBeGreaterThan(180);
    expect(out.heading).toBeLessThan(270);
    // The centre of the address's 500 m cell (shopper-area.ts), not the address.
    expect(out.destination).toEqual({ latitude: 37.76051, longitude: -122.43336 });
    expect(out.city).toBe("San Francisco");
    expect(
      trackingPageView(facts({ outForDelivery: true, driverPreviousPosition: null }), NOW).map!.heading,
    ).toBeNull();
  });

  it.each<[string, Partial<TrackingPageFacts>]>([
    ["the courier says the driver is approaching or at the address", { nearAddress: true }],
    ["the driver is within 800 m of the address", { driverPosition: { latitude: 37.7635, longitude: -122.4395 } }],
    ["the state is attempted", { state: "attempted" }],
  ])("hides the driver once %s", (_why, overrides) => {
    const view = trackingPageView(facts({ outForDelivery: true, ...overrides }), NOW);
    expect(view.map?.driver ?? null).toBeNull();
    expect(JSON.stringify(view)).not.toContain("37.7635");
  });

  it("counts down to the courier's ETA within the hour, else names the time", () => {
    const in12 = new Date(NOW.getTime() + 12 * 60_000 + 10_000);
    expect(trackingPageView(facts({ outForDelivery: true, etaAt: in12 }), NOW).eta).toBe("Arriving in about 12 min");
    const in20s = new Date(NOW.getTime() + 20_000);
    expect(trackingPageView(facts({ outForDelivery: true, etaAt: in20s }), NOW).eta).toBe("Arriving in about 1 min");
  });

  it("offers the rating with the merchant's reasons once delivered, thanks once given, nothing before", () => {
    expect(trackingPageView(facts({ state: "delivered" }), NOW).rating).toEqual({
      open: true,
      reasons: ["On time", "Friendly driver"],
    });
    expect(trackingPageView(facts({ state: "delivered", shopperRated: true }), NOW).rating).toEqual({
      open: false,
      message: "Thank you. Your rating is saved.",
      stars: null,
      starsText: null,
    });
    expect(
      trackingPageView(facts({ state: "delivered", shopperRated: true, shopperRating: 5 }), NOW, shopperText("es"))
        .rating,
    ).toEqual({
      open: false,
      message: "Gracias. Tu valoración se ha guardado.",
      stars: 5,
      starsText: "Has dado 5 de 5 estrellas.",
    });
    for (const state of ["scheduled", "en_route", "returned", "canceled"] as const)
      expect(trackingPageView(facts({ state }), NOW).rating).toBeNull();
  });

  it("says when the order was delivered", () => {
    const at = new Date("2026-11-25T18:42:00Z");
    expect(trackingPageView(facts({ state: "delivered", deliveredAt: at }), NOW).detail).toBe(
      "Delivered today at 10:42 AM",
    );
    const before = new Date("2026-11-24T18:42:00Z");
    expect(trackingPageView(facts({ state: "delivered", deliveredAt: before }), NOW).detail).toBe(
      "Delivered yesterday at 10:42 AM",
    );
  });

  it("shows the photo once delivered, and no map, driver or window after the end", () => {
    const delivered = trackingPageView(facts({ state: "delivered", outForDelivery: true }), NOW);
    expect(delivered.photoUrl).toContain("/api/files/");
    expect(delivered).toMatchObject({ map: null, driver: null, window: null, eta: null, final: true });
    expect(trackingPageView(facts(), NOW).photoUrl).toBeNull();
  });

  it("without the shopper's details (redacted) the page still reads", () => {
    const view = trackingPageView(
      facts({ recipientName: null, recipientCity: null, destination: null, pickup: null, driverName: null }),
      NOW,
    );
    expect(view).toMatchObject({ greeting: "Your delivery", detail: null, map: null, driver: null });
  });
});

describe("trackingPageView: the change panel and the store's contact", () => {
  it.each<[Partial<TrackingPageFacts>, unknown]>([
    [{ state: "scheduled", changes: { open: true } }, { open: true }],
    [
      { state: "assigned", changes: { open: false, reason: "assigned" } },
      {
        open: false,
        message: "A driver has your order now, so the delivery time and the notes for the driver can no longer change.",
      },
    ],
    [
      { state: "pending", changes: { open: false, reason: "not_booked" } },
      { open: false, message: "The delivery is still being booked. You can change it here in a moment." },
    ],
    [{ state: "expired", changes: { open: false, reason: "ended" } }, null],
    [{ state: "delivered", changes: { open: false, reason: "ended" } }, null],
  ])("%j shows %j", (overrides, changes) => {
    expect(trackingPageView(facts(overrides), NOW).changes).toEqual(changes);
  });

  it("names the order and shows the store's phone and email, each as text and a link", () => {
    const view = trackingPageView(facts({ storeEmail: "hello@bakery.example" }), NOW);
    expect(view.orderName).toBe("#1001");
    const phone = { text: facts().storePhone, href: "tel:+17185550100" };
    const email = { text: "hello@bakery.example", href: "mailto:hello@bakery.example" };
    expect(view.contact).toEqual({ phone, email });
    expect(trackingPageView(facts({ storeEmail: null }), NOW).contact).toEqual({ phone, email: null });
    expect(trackingPageView(facts({ storePhone: "12", storeEmail: null }), NOW).contact).toBeNull();
    expect(trackingPageView(facts({ storePhone: null, storeEmail: null }), NOW).contact).toBeNull();
    expect(trackingPageView(facts({ storePhone: null, storeEmail: "hello@bakery.example" }), NOW).contact).toEqual({
      phone: null,
      email,
    });
  });

  it.each([
    [null, "#1e40af", "#ffffff"],
    ["#FDE68A", "#fde68a", "#0f172a"],
    ["#0F766E", "#0f766e", "#ffffff"],
    ["#ffffff", "#ffffff", "#0f172a"],
    ["red", "#1e40af", "#ffffff"],
  ])("the accent %j is drawn as %s with %s text on it", (accentColor, accent, onAccent) => {
    expect(trackingPageView(facts({ accentColor, logoUrl: "https://cdn.shopify.com/logo.png" }), NOW).brand).toEqual({
      logoUrl: "https://cdn.shopify.com/logo.png",
      accent,
      onAccent,
    });
  });
});

describe("small helpers", () => {
  it.each([
    ["Maria Gonzalez", "Maria"],
    ["  Dana  ", "Dana"],
    ["", null],
    [null, null],
  ])("firstNameOf(%j) = %j", (name, first) => expect(firstNameOf(name)).toBe(first));

  it.each([
    [{ color: "Red", make: "Honda", model: "Civic" }, "Red Honda Civic"],
    [{ make: "Ford" }, "Ford"],
    [{ category: "car" }, null],
    [null, null],
  ])("vehicleInWords(%j) = %j", (vehicle, words) => expect(vehicleInWords(vehicle)).toBe(words));
});
