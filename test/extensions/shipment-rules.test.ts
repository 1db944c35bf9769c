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
    orderChangeFlagged: false,
  };

  it.each<[string, Partial<ShipmentFacts>, ReturnType<typeof shipmentPermissions>]>([
    [
      "pending (not at the courier yet)",
      { state: "pending", courierShipmentId: null },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: false,
        canRate: false,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "scheduled",
      { state: "scheduled" },
      {
        canCancel: true,
        cancelFeeApplies: false,
        canTip: false,
        canRate: false,
        labelAvailable: true,
        canRedispatch: false,
      },
    ],
    [
      "assigned, driver not yet moving",
      { state: "assigned" },
      {
        canCancel: true,
        cancelFeeApplies: false,
        canTip: true,
        canRate: false,
        labelAvailable: true,
        canRedispatch: false,
      },
    ],
    [
      "assigned, driver heading to pickup",
      { state: "assigned", driverHeadingToPickup: true },
      {
        canCancel: true,
        cancelFeeApplies: true,
        canTip: true,
        canRate: false,
        labelAvailable: true,
        canRedispatch: false,
      },
    ],
    [
      "en_route",
      { state: "en_route", driverHeadingToPickup: true },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: true,
        canRate: false,
        labelAvailable: true,
        canRedispatch: false,
      },
    ],
    [
      "delivered an hour ago",
      { state: "delivered", deliveredAt: ago(HOUR_MS) },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: true,
        canRate: true,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "delivered 4 days ago",
      { state: "delivered", deliveredAt: ago(4 * 24 * HOUR_MS) },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: false,
        canRate: true,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "delivered, tipped and rated",
      { state: "delivered", deliveredAt: ago(HOUR_MS), tipped: true, rated: true },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: false,
        canRate: false,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "attempted",
      { state: "attempted" },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: true,
        canRate: true,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "returned",
      { state: "returned" },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: false,
        canRate: true,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "canceled",
      { state: "canceled" },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: false,
        canRate: false,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "expired",
      { state: "expired" },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: false,
        canRate: false,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "failed",
      { state: "failed", courierShipmentId: null },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: false,
        canRate: false,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "scheduled, account without barcode scanning",
      { state: "scheduled", labelsEnabled: false },
      {
        canCancel: true,
        cancelFeeApplies: false,
        canTip: false,
        canRate: false,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "scheduled, flagged after an order change",
      { state: "scheduled", orderChangeFlagged: true },
      {
        canCancel: true,
        cancelFeeApplies: false,
        canTip: false,
        canRate: false,
        labelAvailable: true,
        canRedispatch: true,
      },
    ],
    [
      "assigned, flagged, driver heading to pickup",
      { state: "assigned", driverHeadingToPickup: true, orderChangeFlagged: true },
      {
        canCancel: true,
        cancelFeeApplies: true,
        canTip: true,
        canRate: false,
        labelAvailable: true,
        canRedispatch: true,
      },
    ],
    [
      "en_route, flagged (picked up: too late)",
      { state: "en_route", driverHeadingToPickup: true, orderChangeFlagged: true },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: true,
        canRate: false,
        labelAvailable: true,
        canRedispatch: false,
      },
    ],
    [
      "pending, flagged, not at the courier",
      { state: "pending", courierShipmentId: null, orderChangeFlagged: true },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: false,
        canRate: false,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "canceled, flagged",
      { state: "canceled", orderChangeFlagged: true },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: false,
        canRate: false,
        labelAvailable: false,
        canRedispatch: false,
      },
    ],
    [
      "delivered, flagged",
      { state: "delivered", deliveredAt: ago(HOUR_MS), orderChangeFlagged: true },
      {
        canCancel: false,
        cancelFeeApplies: false,
        canTip: true,
        canRate: true,
        labelAvailable: false,
        canRedispatch: false,
      },
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
  /** With an order change the shipment could not follow: re-dispatch only while a cancel is possible. */
  const expectedWhenFlagged: Record<ShipmentState, ShipmentAction[]> = {
    pending: [],
    scheduled: ["label", "redispatch", "cancel"],
    assigned: ["label", "tip", "redispatch", "cancel"],
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
    expect(Object.keys(expectedWhenFlagged).sort()).toEqual([...SHIPMENT_STATES].sort());
  });

  it.each(
    SHIPMENT_STATES.flatMap((state) => [
      [state, false, expected[state]] as const,
      [state, true, expectedWhenFlagged[state]] as const,
    ]),
  )("%s, order change flagged %s → %j", (state, flagged, actions) => {
    expect(offeredActions(typicalShipment(state, { orderChangeFlagged: flagged }), NOW)).toEqual(actions);
  });

  it("offers re-dispatch with the fee still applying once the driver heads to pickup", () => {
    const shipment = typicalShipment("assigned", { orderChangeFlagged: true, driverHeadingToPickup: true });
    expect(shipment).toMatchObject({ canRedispatch: true, cancelFeeApplies: true });
    expect(offeredActions(shipment, NOW)).toContain("redispatch");
  });

  it("never offers an action the state forbids, whatever the flags say", () => {
    const allFlags = { canCancel: true, canTip: true, canRate: true, labelAvailable: true, canRedispatch: true };
    expect(offeredActions(shipmentView({ state: "delivered", deliveredAtIso: null, ...allFlags }), NOW)).toEqual([
      "rate",
    ]);
    expect(offeredActions(shipmentView({ state: "canceled", ...allFlags }), NOW)).toEqual([]);
    expect(offeredActions(shipmentView({ state: "en_route", ...allFlags }), NOW)).toEqual(["label", "tip"]);
    expect(offeredActions(shipmentView({ state: "returned", ...allFlags }), NOW)).toEqual(["rate"]);
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
    ["re-dispatch when flagged", typicalShipment("assigned", { orderChangeFlagged: true }), "redispatch", null],
    [
      "re-dispatch with no order change flagged",
      typicalShipment("assigned"),
      "redispatch",
      "Cancel and re-dispatch is only offered when the order changed after a driver was assigned.",
    ],
    [
      "re-dispatch after pickup",
      typicalShipment("en_route", { orderChangeFlagged: true }),
      "redispatch",
      "This delivery can no longer be canceled and sent again: the driver has picked it up or it has ended.",
    ],
    [
      "re-dispatch once canceled",
      typicalShipment("canceled", { orderChangeFlagged: true }),
      "redispatch",
      "This delivery can no longer be canceled and sent again: the driver has picked it up or it has ended.",
    ],
  ])("%s", (_name, shipment, action, refusal) => {
    expect(actionRefusal(shipment, action, NOW)).toBe(refusal);
  });
});
