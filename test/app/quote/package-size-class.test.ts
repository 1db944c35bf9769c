import { describe, expect, it } from "vitest";
import { heavierClasses, sizeClassOf } from "~/quote/package-size-class";

const unit = (weight: number, quantity = 1, longest = 12) => ({
  weight,
  quantity,
  length: longest,
  width: 10,
  height: 8,
});

describe("sizeClassOf: total weight band and longest side band", () => {
  it.each([
    ["one 2 lb unit", [unit(2)], "w≤5 l≤12"],
    ["three 5 lb units (15 lb, at the band's bound)", [unit(5, 3)], "w≤15 l≤12"],
    ["15.1 lb", [unit(15.1)], "w≤20 l≤12"],
    ["two lines adding up to 48 lb", [unit(20, 2), unit(8)], "w≤50 l≤12"],
    ["over the heaviest band", [unit(80, 2)], "w>150 l≤12"],
    ["a 20-inch side", [unit(2, 1, 20)], "w≤5 l≤24"],
    ["a 100-inch side", [unit(2, 1, 100)], "w≤5 l>72"],
  ])("%s", (_name, items, expected) => {
    expect(sizeClassOf(items)).toBe(expected);
  });
});

describe("heavierClasses: the stand-ins for a class the model has not seen", () => {
  it("the same longest side, heavier weight bands, nearest first", () => {
    expect(heavierClasses("w≤100 l≤12")).toEqual(["w≤150 l≤12", "w>150 l≤12"]);
    expect(heavierClasses("w>150 l≤24")).toEqual([]);
    expect(heavierClasses("something else")).toEqual([]);
  });
});
