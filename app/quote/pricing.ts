import type { DeliveryWindow, PriceTolerance, PricingRules, RoundingMode } from "~/settings/shop-settings";

/**
 * The price a shopper pays for a delivery, from the courier's price and the shop's pricing rules.
 * All amounts are integer cents.
 */

export class InvalidCourierPriceError extends Error {
  override readonly name = "InvalidCourierPriceError";
  constructor(readonly received: unknown) {
    super("The courier returned a price that is not a positive amount");
  }
}

export interface PriceRateInput {
  /** The courier estimate's price, in dollars. */
  courierPriceDollars: number;
  rules: PricingRules;
  /** The cart subtotal (Shopify's order_totals.subtotal_price) when the request carries it. */
  orderSubtotalCents?: number | null;
}

export interface RatePrice {
  totalCents: number;
  free: boolean;
}

/**
 * Order of the rules:
 * 1. courier dollars → cents (rounded to the nearest cent);
 * 2. markup: cents × (1 + markupPercent / 100) + fixedMarkupCents, to the nearest cent;
 * 3. rounding mode on that amount (0 stays 0);
 * 4. never below 0, then the minimum price, then the maximum price (the maximum wins if they cross);
 * 5. free (0) when the order subtotal is known and at least freeAboveSubtotalCents.
 */
export function priceRate({ courierPriceDollars, rules, orderSubtotalCents }: PriceRateInput): RatePrice {
  const courierCents = dollarsToCents(courierPriceDollars);
  const marked = roundToCent(courierCents * (1 + rules.markupPercent / 100) + rules.fixedMarkupCents);
  let total = Math.max(0, roundPrice(marked, rules.rounding));
  if (rules.minimumPriceCents !== null) total = Math.max(total, rules.minimumPriceCents);
  if (rules.maximumPriceCents !== null) total = Math.min(total, rules.maximumPriceCents);
  if (qualifiesForFree(rules.freeAboveSubtotalCents, orderSubtotalCents)) return { totalCents: 0, free: true };
  return { totalCents: total, free: false };
}

/**
 * The rate offered when the courier cannot price in time and the shop's fallback is "flat_rate": the
 * window's flat price as the merchant set it (no markup, rounding or clamps), still free above the
 * subtotal threshold. Null when the window has no flat price (that window is then not offered).
 */
export function fallbackPrice(
  window: Pick<DeliveryWindow, "fallbackPriceCents">,
  rules: Pick<PricingRules, "freeAboveSubtotalCents" | "freeForCustomerTags">,
  orderSubtotalCents?: number | null,
  customerTags: readonly string[] = [],
): RatePrice | null {
  if (window.fallbackPriceCents === null) return null;
  if (isFree(rules, orderSubtotalCents, customerTags)) return { totalCents: 0, free: true };
  return { totalCents: window.fallbackPriceCents, free: false };
}

export function dollarsToCents(dollars: number): number {
  if (typeof dollars !== "number" || !Number.isFinite(dollars) || dollars < 0) {
    throw new InvalidCourierPriceError(dollars);
  }
  return roundToCent(dollars * 100);
}

/** Nearest whole cent, halves up. 10.075 * 100 is 1007.4999999999999 in binary floating point: 12
 * significant digits remove that noise before rounding. */
function roundToCent(amount: number): number {
  return Math.round(Number(amount.toPrecision(12)));
}

export function roundPrice(cents: number, mode: RoundingMode): number {
  if (cents <= 0) return cents;
  switch (mode) {
    case "none":
      return cents;
    case "up_to_dollar":
      return Math.ceil(cents / 100) * 100;
    case "up_to_99_cents":
      // The smallest amount ending in .99 that is not below the price: 12.34 → 12.99, 13.00 → 13.99.
      return Math.ceil((cents + 1) / 100) * 100 - 1;
    case "nearest_50_cents":
      // Halfway (x.25, x.75) rounds up.
      return Math.round(cents / 50) * 50;
  }
}

/** Free above the subtotal threshold, or for a customer with one of the free tags (case-insensitive, as Shopify's tags). */
export function isFree(
  rules: Pick<PricingRules, "freeAboveSubtotalCents" | "freeForCustomerTags">,
  subtotalCents: number | null | undefined,
  customerTags: readonly string[],
): boolean {
  if (qualifiesForFree(rules.freeAboveSubtotalCents, subtotalCents)) return true;
  const free = new Set((rules.freeForCustomerTags ?? []).map((tag) => tag.toLowerCase()));
  return customerTags.some((tag) => free.has(tag.trim().toLowerCase()));
}

function qualifiesForFree(thresholdCents: number | null, subtotalCents: number | null | undefined): boolean {
  return (
    thresholdCents !== null &&
    typeof subtotalCents === "number" &&
    Number.isFinite(subtotalCents) &&
    subtotalCents >= thresholdCents
  );
}

/**
 * Whether a shipment's price differs from the quoted price by more than the shop's tolerance (either
 * way). A percentage is of the quoted price; with a quote of 0 any difference counts.
 */
export function exceedsPriceTolerance(quotedCents: number, actualCents: number, tolerance: PriceTolerance): boolean {
  const difference = Math.abs(actualCents - quotedCents);
  if (tolerance.unit === "cents") return difference > tolerance.amount;
  if (quotedCents === 0) return difference > 0;
  return difference * 100 > tolerance.amount * Math.abs(quotedCents);
}
