import { describe, expect, it } from "vitest";
import {
  SHIPMENT_STATES,
  TIP_WINDOW_AFTER_DELIVERY_MS,
  type ShipmentState,
} from "../../extensions/shared/api-contract";
import {
  actionRefusal,
  offeredActions,
  shipmentPermissions,
  tipWindow,
  type ShipmentAction,
  type ShipmentFacts,
} from "../../extensions/shared/shipment-rules";
import { HOUR_MS, NOW, shipmentView, typicalShipment } from "./fixtures";

const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe("tipWindow", () => {
  it.each<[ShipmentState, Date | null, boolean]>([
    ["pending", null, false],
    ["scheduled", null, false],
    ["assigned", null, true],
    ["en_route", null, true],
    ["attempted", null, true],
    ["delivered", ago(HOUR_MS), true],
    ["delivered", ago(TIP_WINDOW_AFTER_DELIVERY_MS), true],
    ["delivered", ago(TIP_WINDOW_AFTER_DELIVERY_MS + 1), false],
    ["delivered", null, false],
    ["returned", null, false],
    ["canceled", null, false],
    ["expired", null, false],
    ["failed", null, false],
  ])("%s delivered at %s → open %s", (state, deliveredAt, open) => {
    const window = tipWindow(state, deliveredAt, NOW);
    expect(window.open).toBe(open);
    if (!window.open) expect(window.reason).toMatch(/tip/i);
  });

  it("says why a late tip is refused", () => {
    expect(tipWindow("delivered", ago(4 * 24 * HOUR_MS), NOW)).toEqual({
      open: false,
      reason: "Tips can only be left up to 3 days after delivery.",
    });
  });
});

describe("shipmentPermissions", () => {
  const base: ShipmentFacts = {
    state: "scheduled",
    courierShipmentId: "98765",
    driverHeadingToPickup: false,
    deliveredAt: null,
    tipped: false,
    rated: false,
    labelsEnabled: true,
  };

  it.each<[string, Partial<ShipmentFacts>, ReturnType<typeof shipmentPermissions>]>([
    [
      "pending (not at the courier yet)",
      { state: "pending", courierShipmentId: null },
      { canCancel: false, cancelFeeApplies: false, canTip: false, canRate: false, labelAvailable: false },
    ],
    [
      "scheduled",
      { state: "scheduled" },
      { canCancel: true, cancelFeeApplies: false, canTip: false, canRate: false, labelAvailable: true },
    ],
    [
      "assigned, driver not yet moving",
      { state: "assigned" },
      { canCancel: true, cancelFeeApplies: false, canTip: true, canRate: false, labelAvailable: true },
    ],
    [
      "assigned, driver heading to pickup",
      { state: "assigned", driverHeadingToPickup: true },
      { canCancel: true, cancelFeeApplies: true, canTip: true, canRate: false, labelAvailable: true },
    ],
    [
      "en_route",
      { state: "en_route", driverHeadingToPickup: true },
      { canCancel: false, cancelFeeApplies: false, canTip: true, canRate: false, labelAvailable: true },
    ],
    [
      "delivered an hour ago",
      { state: "delivered", deliveredAt: ago(HOUR_MS) },
      { canCancel: false, cancelFeeApplies: false, canTip: true, canRate: true, labelAvailable: false },
    ],
    [
      "delivered 4 days ago",
      { state: "delivered", deliveredAt: ago(4 * 24 * HOUR_MS) },
      { canCancel: false, cancelFeeApplies: false, canTip: false, canRate: true, labelAvailable: false },
    ],
    [
      "delivered, tipped and rated",
      { state: "delivered", deliveredAt: ago(HOUR_MS), tipped: true, rated: true },
      { canCancel: false, cancelFeeApplies: false, canTip: false, canRate: false, labelAvailable: false },
    ],
    [
      "attempted",
      { state: "attempted" },
      { canCancel: false, cancelFeeApplies: false, canTip: true, canRate: true, labelAvailable: false },
    ],
    [
      "returned",
      { state: "returned" },
      { canCancel: false, cancelFeeApplies: false, canTip: false, canRate: true, labelAvailable: false },
    ],
    [
      "canceled",
      { state: "canceled" },
      { canCancel: false, cancelFeeApplies: false, canTip: false, canRate: false, labelAvailable: false },
    ],
    [
      "expired",
      { state: "expired" },
      { canCancel: false, cancelFeeApplies: false, canTip: false, canRate: false, labelAvailable: false },
    ],
    [
      "failed",
      { state: "failed", courierShipmentId: null },
      { canCancel: false, cancelFeeApplies: false, canTip: false, canRate: false, labelAvailable: false },
    ],
    [
      "scheduled, account without barcode scanning",
      { state: "scheduled", labelsEnabled: false },
      { canCancel: true, cancelFeeApplies: false, canTip: false, canRate: false, labelAvailable: false },
    ],
  ])("%s", (_name, facts, expected) => {
    expect(shipmentPermissions({ ...base, ...facts }, NOW)).toEqual(expected);
  });
});

