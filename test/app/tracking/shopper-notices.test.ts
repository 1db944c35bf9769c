import { describe, expect, it } from "vitest";
import {
  fulfillmentStatusOf,
  noticeRows,
  SHOPPER_STEPS,
  shopperStepOf,
  type ShopifyCall,
} from "~/tracking/shopper-notices";
import { isKnownEvent } from "~/tracking/state-machine";

const callsOf = (id: string): readonly ShopifyCall[] => SHOPPER_STEPS.find((s) => s.id === id)!.calls;

describe("each step's Shopify calls: mutation, notifyCustomer and event status", () => {
  it.each<[string, ShopifyCall[], string | null]>([
    ["booked", [], null],
    [
      "picked_up",
      [
        { mutation: "fulfillmentCreate", notifyCustomer: "merchant" },
        { mutation: "fulfillmentEventCreate", status: "CARRIER_PICKED_UP" },
      ],
      "shipping_confirmation",
    ],
    ["in_transit", [{ mutation: "fulfillmentEventCreate", status: "IN_TRANSIT" }], null],
    ["out_for_delivery", [{ mutation: "fulfillmentEventCreate", status: "OUT_FOR_DELIVERY" }], "out_for_delivery"],
    ["running_late", [{ mutation: "fulfillmentEventCreate", status: "DELAYED" }], null],
    ["attempted", [{ mutation: "fulfillmentEventCreate", status: "ATTEMPTED_DELIVERY" }], null],
    ["delivered", [{ mutation: "fulfillmentEventCreate", status: "DELIVERED" }], "delivered"],
    ["returned", [{ mutation: "fulfillmentEventCreate", status: "FAILURE" }], null],
    ["canceled", [{ mutation: "fulfillmentEventCreate", status: "FAILURE" }], null],
    [
      "new_tracking_number",
      [{ mutation: "fulfillmentTrackingInfoUpdate", notifyCustomer: "merchant" }],
      "shipping_update",
    ],
  ])("%s", (id, calls, notice) => {
    expect(callsOf(id)).toEqual(calls);
    expect(SHOPPER_STEPS.find((s) => s.id === id)!.shopifyNotice).toBe(notice);
  });

  it("lists every step once, and no other", () => {
    expect(SHOPPER_STEPS.map((s) => s.id)).toHaveLength(10);
    expect(new Set(SHOPPER_STEPS.map((s) => s.id)).size).toBe(SHOPPER_STEPS.length);
  });
});

describe("which step a courier event makes", () => {
  it.each([
    ["shipment.created", "booked", null],
    ["shipment.driver_assigned", "booked", null],
    ["shipment.at_pickup", "booked", null],
    ["shipment.pickup_confirmed", "picked_up", "CARRIER_PICKED_UP"],
    ["shipment.tracking_updated", "in_transit", "IN_TRANSIT"],
    ["shipment.en_route_to_delivery", "out_for_delivery", "OUT_FOR_DELIVERY"],
    ["shipment.driver_approaching_delivery", "out_for_delivery", "OUT_FOR_DELIVERY"],
    ["shipment.at_delivery", "out_for_delivery", "OUT_FOR_DELIVERY"],
    ["shipment.delivery_attempted", "attempted", "ATTEMPTED_DELIVERY"],
    ["shipment.delivery_confirmed", "delivered", "DELIVERED"],
    ["shipment.delivery_confirmed_with_details", "delivered", "DELIVERED"],
    ["shipment.delivery_details_added", "delivered", "DELIVERED"],
    ["shipment.returned", "returned", "FAILURE"],
    ["shipment.canceled", "canceled", "FAILURE"],
    ["shipment.reposted", "booked", null],
    ["grouping.pickup_grouping_identified", null, null],
    ["shipment.teleported", null, null],
  ])("%s → %s (%s)", (name, step, status) => {
    expect(shopperStepOf(name)?.id ?? null).toBe(step);
    expect(fulfillmentStatusOf(name)).toBe(status);
  });

  it("names only courier events the state machine knows, each in one step", () => {
    const named = SHOPPER_STEPS.flatMap((s) => s.courierEvents);
    expect(named.filter((name) => !isKnownEvent(name))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });
});

describe("Settings' table: what the shopper receives, from whom", () => {
  const row = (rows: ReturnType<typeof noticeRows>, words: string) => rows.find((r) => r.step.startsWith(words))!;

  it("with Shopify's notifications and the courier's SMS on", () => {
    const rows = noticeRows({ shopifyNotifies: true, courierSms: true });
    expect(rows).toHaveLength(SHOPPER_STEPS.length);
    expect(row(rows, "Booked").shopify).toBe("Nothing (no fulfillment before pickup)");
    expect(row(rows, "Driver picks up").shopify).toBe(
      "Shipping confirmation email, with the tracking link; order status page updated",
    );
    expect(row(rows, "Driver heads").shopify).toBe("Out for delivery email; order status page updated");
    expect(row(rows, "Delivered").shopify).toBe("Delivered email; order status page updated");
    expect(row(rows, "Courier's arrival time passes").shopify).toBe("Order status page updated (no email)");
    expect(row(rows, "Delivery attempted").shopify).toBe("Order status page updated (no email)");
    expect(rows.every((r) => r.courier === "Possibly an SMS (the courier does not say at which steps)")).toBe(true);
  });

  it("with both off", () => {
    const rows = noticeRows({ shopifyNotifies: false, courierSms: false });
    expect(row(rows, "Driver picks up").shopify).toBe("Order status page updated (no email)");
    expect(row(rows, "Delivered").shopify).toBe("Order status page updated (no email)");
    expect(rows.every((r) => r.courier === "Nothing")).toBe(true);
  });
});
