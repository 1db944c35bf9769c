import { describe, expect, it } from "vitest";
import { exactJsonInteger, parseJsonKeepingIds } from "~/http/json-ids";
import { MAX_JSON_DEPTH } from "~/http/json-depth";

/** The order id of Shopify's webhook samples (test/fixtures/shopify-webhooks.ts): above 2^53. */
const BIG = "820982911946154508";

describe("JSON with ids above 2^53", () => {
  it("reads an integer above 2^53 as its exact digits, everything else as JSON.parse does", () => {
    expect(String(JSON.parse(`{"id":${BIG}}`).id)).not.toBe(BIG);
    expect(parseJsonKeepingIds(`{"id":${BIG},"n":42,"price":9.99,"neg":-${BIG},"t":"${BIG}","e":1e21}`)).toEqual({
      id: BIG,
      n: 42,
      price: 9.99,
      neg: `-${BIG}`,
      t: BIG,
      e: 1e21,
    });
    expect(parseJsonKeepingIds(`[9007199254740991, 9007199254740993]`)).toEqual([9007199254740991, "9007199254740993"]);
  });

  it("throws as JSON.parse does on text that is not JSON, and reads a deeply nested body without recursing", () => {
    expect(() => parseJsonKeepingIds("{")).toThrow(SyntaxError);
    const deep = `${"[".repeat(100_000)}${BIG}${"]".repeat(100_000)}`;
    expect(MAX_JSON_DEPTH).toBeLessThan(100_000);
    expect(() => parseJsonKeepingIds(deep)).not.toThrow();
  });

  it("writes the digits back as the JSON number, never through a JavaScript number", () => {
    expect(JSON.stringify({ order_id: exactJsonInteger(BIG) })).toBe(`{"order_id":${BIG}}`);
    expect(parseJsonKeepingIds(JSON.stringify({ order_id: exactJsonInteger(BIG) }))).toEqual({ order_id: BIG });
    for (const bad of ["", "0", "-1", "1.5", "1e3", "12a", "123456789012345678901"])
      expect(() => exactJsonInteger(bad)).toThrow(TypeError);
  });
});
