import { describe, expect, it } from "vitest";
import { BULK_DISPATCH_MAX_ORDERS, type DeliveryWindowQuote } from "../../extensions/shared/api-contract";
import {
  isLabelFormat,
  validateBulkSelection,
  validateRating,
  validateTip,
  validateWindowChoice,
} from "../../extensions/shared/validation";

describe("validateTip", () => {
  it.each<[string | number, number]>([
    ["5", 5],
    ["5.5", 5.5],
    ["7.50", 7.5],
    ["$12.25", 12.25],
    [" $ 3 ", 3],
    ["1", 1],
    ["200", 200],
    ["200.00", 200],
    [0.1 + 0.9, 1],
    [19.99, 19.99],
  ])("accepts %j as %s dollars", (input, amountDollars) => {
    expect(validateTip(input)).toEqual({ ok: true, value: { amountDollars } });
  });

  it.each<[string | number, string]>([
    ["", "Enter a tip amount."],
    ["   ", "Enter a tip amount."],
    ["abc", "Enter the tip in dollars, for example 5 or 7.50."],
    ["-5", "Enter the tip in dollars, for example 5 or 7.50."],
    ["5.555", "Enter the tip in dollars, for example 5 or 7.50."],
    ["5,50", "Enter the tip in dollars, for example 5 or 7.50."],
    ["1e3", "Enter the tip in dollars, for example 5 or 7.50."],
    [Number.NaN, "Enter a tip amount."],
    ["0", "The smallest tip is $1.00."],
    ["0.99", "The smallest tip is $1.00."],
    ["200.01", "The largest tip is $200.00."],
    ["999999", "The largest tip is $200.00."],
  ])("refuses %j: %s", (input, message) => {
    expect(validateTip(input)).toEqual({ ok: false, message, fieldErrors: { amountDollars: message } });
  });
});

describe("validateRating", () => {
  it.each([1, 2, 3, 4, 5, "1", "5", " 3 "])("accepts %j", (input) => {
    expect(validateRating(input)).toEqual({ ok: true, value: { value: Number(String(input).trim()) } });
  });

  it.each<[string | number, string]>([
    ["", "Choose a rating from 1 to 5."],
    ["0", "The rating must be a whole number from 1 to 5."],
    ["6", "The rating must be a whole number from 1 to 5."],
    ["4.5", "The rating must be a whole number from 1 to 5."],
    ["five", "The rating must be a whole number from 1 to 5."],
    [10, "The rating must be a whole number from 1 to 5."],
    [-1, "The rating must be a whole number from 1 to 5."],
  ])("refuses %j", (input, message) => {
    expect(validateRating(input)).toEqual({ ok: false, message, fieldErrors: { value: message } });
  });
});

describe("validateWindowChoice", () => {
  const windows: DeliveryWindowQuote[] = [
    {
      serviceCode: "SAMEDAY_TWO_HOURS",
      title: "Within 2 hours",
      deliverStartIso: "2026-11-21T18:05:00.000Z",
      deliverEndIso: "2026-11-21T20:05:00.000Z",
      priceCents: 1250,
      currencyCode: "USD",
    },
  ];

  it("accepts a window of the quote", () => {
    expect(validateWindowChoice("SAMEDAY_TWO_HOURS", windows)).toEqual({
      ok: true,
      value: { windowServiceCode: "SAMEDAY_TWO_HOURS" },
    });
  });

  it.each([
    ["", "Choose a delivery window."],
    ["X".repeat(101), "Choose a delivery window."],
    ["SAMEDAY_TOMORROW", "That delivery window is no longer offered. Get a new quote."],
  ])("refuses %j", (code, message) => {
    expect(validateWindowChoice(code, windows)).toEqual({
      ok: false,
      message,
      fieldErrors: { windowServiceCode: message },
    });
  });
});

describe("validateBulkSelection", () => {
  it("turns order GIDs into numeric ids, without duplicates, in selection order", () => {
    expect(
      validateBulkSelection(["gid://shopify/Order/30", "gid://shopify/Order/10", "30", "gid://shopify/Order/30"]),
    ).toEqual({ ok: true, value: { orderIds: ["30", "10"] } });
  });

  it.each<[string, string[], string]>([
    ["nothing selected", [], "Select at least one order to dispatch."],
    ["a product", ["gid://shopify/Product/1"], "One of the selected items is not an order."],
    ["a malformed order id", ["gid://shopify/Order/abc"], "One of the selected items is not an order."],
    ["a zero id", ["0"], "One of the selected items is not an order."],
    [
      "too many",
      Array.from({ length: BULK_DISPATCH_MAX_ORDERS + 1 }, (_, i) => `gid://shopify/Order/${i + 1}`),
      `Select at most ${BULK_DISPATCH_MAX_ORDERS} orders at a time (${BULK_DISPATCH_MAX_ORDERS + 1} are selected).`,
    ],
  ])("refuses %s", (_name, ids, message) => {
    expect(validateBulkSelection(ids)).toEqual({ ok: false, message, fieldErrors: { orderIds: message } });
  });

  it(`accepts exactly ${BULK_DISPATCH_MAX_ORDERS} orders`, () => {
    const ids = Array.from({ length: BULK_DISPATCH_MAX_ORDERS }, (_, i) => `gid://shopify/Order/${i + 1}`);
    const result = validateBulkSelection(ids);
    expect(result.ok && result.value.orderIds.length).toBe(BULK_DISPATCH_MAX_ORDERS);
  });
});

describe("isLabelFormat", () => {
  it.each([
    ["PDF", true],
    ["PNG", true],
    ["pdf", false],
    ["ZPL", false],
  ])("%s → %s", (value, expected) => {
    expect(isLabelFormat(value)).toBe(expected);
  });
});
