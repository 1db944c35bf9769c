import { describe, expect, it } from "vitest";
import { requestSchemas } from "~/courier/requests";
import type { DispatchSettings, PickupPoint } from "~/dispatch/order-to-shipments";
import { planReturnPickups, receivingLocationFor } from "~/returns/return-to-pickups";
import { MAIN, returnForPickup, returnLine, WAREHOUSE } from "../../fixtures/return-for-pickup";

const now = new Date("2026-11-27T15:00:00Z");
const window = { start: new Date("2026-11-27T17:00:00Z"), end: new Date("2026-11-27T20:00:00Z") };
const settings: DispatchSettings = {
  defaultPackage: { length: 12, width: 10, height: 8, weight: 2 },
  age21Tags: [],
  age18Tags: [],
  signatureRequired: true,
  notificationsEnabled: true,
  declineInsurance: false,
  driverNotes: { shopperInstructions: true, instructionsAttribute: null, merchantNote: null },
  deliveryAreas: [],
};
const store = (locationGid: string, name: string): PickupPoint => ({
  locationGid,
  name,
  address: {
    address1: "1 Main St",
    address2: null,
    city: "Brooklyn",
    provinceCode: "NY",
    zip: "11201",
    countryCode: "US",
  },
  contactName: "Dana",
  contactPhone: "+17185550100",
  notes: null,
});
const points = new Map([
  [MAIN, store(MAIN, "Main Street Bakery")],
  [WAREHOUSE, store(WAREHOUSE, "Warehouse")],
]);

function plan(ret: ReturnType<typeof returnForPickup>, receiving: string[] = [MAIN, WAREHOUSE], pickupPoints = points) {
  return planReturnPickups({
    ret,
    receivingLocationGids: receiving,
    pickupPoints,
    settings,
    window,
    idempotencyKeyFor: (gid) => `key:${gid}:1`,
  });
}

const CUSTOMER_DATA = /Steve|Shipper|Shipping Street|555|0134/;

