import { describe, expect, it } from "vitest";
import { holdsIllFormedText, isWellFormedText, wellFormedString } from "~/text/well-formed";

describe("isWellFormedText", () => {
  it.each([
    ["", true],
    ["read_orders", true],
    ["Crème brûlée 🍰", true],
    ["\ud83c\udf70", true],
    ["\ud800", false],
    ["a\udc00b", false],
    ["\udf70\ud83c", false],
    ["ok\ud83c", false],
  ])("%j → %s", (text, expected) => {
    expect(isWellFormedText(text)).toBe(expected);
  });

  it("finds a lone surrogate at the end of a million characters", () => {
    expect(isWellFormedText("é🍰".repeat(300_000) + "\ud800")).toBe(false);
    expect(isWellFormedText("é🍰".repeat(300_000))).toBe(true);
  });
});

describe("wellFormedString", () => {
  it("refuses a lone surrogate and keeps further checks", () => {
    expect(wellFormedString().safeParse("read_orders").success).toBe(true);
    expect(wellFormedString().safeParse("read\ud800").success).toBe(false);
    expect(wellFormedString().max(3).safeParse("four").success).toBe(false);
    expect(wellFormedString().safeParse(42).success).toBe(false);
  });
});

describe("holdsIllFormedText", () => {
  it.each([
    [{ event: "shipment.created", data: { id: 1, names: ["Zoë", "🍰"] } }, false],
    [{ event: "shipment.created\ud800" }, true],
    [{ data: { items: [{ reference_id: "a\udc00" }] } }, true],
    [{ ["key\ud83c"]: 1 }, true],
    [JSON.parse("[".repeat(50_000) + '"\\ud800"' + "]".repeat(50_000)), true],
  ])("case %#", (value, expected) => {
    expect(holdsIllFormedText(value)).toBe(expected);
  });
});
