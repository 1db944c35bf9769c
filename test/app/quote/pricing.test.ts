import { describe, expect, it } from "vitest";
import {
  dollarsToCents,
  exceedsPriceTolerance,
  fallbackPrice,
  InvalidCourierPriceError,
  priceRate,
  roundPrice,
} from "~/quote/pricing";
import type { PricingRules } from "~/settings/shop-settings";

const neutral: PricingRules = {
  markupPercent: 0,
  fixedMarkupCents: 0,
  rounding: "none",
  freeAboveSubtotalCents: null,
  minimumPriceCents: null,
  maximumPriceCents: null,
};

type Case = [
  name: string,
  dollars: number,
  rules: Partial<PricingRules>,
  subtotal: number | undefined,
  total: number,
  free: boolean,
];

describe("priceRate", () => {
  it.each<Case>([
    // courier dollars → cents
    ["no rules: the courier's price", 12.34, {}, undefined, 1234, false],
    ["whole dollars", 15, {}, undefined, 1500, false],
    ["binary noise: 10.075 is 1008 cents, not 1007", 10.075, {}, undefined, 1008, false],
    ["binary noise: 0.1 + 0.2", 0.1 + 0.2, {}, undefined, 30, false],
    ["fractions of a cent round to the nearest cent", 19.994, {}, undefined, 1999, false],
    ["half a cent rounds up", 19.995, {}, undefined, 2000, false],
    ["a free courier price stays free of charge", 0, {}, undefined, 0, false],
    // markup percent alone
    ["10% markup", 12.34, { markupPercent: 10 }, undefined, 1357, false],
    ["15% markup", 10, { markupPercent: 15 }, undefined, 1150, false],
    ["12.5% markup, nearest cent", 9.99, { markupPercent: 12.5 }, undefined, 1124, false],
    ["-50% (merchant pays half)", 12.34, { markupPercent: -50 }, undefined, 617, false],
    ["-100%: nothing to pay", 12.34, { markupPercent: -100 }, undefined, 0, false],
    // fixed markup alone
    ["fixed +$2.50", 12.34, { fixedMarkupCents: 250 }, undefined, 1484, false],
    ["fixed -$2.00", 12.34, { fixedMarkupCents: -200 }, undefined, 1034, false],
    ["fixed discount larger than the price: never negative", 12.34, { fixedMarkupCents: -2000 }, undefined, 0, false],
    // both: the percentage applies to the courier's price only
    ["10% and +$1.00", 10, { markupPercent: 10, fixedMarkupCents: 100 }, undefined, 1200, false],
    // rounding alone
    ["up to the dollar", 12.34, { rounding: "up_to_dollar" }, undefined, 1300, false],
    ["up to the dollar: whole dollars stay", 12, { rounding: "up_to_dollar" }, undefined, 1200, false],
    ["up to the dollar: one cent over", 12.01, { rounding: "up_to_dollar" }, undefined, 1300, false],
    ["up to .99", 12.34, { rounding: "up_to_99_cents" }, undefined, 1299, false],
    ["up to .99: already .99", 12.99, { rounding: "up_to_99_cents" }, undefined, 1299, false],
    ["up to .99: a whole dollar goes to the next .99", 13, { rounding: "up_to_99_cents" }, undefined, 1399, false],
    ["nearest 50 cents, down", 12.24, { rounding: "nearest_50_cents" }, undefined, 1200, false],
    ["nearest 50 cents, halfway goes up", 12.25, { rounding: "nearest_50_cents" }, undefined, 1250, false],
    ["nearest 50 cents, up", 12.76, { rounding: "nearest_50_cents" }, undefined, 1300, false],
    ["rounding leaves 0 at 0", 0, { rounding: "up_to_99_cents" }, undefined, 0, false],
    // min / max alone
    ["minimum raises a low price", 3, { minimumPriceCents: 500 }, undefined, 500, false],
    ["minimum leaves a higher price", 8, { minimumPriceCents: 500 }, undefined, 800, false],
    [
      "minimum applies to a negative result too",
      3,
      { fixedMarkupCents: -1000, minimumPriceCents: 200 },
      undefined,
      200,
      false,
    ],
    ["maximum caps a high price", 20, { maximumPriceCents: 1500 }, undefined, 1500, false],
    ["maximum leaves a lower price", 12, { maximumPriceCents: 1500 }, undefined, 1200, false],
    ["minimum 0 is allowed", 0, { minimumPriceCents: 0 }, undefined, 0, false],
    // free above a subtotal alone
    ["free at exactly the threshold", 12.34, { freeAboveSubtotalCents: 5000 }, 5000, 0, true],
    ["free above the threshold", 12.34, { freeAboveSubtotalCents: 5000 }, 12000, 0, true],
    ["one cent below the threshold pays", 12.34, { freeAboveSubtotalCents: 5000 }, 4999, 1234, false],
    ["subtotal unknown (older requests): pays", 12.34, { freeAboveSubtotalCents: 5000 }, undefined, 1234, false],
    ["no threshold: pays whatever the subtotal", 12.34, {}, 1_000_000, 1234, false],
    ["threshold 0: always free when the subtotal is known", 12.34, { freeAboveSubtotalCents: 0 }, 0, 0, true],
    // combined, in the documented order markup → rounding → min/max → free
    [
      "markup then rounding",
      10,
      { markupPercent: 10, fixedMarkupCents: 5, rounding: "up_to_dollar" },
      undefined,
      1200,
      false,
    ],
    [
      "rounding then maximum: the cap wins over rounding",
      12.34,
      { rounding: "up_to_dollar", maximumPriceCents: 1250 },
      undefined,
      1250,
      false,
    ],
    ["rounding then minimum", 2.1, { rounding: "up_to_99_cents", minimumPriceCents: 450 }, undefined, 450, false],
    [
      "all rules, mid price",
      15,
      {
        markupPercent: 20,
        fixedMarkupCents: 99,
        rounding: "up_to_99_cents",
        minimumPriceCents: 500,
        maximumPriceCents: 2500,
      },
      4000,
      1899,
      false,
    ],
    [
      "all rules, low price hits the minimum",
      3,
      {
        markupPercent: 20,
        fixedMarkupCents: 99,
        rounding: "up_to_99_cents",
        minimumPriceCents: 500,
        maximumPriceCents: 2500,
      },
      4000,
      500,
      false,
    ],
    [
      "all rules, high price hits the maximum",
      40,
      {
        markupPercent: 20,
        fixedMarkupCents: 99,
        rounding: "up_to_99_cents",
        minimumPriceCents: 500,
        maximumPriceCents: 2500,
      },
      4000,
      2500,
      false,
    ],
    [
      "all rules, free wins over the minimum",
      3,
      {
        markupPercent: 20,
        fixedMarkupCents: 99,
        rounding: "up_to_99_cents",
        minimumPriceCents: 500,
        freeAboveSubtotalCents: 3000,
      },
      4000,
      0,
      true,
    ],
    [
      "crossed min and max (not saved by the form): the maximum wins",
      10,
      { minimumPriceCents: 2000, maximumPriceCents: 1500 },
      undefined,
      1500,
      false,
    ],
  ])("%s: $%d → %d cents", (_name, dollars, rules, subtotal, totalCents, free) => {
    const result = priceRate({
      courierPriceDollars: dollars,
      rules: { ...neutral, ...rules },
      orderSubtotalCents: subtotal,
    });
    expect(result).toEqual({ totalCents, free });
  });

  it("always answers whole, non-negative cents", () => {
    const modes = ["none", "up_to_dollar", "up_to_99_cents", "nearest_50_cents"] as const;
    for (const dollars of [0, 0.01, 0.49, 1.005, 7.77, 13.333, 99.995, 250]) {
      for (const markupPercent of [-100, -33.3, 0, 7.5, 100]) {
        for (const fixedMarkupCents of [-500, 0, 37]) {
          for (const rounding of modes) {
            const { totalCents } = priceRate({
              courierPriceDollars: dollars,
              rules: { ...neutral, markupPercent, fixedMarkupCents, rounding },
            });
            expect(Number.isInteger(totalCents)).toBe(true);
            expect(totalCents).toBeGreaterThanOrEqual(0);
          }
        }
      }
    }
  });

  it.each([NaN, -0.01, Infinity, -Infinity, "12" as unknown as number])("refuses a courier price of %s", (dollars) => {
    expect(() => priceRate({ courierPriceDollars: dollars, rules: neutral })).toThrow(InvalidCourierPriceError);
  });
});

