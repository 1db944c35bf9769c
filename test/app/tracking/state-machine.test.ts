import { describe, expect, it } from "vitest";
import {
  applyTrackingEvent,
  byOccurrence,
  movesForward,
  type ShipmentFacts,
  type TrackingEvent,
} from "~/tracking/state-machine";
import type { ShipmentState } from "~/shipments/states";

const t0 = new Date("2026-11-22T15:00:00Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

function facts(state: ShipmentState, extra: Partial<ShipmentFacts> = {}): ShipmentFacts {
  const pickedUp = ["en_route", "attempted", "delivered", "returned"].includes(state);
  return {
    state,
    hasFulfillment: pickedUp,
    stateChangedAt: state === "pending" ? null : at(0),
    lastTrackingEventAt: null,
    deliveredEventSent: state === "delivered",
    deliverEnd: null,
    delayedEventSent: false,
    needsAttention: state === "canceled" || state === "returned",
    ...extra,
  };
}

const ev = (name: string, minutes: number, extra: Partial<TrackingEvent> = {}): TrackingEvent => ({
  name: `shipment.${name}`,
  occurredAt: at(minutes),
  ...extra,
});

const kinds = (t: ReturnType<typeof applyTrackingEvent>) =>
  t.actions.map((a) => (a.kind === "fulfillment_event" ? a.status : a.kind));

describe("state transitions and Shopify actions", () => {
  it.each<[string, ShipmentFacts, TrackingEvent, ShipmentState, string[]]>([
    ["created records only", facts("pending"), ev("created", 1), "scheduled", []],
    ["driver assigned: app data only", facts("scheduled"), ev("driver_assigned", 1), "assigned", []],
    ["en route to pickup", facts("scheduled"), ev("en_route_to_pickup", 1), "assigned", []],
    ["approaching pickup", facts("assigned"), ev("driver_approaching_pickup", 1), "assigned", []],
    ["at pickup", facts("assigned"), ev("at_pickup", 1), "assigned", []],
    [
      "pickup confirmed: fulfillment then CARRIER_PICKED_UP",
      facts("assigned"),
      ev("pickup_confirmed", 1),
      "en_route",
      ["create_fulfillment", "CARRIER_PICKED_UP"],
    ],
    [
      "pickup confirmed with driver events lost",
      facts("scheduled"),
      ev("pickup_confirmed", 1),
      "en_route",
      ["create_fulfillment", "CARRIER_PICKED_UP"],
    ],
    ["en route to delivery", facts("en_route"), ev("en_route_to_delivery", 1), "en_route", ["OUT_FOR_DELIVERY"]],
    ["approaching delivery", facts("en_route"), ev("driver_approaching_delivery", 1), "en_route", ["OUT_FOR_DELIVERY"]],
    ["at delivery", facts("en_route"), ev("at_delivery", 1), "en_route", ["OUT_FOR_DELIVERY"]],
    [
      "at delivery with pickup_confirmed lost: fulfillment made first",
      facts("assigned"),
      ev("at_delivery", 1),
      "en_route",
      ["create_fulfillment", "OUT_FOR_DELIVERY"],
    ],
    [
      "tracking updated",
      facts("en_route"),
      ev("tracking_updated", 1, { latitude: 40.7, longitude: -74 }),
      "en_route",
      ["IN_TRANSIT"],
    ],
    ["delivery confirmed", facts("en_route"), ev("delivery_confirmed", 1), "delivered", ["DELIVERED"]],
    [
      "delivery confirmed with details",
      facts("en_route"),
      ev("delivery_confirmed_with_details", 1),
      "delivered",
      ["DELIVERED"],
    ],
    ["delivery details added alone", facts("en_route"), ev("delivery_details_added", 1), "delivered", ["DELIVERED"]],
    [
      "details after delivery: no second DELIVERED",
      facts("delivered"),
      ev("delivery_details_added", 1, { photoUrls: ["u"] }),
      "delivered",
      [],
    ],
    [
      "delivery attempted",
      facts("en_route"),
      ev("delivery_attempted", 1, { returnCode: "recipient_unavailable" }),
      "attempted",
      ["ATTEMPTED_DELIVERY"],
    ],
    ["delivered after an attempt", facts("attempted"), ev("delivery_confirmed", 1), "delivered", ["DELIVERED"]],
    [
      "returned: FAILURE and staff attention",
      facts("attempted"),
      ev("returned", 1),
      "returned",
      ["FAILURE", "tag_for_attention"],
    ],
    [
      "canceled before pickup: attention, no fulfillment",
      facts("scheduled"),
      ev("canceled", 1, { cancellationCode: "delivery_deadline_passed" }),
      "canceled",
      ["tag_for_attention"],
    ],
    [
      "reposted after expiry",
      facts("canceled"),
      ev("reposted", 1, { newCourierShipmentId: "778" }),
      "scheduled",
      ["clear_attention"],
    ],
    [
      "reposted after expiry with a fulfillment: its tracking follows the new number",
      facts("canceled", { hasFulfillment: true }),
      ev("reposted", 1, { newCourierShipmentId: "778", trackingNumber: "TRK-778" }),
      "scheduled",
      ["update_tracking", "clear_attention"],
    ],
    [
      "reposted while still scheduled, nothing flagged",
      facts("scheduled", { needsAttention: false }),
      ev("reposted", 1, { newCourierShipmentId: "778", trackingNumber: "TRK-778" }),
      "scheduled",
      [],
    ],
    [
      "reposted after delivery changes nothing",
      facts("delivered"),
      ev("reposted", 1, { trackingNumber: "T" }),
      "delivered",
      [],
    ],
    [
      "canceled after pickup: FAILURE on the fulfillment and attention",
      facts("en_route"),
      ev("canceled", 1, { cancellationCode: "other" }),
      "canceled",
      ["FAILURE", "tag_for_attention"],
    ],
    [
      "a late cancellation before pickup makes no fulfillment",
      facts("assigned", { stateChangedAt: at(9) }),
      ev("canceled", 1),
      "assigned",
      [],
    ],
    [
      "running late after pickup: DELAYED once the ETA passes the window's end",
      facts("en_route", { deliverEnd: at(30) }),
      ev("tracking_updated", 1, { eta: at(31) }),
      "en_route",
      ["IN_TRANSIT", "DELAYED"],
    ],
    [
      "out for delivery already late: both",
      facts("en_route", { deliverEnd: at(30) }),
      ev("en_route_to_delivery", 1, { eta: at(45) }),
      "en_route",
      ["OUT_FOR_DELIVERY", "DELAYED"],
    ],
    [
      "an ETA at the window's end is on time",
      facts("en_route", { deliverEnd: at(30) }),
      ev("at_delivery", 1, { eta: at(30) }),
      "en_route",
      ["OUT_FOR_DELIVERY"],
    ],
    [
      "DELAYED only once",
      facts("en_route", { deliverEnd: at(30), delayedEventSent: true }),
      ev("at_delivery", 1, { eta: at(50) }),
      "en_route",
      ["OUT_FOR_DELIVERY"],
    ],
    [
      "before pickup the ETA is the pickup's: no DELAYED",
      facts("assigned", { deliverEnd: at(30) }),
      ev("at_pickup", 1, { eta: at(40) }),
      "assigned",
      [],
    ],
    [
      "no window known: no DELAYED",
      facts("en_route"),
      ev("at_delivery", 1, { eta: at(400) }),
      "en_route",
      ["OUT_FOR_DELIVERY"],
    ],
    ["unknown event changes nothing", facts("assigned"), ev("teleported", 1), "assigned", []],
    ["canceled after delivery changes nothing", facts("delivered"), ev("canceled", 1), "delivered", []],
    ["pickup event after delivery changes nothing", facts("delivered"), ev("at_pickup", 1), "delivered", []],
    ["driver unassigned while assigned", facts("assigned"), ev("driver_unassigned", 1), "scheduled", []],
    ["driver unassigned after pickup changes nothing", facts("en_route"), ev("driver_unassigned", 1), "en_route", []],
  ])("%s", (_name, before, event, expectedState, expectedActions) => {
    const t = applyTrackingEvent(before, event);
    expect(t.state).toBe(expectedState);
    expect(kinds(t)).toEqual(expectedActions);
  });
});

describe("details carried by events", () => {
  it("keeps driver and vehicle at assignment and clears them when the driver leaves", () => {
    const driver = {
      name: "Sam",
      phone: "5551234567",
      vehicle: { category: "car", color: "blue", make: "Honda", model: "Fit" },
    };
    const assigned = applyTrackingEvent(facts("scheduled"), ev("driver_assigned", 1, { driver }));
    expect(assigned.changes).toMatchObject({ driverName: "Sam", driverPhone: "5551234567", vehicle: driver.vehicle });
    const left = applyTrackingEvent(facts("assigned"), ev("driver_unassigned", 2));
    expect(left.changes).toMatchObject({ driverName: null, driverPhone: null, vehicle: null });
  });

  it("sends position and ETA with OUT_FOR_DELIVERY", () => {
    const eta = at(30);
    const t = applyTrackingEvent(facts("en_route"), ev("at_delivery", 5, { latitude: 40.71, longitude: -74.0, eta }));
    expect(t.actions).toEqual([
      {
        kind: "fulfillment_event",
        status: "OUT_FOR_DELIVERY",
        happenedAt: at(5),
        latitude: 40.71,
        longitude: -74.0,
        estimatedDeliveryAt: eta,
      },
    ]);
    expect(t.changes).toMatchObject({ latitude: 40.71, longitude: -74.0, eta });
  });

  it("puts the return code in words", () => {
    const t = applyTrackingEvent(
      facts("en_route"),
      ev("delivery_attempted", 5, { returnCode: "dest_address_not_found", returnNotes: "gate locked" }),
    );
    expect(t.actions[0]).toMatchObject({
      message: "Delivery attempted: the delivery address could not be found (gate locked)",
    });
  });

  it("explains a cancellation to staff and offers re-dispatch", () => {
    const t = applyTrackingEvent(
      facts("scheduled"),
      ev("canceled", 5, { cancellationCode: "delivery_deadline_passed" }),
    );
    expect(t.changes.needsAttention?.reason).toMatch(/no driver accepted before the delivery deadline.*Dispatch again/);
  });

  it("keeps signatory and photos, and the DELIVERED message names the signatory", () => {
    const t = applyTrackingEvent(
      facts("en_route"),
      ev("delivery_confirmed", 5, { signatoryName: "J. Smith", photoUrls: ["https://c/1"] }),
    );
    expect(t.changes).toMatchObject({
      signatoryName: "J. Smith",
      photoUrls: ["https://c/1"],
      deliveredEventSent: true,
    });
    expect(t.actions[0]).toMatchObject({ status: "DELIVERED", message: "Signed by J. Smith" });
  });

  it("a repost's tracking number replaces the old one and its attention ends; a late repost changes neither", () => {
    const repost = ev("reposted", 5, { newCourierShipmentId: "991", trackingNumber: "TRK-991" });
    expect(applyTrackingEvent(facts("canceled"), repost).changes).toMatchObject({
      replacedByCourierId: "991",
      trackingNumber: "TRK-991",
      clearAttention: true,
    });
    const late = applyTrackingEvent(facts("canceled", { stateChangedAt: at(9) }), repost);
    expect(late.changes).not.toHaveProperty("trackingNumber");
    expect(late.changes).not.toHaveProperty("clearAttention");
  });

  it.each([
    ["delivery_deadline_passed", "expired"],
    ["driver_canceled", "canceled"],
    [undefined, "canceled"],
  ])("a cancellation coded %s needs attention with the code %s", (cancellationCode, code) => {
    const t = applyTrackingEvent(facts("scheduled"), ev("canceled", 5, { cancellationCode }));
    expect(t.changes.needsAttention?.code).toBe(code);
  });

  it("records a repost's new shipment id and a grouping", () => {
    expect(
      applyTrackingEvent(facts("canceled"), ev("reposted", 5, { newCourierShipmentId: "991" })).changes
        .replacedByCourierId,
    ).toBe("991");
    const grouped = applyTrackingEvent(facts("assigned"), {
      name: "grouping.pickup_grouping_identified",
      occurredAt: at(5),
      groupId: "G-7",
    });
    expect(grouped).toMatchObject({ state: "assigned", stateChanged: false, changes: { groupId: "G-7" } });
  });
});

describe("never backwards", () => {
  it("a late event is stored without changing the state, but may add its fulfillment event", () => {
    const delivered = facts("delivered", { stateChangedAt: at(30) });
    const lateOut = applyTrackingEvent(delivered, ev("at_delivery", 20));
    expect(lateOut).toMatchObject({ state: "delivered", stateChanged: false, late: true });
    expect(kinds(lateOut)).toEqual(["OUT_FOR_DELIVERY"]);
    expect(lateOut.actions[0]).toMatchObject({ happenedAt: at(20) });
    const lateAssigned = applyTrackingEvent(delivered, ev("driver_assigned", 10));
    expect(lateAssigned).toMatchObject({ state: "delivered", late: true, actions: [] });
  });

  it("throttles IN_TRANSIT to one per five minutes", () => {
    const first = applyTrackingEvent(facts("en_route"), ev("tracking_updated", 1));
    expect(kinds(first)).toEqual(["IN_TRANSIT"]);
    const soon = applyTrackingEvent(facts("en_route", { lastTrackingEventAt: at(1) }), ev("tracking_updated", 4));
    expect(kinds(soon)).toEqual([]);
    const later = applyTrackingEvent(facts("en_route", { lastTrackingEventAt: at(1) }), ev("tracking_updated", 6));
    expect(kinds(later)).toEqual(["IN_TRANSIT"]);
  });

  it.each<[ShipmentState, ShipmentState, boolean]>([
    ["scheduled", "assigned", true],
    ["assigned", "scheduled", false],
    ["en_route", "assigned", false],
    ["en_route", "delivered", true],
    ["attempted", "delivered", true],
    ["attempted", "en_route", false],
    ["delivered", "returned", false],
    ["returned", "delivered", false],
    ["canceled", "scheduled", false],
    ["expired", "assigned", true],
  ])("%s → %s forward: %s", (from, to, expected) => {
    expect(movesForward(from, to)).toBe(expected);
  });
});

describe("order of events applied together", () => {
  it("sorts by time, then by the step's place in a delivery when the courier stamps steps with one time", () => {
    const row = (eventName: string, minutes: number) => ({ eventName, occurredAt: at(minutes) });
    const arrived = [
      row("shipment.delivery_confirmed", 9),
      row("shipment.en_route_to_delivery", 3),
      row("shipment.pickup_confirmed", 3),
      row("shipment.teleported", 3),
      row("shipment.driver_assigned", 1),
    ];
    expect([...arrived].sort(byOccurrence).map((e) => e.eventName)).toEqual([
      "shipment.driver_assigned",
      "shipment.pickup_confirmed",
      "shipment.en_route_to_delivery",
      "shipment.teleported",
      "shipment.delivery_confirmed",
    ]);
  });
});
