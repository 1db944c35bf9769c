import { describe, expect, it } from "vitest";
import { createPriceMemory, MODEL_ESTIMATES_PER_LOCATION, MODEL_MAX_AGE_MS, priceKeyText } from "~/quote/price-memory";

const MINUTE = 60_000;
const KEY = {
  shopDomain: "candles.myshopify.com",
  locationGid: "gid://shopify/Location/1",
  postalCode: "94110",
  sizeClass: "w≤5 l≤12",
};

function memory() {
  let now = Date.parse("2026-11-28T10:00:00Z");
  const prices = createPriceMemory({ clock: () => new Date(now), maxEntries: 3 });
  return { prices, advance: (ms: number) => (now += ms) };
}

describe("the price memory's keys", () => {
  it.each([
    ["another shop", { shopDomain: "other.myshopify.com" }],
    ["another pickup location", { locationGid: "gid://shopify/Location/2" }],
    ["another postal code", { postalCode: "94103" }],
    ["another size class", { sizeClass: "w≤15 l≤12" }],
  ])("a price is not recalled for %s", (_name, change) => {
    const { prices } = memory();
    prices.remember(KEY, { priceDollars: 12.5, distanceMiles: 3.1, centroidMiles: 2.6 });
    expect(prices.recall({ ...KEY, ...change }, 15 * MINUTE)).toBeNull();
    expect(prices.recall(KEY, 15 * MINUTE)).toMatchObject({ priceDollars: 12.5, distanceMiles: 3.1 });
  });

  it("keys on the postal code's first five digits (ZIP+4 is the same area)", () => {
    expect(priceKeyText({ ...KEY, postalCode: "94110-1234" })).toBe(priceKeyText(KEY));
  });

  it("keeps the latest price of a key, and its most recently stored keys only", () => {
    const { prices } = memory();
    prices.remember(KEY, { priceDollars: 12.5, distanceMiles: 3.1, centroidMiles: null });
    prices.remember(KEY, { priceDollars: 13, distanceMiles: 3.1, centroidMiles: null });
    for (const postalCode of ["94101", "94102", "94104"]) {
      prices.remember({ ...KEY, postalCode }, { priceDollars: 9, distanceMiles: 1, centroidMiles: null });
    }
    expect(prices.size).toBe(3);
    expect(prices.recall(KEY, 15 * MINUTE)).toBeNull();
    expect(prices.recall({ ...KEY, postalCode: "94104" }, 15 * MINUTE)).toMatchObject({ priceDollars: 9 });
  });
});

describe("the price memory's ageing", () => {
  it.each([
    [0, true],
    [14 * MINUTE + 59_000, true],
    [15 * MINUTE, false],
    [60 * MINUTE, false],
  ])("a price %i ms old is recalled: %s (limit 15 minutes)", (age, recalled) => {
    const { prices, advance } = memory();
    prices.remember(KEY, { priceDollars: 12.5, distanceMiles: 3.1, centroidMiles: null });
    advance(age);
    expect(prices.recall(KEY, 15 * MINUTE) !== null).toBe(recalled);
  });

  it("follows the shop's own limit", () => {
    const { prices, advance } = memory();
    prices.remember(KEY, { priceDollars: 12.5, distanceMiles: 3.1, centroidMiles: null });
    advance(20 * MINUTE);
    expect(prices.recall(KEY, 30 * MINUTE)).toMatchObject({ priceDollars: 12.5 });
    expect(prices.recall(KEY, 15 * MINUTE)).toBeNull();
  });

  it("fits the location's model on its estimates of the last day only, refitted as they arrive", () => {
    const { prices, advance } = memory();
    const at = (postalCode: string, miles: number, price: number) =>
      prices.remember(
        { ...KEY, postalCode },
        { priceDollars: price, distanceMiles: miles, centroidMiles: miles / 1.2 },
      );
    at("94101", 1, 9.5);
    at("94102", 3, 12.5);
    expect(prices.model(KEY)?.classes.get(KEY.sizeClass)).toMatchObject({ slope: 1.5, count: 2 });
    advance(MODEL_MAX_AGE_MS - MINUTE);
    at("94103", 5, 20);
    expect(prices.model(KEY)?.classes.get(KEY.sizeClass)?.count).toBe(3);
    advance(2 * MINUTE);
    // The first two are over a day old: one estimate left, no slope to price with.
    expect(prices.model(KEY)?.classes.get(KEY.sizeClass)).toBeUndefined();
    expect(prices.model({ ...KEY, locationGid: "gid://shopify/Location/9" })).toBeNull();
  });

  it("fits on the latest estimates of a location only", () => {
    const { prices } = memory();
    for (let i = 0; i < MODEL_ESTIMATES_PER_LOCATION + 10; i++) {
      prices.remember(KEY, { priceDollars: 8 + i * 0.01, distanceMiles: i / 100, centroidMiles: null });
    }
    expect(prices.model(KEY)?.observations).toBe(MODEL_ESTIMATES_PER_LOCATION);
  });
});
