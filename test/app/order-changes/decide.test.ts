import { describe, expect, it } from "vitest";
import { awaitsRedispatch, flaggedKind, ORDER_CHANGE_ACTIVITY, parseFlaggedKind } from "~/shipments/activity-kinds";
import {
  decideShipment,
  fulfillmentOrderNow,
  phaseOf,
  type Decision,
  type FulfillmentOrderNow,
  type ShipmentFactsNow,
} from "~/order-changes/decide";
import type { ShipmentDiff } from "~/order-changes/shipment-diff";
import { cancellationFor, feeInWords, flagInWords, ORDER_CHANGE_ATTENTION } from "~/order-changes/wording";

const HERE = "gid://shopify/Location/10";
const THERE = "gid://shopify/Location/20";
const open: FulfillmentOrderNow = { kind: "open", locationGid: HERE };
const diff: ShipmentDiff = {
  patch: {
    delivery_location: {
      address: { street1: "9 Clinton St", city: "Brooklyn", state: "NY", zip: "11216" },
      contact: { name: "Steve", phone: "7185550134" },
    },
  },
  changes: [
    {
      kind: "delivery_address",
      before: "123 Shipping Street, Brooklyn, NY 11201",
      after: "9 Clinton St, Brooklyn, NY 11216",
    },
  ],
};
const request = { kind: "request" as const, request: {} as never };

function facts(overrides: Partial<ShipmentFactsNow>): ShipmentFactsNow {
  return {
    phase: "unassigned",
    orderCancelled: false,
    fulfillmentOrder: open,
    locationGid: HERE,
    implied: request,
    diff: null,
    ...overrides,
  };
}

describe("the shipment's phase at the courier", () => {
  it.each([
    ["scheduled", true, "unassigned"],
    ["pending", true, "unassigned"],
    ["assigned", true, "assigned"],
    ["en_route", true, "picked_up"],
    ["attempted", true, "picked_up"],
    ["delivered", true, "ended"],
    ["canceled", true, "ended"],
    ["expired", true, "ended"],
    ["failed", false, "ended"],
    ["scheduled", false, "ended"],
  ])("%s (courier shipment: %s) → %s", (state, hasCourier, phase) => {
    expect(phaseOf(state, hasCourier)).toBe(phase);
  });

  it.each([
    [
      { status: "OPEN", assignedLocation: { location: { id: HERE } } },
      { kind: "open", locationGid: HERE },
    ],
    [
      { status: "IN_PROGRESS", assignedLocation: { location: { id: THERE } } },
      { kind: "open", locationGid: THERE },
    ],
    [{ status: "ON_HOLD", assignedLocation: { location: { id: HERE } } }, { kind: "on_hold" }],
    [{ status: "CANCELLED", assignedLocation: { location: null } }, { kind: "cancelled" }],
    [{ status: "SCHEDULED", assignedLocation: { location: null } }, { kind: "other" }],
    [undefined, { kind: "gone" }],
  ])("fulfillment order %j → %j", (fo, expected) => {
    expect(fulfillmentOrderNow(fo)).toEqual(expected);
  });
});

