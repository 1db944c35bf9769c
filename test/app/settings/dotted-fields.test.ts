import { describe, expect, it } from "vitest";
import { dottedFieldsToObject, mergeOver } from "~/settings/dotted-fields";

function parse(entries: Array<[string, unknown]>) {
  const errors: Record<string, string> = {};
  const value = dottedFieldsToObject({ entries: () => entries }, errors);
  return { value, errors };
}

describe("dottedFieldsToObject", () => {
  it.each<[string, Array<[string, unknown]>, unknown]>([
    ["a top-level field", [["leadTimeMinutes", "45"]], { leadTimeMinutes: "45" }],
    ["a group's field", [["pricing.markupPercent", "7"]], { pricing: { markupPercent: "7" } }],
    [
      "list positions as arrays",
      [
        ["deliveryWindows.0.id", "a"],
        ["deliveryWindows.1.id", "b"],
      ],
      { deliveryWindows: [{ id: "a" }, { id: "b" }] },
    ],
    [
      "a repeated name as its values in order",
      [
        ["flag", "false"],
        ["flag", "on"],
        ["flag", "true"],
      ],
      { flag: ["false", "on", "true"] },
    ],
    [
      "a field under a name already holding text replaces the text",
      [
        ["pricing", "cheap"],
        ["pricing.markupPercent", "7"],
      ],
      { pricing: { markupPercent: "7" } },
    ],
    ["a nested plain object as given", [["pricing", { markupPercent: 7 }]], { pricing: { markupPercent: 7 } }],
    [
      "names with an empty or prototype-reaching segment are left out",
      [
        ["__proto__.polluted", "yes"],
        ["a.constructor.prototype", "yes"],
        ["pricing.prototype", "yes"],
        ["a..b", "x"],
        [".a", "x"],
        ["b.", "x"],
      ],
      {},
    ],
    ["position 99, the highest accepted", [["list.99", "x"]], { list: Object.assign(new Array(99), { 99: "x" }) }],
  ])("reads %s", (_name, entries, expected) => {
    expect(parse(entries)).toEqual({ value: expected, errors: {} });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses a position above 99 on that name and builds nothing for it", () => {
    expect(
      parse([
        ["deliveryWindows.100.id", "x"],
        ["deliveryWindows.0.id", "a"],
      ]),
    ).toEqual({ value: { deliveryWindows: [{ id: "a" }] }, errors: { "deliveryWindows.100.id": "Too many entries" } });
  });

  it("reads a plain object's dotted keys like form names", () => {
    const errors: Record<string, string> = {};
    expect(dottedFieldsToObject({ "tags.over21": "beer", dispatchMode: "manual" }, errors)).toEqual({
      tags: { over21: "beer" },
      dispatchMode: "manual",
    });
    expect(errors).toEqual({});
  });
});

describe("mergeOver", () => {
  it.each<[string, unknown, unknown, unknown]>([
    ["keeps what the patch leaves out", { a: 1, b: { c: 2, d: 3 } }, { b: { c: 9 } }, { a: 1, b: { c: 9, d: 3 } }],
    ["replaces a list whole", { list: [1, 2, 3] }, { list: [4] }, { list: [4] }],
    ["replaces an object by text", { pricing: { markupPercent: 1 } }, { pricing: "cheap" }, { pricing: "cheap" }],
    ["adds keys the base lacks", { a: 1 }, { b: { c: 2 } }, { a: 1, b: { c: 2 } }],
  ])("%s", (_name, base, patch, expected) => {
    expect(mergeOver(base, patch)).toEqual(expected);
  });

  it("leaves the base unchanged", () => {
    const base = { pricing: { markupPercent: 1, rounding: "none" } };
    mergeOver(base, { pricing: { markupPercent: 5 } });
    expect(base).toEqual({ pricing: { markupPercent: 1, rounding: "none" } });
  });
});
