import { describe, expect, it } from "vitest";
import type { ShipmentState } from "../../../extensions/shared/api-contract";
import { ORDER_CHANGE_ACTIVITY, flaggedKind } from "~/order-changes/activity";
import { NO_DRIVER_YET_FIX, noDriverYetAttention } from "~/watchdog/no-driver-attention";
import {
  attentionFix,
  orderChangeFlagStands,
  photoKindsOf,
  REDISPATCH_FIX,
  toShipmentState,
  RETURN_LEG_FIX,
  toShipmentView,
  type ShipmentHistoryFacts,
  type ShipmentRecord,
} from "~/staff/view-model";

const NOW = new Date("2026-11-21T18:00:00.000Z");
const HOUR = 3600_000;

function record(overrides: Partial<ShipmentRecord> = {}): ShipmentRecord {
  return {
    id: "shp_1",
    orderName: "#1001",
    state: "scheduled",
    courierShipmentId: "100001",
    trackingNumber: "TRK1",
    driverName: null,
    etaAt: null,
    deliverStart: new Date("2026-11-21T19:00:00.000Z"),
    deliverEnd: new Date("2026-11-21T21:00:00.000Z"),
    lastEventAt: null,
    needsAttention: false,
    attentionReason: null,
    attentionCode: null,
    tipCents: null,
    rating: null,
    photosJson: null,
    ...overrides,
  };
}

const history = (overrides: Partial<ShipmentHistoryFacts> = {}): ShipmentHistoryFacts => ({
  driverHeadingToPickup: false,
  courierCancellationCode: null,
  staffCancellationCode: null,
  orderChangeFlagged: false,
  driverPayRaisedCents: 0,
  ...overrides,
});

const context = {
  now: NOW,
  trackingUrl: (n: string) => `https://track.example/${n}`,
  photoUrl: (kind: string) => `https://app.example/api/files/shp_1/${kind}?sig=x`,
  labelsEnabled: true,
};

describe("photoKindsOf", () => {
  it.each([
    [null, []],
    ["not json", []],
    ['{"a":1}', []],
    ['["https://c.example/v1/shipments/9/images/delivery"]', ["delivery"]],
    [
      '["https://c.example/v1/shipments/9/images/delivery?x=1", "https://c.example/v1/shipments/9/images/signature/", "https://c.example/v1/shipments/9/images/pickup#a", 5, "https://c.example/other"]',
      ["signature", "pickup", "delivery"],
    ],
    [
      '["https://c.example/v1/shipments/9/images/delivery","https://c.example/v1/shipments/9/images/delivery"]',
      ["delivery"],
    ],
  ])("%s → %j", (json, kinds) => {
    expect(photoKindsOf(json)).toEqual(kinds);
  });
});

