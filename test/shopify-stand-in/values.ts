/** Value formats the Admin API uses on the wire. */

/** DateTime as Shopify prints it: ISO 8601 in UTC without milliseconds. */
export function isoDateTime(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${String(value)}`);
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function toCents(amount: string | number): number {
  const value = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(value)) throw new Error(`not a money amount: ${String(amount)}`);
  return Math.round(value * 100);
}

/** A Decimal as Shopify prints money amounts: "12.5", "10.0", "0.99". */
export function decimalFromCents(cents: number): string {
  const fixed = (cents / 100).toFixed(2);
  return fixed.endsWith("0") ? fixed.slice(0, -1) : fixed;
}

export function decimal(amount: string | number): string {
  return decimalFromCents(toCents(amount));
}

export function sumDecimals(amounts: (string | number)[]): string {
  return decimalFromCents(amounts.reduce<number>((total, amount) => total + toCents(amount), 0));
}

export function moneyV2(amount: string, currencyCode: string) {
  return { amount: decimal(amount), currencyCode };
}

/** A MoneyBag; the stand-in's shops sell in their own currency, so both sides are equal. */
export function moneyBag(amount: string, currencyCode: string) {
  const money = moneyV2(amount, currencyCode);
  return { shopMoney: money, presentmentMoney: money };
}

const COUNTRY_NAMES: Record<string, string> = {
  US: "United States",
  CA: "Canada",
  GB: "United Kingdom",
  AU: "Australia",
  DE: "Germany",
  FR: "France",
};

export function countryName(code: string): string {
  return COUNTRY_NAMES[code] ?? code;
}

/** Tags as Shopify stores them: trimmed, split on commas, unique regardless of case, in order. */
export function normaliseTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags.flatMap((t) => t.split(","))) {
    const trimmed = tag.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    result.push(trimmed);
  }
  return result;
}
