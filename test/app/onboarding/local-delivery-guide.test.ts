import { describe, expect, it } from "vitest";
import { localDeliveryGuide } from "~/onboarding/local-delivery-guide";

const base = {
  modeOn: true,
  pickupLocations: [
    { name: "Main Street Bakery", fulfillsOnlineOrders: true },
    { name: "Warehouse", fulfillsOnlineOrders: true },
  ],
  firstOrder: null,
  timeZone: "America/Los_Angeles",
};
const states = (guide: ReturnType<typeof localDeliveryGuide>) => guide!.steps.map((s) => `${s.id}:${s.state}`);

describe("Home's guided setup of Shopify Local Delivery", () => {
  it("is not shown while the shop can use calculated rates", () => {
    expect(localDeliveryGuide({ ...base, modeOn: false })).toBeNull();
  });

  it("before any order: locations read as ready, Local delivery to turn on in Shopify admin, a test order awaited", () => {
    const guide = localDeliveryGuide(base)!;
    expect(states(guide)).toEqual(["online_orders:done", "local_delivery:todo", "first_order:waiting"]);
    expect(guide.steps[0]!.summary).toBe("Main Street Bakery and Warehouse fulfil online orders (read from Shopify).");
    const local = guide.steps[1]!;
    expect(local.summary).toMatch(/Only you can do this in Shopify admin/);
    expect(local.summary).toMatch(/Main Street Bakery and Warehouse/);
    expect(local.action).toEqual({
      content: "Open Local delivery in Shopify",
      url: "shopify://admin/settings/shipping/local-delivery",
    });
  });

  it("tells a shop that dispatches by hand that local-delivery orders wait for staff", () => {
    expect(localDeliveryGuide({ ...base, dispatchManual: true })!.summary).toMatch(/Your dispatch mode is manual/);
    expect(localDeliveryGuide(base)!.summary).toMatch(/The app dispatches every local-delivery order/);
  });

  it("names the pickup locations that do not fulfil online orders, with the link to fix it", () => {
    const guide = localDeliveryGuide({
      ...base,
      pickupLocations: [
        { name: "Main Street Bakery", fulfillsOnlineOrders: true },
        { name: "Warehouse", fulfillsOnlineOrders: false },
      ],
    })!;
    expect(guide.steps[0]).toMatchObject({ state: "todo", action: { url: "shopify://admin/settings/locations" } });
    expect(guide.steps[0]!.summary).toMatch(/^Warehouse does not fulfil online orders/);
  });

  it("says when Shopify could not be asked about the locations", () => {
    const guide = localDeliveryGuide({
      ...base,
      pickupLocations: [{ name: "Main Street Bakery", fulfillsOnlineOrders: null }],
    })!;
    expect(guide.steps[0]).toMatchObject({ state: "waiting" });
  });

  it("asks for pickup locations first when none is chosen", () => {
    const guide = localDeliveryGuide({ ...base, pickupLocations: [] })!;
    expect(guide.steps[0]).toMatchObject({ title: "Choose pickup locations", state: "todo" });
    expect(guide.steps[1]!.summary).toMatch(/for each pickup location/);
  });

  it("shows the first local-delivery order, in the shop's time, as the proof", () => {
    const guide = localDeliveryGuide({
      ...base,
      firstOrder: { name: "#1042", at: new Date("2026-12-08T18:05:00Z") },
    })!;
    expect(states(guide)).toEqual(["online_orders:done", "local_delivery:done", "first_order:done"]);
    expect(guide.steps[2]!.summary).toBe(
      "Order #1042 came in with local delivery on Dec 8, 2026, 10:05 AM and was dispatched to a driver: the setup works.",
    );
  });
});