describe("toShipmentView", () => {
  it.each<[ShipmentState, Partial<ShipmentRecord>, Partial<ShipmentHistoryFacts>, Record<string, boolean>]>([
    [
      "pending",
      { courierShipmentId: null },
      {},
      { canCancel: false, canTip: false, canRate: false, labelAvailable: false, cancelFeeApplies: false },
    ],
    [
      "scheduled",
      {},
      {},
      { canCancel: true, canTip: false, canRate: false, labelAvailable: true, cancelFeeApplies: false },
    ],
    [
      "assigned",
      {},
      {},
      { canCancel: true, canTip: true, canRate: false, labelAvailable: true, cancelFeeApplies: false },
    ],
    ["assigned", {}, { driverHeadingToPickup: true }, { canCancel: true, canTip: true, cancelFeeApplies: true }],
    ["en_route", {}, {}, { canCancel: false, canTip: true, canRate: false, labelAvailable: true }],
    [
      "delivered",
      { lastEventAt: new Date(NOW.getTime() - HOUR) },
      {},
      { canCancel: false, canTip: true, canRate: true, labelAvailable: false },
    ],
    ["delivered", { lastEventAt: new Date(NOW.getTime() - 73 * HOUR) }, {}, { canTip: false, canRate: true }],
    [
      "delivered",
      { lastEventAt: new Date(NOW.getTime() - HOUR), tipCents: 500, rating: 5 },
      {},
      { canTip: false, tipped: true, canRate: false, rated: true },
    ],
    ["returned", {}, {}, { canTip: false, canRate: true, canCancel: false }],
    ["canceled", {}, {}, { canTip: false, canRate: false, canCancel: false, labelAvailable: false }],
    [
      "failed",
      { courierShipmentId: null },
      {},
      { canCancel: false, canTip: false, canRate: false, labelAvailable: false },
    ],
    ["scheduled", {}, {}, { canRedispatch: false }],
    ["assigned", {}, {}, { canRedispatch: false }],
    ["scheduled", {}, { orderChangeFlagged: true }, { canCancel: true, canRedispatch: true, cancelFeeApplies: false }],
    ["assigned", {}, { orderChangeFlagged: true }, { canCancel: true, canRedispatch: true, cancelFeeApplies: false }],
    [
      "assigned",
      {},
      { orderChangeFlagged: true, driverHeadingToPickup: true },
      { canRedispatch: true, cancelFeeApplies: true },
    ],
    ["pending", {}, { orderChangeFlagged: true }, { canRedispatch: false }],
    ["pending", { courierShipmentId: null }, { orderChangeFlagged: true }, { canRedispatch: false }],
    ["scheduled", { courierShipmentId: null }, { orderChangeFlagged: true }, { canRedispatch: false }],
    ["en_route", {}, { orderChangeFlagged: true }, { canRedispatch: false }],
    ["attempted", {}, { orderChangeFlagged: true }, { canRedispatch: false }],
    [
      "delivered",
      { lastEventAt: new Date(NOW.getTime() - HOUR) },
      { orderChangeFlagged: true },
      { canRedispatch: false },
    ],
    ["canceled", {}, { orderChangeFlagged: true }, { canRedispatch: false }],
    ["expired", {}, { orderChangeFlagged: true }, { canRedispatch: false }],
  ])("%s %j %j → %j", (state, overrides, facts, flags) => {
    expect(toShipmentView(record({ state, ...overrides }), history(facts), context)).toMatchObject(flags);
  });

  it("shows the driver's first name only, the tracking link and the window", () => {
    const view = toShipmentView(
      record({ state: "assigned", driverName: "Ava Nguyen", etaAt: new Date("2026-11-21T18:20:00.000Z") }),
      history(),
      context,
    );
    expect(view).toMatchObject({
      driverFirstName: "Ava",
      trackingUrl: "https://track.example/TRK1",
      etaIso: "2026-11-21T18:20:00.000Z",
      windowStartIso: "2026-11-21T19:00:00.000Z",
      windowEndIso: "2026-11-21T21:00:00.000Z",
      deliveredAtIso: null,
    });
    expect(JSON.stringify(view)).not.toContain("Nguyen");
  });

  it("dates the delivery by the state change, and only for a delivered shipment", () => {
    const at = new Date(NOW.getTime() - HOUR);
    expect(toShipmentView(record({ state: "delivered", lastEventAt: at }), history(), context).deliveredAtIso).toBe(
      at.toISOString(),
    );
    expect(
      toShipmentView(record({ state: "returned", lastEventAt: at }), history(), context).deliveredAtIso,
    ).toBeNull();
  });

  it("prefers the courier's cancellation code to the one staff chose, and shows none unless canceled", () => {
    const both = history({ courierCancellationCode: "driver_canceled", staffCancellationCode: "order_canceled" });
    expect(toShipmentView(record({ state: "canceled" }), both, context).cancellationCode).toBe("driver_canceled");
    expect(
      toShipmentView(record({ state: "canceled" }), history({ staffCancellationCode: "order_canceled" }), context)
        .cancellationCode,
    ).toBe("order_canceled");
    expect(toShipmentView(record({ state: "assigned" }), both, context).cancellationCode).toBeNull();
  });

  it("links photos through the app, and none before the shipment is at the courier", () => {
    const photosJson = JSON.stringify(["https://c.example/v1/shipments/9/images/pickup"]);
    expect(toShipmentView(record({ state: "en_route", photosJson }), history(), context).photos).toEqual([
      { kind: "pickup", url: "https://app.example/api/files/shp_1/pickup?sig=x" },
    ]);
    expect(
      toShipmentView(record({ state: "failed", courierShipmentId: null, photosJson }), history(), context).photos,
    ).toEqual([]);
  });

  it("gives the attention reason and its fix only when attention is needed", () => {
    const view = toShipmentView(
      record({ state: "returned", needsAttention: true, attentionReason: "Returned" }),
      history(),
      context,
    );
    expect(view).toMatchObject({ attentionReason: "Returned", attentionFix: attentionFix("returned", true) });
    expect(toShipmentView(record({ attentionReason: "old" }), history(), context)).toMatchObject({
      attentionReason: null,
      attentionFix: null,
    });
  });

  it("gives a no driver yet attention its own fix, and carries what was added to the driver's pay", () => {
    const { reason } = noDriverYetAttention("pickup_time", 400);
    const view = toShipmentView(
      record({ state: "scheduled", needsAttention: true, attentionReason: reason, attentionCode: "no_driver_yet" }),
      history({ driverPayRaisedCents: 400 }),
      context,
    );
    expect(view).toMatchObject({ attentionReason: reason, attentionFix: NO_DRIVER_YET_FIX, driverPayRaisedCents: 400 });
  });

  it("points a flagged shipment's attention at Cancel and re-dispatch, while it is still possible", () => {
    const attention = {
      needsAttention: true,
      attentionReason: "Order changed in Shopify: the delivery address changed after the driver was assigned.",
    };
    const flagged = history({ orderChangeFlagged: true });
    expect(toShipmentView(record({ state: "assigned", ...attention }), flagged, context).attentionFix).toBe(
      REDISPATCH_FIX,
    );
    expect(toShipmentView(record({ state: "assigned", ...attention }), history(), context).attentionFix).toBe(
      attentionFix("assigned", true),
    );
    expect(toShipmentView(record({ state: "en_route", ...attention }), flagged, context).attentionFix).toBe(
      attentionFix("en_route", true),
    );
    expect(toShipmentView(record({ state: "assigned" }), flagged, context)).toMatchObject({
      canRedispatch: true,
      attentionFix: null,
    });
  });

  it("offers no label when the courier account has no barcode scanning", () => {
    expect(
      toShipmentView(record({ state: "scheduled" }), history(), { ...context, labelsEnabled: false }).labelAvailable,
    ).toBe(false);
  });
});

