/**
 * What staff read when the courier's price at dispatch differs from checkout's beyond the shop's
 * tolerance: what the shopper paid for delivery against what the courier charges (and the courier's
 * price checkout was given). Pure; amounts in cents.
 */
export function priceDifferenceReason(input: {
  shopperPaidCents: number;
  quotedCourierCents: number;
  chargedCents: number;
}): string {
  const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const margin = input.shopperPaidCents - input.chargedCents;
  const result = margin >= 0 ? `${usd(margin)} left to you` : `${usd(-margin)} more than the shopper paid`;
  return (
    `The shopper paid ${usd(input.shopperPaidCents)} for delivery; the courier charges ${usd(input.chargedCents)} ` +
    `(${result}). At checkout the courier's price was ${usd(input.quotedCourierCents)}.`
  );
}