describe("offeredActions for each state", () => {
  const expected: Record<ShipmentState, ShipmentAction[]> = {
    pending: [],
    scheduled: ["label", "cancel"],
    assigned: ["label", "tip", "cancel"],
    en_route: ["label", "tip"],
    delivered: ["photos", "tip", "rate"],
    attempted: ["tip", "rate"],
    returned: ["rate"],
    canceled: [],
    expired: [],
    failed: [],
  };

  it("covers every state", () => {
    expect(Object.keys(expected).sort()).toEqual([...SHIPMENT_STATES].sort());
  });

  it.each(SHIPMENT_STATES.map((state) => [state, expected[state]] as const))("%s → %j", (state, actions) => {
    expect(offeredActions(typicalShipment(state), NOW)).toEqual(actions);
  });

  it("never offers an action the state forbids, whatever the flags say", () => {
    const allFlags = { canCancel: true, canTip: true, canRate: true, labelAvailable: true };
    expect(offeredActions(shipmentView({ state: "delivered", deliveredAtIso: null, ...allFlags }), NOW)).toEqual([
      "rate",
    ]);
    expect(offeredActions(shipmentView({ state: "canceled", ...allFlags }), NOW)).toEqual([]);
    expect(offeredActions(shipmentView({ state: "en_route", ...allFlags }), NOW)).toEqual(["label", "tip"]);
  });

  it("stops offering a tip once the window closes while the modal is open", () => {
    const shipment = typicalShipment("delivered");
    const later = new Date(NOW.getTime() + TIP_WINDOW_AFTER_DELIVERY_MS);
    expect(offeredActions(shipment, NOW)).toContain("tip");
    expect(offeredActions(shipment, later)).not.toContain("tip");
  });

  it("offers a tip and a rating only once", () => {
    const done = typicalShipment("delivered", { tipped: true, rated: true });
    expect(offeredActions(done, NOW)).toEqual(["photos"]);
  });
});

describe("actionRefusal", () => {
  it.each<[string, ReturnType<typeof shipmentView>, ShipmentAction, string | null]>([
    ["cancel while scheduled", typicalShipment("scheduled"), "cancel", null],
    [
      "cancel after pickup",
      typicalShipment("en_route"),
      "cancel",
      "This delivery can no longer be canceled: the driver has picked it up or it has ended.",
    ],
    [
      "tip twice",
      typicalShipment("delivered", { tipped: true }),
      "tip",
      "The driver has already been tipped for this delivery.",
    ],
    [
      "tip before acceptance",
      typicalShipment("scheduled"),
      "tip",
      "A tip can be left once a driver has accepted the delivery.",
    ],
    [
      "rate twice",
      typicalShipment("delivered", { rated: true }),
      "rate",
      "The driver has already been rated for this delivery.",
    ],
    ["rate too early", typicalShipment("en_route"), "rate", "A driver can be rated once the delivery has ended."],
    ["label when none", typicalShipment("delivered"), "label", "No label is available for this delivery."],
    ["photos when none", typicalShipment("scheduled"), "photos", "No photos were taken for this delivery."],
  ])("%s", (_name, shipment, action, refusal) => {
    expect(actionRefusal(shipment, action, NOW)).toBe(refusal);
  });
});