describe("return → courier collection requests", () => {
  it("collects a full return from the customer's address for the store, with the customer as contact", () => {
    const result = plan(returnForPickup({ lines: [{ line: returnLine(1, { quantity: 2 }), at: MAIN, rfo: 1 }] }));
    expect(result.attention).toEqual([]);
    expect(result.collections).toHaveLength(1);
    const [collection] = result.collections;
    expect(collection).toMatchObject({
      keyGid: "gid://shopify/ReverseFulfillmentOrder/1",
      locationGid: MAIN,
      units: 2,
      reverseDeliveries: [
        {
          reverseFulfillmentOrderGid: "gid://shopify/ReverseFulfillmentOrder/1",
          lines: [
            { reverseFulfillmentOrderLineItemGid: "gid://shopify/ReverseFulfillmentOrderLineItem/10", quantity: 2 },
          ],
        },
      ],
    });
    const request = collection!.request;
    expect(request).toMatchObject({
      reference_id: "#1001 return",
      idempotency_key: "key:gid://shopify/ReverseFulfillmentOrder/1:1",
      pickup_location: {
        address: { street1: "123 Shipping Street", street2: "Apt 4", city: "Brooklyn", state: "NY", zip: "11201" },
        // Normalised as for deliveries: the courier takes the 10 digits.
        contact: { name: "Steve Shipper", phone: "7185550134" },
      },
      delivery_location: {
        address: { name: "Main Street Bakery", street1: "1 Main St" },
        contact: { phone: "7185550100" },
      },
      pickup_after: window.start.toISOString(),
      deliver_between: { start: window.start.toISOString(), end: window.end.toISOString() },
      options: { signature_required: true, decline_insurance: false },
      items: [{ description: "Sourdough loaf – Large", reference_id: "SKU-1", quantity: 2, weight: 1.984, value: 8.5 }],
    });
    expect(request.description).toBe("Return #1001-R1: collect 2 items for Main Street Bakery");
    expect(JSON.stringify([request.description, request.items.map((i) => i.description)])).not.toMatch(CUSTOMER_DATA);
    expect(requestSchemas(() => now).createShipment.safeParse(request).success).toBe(true);
  });

  it.each([
    ["partial: 1 of a line, the other line kept", [{ line: returnLine(1, { quantity: 1 }), at: MAIN, rfo: 1 }], 1],
    [
      "the default package weight when Shopify gives none",
      [{ line: returnLine(2, { grams: null }), at: MAIN, rfo: 1 }],
      1,
    ],
  ])("%s", (_name, lines, units) => {
    const result = plan(returnForPickup({ lines }));
    expect(result.collections.map((c) => c.units)).toEqual([units]);
    if (lines[0]!.line.totalWeight === null) expect(result.collections[0]!.request.items[0]!.weight).toBe(2);
  });

  it.each([
    {
      name: "items from two receiving locations go back to each: two collections",
      receiving: [MAIN, WAREHOUSE],
      expected: [
        { locationGid: MAIN, units: 1, rfos: ["gid://shopify/ReverseFulfillmentOrder/1"] },
        { locationGid: WAREHOUSE, units: 3, rfos: ["gid://shopify/ReverseFulfillmentOrder/2"] },
      ],
    },
    {
      name: "only the main store receives returns: one collection carries both reverse fulfillment orders",
      receiving: [MAIN],
      expected: [
        {
          locationGid: MAIN,
          units: 4,
          rfos: ["gid://shopify/ReverseFulfillmentOrder/1", "gid://shopify/ReverseFulfillmentOrder/2"],
        },
      ],
    },
    {
      name: "neither fulfilling location receives: all to the first receiving location",
      receiving: ["gid://shopify/Location/30"],
      points: new Map([...points, ["gid://shopify/Location/30", store("gid://shopify/Location/30", "Returns desk")]]),
      expected: [
        {
          locationGid: "gid://shopify/Location/30",
          units: 4,
          rfos: ["gid://shopify/ReverseFulfillmentOrder/1", "gid://shopify/ReverseFulfillmentOrder/2"],
        },
      ],
    },
  ])("several locations: $name", ({ receiving, expected, points: pickupPoints }) => {
    const ret = returnForPickup({
      lines: [
        { line: returnLine(1), at: MAIN, rfo: 1 },
        { line: returnLine(2, { quantity: 3, title: "Flour sack" }), at: WAREHOUSE, rfo: 2 },
      ],
    });
    const result = plan(ret, receiving, pickupPoints ?? points);
    expect(result.attention).toEqual([]);
    expect(
      result.collections.map((c) => ({
        locationGid: c.locationGid,
        units: c.units,
        rfos: c.reverseDeliveries.map((d) => d.reverseFulfillmentOrderGid),
      })),
    ).toEqual(expected);
    expect(new Set(result.collections.map((c) => c.request.idempotency_key)).size).toBe(result.collections.length);
  });

  it.each([
    {
      name: "no receiving location chosen",
      ret: returnForPickup({ lines: [{ line: returnLine(1), at: MAIN, rfo: 1 }] }),
      receiving: [],
      match: /Choose the locations that receive returns/,
    },
    {
      name: "no US phone for the customer",
      ret: returnForPickup({ lines: [{ line: returnLine(1), at: MAIN, rfo: 1 }], phone: "+44 20 7946 0958" }),
      receiving: [MAIN],
      match: /No US phone number/,
    },
    {
      name: "the receiving location is not an enabled pickup location",
      ret: returnForPickup({ lines: [{ line: returnLine(1), at: MAIN, rfo: 1 }] }),
      receiving: ["gid://shopify/Location/99"],
      match: /needs an enabled pickup location/,
    },
  ])("needs staff: $name", ({ ret, receiving, match }) => {
    const result = plan(ret, receiving);
    expect(result.collections).toEqual([]);
    expect(result.attention.join(" ")).toMatch(match);
  });

  it("a closed reverse fulfillment order is not collected again", () => {
    const ret = returnForPickup({ lines: [{ line: returnLine(1), at: MAIN, rfo: 1 }] });
    ret.reverseFulfillmentOrders.nodes[0]!.status =
      "CLOSED" as (typeof ret.reverseFulfillmentOrders.nodes)[number]["status"];
    expect(plan(ret)).toEqual({ collections: [], attention: [expect.stringMatching(/nothing to collect/)] });
  });

  it.each([
    ["fulfilled at a receiving location", MAIN, [WAREHOUSE, MAIN], MAIN],
    ["fulfilled elsewhere", "gid://shopify/Location/5", [WAREHOUSE, MAIN], WAREHOUSE],
    ["unknown fulfillment location", null, [MAIN], MAIN],
    ["no receiving locations", MAIN, [], null],
  ])("receiving location when %s", (_name, from, receiving, expected) => {
    expect(receivingLocationFor(from, receiving)).toBe(expected);
  });
});
