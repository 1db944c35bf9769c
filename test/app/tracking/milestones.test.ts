import { describe, expect, it } from "vitest";
import { milestoneUpdate } from "~/tracking/shipment-row";

/** The delivery's milestone times, set from the courier's events (Insights' on-time share and blame). */

const none = { driverAssignedAt: null, atPickupAt: null, pickedUpAt: null, deliveredAt: null };
const at = new Date("2026-11-28T10:00:00Z");
const earlier = new Date("2026-11-28T09:00:00Z");

describe("milestone times", () => {
  it.each([
    ["shipment.driver_assigned", { driverAssignedAt: at }],
    ["shipment.at_pickup", { atPickupAt: at }],
    ["shipment.pickup_confirmed", { pickedUpAt: at }],
    ["shipment.delivery_confirmed", { deliveredAt: at }],
    ["shipment.delivery_confirmed_with_details", { deliveredAt: at }],
    ["shipment.en_route_to_delivery", {}],
  ])("%s sets %j", (name, expected) => {
    expect(milestoneUpdate(none, { name, occurredAt: at })).toEqual(expected);
  });

  it("keeps the first assignment and delivery, and the last arrival at pickup before the pickup", () => {
    const seen = { ...none, driverAssignedAt: earlier, atPickupAt: earlier, deliveredAt: earlier };
    expect(milestoneUpdate(seen, { name: "shipment.driver_assigned", occurredAt: at })).toEqual({});
    expect(milestoneUpdate(seen, { name: "shipment.delivery_confirmed", occurredAt: at })).toEqual({});
    expect(milestoneUpdate(seen, { name: "shipment.at_pickup", occurredAt: at })).toEqual({ atPickupAt: at });
    const pickedUp = { ...seen, pickedUpAt: earlier };
    expect(milestoneUpdate(pickedUp, { name: "shipment.at_pickup", occurredAt: at })).toEqual({});
  });
});