describe("what to do with a shipment when its order changed", () => {
  it.each<[string, Partial<ShipmentFactsNow>, Decision]>([
    ["nothing relevant changed", {}, { action: "in_step" }],
    ["details changed, no driver yet: update", { diff }, { action: "update", diff }],
    [
      "details changed, driver assigned: flag with the difference",
      { phase: "assigned", diff },
      { action: "flag", cause: "changed", diff },
    ],
    ["details changed after pickup: nothing to follow", { phase: "picked_up", diff }, { action: "none" }],
    ["ended shipment: nothing", { phase: "ended", orderCancelled: true }, { action: "none" }],
    [
      "order cancelled, no driver: cancel",
      { orderCancelled: true },
      { action: "cancel", cause: "order_cancelled", then: "nothing" },
    ],
    [
      "order cancelled, driver assigned: still cancel (fee)",
      { phase: "assigned", orderCancelled: true },
      { action: "cancel", cause: "order_cancelled", then: "nothing" },
    ],
    [
      "order cancelled after pickup: flag",
      { phase: "picked_up", orderCancelled: true },
      { action: "flag", cause: "cancelled_after_pickup" },
    ],
    [
      "moved, no driver: cancel and dispatch again",
      { fulfillmentOrder: { kind: "open", locationGid: THERE } },
      { action: "cancel", cause: "moved", then: "redispatch" },
    ],
    [
      "moved, driver assigned: flag",
      { phase: "assigned", fulfillmentOrder: { kind: "open", locationGid: THERE } },
      { action: "flag", cause: "moved" },
    ],
    [
      "on hold, no driver: cancel and wait for the release",
      { fulfillmentOrder: { kind: "on_hold" } },
      { action: "cancel", cause: "on_hold", then: "await_release" },
    ],
    [
      "on hold, driver assigned: flag",
      { phase: "assigned", fulfillmentOrder: { kind: "on_hold" } },
      { action: "flag", cause: "on_hold" },
    ],
    [
      "fulfillment order cancelled, no driver: cancel",
      { fulfillmentOrder: { kind: "cancelled" } },
      { action: "cancel", cause: "fulfillment_order_cancelled", then: "nothing" },
    ],
    [
      "fulfillment order cancelled, driver assigned: flag",
      { phase: "assigned", fulfillmentOrder: { kind: "cancelled" } },
      { action: "flag", cause: "fulfillment_order_cancelled" },
    ],
    [
      "closed by a move or merge, no driver: cancel",
      { fulfillmentOrder: { kind: "closed", fulfilled: false } },
      { action: "cancel", cause: "replaced", then: "nothing" },
    ],
    [
      "fulfilled outside the app: flag, never cancel by itself",
      { fulfillmentOrder: { kind: "closed", fulfilled: true } },
      { action: "flag", cause: "fulfilled_elsewhere" },
    ],
    [
      "fulfillment order no longer listed: flag",
      { fulfillmentOrder: { kind: "gone" } },
      { action: "flag", cause: "gone" },
    ],
    ["scheduled fulfillment order: nothing", { fulfillmentOrder: { kind: "other" } }, { action: "none" }],
    [
      "every item removed, no driver: cancel",
      { implied: { kind: "nothing_to_ship" } },
      { action: "cancel", cause: "items_removed", then: "nothing" },
    ],
    [
      "every item removed, driver assigned: flag",
      { phase: "assigned", implied: { kind: "nothing_to_ship" } },
      { action: "flag", cause: "items_removed" },
    ],
    [
      "phone removed: flag with the mapping's reason",
      { implied: { kind: "attention", reason: "No US phone number for the recipient." } },
      { action: "flag", cause: "cannot_deliver", reason: "No US phone number for the recipient." },
    ],
    [
      "pickup point switched off in settings: not an order change",
      { implied: { kind: "not_ours", reason: "x" } },
      { action: "none" },
    ],
    ["stored request redacted: nothing to compare", { implied: null }, { action: "none" }],
  ])("%s", (_case, overrides, expected) => {
    expect(decideShipment(facts(overrides))).toEqual(expected);
  });
});

describe("words and codes", () => {
  it.each([
    ["order_cancelled", [], { cancellation_code: "order_canceled" }],
    ["items_removed", [], { cancellation_code: "order_canceled" }],
    [
      "moved",
      [],
      { cancellation_code: "other", cancellation_comment: expect.stringMatching(/another pickup location/) },
    ],
    ["on_hold", [], { cancellation_code: "other", cancellation_comment: expect.stringMatching(/on hold/) }],
    ["changed", diff.changes, { cancellation_code: "address_incorrect" }],
    [
      "changed",
      [{ kind: "items", before: "a", after: "b" }],
      { cancellation_code: "other", cancellation_comment: expect.stringMatching(/changed after the driver/) },
    ],
  ] as const)("%s → the courier's cancellation code", (cause, changes, expected) => {
    expect(cancellationFor(cause, changes)).toEqual(expected);
  });

  it("spells the difference out on the timeline and keeps the attention reason free of customer data", () => {
    const words = flagInWords("changed", { changes: diff.changes, names: { from: "Main", to: "Main" } });
    expect(words.timeline).toBe(
      "The delivery address changed from 123 Shipping Street, Brooklyn, NY 11201 to 9 Clinton St, Brooklyn, NY 11216. The driver is already assigned: cancel and re-dispatch to send the new details (the courier may charge a cancellation fee), or keep the delivery as it is.",
    );
    expect(words.attention.startsWith(ORDER_CHANGE_ATTENTION)).toBe(true);
    expect(words.attention).toMatch(/delivery address changed after the driver was assigned/);
    expect(words.attention).not.toMatch(/Shipping Street|Clinton/);
  });

  it("says when the courier charged or may charge a fee", () => {
    expect(feeInWords(7.5, true)).toBe(" The courier charged a cancellation fee of $7.50.");
    expect(feeInWords(null, true)).toMatch(/may charge a cancellation fee/);
    expect(feeInWords(0, true)).toBe("");
    expect(feeInWords(null, false)).toBe("");
    expect(flagInWords("cancelled_after_pickup", { names: { from: "a", to: "b" } }).attention).toMatch(
      /may charge a fee/,
    );
  });

  it("flag kinds carry the cause and its cancellation code; a redispatch is awaited until done", () => {
    expect(parseFlaggedKind(flaggedKind("moved", "other"))).toEqual({ cause: "moved", cancellationCode: "other" });
    expect(parseFlaggedKind("dispatched")).toBeNull();
    const { redispatchPending: pending, redispatched: done, canceled } = ORDER_CHANGE_ACTIVITY;
    expect(awaitsRedispatch([{ kind: pending }, { kind: canceled }])).toBe(true);
    expect(awaitsRedispatch([{ kind: done }, { kind: pending }])).toBe(false);
    expect(awaitsRedispatch([{ kind: pending }, { kind: done }, { kind: pending }])).toBe(true);
    expect(awaitsRedispatch([{ kind: canceled }])).toBe(false);
  });
});
