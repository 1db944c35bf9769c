import { describe, expect, it } from "vitest";
import {
  latestCollection,
  PICKUP_ALREADY_BOOKED,
  pickupRefusal,
  RETURN_ALREADY_COLLECTED,
  RETURN_NOT_OPEN,
  returnPickupView,
  type ReturnLegFacts,
} from "~/returns/pickup-offer";

const START = new Date("2026-11-21T19:00:00.000Z");
const END = new Date("2026-11-21T21:00:00.000Z");

function leg(overrides: Partial<ReturnLegFacts> = {}): ReturnLegFacts {
  return {
    kind: "return_pickup",
    state: "scheduled",
    generation: 1,
    deliverStart: START,
    deliverEnd: END,
    trackingNumber: "TRK1",
    attentionReason: null,
    needsAttention: false,
    ...overrides,
  };
}

describe("whether staff may book a return's pickup", () => {
  it.each<[string, string, ReturnLegFacts[], string | null]>([
    ["an open return never collected", "OPEN", [], null],
    ["a return awaiting approval", "REQUESTED", [], RETURN_NOT_OPEN],
    ["a closed return", "CLOSED", [], RETURN_NOT_OPEN],
    ["a declined return", "DECLINED", [], RETURN_NOT_OPEN],
    ["a collection being booked", "OPEN", [leg({ state: "pending" })], PICKUP_ALREADY_BOOKED],
    ["a collection waiting for a driver", "OPEN", [leg()], PICKUP_ALREADY_BOOKED],
    ["a driver on the way", "OPEN", [leg({ state: "assigned" })], PICKUP_ALREADY_BOOKED],
    ["collected, on the way to the store", "OPEN", [leg({ state: "en_route" })], PICKUP_ALREADY_BOOKED],
    [
      "an exchange delivery still going ahead after its collection was canceled",
      "OPEN",
      [leg({ kind: "delivery" }), leg({ state: "canceled" })],
      PICKUP_ALREADY_BOOKED,
    ],
    ["a canceled collection: book again", "OPEN", [leg({ state: "canceled" })], null],
    ["a booking the courier refused: book again", "OPEN", [leg({ state: "failed", needsAttention: true })], null],
    ["an expired collection: book again", "OPEN", [leg({ state: "expired" })], null],
    ["brought to the store", "OPEN", [leg({ state: "delivered" })], RETURN_ALREADY_COLLECTED],
    [
      "a collection that reached the store, then a later booking canceled: the latest counts",
      "OPEN",
      [leg({ state: "delivered" }), leg({ state: "canceled", generation: 2 })],
      null,
    ],
  ])("%s", (_name, status, legs, refusal) => {
    expect(pickupRefusal(status, legs)).toBe(refusal);
  });
});

describe("the return as the order page shows it", () => {
  it("an open return without a collection offers the button", () => {
    expect(
      returnPickupView({ id: "gid://shopify/Return/77", name: "#1001-R1", status: "OPEN", exchange: false }, []),
    ).toEqual({
      id: "77",
      name: "#1001-R1",
      status: "OPEN",
      exchange: false,
      pickup: null,
      canBook: true,
      reason: null,
    });
  });

  it("a round trip shows its latest collection leg (not the exchange delivery) with window and tracking", () => {
    const legs = [
      leg({ generation: 1, state: "canceled", trackingNumber: "OLD" }),
      leg({ kind: "delivery", generation: 2, trackingNumber: "OUT" }),
      leg({ generation: 2, trackingNumber: "BACK", state: "assigned" }),
    ];
    expect(latestCollection(legs)?.trackingNumber).toBe("BACK");
    expect(
      returnPickupView({ id: "gid://shopify/Return/78", name: "#1002-R1", status: "OPEN", exchange: true }, legs),
    ).toEqual({
      id: "78",
      name: "#1002-R1",
      status: "OPEN",
      exchange: true,
      pickup: {
        state: "assigned",
        generation: 2,
        windowStartIso: START.toISOString(),
        windowEndIso: END.toISOString(),
        trackingNumber: "BACK",
        attentionReason: null,
      },
      canBook: false,
      reason: PICKUP_ALREADY_BOOKED,
    });
  });

  it("a refused booking says why (only while it needs attention); an unknown stored state reads as being booked", () => {
    const refused = returnPickupView(
      { id: "gid://shopify/Return/79", name: "#1003-R1", status: "OPEN", exchange: false },
      [leg({ state: "failed", needsAttention: true, attentionReason: "The address is outside every delivery area." })],
    );
    expect(refused.pickup?.attentionReason).toBe("The address is outside every delivery area.");
    expect(refused.canBook).toBe(true);
    const unknown = returnPickupView(
      { id: "gid://shopify/Return/80", name: "#1004-R1", status: "OPEN", exchange: false },
      [leg({ state: "teleporting", attentionReason: "stale words" })],
    );
    expect(unknown.pickup).toMatchObject({ state: "pending", attentionReason: null });
  });
});
