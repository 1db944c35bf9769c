/** Shopify weighs in grams (or the unit it names); the courier takes pounds and inches. */

const POUNDS_PER: Record<string, number> = {
  GRAMS: 1 / 453.59237,
  KILOGRAMS: 1000 / 453.59237,
  OUNCES: 1 / 16,
  POUNDS: 1,
};

export function gramsToPounds(grams: number): number {
  return roundWeight(grams * POUNDS_PER.GRAMS!);
}

/** A Shopify `Weight` ({unit, value}) in pounds; null when the unit is unknown or the value unusable. */
export function weightToPounds(weight: { unit: string; value: number } | null | undefined): number | null {
  if (!weight || !Number.isFinite(weight.value) || weight.value <= 0) return null;
  const factor = POUNDS_PER[weight.unit];
  return factor === undefined ? null : roundWeight(weight.value * factor);
}

function roundWeight(pounds: number): number {
  return Math.round(pounds * 1000) / 1000;
}

/** Money as Shopify's decimal string ("19.99") → a number of dollars for the courier's `value`. */
export function moneyToDollars(amount: string | null | undefined): number | undefined {
  if (amount === null || amount === undefined) return undefined;
  const value = Number(amount);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : undefined;
}
