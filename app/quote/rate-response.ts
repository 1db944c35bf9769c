import type { DeliveryWindow, PricingRules } from "~/settings/shop-settings";
import { fallbackPrice } from "./pricing";
import { zoneOffsetMinutes, zonedParts } from "~/schedule/time-zone";
import type { OpenWindow } from "~/schedule/windows";
import { rateWording, uniqueNames } from "~/schedule/rate-wording";
import { shopperText, type ShopperText } from "~/text/shopper/shopper-text";

/** One rate in the carrier-service callback's answer (`{"rates": [...]}`), keys as Shopify names them. */
export interface ShopifyRate {
  service_name: string;
  description: string;
  service_code: string;
  currency: string;
  /** Integer subunits (cents) as a string, as in Shopify's example response. */
  total_price: string;
  min_delivery_date: string;
  max_delivery_date: string;
}

export interface ToShopifyRateInput {
  /** The window as the merchant configured it (its kind decides how the rate is worded). */
  window: Pick<DeliveryWindow, "id" | "kind">;
  openWindow: OpenWindow;
  /** The rate request's moment: "today", "tomorrow" and "within N hours" are counted from it. */
  now: Date;
  totalCents: number;
  currency: string;
  /** The shop's IANA zone: delivery dates are written in shop-local time with its offset. */
  timeZone: string;
  /** The buyer's language (the callback's `rate.locale`); English when not given (the staff's preview). */
  text?: ShopperText;
}

export function toShopifyRate({
  window,
  openWindow,
  totalCents,
  currency,
  timeZone,
  now,
  text = shopperText(),
}: ToShopifyRateInput): ShopifyRate {
  if (window.id !== openWindow.windowId) {
    throw new Error(`Window ${window.id} does not match the open window ${openWindow.windowId}`);
  }
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    throw new RangeError(`A rate's price must be whole cents of 0 or more, got ${totalCents}`);
  }
  const wording = rateWording({ kind: window.kind, deliverBetween: openWindow.deliverBetween, now, timeZone, text });
  return {
    // Named for what it delivers ("Today, 11 am–2 pm"), never by text that cannot follow the day it is offered.
    service_name: wording.name,
    description: wording.description,
    service_code: openWindow.serviceCode,
    currency,
    total_price: String(totalCents),
    min_delivery_date: formatShopifyDate(openWindow.deliverBetween.start, timeZone),
    max_delivery_date: formatShopifyDate(openWindow.deliverBetween.end, timeZone),
  };
}

export interface FallbackRateInput extends Omit<ToShopifyRateInput, "totalCents" | "window"> {
  window: Pick<DeliveryWindow, "id" | "kind" | "fallbackPriceCents">;
  rules: Pick<PricingRules, "freeAboveSubtotalCents" | "freeForCustomerTags">;
  orderSubtotalCents?: number | null;
  customerTags?: readonly string[];
}

/** The rate at the window's flat fallback price, or null when the window has none. */
export function fallbackRate({
  rules,
  orderSubtotalCents,
  customerTags = [],
  ...rest
}: FallbackRateInput): ShopifyRate | null {
  const price = fallbackPrice(rest.window, rules, orderSubtotalCents, customerTags);
  return price === null ? null : toShopifyRate({ ...rest, totalCents: price.totalCents });
}

/** The rates with every service_name unique (Shopify keeps only the cheapest of rates with equal names). */
export function withUniqueNames(rates: readonly ShopifyRate[], text = shopperText()): ShopifyRate[] {
  return uniqueNames(
    rates.map((rate) => ({ rate, name: rate.service_name })),
    text,
  ).map(({ rate, name }) => ({
    ...rate,
    service_name: name,
  }));
}

/** "2013-04-12 14:48:45 -0400": shop-local date and time with the zone's offset at that instant. */
export function formatShopifyDate(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return (
    `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)} ` +
    `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
  );
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
