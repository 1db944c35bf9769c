/**
 * A shopper's checkout as Shopify runs it against the carrier service: one signed rate request per
 * fulfilling location, and the rates the shopper is offered — a service every location answered,
 * its prices added up.
 */
import type { ShopifyRate } from "~/quote/rate-response";
import type { DemoContext } from "./context";
import { checkoutRateRequest, linesByLocation, type CartLine, type ChosenRate } from "./store";

/** Shopify waits this long for a carrier service (X-Shopify-Timeout). */
export const SHOPIFY_TIMEOUT_MS = 10_000;

export type LocationQuote = {
  locationName: string;
  lines: CartLine[];
  rates: ShopifyRate[];
  ms: number;
  source: string | null;
};

export type Checkout = { quotes: LocationQuote[]; offered: ChosenRate[] };

export const dollars = (cents: string | number) => `$${(Number(cents) / 100).toFixed(2)}`;

export async function checkout(ctx: DemoContext, lines: readonly CartLine[]): Promise<Checkout> {
  const { client, store } = ctx.stack;
  const service = ctx.state.carrierService;
  ctx.check(service, "a carrier service is registered (step 1)");
  const quotes: LocationQuote[] = [];
  for (const group of linesByLocation(lines)) {
    const started = Date.now();
    const response = await client.carrierCallback(
      service.callbackUrl,
      checkoutRateRequest(store, group.location, group.lines),
    );
    const ms = Date.now() - started;
    const body = (await response.json()) as { rates?: ShopifyRate[] };
    ctx.check(
      response.status === 200 && Array.isArray(body.rates),
      `quote from ${group.location.name}: the rates callback answered 200 with rates`,
      () => `status ${response.status}`,
    );
    ctx.check(
      ms < SHOPIFY_TIMEOUT_MS,
      `quote from ${group.location.name}: answered within Shopify's ${SHOPIFY_TIMEOUT_MS / 1000} s timeout`,
      () => `${ms} ms`,
    );
    for (const rate of body.rates) {
      ctx.check(
        /^\d+$/.test(rate.total_price) && rate.currency === "USD",
        `quote from ${group.location.name}: "${rate.service_name}" priced in whole cents (USD)`,
        () => JSON.stringify(rate),
      );
    }
    quotes.push({
      locationName: group.location.name,
      lines: group.lines,
      rates: body.rates,
      ms,
      source: response.headers.get("x-quote-source"),
    });
  }
  const [first, ...others] = quotes;
  const offered = (first?.rates ?? [])
    .map((rate): ChosenRate | null => {
      const matching = others.map((q) => q.rates.find((r) => r.service_code === rate.service_code));
      if (matching.some((r) => !r)) return null;
      const total = [rate, ...matching].reduce((sum, r) => sum + Number(r!.total_price), 0);
      return {
        service_name: rate.service_name,
        service_code: rate.service_code,
        total_price: String(total),
        currency: rate.currency,
      };
    })
    .filter((rate): rate is ChosenRate => rate !== null);
  return { quotes, offered };
}
