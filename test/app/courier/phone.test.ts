import { describe, expect, it } from "vitest";
import { firstCourierPhone, toCourierPhone } from "~/courier/phone";

describe("courier phone", () => {
  it.each([
    ["+12128675309", "2128675309"],
    ["+1 (415) 555-0132", "4155550132"],
    ["415.555.0132", "4155550132"],
    ["(415) 555-0132", "4155550132"],
    ["1-415-555-0132", "4155550132"],
    ["4155550132", "4155550132"],
    ["+44 20 7946 0958", null],
    ["555-0132", null],
    ["", null],
    ["   ", null],
    [null, null],
    ["not a phone", null],
    ["+1 015 555 0132", null],
  ])("%s → %s", (raw, expected) => {
    expect(toCourierPhone(raw)).toBe(expected);
  });

  it("falls back through the candidates in order", () => {
    expect(firstCourierPhone([null, "+44 20 7946 0958", "+14155550132", "+12125550100"])).toBe("4155550132");
    expect(firstCourierPhone([undefined, ""])).toBeNull();
  });
});
