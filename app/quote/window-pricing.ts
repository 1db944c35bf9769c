import { COURIER_PRICED, type PricingRules, type WindowPrice } from "~/settings/shop-settings";
import { dollarsToCents, isFree, priceRate } from "./pricing";

/**
 * What a shopper pays for one window, from the window's own price (window-price-schema.ts), the courier's
 * estimate (price and distance) and the shop's rules. Pure; amounts in integer cents. Order:
 * 1. offered only while the courier charges at most the window's limit;
 * 2. the base: the courier's price through the shop's markup, rounding, minimum and maximum; or the flat
 *    price; or the distance tier the courier's estimated distance falls in (none: not offered);
 * 3. plus the window's surcharge;
 * 4. free when the subtotal reaches the shop's threshold or the customer has one of its free tags.
 */

export type WindowPriceInput = {
  price: WindowPrice | undefined;
  rules: PricingRules;
  courierPriceDollars: number;
  distanceMiles: number | null;
  orderSubtotalCents: number | null;
  customerTags: readonly string[];
};

export type WindowPriceResult =
  | { offered: true; totalCents: number; free: boolean; courierCents: number }
  | { offered: false; why: "courier_above_limit" | "beyond_distance_tiers"; courierCents: number };

export function windowPriceFor(input: WindowPriceInput): WindowPriceResult {
  const price = input.price ?? COURIER_PRICED;
  const courierCents = dollarsToCents(input.courierPriceDollars);
  if (price.offerWhileCourierAtMostCents !== null && courierCents > price.offerWhileCourierAtMostCents) {
    return { offered: false, why: "courier_above_limit", courierCents };
  }
  const base = basePrice(price, input);
  if (base === null) return { offered: false, why: "beyond_distance_tiers", courierCents };
  if (isFree(input.rules, input.orderSubtotalCents, input.customerTags)) {
    return { offered: true, totalCents: 0, free: true, courierCents };
  }
  return { offered: true, totalCents: base + price.surchargeCents, free: false, courierCents };
}

function basePrice(price: WindowPrice, input: WindowPriceInput): number | null {
  switch (price.mode) {
    case "courier":
      // Free is decided below, for every mode alike.
      return priceRate({ courierPriceDollars: input.courierPriceDollars, rules: input.rules, orderSubtotalCents: null })
        .totalCents;
    case "flat":
      return price.flatCents ?? 0;
    case "distance_tiers": {
      const miles = input.distanceMiles;
      if (miles === null || !Number.isFinite(miles)) return null;
      return price.tiers.find((tier) => miles <= tier.upToMiles)?.priceCents ?? null;
    }
  }
}