describe("orderChangeFlagStands", () => {
  const flagged = flaggedKind("changed", "address_incorrect");
  const moved = flaggedKind("moved", "other");
  it.each<[string, string[], boolean]>([
    ["no activity", [], false],
    ["flagged", [flagged], true],
    ["flagged, then back in step", [flagged, ORDER_CHANGE_ACTIVITY.inStep], false],
    ["flagged, then updated at the courier", [flagged, ORDER_CHANGE_ACTIVITY.updated], false],
    ["in step, then flagged again", [flagged, ORDER_CHANGE_ACTIVITY.inStep, moved], true],
    ["updated before assignment, then flagged", [ORDER_CHANGE_ACTIVITY.updated, flagged], true],
    [
      "other kinds after the flag do not clear it",
      [flagged, "staff_tip", ORDER_CHANGE_ACTIVITY.updateRefused, "staff_cancel:other"],
      true,
    ],
    ["a refused update alone is not a flag", [ORDER_CHANGE_ACTIVITY.updateRefused], false],
    ["only unrelated kinds", ["staff_cancel:order_canceled", ORDER_CHANGE_ACTIVITY.canceled], false],
  ])("%s → %s", (_name, kinds, stands) => {
    expect(orderChangeFlagStands(kinds)).toBe(stands);
  });
});

describe("attentionFix and toShipmentState", () => {
  it.each<[ShipmentState, RegExp]>([
    ["failed", /then choose Dispatch again/],
    ["canceled", /Dispatch again to send a new driver/],
    ["expired", /No driver accepted in time/],
    ["returned", /going back to the store/],
    ["attempted", /another attempt/],
    ["scheduled", /differs from its own estimate at checkout/],
  ])("%s → %s", (state, fix) => {
    expect(attentionFix(state, true)).toMatch(fix);
    expect(attentionFix(state, false)).toBeNull();
  });

  it.each([
    ["delivered", "delivered"],
    ["en_route", "en_route"],
    ["something_new", "pending"],
  ])("stored %s reads as %s", (stored, state) => {
    expect(toShipmentState(stored)).toBe(state);
  });
});

describe("a return's legs", () => {
  it.each([
    [{}, undefined],
    [
      { kind: "return_pickup", returnGid: "gid://shopify/Return/1" },
      { kind: "return_pickup", roundTrip: null },
    ],
    [
      { kind: "delivery", returnGid: "gid://shopify/Return/1", batchReferenceId: "rt-1-1", batchSequence: 1 },
      { kind: "delivery", roundTrip: { referenceId: "rt-1-1", sequence: 1 } },
    ],
  ])("%o → leg %o", (overrides, leg) => {
    expect(toShipmentView(record(overrides), history(), context).leg).toEqual(leg);
  });

  it("a collection that needs attention is booked again for its return, never re-dispatched", () => {
    const view = toShipmentView(
      record({
        kind: "return_pickup",
        returnGid: "gid://shopify/Return/1",
        state: "failed",
        needsAttention: true,
        attentionReason: "No US phone number for the customer.",
        courierShipmentId: null,
      }),
      history({ orderChangeFlagged: true }),
      context,
    );
    expect(view).toMatchObject({ canRedispatch: false, attentionFix: RETURN_LEG_FIX });
  });
});
