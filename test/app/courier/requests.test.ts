import { describe, expect, it } from "vitest";
import {
  ADDRESS_LINE_MAX,
  CONTACT_NAME_MAX,
  DESCRIPTION_MAX,
  ITEM_DESCRIPTION_MAX,
  ITEM_REFERENCE_ID_MAX,
  NOTES_MAX,
  PHONE_MAX,
  REFERENCE_ID_MAX,
  STORE_NUMBER_MAX,
  ZIP_MAX,
} from "~/courier/limits";
import {
  CancelShipmentSchema,
  RatingSchema,
  TipSchema,
  requestSchemas,
  validateRequest,
  type CreateShipmentRequest,
} from "~/courier/requests";
import { createRequest } from "../../courier-sandbox/testing";

const now = new Date("2025-05-01T10:00:00Z");
const schemas = requestSchemas(() => now);
const base = createRequest(now);

type Mutation = (r: CreateShipmentRequest) => void;
const problemsOf = (mutate: Mutation) => {
  const request = structuredClone(base);
  mutate(request);
  const result = validateRequest(schemas.createShipment, request);
  return result.ok ? [] : result.problems.map((p) => p.path);
};
const text = (n: number) => "x".repeat(n);

describe("create shipment limits (one named constant each)", () => {
  it.each<[string, number, (r: CreateShipmentRequest, v: string) => void]>([
    ["reference_id", REFERENCE_ID_MAX, (r, v) => (r.reference_id = v)],
    ["description", DESCRIPTION_MAX, (r, v) => (r.description = v)],
    ["items[0].description", ITEM_DESCRIPTION_MAX, (r, v) => (r.items[0]!.description = v)],
    ["items[0].reference_id", ITEM_REFERENCE_ID_MAX, (r, v) => (r.items[0]!.reference_id = v)],
    ["delivery_location.notes", NOTES_MAX, (r, v) => (r.delivery_location.notes = v)],
    ["pickup_location.address.name", ADDRESS_LINE_MAX, (r, v) => (r.pickup_location.address.name = v)],
    ["pickup_location.address.street1", ADDRESS_LINE_MAX, (r, v) => (r.pickup_location.address.street1 = v)],
    ["pickup_location.address.street2", ADDRESS_LINE_MAX, (r, v) => (r.pickup_location.address.street2 = v)],
    ["pickup_location.address.city", ADDRESS_LINE_MAX, (r, v) => (r.pickup_location.address.city = v)],
    ["pickup_location.address.store_number", STORE_NUMBER_MAX, (r, v) => (r.pickup_location.address.store_number = v)],
    ["delivery_location.address.zip", ZIP_MAX, (r, v) => (r.delivery_location.address.zip = v)],
    ["delivery_location.contact.name", CONTACT_NAME_MAX, (r, v) => (r.delivery_location.contact.name = v)],
    ["delivery_location.contact.phone", PHONE_MAX, (r, v) => (r.delivery_location.contact.phone = v)],
  ])("%s: %i characters pass, one more fails", (path, max, set) => {
    expect(problemsOf((r) => set(r, text(max)))).toEqual([]);
    expect(problemsOf((r) => set(r, text(max + 1)))).toEqual([path]);
  });

  it.each<[string, Mutation, string[]]>([
    ["a lower-case state", (r) => (r.pickup_location.address.state = "ca" as never), ["pickup_location.address.state"]],
    [
      "a state that does not exist",
      (r) => (r.pickup_location.address.state = "ZZ" as never),
      ["pickup_location.address.state"],
    ],
    ["pickup_after now (not in the future)", (r) => (r.pickup_after = now), ["pickup_after"]],
    ["pickup_after without an offset", (r) => (r.pickup_after = "2025-05-01T12:00:00"), ["pickup_after"]],
    [
      "a window that ends at its start",
      (r) => (r.deliver_between.end = r.deliver_between.start),
      ["deliver_between.end"],
    ],
    ["an empty item list", (r) => (r.items = []), ["items"]],
    ["a zero weight", (r) => (r.items[0]!.weight = 0), ["items[0].weight"]],
    ["a fractional quantity", (r) => (r.items[0]!.quantity = 1.5), ["items[0].quantity"]],
    [
      "a missing contact on create",
      (r) => delete (r.pickup_location as Partial<typeof r.pickup_location>).contact,
      ["pickup_location.contact"],
    ],
    ["an unknown field", (r) => Object.assign(r, { state: "delivered" }), ["state"]],
    ["a negative extra compensation", (r) => (r.options.extra_compensation = -1), ["options.extra_compensation"]],
    [
      "a latitude out of range",
      (r) => (r.delivery_location.address.latitude = 91),
      ["delivery_location.address.latitude"],
    ],
  ])("refuses %s", (_name, mutate, paths) => {
    expect(problemsOf(mutate)).toEqual(paths);
  });

  it("accepts Date objects and RFC 3339 text with offsets, sending UTC ISO text", () => {
    const result = schemas.createShipment.parse({
      ...base,
      pickup_after: new Date("2025-05-01T10:05:00Z"),
      deliver_between: { start: "2025-05-01T12:05:00+02:00", end: "2025-05-01T11:00:00.5Z" },
      delivery_batch: { reference_id: "trip-1", sequence_number: 2 },
      idempotency_key: "k",
    });
    expect(result.pickup_after).toBe("2025-05-01T10:05:00.000Z");
    expect(result.deliver_between).toEqual({ start: "2025-05-01T10:05:00.000Z", end: "2025-05-01T11:00:00.500Z" });
  });

  it("estimates need no contact; updates take any subset but not idempotency_key", () => {
    expect(schemas.estimate.safeParse({ ...base, reference_id: undefined }).success).toBe(false); // strict: reference_id is not an estimate field
    const { items, pickup_location, delivery_location, pickup_after, deliver_between } = base;
    expect(
      schemas.estimate.safeParse({
        items,
        pickup_location: { address: pickup_location.address },
        delivery_location: { address: delivery_location.address },
        pickup_after,
        deliver_between,
      }).success,
    ).toBe(true);
    expect(schemas.updateShipment.safeParse({ description: "new" }).success).toBe(true);
    expect(schemas.updateShipment.safeParse({ idempotency_key: "k" }).success).toBe(false);
    expect(schemas.updateShipment.safeParse({}).success).toBe(false);
  });
});

describe("tip, rating and cancel bodies", () => {
  it.each([
    [TipSchema, { amount: 0.01 }, true],
    [TipSchema, { amount: 0 }, false],
    [TipSchema, { amount: -2 }, false],
    [TipSchema, { amount: "5" }, false],
    [RatingSchema, { value: 1 }, true],
    [RatingSchema, { value: 5 }, true],
    [RatingSchema, { value: 0 }, false],
    [RatingSchema, { value: 6 }, false],
    [RatingSchema, { value: 4.5 }, false],
    [CancelShipmentSchema, {}, true],
    [CancelShipmentSchema, { cancellation_code: "item_damaged" }, true],
    [CancelShipmentSchema, { cancellation_code: "because" }, false],
    [CancelShipmentSchema, { cancellation_code: "other" }, false],
    [CancelShipmentSchema, { cancellation_code: "other", cancellation_comment: "shop closed" }, true],
  ] as const)("%#: %j → %s", (schema, input, ok) => {
    expect(schema.safeParse(input).success).toBe(ok);
  });
});
