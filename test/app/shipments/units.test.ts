import { describe, expect, it } from "vitest";
import { dimensionsFor, parseDimensions } from "~/shipments/package-size";
import { gramsToPounds, moneyToDollars, weightToPounds } from "~/shipments/units";

const defaults = { length: 12, width: 10, height: 8, weight: 2 };

describe("units", () => {
  it.each([
    [453.59237, 1],
    [1000, 2.205],
    [0, 0],
    [250, 0.551],
  ])("%s g = %s lb", (grams, pounds) => {
    expect(gramsToPounds(grams)).toBe(pounds);
  });

  it.each([
    [{ unit: "GRAMS", value: 500 }, 1.102],
    [{ unit: "KILOGRAMS", value: 2 }, 4.409],
    [{ unit: "OUNCES", value: 8 }, 0.5],
    [{ unit: "POUNDS", value: 3.5 }, 3.5],
    [{ unit: "STONES", value: 1 }, null],
    [{ unit: "GRAMS", value: 0 }, null],
    [null, null],
  ])("%j → %s lb", (weight, pounds) => {
    expect(weightToPounds(weight)).toBe(pounds);
  });

  it.each([
    ["19.99", 19.99],
    ["0.0", 0],
    ["12", 12],
    ["abc", undefined],
    ["-1", undefined],
    [null, undefined],
  ])("money %s → %s", (amount, dollars) => {
    expect(moneyToDollars(amount)).toBe(dollars);
  });
});

describe("package size", () => {
  it("prefers the variant's metafield, then the product's, then the default", () => {
    expect(
      dimensionsFor(
        {
          variantMetafield: '{"length":5,"width":4,"height":3}',
          productMetafield: '{"length":9,"width":9,"height":9}',
        },
        defaults,
      ),
    ).toEqual({ length: 5, width: 4, height: 3 });
    expect(
      dimensionsFor(
        { variantMetafield: null, productMetafield: '{"length":"9","width":"9","height":"2.5"}' },
        defaults,
      ),
    ).toEqual({ length: 9, width: 9, height: 2.5 });
    expect(dimensionsFor({}, defaults)).toEqual({ length: 12, width: 10, height: 8 });
  });

  it.each([
    "",
    "not json",
    '{"length":5}',
    '{"length":-1,"width":1,"height":1}',
    '{"length":5000,"width":1,"height":1}',
    "[1,2,3]",
  ])("ignores an unusable metafield %j", (value) => {
    expect(parseDimensions(value)).toBeNull();
  });
});
