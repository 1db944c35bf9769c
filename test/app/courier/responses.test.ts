import { describe, expect, it } from "vitest";
import {
  ErrorBodySchema,
  EstimateSchema,
  RatingResultSchema,
  ShipmentListSchema,
  ShipmentSchema,
  TipResultSchema,
} from "~/courier/responses";

describe("lenient response parsing", () => {
  it.each([
    ["a documented state", { id: 1, state: "en_route" }, "en_route", "en_route"],
    ["an unknown state", { id: 1, state: "teleporting" }, "unknown", "teleporting"],
    ["a missing state", { id: 1 }, "unknown", null],
    ["a non-text state", { id: 1, state: 7 }, "unknown", null],
  ])("reads %s", (_name, input, state, raw) => {
    const shipment = ShipmentSchema.parse(input);
    expect(shipment.state).toBe(state);
    expect(shipment.state_raw).toBe(raw);
  });

  it.each([
    ["a number", 101, "101"],
    ["text", "101", "101"],
  ])("reads the id as %s into text", (_name, id, expected) => {
    expect(ShipmentSchema.parse({ id }).id).toBe(expected);
  });

  it("refuses a shipment without an id (the one field the app cannot do without)", () => {
    expect(ShipmentSchema.safeParse({ state: "scheduled" }).success).toBe(false);
  });

  it("keeps unknown fields, turns numeric alternate ids into text and numbers-as-text into numbers", () => {
    const [a, b] = ShipmentListSchema.parse([
      {
        id: 1,
        alternate_id_1: 98765,
        alternate_id_2: "A-1",
        price: "12.50",
        estimated_distance: "3.2",
        surprise: { nested: true },
      },
      { id: 2, alternate_id_1: null, price: "free", items: [{ description: "x", weight: "2.5" }, "junk"] },
    ]);
    expect(a).toMatchObject({ alternate_id_1: "98765", alternate_id_2: "A-1", price: 12.5, estimated_distance: 3.2 });
    expect(a!.surprise).toEqual({ nested: true });
    expect(b).toMatchObject({ alternate_id_1: null, price: null });
    expect(b!.items).toEqual([expect.objectContaining({ description: "x", weight: 2.5, length: null })]);
  });

  it("reads timestamps into dates and bad ones into null", () => {
    const s = ShipmentSchema.parse({
      id: 1,
      created_at: "2025-05-01T10:00:00.123Z",
      updated_at: "yesterday",
      deliver_between: { start: "2025-05-01T11:00:00Z", end: null },
      events: [{ name: "at_pickup", occurred_at: "2025-05-01T10:05:00Z", location: { latitude: "1.5", longitude: 2 } }],
      driver: "not an object",
    });
    expect(s.created_at?.toISOString()).toBe("2025-05-01T10:00:00.123Z");
    expect(s.updated_at).toBeNull();
    expect(s.deliver_between).toMatchObject({ start: new Date("2025-05-01T11:00:00Z"), end: null });
    expect(s.events[0]).toMatchObject({ name: "at_pickup", location: { latitude: 1.5, longitude: 2 } });
    expect(s.driver).toBeNull();
  });

  it.each([
    ["numbers", { price: 18.25, size: "small", estimated_distance: 4.1 }, 18.25],
    ["numbers as text", { price: "18.25", size: "small", estimated_distance: "4.1" }, 18.25],
  ])("reads an estimate with %s", (_name, input, price) => {
    expect(EstimateSchema.parse(input)).toMatchObject({ price, size: "small", estimated_distance: 4.1 });
  });

  it("refuses an estimate without a price", () => {
    expect(EstimateSchema.safeParse({ size: "small" }).success).toBe(false);
  });

  it("reads tip, rating and error bodies leniently", () => {
    expect(TipResultSchema.parse({ amount: "5.5", currency: "USD" })).toMatchObject({ amount: 5.5, currency: "USD" });
    expect(RatingResultSchema.parse({ value: 4 }).value).toBe(4);
    expect(ErrorBodySchema.parse({ errors: [{ code: "1002", parameter: "items", message: "bad" }, 5] }).errors).toEqual(
      [{ code: 1002, parameter: "items", message: "bad" }],
    );
    expect(ErrorBodySchema.parse({ message: "nope" })).toMatchObject({ errors: [], message: "nope" });
  });
});
