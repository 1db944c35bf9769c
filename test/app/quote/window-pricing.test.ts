import { describe, expect, it } from "vitest";
import { windowPriceFor, type WindowPriceInput } from "~/quote/window-pricing";
import { COURIER_PRICED, type PricingRules, type WindowPrice } from "~/settings/shop-settings";

const rules: PricingRules = {
  markupPercent: 10,
  fixedMarkupCents: 100,
  rounding: "none",
  freeAboveSubtotalCents: 10_000,
  freeForCustomerTags: ["VIP"],
  minimumPriceCents: null,
  maximumPriceCents: null,
};
const tiers: WindowPrice = {
  ...COURIER_PRICED,
  mode: "distance_tiers",
  tiers: [
    { upToMiles: 3, priceCents: 600 },
    { upToMiles: 8, priceCents: 900 },
  ],
};
const base: WindowPriceInput = {
  price: undefined,
  rules,
  courierPriceDollars: 10,
  distanceMiles: 4,
  orderSubtotalCents: 5_000,
  customerTags: [],
};

describe("windowPriceFor", () => {
  it.each<[string, Partial<WindowPriceInput>, number | string]>([
    ["no price of its own: the courier's price with the shop's markup ($10 × 1.1 + $1)", {}, 1200],
    ["courier mode with a surcharge", { price: { ...COURIER_PRICED, surchargeCents: 250 } }, 1450],
    ["flat", { price: { ...COURIER_PRICED, mode: "flat", flatCents: 799 } }, 799],
    ["flat with a surcharge", { price: { ...COURIER_PRICED, mode: "flat", flatCents: 799, surchargeCents: 200 } }, 999],
    ["distance tier 1 (2 mi)", { price: tiers, distanceMiles: 2 }, 600],
    ["distance tier edge (exactly 3 mi)", { price: tiers, distanceMiles: 3 }, 600],
    ["distance tier 2 (4 mi)", { price: tiers, distanceMiles: 4 }, 900],
    ["beyond the last tier (8.1 mi)", { price: tiers, distanceMiles: 8.1 }, "beyond_distance_tiers"],
    ["tiers without a distance from the courier", { price: tiers, distanceMiles: null }, "beyond_distance_tiers"],
    [
      "the courier at the window's limit ($10 ≤ $10)",
      { price: { ...COURIER_PRICED, mode: "flat", flatCents: 500, offerWhileCourierAtMostCents: 1000 } },
      500,
    ],
    [
      "the courier above the window's limit ($10.01 > $10)",
      { price: { ...COURIER_PRICED, offerWhileCourierAtMostCents: 1000 }, courierPriceDollars: 10.01 },
      "courier_above_limit",
    ],
    [
      "free above the subtotal ($100)",
      { price: { ...COURIER_PRICED, surchargeCents: 300 }, orderSubtotalCents: 10_000 },
      0,
    ],
    ["free for a tagged customer (tags compared without case)", { customerTags: ["wholesale", " vip "] }, 0],
    ["an untagged customer pays", { customerTags: ["wholesale"] }, 1200],
    [
      "free never offers a window the courier's limit leaves out",
      { price: { ...COURIER_PRICED, offerWhileCourierAtMostCents: 500 }, customerTags: ["VIP"] },
      "courier_above_limit",
    ],
    [
      "settings saved before free tags",
      { rules: { ...rules, freeForCustomerTags: undefined }, customerTags: ["VIP"] },
      1200,
    ],
  ])("%s", (_name, change, expected) => {
    const result = windowPriceFor({ ...base, ...change });
    expect(result.courierCents).toBe(Math.round((change.courierPriceDollars ?? 10) * 100));
    if (typeof expected === "number")
      expect(result).toMatchObject({ offered: true, totalCents: expected, free: expected === 0 });
    else expect(result).toMatchObject({ offered: false, why: expected });
  });
});
