import { describe, expect, it } from "vitest";
import { priceDifferenceReason } from "~/dispatch/price-comparison";

describe("priceDifferenceReason: what the shopper paid against what the courier charges", () => {
  it.each([
    [
      "a flat $8 window, the courier now at $11.50",
      { shopperPaidCents: 800, quotedCourierCents: 900, chargedCents: 1150 },
      "The shopper paid $8.00 for delivery; the courier charges $11.50 ($3.50 more than the shopper paid). At checkout the courier's price was $9.00.",
    ],
    [
      "a marked-up price still above the courier's",
      { shopperPaidCents: 1500, quotedCourierCents: 1000, chargedCents: 1200 },
      "The shopper paid $15.00 for delivery; the courier charges $12.00 ($3.00 left to you). At checkout the courier's price was $10.00.",
    ],
    [
      "free delivery",
      { shopperPaidCents: 0, quotedCourierCents: 1000, chargedCents: 1300 },
      "The shopper paid $0.00 for delivery; the courier charges $13.00 ($13.00 more than the shopper paid). At checkout the courier's price was $10.00.",
    ],
    [
      "a price from the price model, the courier now higher",
      { shopperPaidCents: 1200, quotedCourierCents: 1000, chargedCents: 1400, priceSource: "model" },
      "The shopper paid $12.00 for delivery; the courier charges $14.00 ($2.00 more than the shopper paid). At checkout the courier's price (estimated from its recent prices by distance) was $10.00.",
    ],
    [
      "a remembered price",
      { shopperPaidCents: 1200, quotedCourierCents: 1000, chargedCents: 1400, priceSource: "memory" },
      "The shopper paid $12.00 for delivery; the courier charges $14.00 ($2.00 more than the shopper paid). At checkout the courier's price (remembered from a recent delivery of the same size to the same postal code) was $10.00.",
    ],
  ])("%s", (_name, input, expected) => {
    expect(priceDifferenceReason(input)).toBe(expected);
  });
});
