import { describe, expect, it } from "vitest";
import { milestoneUpdate } from "~/tracking/shipment-row";

/** The delivery's milestone times, set from the courier's events (Insights' on-time share and blame). */

const at = new Date("2026-11-28T10:00:00Z");
const earlier = new Date("2026-11-28T09:00:00Z");
const none = {
  createdAt: new Date("2026-11-28T08:00:00Z"),
  pickupAfter: new Date("2026-11-28T08:30:00Z"),
  deliverStart: new Date("2026-11-28T09:00:00Z"),
  deliverEnd: new Date("2026-11-28T11:00:00Z"),
  driverAssignedAt: null,
  atPickupAt: null,
  pickedUpAt: null,
  deliveredAt: null,
};

describe("milestone times", () => {
  it("a late delivery's verdict names where the time went", () => {
    const late = new Date("2026-11-28T11:30:00Z");
    const assignedLate = { ...none, driverAssignedAt: new Date("2026-11-28T09:30:00Z") };
    expect(milestoneUpdate(assignedLate, { name: "shipment.delivery_confirmed", occurredAt: late })).toMatchObject({
      deliveryVerdict: "late:no_driver",
      paidToDeliveredMinutes: 210,
    });
    const waited = {
      ...none,
      atPickupAt: new Date("2026-11-28T08:40:00Z"),
      pickedUpAt: new Date("2026-11-28T09:20:00Z"),
    };
    expect(milestoneUpdate(waited, { name: "shipment.delivery_confirmed", occurredAt: late })).toMatchObject({
      deliveryVerdict: "late:store_not_ready",
    });
    expect(milestoneUpdate(none, { name: "shipment.delivery_confirmed", occurredAt: late })).toMatchObject({
      deliveryVerdict: "late:driver_after_pickup",
    });
    const noWindow = { ...none, deliverStart: null, deliverEnd: null };
    expect(milestoneUpdate(noWindow, { name: "shipment.delivery_confirmed", occurredAt: late })).toMatchObject({
      deliveryVerdict: null,
    });
  });

  it.each([
    ["shipment.driver_assigned", { driverAssignedAt: at }],
    ["shipment.at_pickup", { atPickupAt: at }],
    ["shipment.pickup_confirmed", { pickedUpAt: at }],
    ["shipment.delivery_confirmed", { deliveredAt: at, deliveryVerdict: "on_time", paidToDeliveredMinutes: 120 }],
    [
      "shipment.delivery_confirmed_with_details",
      { deliveredAt: at, deliveryVerdict: "on_time", paidToDeliveredMinutes: 120 },
    ],
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
