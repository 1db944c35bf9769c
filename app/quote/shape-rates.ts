import type { DeliveryWindow, ShopSettings } from "~/settings/shop-settings";
import type { WindowEstimate } from "./cart-to-estimate";
import type { RememberedQuote } from "./quote-memory.server";
import type { CourierPriceSource } from "./quote-funnel";
import type { RateRequest } from "./rate-request";
import { fallbackRate, toShopifyRate, withUniqueNames, type ShopifyRate } from "./rate-response";
import { windowPriceFor } from "./window-pricing";
import type { ShopperText } from "~/text/shopper/shopper-text";

export type ShapeInput = {
  settings: ShopSettings;
  request: RateRequest;
  shopCurrency: string;
  timeZone: string;
  /** The buyer's language for the rates' names and descriptions. */
  text: ShopperText;
  estimates: readonly WindowEstimate[];
  /** Per estimate: priced from the courier's prices (and from which source), or anything else (the window is unavailable). */
  results: readonly (
    | { kind: "priced"; priceDollars: number; distanceMiles: number | null; source: CourierPriceSource }
    | { kind: string }
  )[];
  now: Date;
};

/**
 * Rates in the merchant's window order. Prices are in the shop's currency; the order subtotal is
 * compared with the free-delivery threshold only when the cart is in that currency too. Every rate
 * shown is remembered with the source of its price (quote-memory.server.ts), a fallback one too.
 */
export function shapeRates({ settings, request, shopCurrency, timeZone, text, estimates, results, now }: ShapeInput) {
  const subtotal = request.currency === null || request.currency === shopCurrency ? request.subtotalCents : null;
  const rates: ShopifyRate[] = [];
  const remembered: RememberedQuote[] = [];
  let unavailable = 0;
  estimates.forEach((estimate, i) => {
    const result = results[i]!;
    const window = settings.deliveryWindows.find((w): w is DeliveryWindow => w.id === estimate.window.windowId);
    if (!window) return;
    if ("priceDollars" in result) {
      const price = windowPriceFor({
        price: window.price,
        rules: settings.pricing,
        courierPriceDollars: result.priceDollars,
        distanceMiles: result.distanceMiles,
        orderSubtotalCents: subtotal,
        customerTags: request.customerTags ?? [],
      });
      // The window's own limits (the courier's price, its distance tiers) leave it out of this answer.
      if (!price.offered) return;
      rates.push(
        toShopifyRate({
          window,
          openWindow: estimate.window,
          totalCents: price.totalCents,
          currency: shopCurrency,
          timeZone,
          now,
          text,
        }),
      );
      remembered.push({
        serviceCode: estimate.window.serviceCode,
        priceCents: price.totalCents,
        courierCents: price.courierCents,
        priceSource: result.source,
      });
      return;
    }
    unavailable += 1;
    if (settings.checkoutFallback !== "flat_rate") return;
    const rate = fallbackRate({
      window,
      openWindow: estimate.window,
      rules: settings.pricing,
      orderSubtotalCents: subtotal,
      customerTags: request.customerTags ?? [],
      currency: shopCurrency,
      timeZone,
      now,
      text,
    });
    if (rate) {
      rates.push(rate);
      // No courier price behind it: dispatch has nothing to compare the shipment's price with.
      remembered.push({
        serviceCode: estimate.window.serviceCode,
        priceCents: Number(rate.total_price),
        courierCents: null,
        priceSource: "fallback",
      });
    }
  });
  return { rates: withUniqueNames(rates, text), remembered, unavailable };
}
