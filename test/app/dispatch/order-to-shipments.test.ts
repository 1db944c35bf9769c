import { describe, expect, it } from "vitest";
import { requestSchemas } from "~/courier/requests";
import { planShipments, type PickupPoint } from "~/dispatch/order-to-shipments";
import {
  deliveryMethod,
  DISPATCH_SETTINGS,
  DISPATCH_WINDOW,
  foLine,
  fulfillmentOrder,
  MAIN_PICKUP,
  orderForDispatch,
} from "../../fixtures/order-for-dispatch";

const now = new Date("2026-11-22T15:00:00Z");
const window = DISPATCH_WINDOW;
const settings = DISPATCH_SETTINGS;
const main = MAIN_PICKUP;
const second: PickupPoint = { ...main, locationGid: "gid://shopify/Location/20", name: "Warehouse", notes: null };
const pickups = new Map([
  [main.locationGid, main],
  [second.locationGid, second],
]);

function plan(order = orderForDispatch(), points = pickups) {
  return planShipments({ order, pickupPoints: points, settings, window, idempotencyKeyFor: (fo) => `key:${fo}:1` });
}

describe("order → shipment requests", () => {
  it("maps a one-location order to a request the courier's own schema accepts", () => {
    const { shipments, needsAttention, skipped, orderSkipReason } = plan();
    expect([orderSkipReason, needsAttention, skipped]).toEqual([null, [], []]);
    expect(shipments).toHaveLength(1);
    const request = shipments[0]!.request;
    expect(requestSchemas(() => now).createShipment.safeParse(request).success).toBe(true);
    expect(request).toMatchObject({
      reference_id: "#1001",
      idempotency_key: "key:gid://shopify/FulfillmentOrder/5001:1",
      alternate_id_1: "820982911946154508",
      alternate_id_2: "5001",
      items: [
        {
          description: "Sourdough loaf – Large",
          reference_id: "SOUR-LOAF",
          value: 8.5,
          weight: 1.984,
          quantity: 1,
          length: 12,
          width: 10,
          height: 8,
        },
      ],
      pickup_location: {
        address: { street1: "1 Main St", state: "NY" },
        contact: { name: "Dana (front desk)", phone: "7185550100" },
        notes: "Pickup at the side door",
      },
      delivery_location: {
        address: {
          name: "Shipping Company",
          street1: "123 Shipping Street",
          street2: "Apt 4",
          city: "Brooklyn",
          state: "NY",
          zip: "11201",
        },
        contact: { name: "Steve Shipper", phone: "7185550134" },
      },
      pickup_after: "2026-11-22T16:00:00.000Z",
      deliver_between: { start: "2026-11-22T16:00:00.000Z", end: "2026-11-22T19:00:00.000Z" },
      options: {
        signature_required: false,
        notifications_enabled: true,
        over_21_required: false,
        over_18_required: false,
        decline_insurance: false,
      },
    });
  });

  it("never puts customer data in the description every driver sees", () => {
    const description = plan().shipments[0]!.request.description!;
    expect(description).toBe("Order #1001: 1 item from Main Street Bakery");
    for (const personal of ["Steve", "Shipper", "123 Shipping", "718", "steve.shipper"])
      expect(description).not.toContain(personal);
  });

  it("sends the shopper's instructions to this delivery's driver in the notes, never in the description", () => {
    const order = orderForDispatch({
      note: "Leave it with the doorman",
      customAttributes: [{ key: "Delivery instructions", value: "Buzz 4B" }],
      fulfillmentOrders: {
        nodes: [fulfillmentOrder({ deliveryMethod: deliveryMethod("SHIPPING", "Gate code 4411") })],
      },
    });
    const request = plan(order).shipments[0]!.request;
    expect(request.delivery_location.notes).toBe("Gate code 4411 / Buzz 4B / Leave it with the doorman");
    expect(request.description).toBe("Order #1001: 1 item from Main Street Bakery");
    expect(requestSchemas(() => now).createShipment.safeParse(request).success).toBe(true);
  });

  it("sends no delivery notes when the order has none", () => {
    expect(plan().shipments[0]!.request.delivery_location).not.toHaveProperty("notes");
  });

  it("splits a two-location order into one shipment per fulfillment order", () => {
    const order = orderForDispatch({
      fulfillmentOrders: {
        nodes: [
          fulfillmentOrder(),
          fulfillmentOrder({
            id: "gid://shopify/FulfillmentOrder/5002",
            locationId: second.locationGid,
            assignedLocation: { name: "Warehouse", location: { id: second.locationGid } },
            lines: [
              foLine({
                id: "gid://shopify/FulfillmentOrderLineItem/2",
                sku: "CAKE",
                productTitle: "Birthday cake",
                variantTitle: "Default Title",
                remainingQuantity: 2,
                totalQuantity: 2,
              }),
            ],
          }),
        ],
      },
    } as never);
    const { shipments } = plan(order);
    expect(
      shipments.map((s) => [
        s.locationGid,
        s.request.alternate_id_2,
        s.request.items.map((i) => `${i.description} x${i.quantity}`),
      ]),
    ).toEqual([
      ["gid://shopify/Location/10", "5001", ["Sourdough loaf – Large x1"]],
      ["gid://shopify/Location/20", "5002", ["Birthday cake x2"]],
    ]);
    expect(new Set(shipments.map((s) => s.request.idempotency_key)).size).toBe(2);
  });

  it("ships only the remaining quantity and skips items that need no shipping", () => {
    const order = orderForDispatch({
      fulfillmentOrders: {
        nodes: [
          fulfillmentOrder({
            lines: [
              foLine({ totalQuantity: 3, remainingQuantity: 2 }),
              foLine({ id: "gid://shopify/FulfillmentOrderLineItem/9", sku: "GIFT", requiresShipping: false }),
              foLine({ id: "gid://shopify/FulfillmentOrderLineItem/10", sku: "DONE", remainingQuantity: 0 }),
            ],
          }),
        ],
      },
    } as never);
    const items = plan(order).shipments[0]!.request.items;
    expect(items.map((i) => [i.reference_id, i.quantity])).toEqual([["SOUR-LOAF", 2]]);
  });

  it.each([
    [["Wine", "21+"], true, false],
    [["AGE-21"], true, false],
    [["18+"], false, true],
    [["bakery"], false, false],
  ])("product tags %j → over 21 %s, over 18 %s", (tags, over21, over18) => {
    const order = orderForDispatch({
      fulfillmentOrders: { nodes: [fulfillmentOrder({ lines: [foLine({ tags })] })] },
    } as never);
    expect(plan(order).shipments[0]!.request.options).toMatchObject({
      over_21_required: over21,
      over_18_required: over18,
    });
  });

  it("uses dimensions from the variant's metafield and the default package weight when Shopify has none", () => {
    const line = foLine({
      weight: null,
      variant: {
        id: "v",
        metafield: { value: '{"length":6,"width":5,"height":4}' },
        product: { id: "p", tags: [], metafield: null },
      },
    } as never);
    const order = orderForDispatch({ fulfillmentOrders: { nodes: [fulfillmentOrder({ lines: [line] })] } } as never);
    expect(plan(order).shipments[0]!.request.items[0]).toMatchObject({ length: 6, width: 5, height: 4, weight: 2 });
  });

  it.each([
    ["+1 718 555 0134", "+12125550199", "7185550134"],
    ["not a phone", "+12125550199", "2125550199"],
    [null, "+16135550142", "6135550142"],
  ])("recipient phone from the shipping address %s, then the order %s", (addressPhone, orderPhone, expected) => {
    const base = orderForDispatch();
    const order = { ...base, phone: orderPhone, shippingAddress: { ...base.shippingAddress!, phone: addressPhone } };
    expect(plan(order as never).shipments[0]!.request.delivery_location.contact.phone).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      "no usable phone",
      {
        phone: null,
        shippingAddress: { ...orderForDispatch().shippingAddress!, phone: "+44 20 7946 0958" },
      },
      /No US phone number/,
    ],
    [
      "incomplete address",
      { shippingAddress: { ...orderForDispatch().shippingAddress!, zip: null } },
      /address is incomplete/,
    ],
  ])("needs attention: %s", (_name, overrides, reason) => {
    const result = plan({ ...orderForDispatch(), ...overrides } as never);
    expect(result.shipments).toEqual([]);
    expect(result.needsAttention).toEqual([
      {
        fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/5001",
        locationGid: "gid://shopify/Location/10",
        reason: expect.stringMatching(reason),
        code: "dispatch_failed",
      },
    ]);
  });

  it("needs attention when the pickup location has no contact phone", () => {
    const result = plan(orderForDispatch(), new Map([[main.locationGid, { ...main, contactPhone: null }]]));
    expect(result.needsAttention[0]?.reason).toMatch(
      /contact name and US phone for the pickup location Main Street Bakery/,
    );
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ["cancelled", { cancelledAt: "2026-11-22T14:00:00Z" }, /cancelled/],
    ["fulfilled", { displayFulfillmentStatus: "FULFILLED" }, /already fulfilled/],
    ["no shipping address", { shippingAddress: null }, /nothing to deliver/],
    [
      "outside the US",
      { shippingAddress: { ...orderForDispatch().shippingAddress!, countryCodeV2: "CA" } },
      /United States/,
    ],
  ])("skips the whole order when %s", (_name, overrides, reason) => {
    const result = plan({ ...orderForDispatch(), ...overrides } as never);
    expect(result.orderSkipReason).toMatch(reason);
    expect(result.shipments).toEqual([]);
  });

  it.each([
    ["a closed fulfillment order", fulfillmentOrder({ status: "CLOSED" as never }), /closed/],
    ["one on hold", fulfillmentOrder({ status: "ON_HOLD" as never }), /on hold/],
    [
      "one at a location that is not a pickup point",
      fulfillmentOrder({
        assignedLocation: { name: "Pop-up", location: { id: "gid://shopify/Location/99" } },
      } as never),
      /Pop-up is not a pickup location/,
    ],
    ["one with nothing left to ship", fulfillmentOrder({ lines: [foLine({ remainingQuantity: 0 })] }), /Nothing left/],
  ])("skips %s", (_name, fo, reason) => {
    const result = plan(orderForDispatch({ fulfillmentOrders: { nodes: [fo] } } as never));
    expect(result.shipments).toEqual([]);
    expect(result.skipped[0]?.reason).toMatch(reason);
  });

  it.each([
    ["no area", [], 1, null],
    [
      "a ZIP list holding the address's ZIP",
      [{ locationGid: main.locationGid, radiusMiles: null, zipCodes: ["11201"] }],
      1,
      null,
    ],
    ["a prefix covering it", [{ locationGid: main.locationGid, radiusMiles: 5, zipCodes: ["112"] }], 1, null],
    [
      "a ZIP list without it",
      [{ locationGid: main.locationGid, radiusMiles: null, zipCodes: ["11215", "100"] }],
      0,
      /Outside the delivery area of Main Street Bakery: ZIP 11201 is not in the location's ZIP codes \(11215, 100\)\. Not dispatched automatically/,
    ],
    ["a radius only (kept at checkout)", [{ locationGid: main.locationGid, radiusMiles: 2, zipCodes: [] }], 1, null],
  ])("the pickup location's delivery area: %s", (_name, deliveryAreas, shipments, attention) => {
    const result = planShipments({
      order: orderForDispatch(),
      pickupPoints: new Map([[main.locationGid, main]]),
      settings: { ...settings, deliveryAreas },
      window,
      idempotencyKeyFor: (fo) => `key:${fo}:1`,
    });
    expect(result.shipments).toHaveLength(shipments);
    if (attention)
      expect(result.needsAttention[0]).toMatchObject({
        reason: expect.stringMatching(attention),
        code: "outside_area",
      });
    else expect(result.needsAttention).toEqual([]);
  });

  it("truncates long titles to the courier's 200 characters", () => {
    const order = orderForDispatch({
      fulfillmentOrders: { nodes: [fulfillmentOrder({ lines: [foLine({ productTitle: "x".repeat(250) })] })] },
    } as never);
    expect(plan(order).shipments[0]!.request.items[0]!.description).toHaveLength(200);
  });
});
