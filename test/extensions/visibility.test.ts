import { buildClientSchema, parse, validate, type IntrospectionQuery } from "graphql";
import { describe, expect, it } from "vitest";
import { ORDER_VISIBILITY_QUERY, displayDeliveryAction } from "../../extensions/shared/visibility";
import { loadAdminIntrospection } from "../tools/admin-schema";

describe("displayDeliveryAction", () => {
  it.each<[string, Parameters<typeof displayDeliveryAction>[0], boolean]>([
    ["US address", { data: { order: { id: "o", shippingAddress: { countryCodeV2: "US" } } } }, true],
    ["Canadian address", { data: { order: { id: "o", shippingAddress: { countryCodeV2: "CA" } } } }, false],
    ["no shipping address (pickup, digital)", { data: { order: { id: "o", shippingAddress: null } } }, false],
    ["order not found", { data: { order: null } }, false],
    ["query failed", { errors: [{ message: "Throttled" }] }, true],
  ])("%s → %s", (_name, result, display) => {
    expect(displayDeliveryAction(result)).toBe(display);
  });
});

describe("ORDER_VISIBILITY_QUERY", () => {
  it("validates against the Admin API 2026-10 schema", () => {
    const schema = buildClientSchema(loadAdminIntrospection() as unknown as IntrospectionQuery);
    expect(validate(schema, parse(ORDER_VISIBILITY_QUERY)).map((e) => e.message)).toEqual([]);
  });
});
