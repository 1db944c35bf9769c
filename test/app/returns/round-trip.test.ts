import { describe, expect, it } from "vitest";
import { requestSchemas } from "~/courier/requests";
import { planShipments, type DispatchSettings, type PickupPoint } from "~/dispatch/order-to-shipments";
import { planReturnPickups } from "~/returns/return-to-pickups";
import { roundTripLegs, roundTripReference } from "~/returns/round-trip";
import { foLine, fulfillmentOrder, orderForDispatch } from "../../fixtures/order-for-dispatch";
import { MAIN, returnForPickup, returnLine, WAREHOUSE } from "../../fixtures/return-for-pickup";

const now = new Date("2026-11-27T15:00:00Z");
const window = { start: new Date("2026-11-27T17:00:00Z"), end: new Date("2026-11-27T20:00:00Z") };
const settings: DispatchSettings = {
  defaultPackage: { length: 12, width: 10, height: 8, weight: 2 },
  age21Tags: [],
  age18Tags: [],
  signatureRequired: false,
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
const RETURN_GID = "gid://shopify/Return/945000959";
const CUSTOMER_DATA = /Steve|Shipper|Shipping Street|555|0134/;

/** The exchange's new items on a fulfillment order at `at`, planned as dispatch plans any delivery. */
function exchangeDelivery(at: string, foId = 8001) {
  const order = orderForDispatch({
    fulfillmentOrders: {
      nodes: [
        fulfillmentOrder({
          id: `gid://shopify/FulfillmentOrder/${foId}`,
          locationId: at,
          lines: [foLine({ productTitle: "Rye loaf", sku: "RYE" })],
        }),
      ],
    },
  });
  return planShipments({
    order,
    pickupPoints: points,
    settings,
    window: { pickupAfter: window.start, deliverBetween: window },
    idempotencyKeyFor: (fo) => `key:${fo}:1`,
  }).shipments;
}

function collections(lines: Parameters<typeof returnForPickup>[0]["lines"], receiving = [MAIN]) {
  return planReturnPickups({
    ret: returnForPickup({ lines }),
    receivingLocationGids: receiving,
    pickupPoints: points,
    settings,
    window,
    idempotencyKeyFor: (gid) => `key:${gid}:1`,
  }).collections;
}

describe("exchange → one round trip", () => {
  it.each([
    { name: "exchange items from the same store", exchangeAt: MAIN },
    { name: "exchange items from another location than the one receiving the return", exchangeAt: WAREHOUSE },
  ])("$name: two legs, one batch, sequence 1 (delivery) and 2 (collection)", ({ exchangeAt }) => {
    const deliveries = exchangeDelivery(exchangeAt);
    const pickups = collections([{ line: returnLine(1), at: MAIN, rfo: 1 }]);
    const trip = roundTripLegs({
      returnGid: RETURN_GID,
      returnName: "#1001-R1",
      orderName: "#1001",
      generation: 1,
      deliveries,
      collections: pickups,
    });

    expect(trip.batchReferenceId).toBe("rt-945000959-1");
    expect(trip.legs.map((leg) => [leg.kind, leg.sequence, leg.planned.request.delivery_batch])).toEqual([
      ["delivery", 1, { reference_id: "rt-945000959-1", sequence_number: 1 }],
      ["return_pickup", 2, { reference_id: "rt-945000959-1", sequence_number: 2 }],
    ]);
    const [delivery, collection] = trip.legs.map((leg) => leg.planned.request);
    expect(delivery!.pickup_location.address.name).toBe(exchangeAt === MAIN ? "Main Street Bakery" : "Warehouse");
    expect(delivery!.delivery_location.address.street1).toBe("123 Shipping Street");
    expect(collection!.pickup_location.address.street1).toBe("123 Shipping Street");
    expect(collection!.delivery_location.address.name).toBe("Main Street Bakery");
    // The courier's reference (its label's text) says what both legs are: the order's exchange.
    expect([delivery!.reference_id, collection!.reference_id]).toEqual(["#1001 exchange", "#1001 exchange"]);
    expect(delivery!.description).toMatch(/^Round trip #1001-R1, leg 1 of 2: Order #1001/);
    expect(collection!.description).toMatch(/^Round trip #1001-R1, leg 2 of 2: Return #1001-R1/);
    for (const request of [delivery!, collection!]) {
      expect(request.description).toMatch(/round trip/i);
      expect(request.description).not.toMatch(CUSTOMER_DATA);
      expect(requestSchemas(() => now).createShipment.safeParse(request).success).toBe(true);
    }
    // Each leg keeps its own idempotency key: booked once each.
    expect(delivery!.idempotency_key).not.toBe(collection!.idempotency_key);
  });

  it("several legs: deliveries first, then collections, numbered in one batch", () => {
    const deliveries = [...exchangeDelivery(MAIN, 8001), ...exchangeDelivery(WAREHOUSE, 8002)];
    const pickups = collections(
      [
        { line: returnLine(1), at: MAIN, rfo: 1 },
        { line: returnLine(2), at: WAREHOUSE, rfo: 2 },
      ],
      [MAIN, WAREHOUSE],
    );
    const trip = roundTripLegs({
      returnGid: RETURN_GID,
      returnName: "#1001-R1",
      orderName: "#1001",
      generation: 2,
      deliveries,
      collections: pickups,
    });
    expect(trip.legs.map((leg) => `${leg.kind}:${leg.planned.request.delivery_batch?.sequence_number}`)).toEqual([
      "delivery:1",
      "delivery:2",
      "return_pickup:3",
      "return_pickup:4",
    ]);
    expect(new Set(trip.legs.map((leg) => leg.planned.request.delivery_batch?.reference_id))).toEqual(
      new Set(["rt-945000959-2"]),
    );
  });

  it.each([
    {
      name: "a return without exchange items",
      deliveries: [] as ReturnType<typeof exchangeDelivery>,
      withPickup: true,
    },
    { name: "an exchange whose collection cannot be booked", deliveries: exchangeDelivery(MAIN), withPickup: false },
  ])("no round trip for $name: legs unchanged, no batch", ({ deliveries, withPickup }) => {
    const pickups = withPickup ? collections([{ line: returnLine(1), at: MAIN, rfo: 1 }]) : [];
    const trip = roundTripLegs({
      returnGid: RETURN_GID,
      returnName: "#1001-R1",
      orderName: "#1001",
      generation: 1,
      deliveries,
      collections: pickups,
    });
    expect(trip.batchReferenceId).toBeNull();
    expect(trip.legs.every((leg) => leg.sequence === null && leg.planned.request.delivery_batch === undefined)).toBe(
      true,
    );
    expect(trip.legs.some((leg) => /round trip/i.test(leg.planned.request.description ?? ""))).toBe(false);
  });

  it("the batch reference names the return and generation only, within the courier's limit", () => {
    expect(roundTripReference("gid://shopify/Return/12345678901234567890", 12)).toBe("rt-12345678901234567890-12");
  });
});
