import { describe, expect, it } from "vitest";
import { flowOccurrences, orderIdOf } from "~/tracking/flow-triggers";
import { type ShipmentState } from "~/shipments/states";
import { applyTrackingEvent, type ShipmentFacts } from "~/tracking/state-machine";

const at = new Date("2026-11-25T15:00:00Z");
const shipment = {
  id: "shp_1",
  orderGid: "gid://shopify/Order/1001",
  courierShipmentId: "4711",
  trackingNumber: "TRK4711",
  pickupAfter: null,
};
const facts = (state: ShipmentState, extra: Partial<ShipmentFacts> = {}): ShipmentFacts => ({
  state,
  hasFulfillment: ["en_route", "attempted"].includes(state),
  stateChangedAt: null,
  lastTrackingEventAt: null,
  deliveredEventSent: false,
  deliverEnd: null,
  delayedEventSent: false,
  needsAttention: false,
  ...extra,
});

const fired = (before: ShipmentFacts, name: string, extra: Record<string, string> = {}) =>
  flowOccurrences(shipment, applyTrackingEvent(before, { name: `shipment.${name}`, occurredAt: at, ...extra })).map(
    (o) => [
      o.trigger.handle,
      "Reason code" in o.trigger.payload
        ? o.trigger.payload["Reason code"]
        : "Outcome" in o.trigger.payload
          ? o.trigger.payload.Outcome
          : null,
    ],
  );

describe("which Flow triggers a courier event fires", () => {
  it.each<[string, ShipmentFacts, string, Record<string, string>, unknown[]]>([
    ["delivered", facts("en_route"), "delivery_confirmed", {}, [["delivery-delivered", null]]],
    [
      "returned",
      facts("attempted"),
      "returned",
      {},
      [
        ["delivery-needs-attention", "returned"],
        ["delivery-failed", "returned"],
      ],
    ],
    [
      "expired",
      facts("scheduled"),
      "canceled",
      { cancellationCode: "delivery_deadline_passed" },
      [
        ["delivery-needs-attention", "expired"],
        ["delivery-failed", "expired"],
      ],
    ],
    [
      "canceled by the courier",
      facts("assigned"),
      "canceled",
      { cancellationCode: "driver_canceled" },
      [
        ["delivery-needs-attention", "canceled"],
        ["delivery-failed", "canceled"],
      ],
    ],
    ["a step on the way fires nothing", facts("assigned"), "pickup_confirmed", {}, []],
    ["a repeated delivery fires nothing", facts("delivered"), "delivery_confirmed", {}, []],
    ["a cancellation after staff canceled fires nothing", facts("canceled"), "canceled", {}, []],
  ])("%s", (_name, before, event, extra, expected) => {
    expect(fired(before, event, extra)).toEqual(expected);
  });

  it("one key per occurrence: the same step of the same courier shipment, the same key; a repost's, another", () => {
    const transition = applyTrackingEvent(facts("en_route"), { name: "shipment.delivery_confirmed", occurredAt: at });
    const [first] = flowOccurrences(shipment, transition);
    const [again] = flowOccurrences(shipment, { ...transition });
    const [reposted] = flowOccurrences({ ...shipment, courierShipmentId: "4800" }, transition);
    expect(first!.key).toBe(again!.key);
    expect(reposted!.key).not.toBe(first!.key);
  });

  it("only an expiry's triggers wait for the courier's repost", () => {
    const waits = (before: ShipmentFacts, name: string, extra: Record<string, string> = {}) =>
      flowOccurrences(shipment, applyTrackingEvent(before, { name: `shipment.${name}`, occurredAt: at, ...extra })).map(
        (o) => o.waitsForRepost ?? false,
      );
    expect(waits(facts("scheduled"), "canceled", { cancellationCode: "delivery_deadline_passed" })).toEqual([
      true,
      true,
    ]);
    expect(waits(facts("assigned"), "canceled", { cancellationCode: "driver_canceled" })).toEqual([false, false]);
    expect(waits(facts("en_route"), "delivery_confirmed")).toEqual([false]);
  });

  it("Flow's order reference is the order's numeric id as text, exact above 2^53, and never throws", () => {
    expect(orderIdOf("gid://shopify/Order/5500000000001")).toBe("5500000000001");
    expect(orderIdOf("gid://shopify/Order/820982911946154508")).toBe("820982911946154508");
    // Building a trigger runs while events are applied: a bad id is left to the trigger's job to refuse.
    expect(orderIdOf("gid://shopify/Order/abc")).toBe("abc");
  });
});