describe("roundPrice", () => {
  it.each([
    [1234, "none", 1234],
    [1, "up_to_dollar", 100],
    [100, "up_to_dollar", 100],
    [101, "up_to_dollar", 200],
    [1, "up_to_99_cents", 99],
    [99, "up_to_99_cents", 99],
    [100, "up_to_99_cents", 199],
    [1298, "up_to_99_cents", 1299],
    [24, "nearest_50_cents", 0],
    [25, "nearest_50_cents", 50],
    [74, "nearest_50_cents", 50],
    [75, "nearest_50_cents", 100],
    [0, "up_to_dollar", 0],
    [-150, "up_to_dollar", -150],
  ] as const)("%d cents, %s → %d", (cents, mode, expected) => {
    expect(roundPrice(cents, mode)).toBe(expected);
  });
});

describe("dollarsToCents", () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [1.005, 101],
    [4.35, 435],
    [1234.56, 123456],
  ])("$%d → %d cents", (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });
});

describe("fallbackPrice", () => {
  it.each([
    ["no flat price: no rate", null, null, undefined, null],
    ["the flat price as set", 999, null, undefined, { totalCents: 999, free: false }],
    ["flat price 0 is a free rate the merchant chose", 0, null, undefined, { totalCents: 0, free: false }],
    ["free above the subtotal still applies", 999, 5000, 5000, { totalCents: 0, free: true }],
    ["below the threshold pays the flat price", 999, 5000, 4999, { totalCents: 999, free: false }],
    ["no flat price stays no rate even when free would apply", null, 5000, 9000, null],
  ])("%s", (_name, fallbackPriceCents, freeAboveSubtotalCents, subtotal, expected) => {
    expect(fallbackPrice({ fallbackPriceCents }, { freeAboveSubtotalCents }, subtotal)).toEqual(expected);
  });
});

describe("exceedsPriceTolerance", () => {
  it.each([
    [1000, 1000, { unit: "cents", amount: 0 }, false],
    [1000, 1001, { unit: "cents", amount: 0 }, true],
    [1000, 1100, { unit: "cents", amount: 100 }, false],
    [1000, 1101, { unit: "cents", amount: 100 }, true],
    [1000, 899, { unit: "cents", amount: 100 }, true],
    [1000, 1100, { unit: "percent", amount: 10 }, false],
    [1000, 1101, { unit: "percent", amount: 10 }, true],
    [1000, 900, { unit: "percent", amount: 10 }, false],
    [1000, 899, { unit: "percent", amount: 10 }, true],
    [0, 0, { unit: "percent", amount: 10 }, false],
    [0, 1, { unit: "percent", amount: 10 }, true],
    [1999, 2148, { unit: "percent", amount: 7.5 }, false],
    [1999, 2149, { unit: "percent", amount: 7.5 }, true],
  ] as const)("quoted %d, shipment %d, tolerance %j → %s", (quoted, actual, tolerance, expected) => {
    expect(exceedsPriceTolerance(quoted, actual, tolerance)).toBe(expected);
  });
});
