import { describe, expect, it } from "vitest";
import { fallbackRate, formatShopifyDate, toShopifyRate } from "~/quote/rate-response";
import { openWindows, type OpenWindow } from "~/schedule/windows";
import type { DeliveryWindow } from "~/settings/shop-settings";

const NY = "America/New_York";

const todayBy8: DeliveryWindow = {
  id: "today-by-8pm",
  kind: "today_by",
  deliverBy: "20:00",
  orderCutoff: "17:00",
  serviceName: "Delivery today by 8 pm",
  description: "Order by 5 pm",
  enabled: true,
  fallbackPriceCents: 1295,
};

const open: OpenWindow = {
  windowId: "today-by-8pm",
  serviceCode: "SAMEDAY_TODAY-BY-8PM",
  label: null,
  pickupAfter: new Date("2026-06-10T15:00:00Z"),
  deliverBetween: { start: new Date("2026-06-10T15:00:00Z"), end: new Date("2026-06-11T00:00:00Z") },
};

/** The rate request's moment: 10:00 in New York, the day of `open`. */
const now = new Date("2026-06-10T14:00:00Z");

describe("formatShopifyDate", () => {
  it.each([
    ["Shopify's own example", "2013-04-12T18:48:45Z", NY, "2013-04-12 14:48:45 -0400"],
    ["New York in winter", "2026-01-15T14:00:00Z", NY, "2026-01-15 09:00:00 -0500"],
    ["the shop's date, not UTC's, late in the evening", "2026-06-11T03:30:00Z", NY, "2026-06-10 23:30:00 -0400"],
    ["just before spring forward", "2026-03-08T06:59:59Z", NY, "2026-03-08 01:59:59 -0500"],
    ["just after spring forward", "2026-03-08T07:00:00Z", NY, "2026-03-08 03:00:00 -0400"],
    ["fall back, first 01:30", "2026-11-01T05:30:00Z", NY, "2026-11-01 01:30:00 -0400"],
    ["fall back, second 01:30", "2026-11-01T06:30:00Z", NY, "2026-11-01 01:30:00 -0500"],
    ["UTC", "2026-06-10T00:00:00Z", "UTC", "2026-06-10 00:00:00 +0000"],
    ["Berlin summer", "2026-06-10T12:00:00Z", "Europe/Berlin", "2026-06-10 14:00:00 +0200"],
    ["Auckland, next day and year", "2026-12-31T11:00:00Z", "Pacific/Auckland", "2027-01-01 00:00:00 +1300"],
    ["a +05:45 zone", "2026-06-10T12:00:00Z", "Asia/Kathmandu", "2026-06-10 17:45:00 +0545"],
    ["a -03:30 zone", "2026-01-15T12:00:00Z", "America/St_Johns", "2026-01-15 08:30:00 -0330"],
    ["milliseconds are dropped", "2026-06-10T12:00:00.999Z", "UTC", "2026-06-10 12:00:00 +0000"],
  ])("%s: %s in %s → %s", (_name, instant, zone, expected) => {
    expect(formatShopifyDate(new Date(instant), zone)).toBe(expected);
  });
});

describe("toShopifyRate", () => {
  it("shapes a rate as Shopify expects it", () => {
    expect(
      toShopifyRate({ window: todayBy8, openWindow: open, totalCents: 1499, currency: "USD", timeZone: NY, now }),
    ).toEqual({
      service_name: "Today by 8 pm",
      description: "Same-day delivery by a local driver",
      service_code: "SAMEDAY_TODAY-BY-8PM",
      currency: "USD",
      total_price: "1499",
      min_delivery_date: "2026-06-10 11:00:00 -0400",
      max_delivery_date: "2026-06-10 20:00:00 -0400",
    });
  });

  it("keeps the same service_code for the same window whatever the time of the request", () => {
    const codes = ["2026-06-10T13:00:00Z", "2026-06-10T15:17:00Z", "2026-06-10T20:58:00Z"].map((now) => {
      const [w] = openWindows({ now: new Date(now), timeZone: NY, leadTimeMinutes: 60, windows: [todayBy8] });
      return toShopifyRate({
        window: todayBy8,
        openWindow: w!,
        totalCents: 1000,
        currency: "USD",
        timeZone: NY,
        now: new Date(now),
      }).service_code;
    });
    expect(new Set(codes)).toEqual(new Set(["SAMEDAY_TODAY-BY-8PM"]));
  });

  it.each([
    ["a free rate", 0, "0"],
    ["a large price", 99_999, "99999"],
  ])("writes %s as integer cents in a string", (_name, totalCents, expected) => {
    expect(
      toShopifyRate({ window: todayBy8, openWindow: open, totalCents, currency: "USD", timeZone: NY, now }).total_price,
    ).toBe(expected);
  });

  it.each([
    ["fractional cents", 12.5],
    ["a negative price", -1],
    ["NaN", NaN],
  ])("refuses %s", (_name, totalCents) => {
    expect(() =>
      toShopifyRate({ window: todayBy8, openWindow: open, totalCents, currency: "USD", timeZone: NY, now }),
    ).toThrow(RangeError);
  });

  it("refuses a settings window that is not the open window", () => {
    expect(() =>
      toShopifyRate({
        window: { ...todayBy8, id: "other" },
        openWindow: open,
        totalCents: 100,
        currency: "USD",
        timeZone: NY,
        now,
      }),
    ).toThrow(/does not match/);
  });
});

describe("fallbackRate", () => {
  it.each([
    ["the window's flat price", 1295, null, undefined, "1295"],
    ["free above the subtotal", 1295, 5000, 5000, "0"],
    ["below the free threshold", 1295, 5000, 4999, "1295"],
    ["no flat price: no rate", null, null, undefined, null],
  ])("%s", (_name, fallbackPriceCents, freeAboveSubtotalCents, subtotal, expected) => {
    const rate = fallbackRate({
      window: { ...todayBy8, fallbackPriceCents },
      openWindow: open,
      currency: "USD",
      timeZone: NY,
      now,
      rules: { freeAboveSubtotalCents },
      orderSubtotalCents: subtotal,
    });
    if (expected === null) {
      expect(rate).toBeNull();
    } else {
      expect(rate).toEqual({
        service_name: "Today by 8 pm",
        description: "Same-day delivery by a local driver",
        service_code: "SAMEDAY_TODAY-BY-8PM",
        currency: "USD",
        total_price: expected,
        min_delivery_date: "2026-06-10 11:00:00 -0400",
        max_delivery_date: "2026-06-10 20:00:00 -0400",
      });
    }
  });
});
