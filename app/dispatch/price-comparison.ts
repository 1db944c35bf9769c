/**
 * What staff read when the courier's price at dispatch differs from checkout's beyond the shop's
 * tolerance: what the shopper paid for delivery against what the courier charges (and the courier's
 * price checkout was given, and how: a price from the courier's recent prices or the price model is
 * said to be one). Pure; amounts in cents.
 */

const QUOTED_FROM: Readonly<Record<string, string>> = {
  live: "was",
  cache: "was",
  memory: "(remembered from a recent delivery of the same size to the same postal code) was",
  model: "(estimated from its recent prices by distance) was",
};
export function priceDifferenceReason(input: {
  shopperPaidCents: number;
  quotedCourierCents: number;
  chargedCents: number;
  /** Where checkout's courier price came from (QuoteMemory.priceSource); "live" when absent. */
  priceSource?: string;
}): string {
  const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const margin = input.shopperPaidCents - input.chargedCents;
  const result = margin >= 0 ? `${usd(margin)} left to you` : `${usd(-margin)} more than the shopper paid`;
  return (
    `The shopper paid ${usd(input.shopperPaidCents)} for delivery; the courier charges ${usd(input.chargedCents)} ` +
    `(${result}). At checkout the courier's price ${QUOTED_FROM[input.priceSource ?? "live"] ?? "was"} ${usd(input.quotedCourierCents)}.`
  );
}
