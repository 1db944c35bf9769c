import { describe, expect, it } from "vitest";
import { ShipmentSchema } from "~/courier/responses";
import { repostInWords, repostTakeover } from "~/tracking/repost";

const courierShipment = (fields: Record<string, unknown>) => ShipmentSchema.parse({ id: 4800, ...fields });

describe("what a reposted shipment replaces", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      "tracking number, price and window",
      {
        tracking_number: "TRK4800",
        price: 12.345,
        pickup_after: "2026-11-25T15:00:00Z",
        deliver_between: { start: "2026-11-25T15:30:00Z", end: "2026-11-25T16:30:00Z" },
      },
      {
        trackingNumber: "TRK4800",
        priceCents: 1235,
        pickupAfter: new Date("2026-11-25T15:00:00Z"),
        deliverStart: new Date("2026-11-25T15:30:00Z"),
        deliverEnd: new Date("2026-11-25T16:30:00Z"),
      },
    ],
    ["a price given as text", { price: "9.50" }, { priceCents: 950 }],
    ["nothing the courier left out", { price: null, deliver_between: null }, {}],
    ["no negative price", { price: -1 }, {}],
  ])("%s", (_name, fields, expected) => {
    expect(repostTakeover(courierShipment(fields))).toEqual(expected);
  });

  it("says in words what took over", () => {
    expect(
      repostInWords("4800", {
        trackingNumber: "TRK4800",
        priceCents: 1250,
        deliverStart: new Date("2026-11-25T15:30:00Z"),
        deliverEnd: new Date("2026-11-25T16:30:00Z"),
      }),
    ).toBe(
      "The courier's new shipment 4800 takes over: tracking number TRK4800, price 12.50 USD, delivery between 2026-11-25T15:30:00.000Z and 2026-11-25T16:30:00.000Z",
    );
    expect(repostInWords("4800", {})).toBe("The courier's new shipment 4800 takes over");
  });
});
