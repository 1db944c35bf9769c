import { describe, expect, it } from "vitest";
import type { Eligibility } from "~/dispatch/eligibility";
import { isLocalDelivery, localDeliveryModeOn, withLocalDelivery } from "~/dispatch/local-delivery";
import { planShipments, type DispatchSettings, type PickupPoint } from "~/dispatch/order-to-shipments";
import { deliveryMethod, fulfillmentOrder, orderForDispatch } from "../../fixtures/order-for-dispatch";

const notOurs: Eligibility = { eligible: false, reason: "The shopper did not choose same-day delivery at checkout." };
const ours: Eligibility = { eligible: true, serviceCode: "sd1:within-3-hours", needsAreaCheck: false };
const local = { deliveryMethod: deliveryMethod("LOCAL") };
const shipping = { deliveryMethod: deliveryMethod("SHIPPING") };
const pickUp = { deliveryMethod: deliveryMethod("PICK_UP") };

describe("Shopify Local Delivery mode: which orders are the app's", () => {
  it.each([
    ["LOCAL", true],
    ["SHIPPING", false],
    ["PICK_UP", false],
    ["PICKUP_POINT", false],
    ["RETAIL", false],
    ["NONE", false],
  ])("a fulfillment order delivered by %s is local delivery: %s", (methodType, expected) => {
    expect(isLocalDelivery({ deliveryMethod: deliveryMethod(methodType) })).toBe(expected);
  });

  it("reads a missing delivery method as not local delivery", () => {
    expect(isLocalDelivery({ deliveryMethod: null })).toBe(false);
    expect(isLocalDelivery({})).toBe(false);
  });

  it("is on exactly when Shopify refused the carrier service", () => {
    expect(localDeliveryModeOn({ carrierServiceRefusedAt: new Date("2026-11-27T09:00:00Z") })).toBe(true);
    expect(localDeliveryModeOn({ carrierServiceRefusedAt: null })).toBe(false);
  });

  const table: [string, Eligibility, Parameters<typeof withLocalDelivery>[1], boolean, boolean][] = [
    // name, rate rules' answer, input, eligible, localDelivery
    [
      "mode on, a LOCAL fulfillment order",
      notOurs,
      { mode: "carrier_orders", modeOn: true, fulfillmentOrders: [local] },
      true,
      true,
    ],
    [
      "mode on, LOCAL beside SHIPPING",
      notOurs,
      { mode: "carrier_orders", modeOn: true, fulfillmentOrders: [shipping, local] },
      true,
      true,
    ],
    [
      "mode on, only shipping and pickup",
      notOurs,
      { mode: "carrier_orders", modeOn: true, fulfillmentOrders: [shipping, pickUp] },
      false,
      false,
    ],
    [
      "mode off, a LOCAL fulfillment order",
      notOurs,
      { mode: "carrier_orders", modeOn: false, fulfillmentOrders: [local] },
      false,
      false,
    ],
    [
      "mode on but the shop dispatches by hand",
      notOurs,
      { mode: "manual", modeOn: true, fulfillmentOrders: [local] },
      false,
      false,
    ],
    [
      "the shopper chose the app's rate",
      ours,
      { mode: "carrier_orders", modeOn: true, fulfillmentOrders: [local] },
      true,
      false,
    ],
    [
      "mode on, all orders in the area",
      notOurs,
      { mode: "all_in_area", modeOn: true, fulfillmentOrders: [local] },
      true,
      true,
    ],
  ];
  it.each(table)("%s", (_name, eligibility, input, eligible, localDelivery) => {
    const result = withLocalDelivery(eligibility, input);
    expect(result.eligible).toBe(eligible);
    expect(result.localDelivery).toBe(localDelivery);
    if (!eligible && !eligibility.eligible) expect(result).toMatchObject({ reason: eligibility.reason });
    if (localDelivery) expect(result).toMatchObject({ serviceCode: null, needsAreaCheck: false });
  });
});

describe("planShipments in Local Delivery mode", () => {
  const settings: DispatchSettings = {
    defaultPackage: { length: 12, width: 10, height: 8, weight: 2 },
    age21Tags: [],
    age18Tags: [],
    signatureRequired: false,
    notificationsEnabled: true,
    declineInsurance: false,
    driverNotes: { shopperInstructions: true, instructionsAttribute: "Delivery instructions", merchantNote: null },
    deliveryAreas: [],
  };
  const point = (locationGid: string, name: string): PickupPoint => ({
    locationGid,
    name,
    address: { address1: "1 Main St", address2: null, city: "Brooklyn", provinceCode: "NY", zip: "11201" },
    contactName: "Dana",
    contactPhone: "+17185550100",
    notes: null,
  });
  const pickupPoints = new Map([
    ["gid://shopify/Location/10", point("gid://shopify/Location/10", "Main Street Bakery")],
    ["gid://shopify/Location/11", point("gid://shopify/Location/11", "Warehouse")],
  ]);
  const window = {
    pickupAfter: new Date("2026-11-22T16:00:00Z"),
    deliverBetween: { start: new Date("2026-11-22T16:00:00Z"), end: new Date("2026-11-22T19:00:00Z") },
  };
  const order = orderForDispatch({
    fulfillmentOrders: {
      nodes: [
        fulfillmentOrder({
          id: "gid://shopify/FulfillmentOrder/1",
          deliveryMethod: deliveryMethod("LOCAL", "Ring twice"),
        }),
        fulfillmentOrder({
          id: "gid://shopify/FulfillmentOrder/2",
          locationId: "gid://shopify/Location/11",
          deliveryMethod: deliveryMethod("SHIPPING"),
        }),
      ],
    },
  });
  const plan = (onlyLocalDelivery: boolean) =>
    planShipments({ order, pickupPoints, settings, window, idempotencyKeyFor: (fo) => `key-${fo}`, onlyLocalDelivery });

  it("dispatches only the local-delivery fulfillment order, with the shopper's instructions to the driver", () => {
    const result = plan(true);
    expect(result.shipments.map((s) => s.fulfillmentOrderGid)).toEqual(["gid://shopify/FulfillmentOrder/1"]);
    expect(result.shipments[0]!.request.delivery_location.notes).toBe("Ring twice");
    expect(result.skipped).toEqual([
      {
        fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/2",
        reason: "The shopper did not choose local delivery for these items.",
      },
    ]);
  });

  it("leaves the fulfillment orders alone by method when the order was not claimed by Local Delivery", () => {
    expect(plan(false).shipments).toHaveLength(2);
  });
});
