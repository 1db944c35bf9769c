import { describe, expect, it } from "vitest";
import { COURIER_NOT_CONNECTED } from "~/courier/errors";
import { dispatchAvailability, type DispatchAvailabilityInput } from "~/staff/dispatch-availability";

const LOC = "gid://shopify/Location/1";

function input(
  overrides: Partial<DispatchAvailabilityInput> = {},
  order: Partial<DispatchAvailabilityInput["order"]> = {},
): DispatchAvailabilityInput {
  return {
    courierConnected: true,
    enabledLocationGids: [LOC],
    shipmentStates: [],
    dispatchUnderWay: false,
    order: {
      cancelledAt: null,
      financialStatus: "PAID",
      shippingCountryCode: "US",
      fulfillmentOrders: [{ status: "OPEN", locationGid: LOC }],
      ...order,
    },
    ...overrides,
  };
}

describe("dispatchAvailability", () => {
  it.each<[string, DispatchAvailabilityInput, string | null]>([
    ["a paid US order at a pickup location", input(), null],
    ["after a canceled or expired delivery", input({ shipmentStates: ["canceled", "expired", "failed"] }), null],
    ["a partially refunded order", input({}, { financialStatus: "PARTIALLY_REFUNDED" }), null],
    ["no courier account", input({ courierConnected: false }), COURIER_NOT_CONNECTED],
    [
      "no pickup location",
      input({ enabledLocationGids: [] }),
      "Choose at least one pickup location in the app's settings first.",
    ],
    [
      "a delivery in progress",
      input({ shipmentStates: ["canceled", "assigned"] }),
      "This order already has a delivery in progress.",
    ],
    [
      "a delivery being booked",
      input({ shipmentStates: ["pending"] }),
      "This order already has a delivery in progress.",
    ],
    [
      "a re-dispatch still queued after a cancel",
      input({ shipmentStates: ["canceled"], dispatchUnderWay: true }),
      "A dispatch of this order is already under way. Reload in a moment to see it.",
    ],
    ["a canceled order", input({}, { cancelledAt: "2026-11-21T10:00:00Z" }), "The order is canceled."],
    ["an unpaid order", input({}, { financialStatus: "PENDING" }), "The order is not paid yet."],
    ["no shipping address", input({}, { shippingCountryCode: null }), "The order has no shipping address."],
    [
      "a Canadian address",
      input({}, { shippingCountryCode: "CA" }),
      "Same-day delivery is only available for United States addresses.",
    ],
    [
      "everything fulfilled",
      input({}, { fulfillmentOrders: [{ status: "CLOSED", locationGid: LOC }] }),
      "Nothing on this order is left to fulfill.",
    ],
    [
      "items at another location",
      input({}, { fulfillmentOrders: [{ status: "OPEN", locationGid: "gid://shopify/Location/2" }] }),
      "The items are not at one of your pickup locations. Enable that location in the app's settings.",
    ],
  ])("%s", (_label, facts, reason) => {
    expect(dispatchAvailability(facts)).toEqual({ allowed: reason === null, reason });
  });
});
