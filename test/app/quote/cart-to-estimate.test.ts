import { describe, expect, it } from "vitest";
import {
  cartSignature,
  cartToEstimates,
  ESTIMATE_ITEM_DESCRIPTION,
  matchPickupLocation,
  normalizeStreet,
  zip5,
  type CartEstimates,
  type PickupCandidate,
} from "~/quote/cart-to-estimate";
import { parseRateRequest, type RateRequest } from "~/quote/rate-request";
import { serviceCodeFor } from "~/schedule/service-code";
import type { OpenWindow } from "~/schedule/windows";
import {
  cartItem,
  destinationAddress,
  originAddress,
  PICKUP_ADDRESS,
  rateRequestBody,
  type RateRequestOptions,
} from "./rate-request-fixture";

const PACKAGE = { lengthInches: 12, widthInches: 10, heightInches: 8, weightPounds: 5 };
const MAIN: PickupCandidate = { locationGid: "gid://shopify/Location/1", name: "Main St", address: PICKUP_ADDRESS };

function openWindow(id: string, startIso: string, hours: number): OpenWindow {
  const start = new Date(startIso);
  return {
    windowId: id,
    serviceCode: serviceCodeFor(id),
    label: null,
    pickupAfter: start,
    deliverBetween: { start, end: new Date(start.getTime() + hours * 3_600_000) },
  };
}
const WITHIN_3H = openWindow("within-3-hours", "2026-11-20T18:05:00.000Z", 3);
const TOMORROW = openWindow("tomorrow-morning", "2026-11-21T17:00:00.000Z", 3);

function request(options: RateRequestOptions = {}): RateRequest {
  const parsed = parseRateRequest(JSON.stringify(rateRequestBody(options)));
  if (!parsed.ok) throw new Error(parsed.problems.join(", "));
  return parsed.request;
}

function map(
  options: RateRequestOptions = {},
  pickupLocations: PickupCandidate[] = [MAIN],
  windows = [WITHIN_3H, TOMORROW],
) {
  return cartToEstimates({ request: request(options), pickupLocations, defaultPackage: PACKAGE, openWindows: windows });
}

function mapped(
  options: RateRequestOptions = {},
  pickupLocations: PickupCandidate[] = [MAIN],
  windows = [WITHIN_3H, TOMORROW],
): CartEstimates {
  const result = map(options, pickupLocations, windows);
  if (!result.ok) throw new Error(`expected estimates, got ${result.reason}`);
  return result;
}

const itemsOf = (options: RateRequestOptions) => mapped(options).estimates[0]!.request.items;

describe("a cart → one estimate request per open window", () => {
  it("maps the documented example", () => {
    const result = mapped();
    expect(result.pickup).toEqual({ locationGid: "gid://shopify/Location/1", name: "Main St" });
    expect(result.estimates.map((e) => e.window.windowId)).toEqual(["within-3-hours", "tomorrow-morning"]);
    expect(result.estimates[0]!.request).toEqual({
      items: [
        {
          description: ESTIMATE_ITEM_DESCRIPTION,
          length: 12,
          width: 10,
          height: 8,
          weight: 2,
          quantity: 2,
          value: 19.99,
        },
      ],
      pickup_location: { address: { street1: "1 Market St", city: "San Francisco", state: "CA", zip: "94103" } },
      delivery_location: { address: { street1: "500 Valencia St", city: "San Francisco", state: "CA", zip: "94110" } },
      pickup_after: "2026-11-20T18:05:00.000Z",
      deliver_between: { start: "2026-11-20T18:05:00.000Z", end: "2026-11-20T21:05:00.000Z" },
    });
    expect(result.estimates[1]!.request.deliver_between).toEqual({
      start: "2026-11-21T17:00:00.000Z",
      end: "2026-11-21T20:00:00.000Z",
    });
  });

  it("sends the courier no name, phone, email, apartment line or product name", () => {
    const sent = JSON.stringify(mapped().estimates.map((e) => e.request));
    expect(sent).not.toMatch(/Dana|4155550199|example\.com|Apt 4|Beeswax|Candle Shop/);
  });
});

describe("items: grams → pounds per unit, default package size, unit price → value", () => {
  it.each([
    ["907 g", { grams: 907 }, 2],
    ["1000 g", { grams: 1000 }, 2.205],
    ["1 kg + 1 g", { grams: 1001 }, 2.207],
    ["1 g", { grams: 1 }, 0.002],
    ["0 g: the default package weight", { grams: 0 }, 5],
    ["no grams: the default package weight", { grams: null }, 5],
    ["a fraction of a gram: at least the smallest weight", { grams: 0.1 }, 0.001],
  ])("%s", (_label, overrides, pounds) => {
    expect(itemsOf({ items: [cartItem(overrides)] })[0]!.weight).toBe(pounds);
  });

  it.each([
    ["1999 cents", { price: 1999 }, 19.99],
    ["0 cents", { price: 0 }, 0],
    ["no price: no value", { price: null }, undefined],
  ])("value of %s", (_label, overrides, value) => {
    expect(itemsOf({ items: [cartItem(overrides)] })[0]!.value).toBe(value);
  });

  it("sends no value when the cart is not in dollars", () => {
    expect(itemsOf({ currency: "CAD" })[0]!.value).toBeUndefined();
  });

  it("gives every unit the shop's default package dimensions (the callback carries no metafields)", () => {
    expect(itemsOf({})[0]).toMatchObject({ length: 12, width: 10, height: 8 });
  });

  it("maps several items, merging identical ones and ordering them so line order does not matter", () => {
    const lines = [
      cartItem({ grams: 500, quantity: 1, price: 1000, variant_id: 1 }),
      cartItem({ grams: 2000, quantity: 3, price: 250, variant_id: 2 }),
      cartItem({ grams: 500, quantity: 2, price: 1000, variant_id: 3 }),
    ];
    const items = itemsOf({ items: lines });
    expect(items.map(({ weight, quantity, value }) => ({ weight, quantity, value }))).toEqual([
      { weight: 1.102, quantity: 3, value: 10 },
      { weight: 4.409, quantity: 3, value: 2.5 },
    ]);
    expect(itemsOf({ items: [...lines].reverse() })).toEqual(items);
  });

  it.each([
    [
      "items that do not require shipping are skipped",
      [cartItem({ requires_shipping: false, grams: 100 }), cartItem({ grams: 2000 })],
      [4.409],
    ],
    ["lines with quantity 0 are skipped", [cartItem({ quantity: 0, grams: 100 }), cartItem({ grams: 2000 })], [4.409]],
  ])("%s", (_label, items, weights) => {
    expect(itemsOf({ items }).map((i) => i.weight)).toEqual(weights);
  });
});

describe("no rate, with the reason", () => {
  it.each([
    ["nothing requires shipping", { items: [cartItem({ requires_shipping: false })] }, "nothing_to_ship"],
    ["an empty cart", { items: [] }, "nothing_to_ship"],
    [
      "a Canadian destination",
      { destination: destinationAddress({ country: "CA", province: "ON", postal_code: "K2P 1L4" }) },
      "destination_not_us",
    ],
    ["no destination country", { destination: destinationAddress({ country: null }) }, "destination_not_us"],
    ["no street", { destination: destinationAddress({ address1: null }) }, "destination_address_incomplete"],
    ["no city", { destination: destinationAddress({ city: "" }) }, "destination_address_incomplete"],
    ["no state", { destination: destinationAddress({ province: null }) }, "destination_address_incomplete"],
    [
      "a state code that is not a US state",
      { destination: destinationAddress({ province: "ON" }) },
      "destination_address_incomplete",
    ],
    ["no ZIP", { destination: destinationAddress({ postal_code: null }) }, "destination_address_incomplete"],
    ["a malformed ZIP", { destination: destinationAddress({ postal_code: "9411" }) }, "destination_address_incomplete"],
    [
      "an origin that is no pickup location",
      { origin: originAddress({ address1: "9 Other Rd" }) },
      "no_pickup_location",
    ],
  ] as const)("%s", (_label, options, reason) => {
    const result = map(options as RateRequestOptions);
    expect(result).toMatchObject({ ok: false, reason });
  });

  it("names the missing destination fields without their values", () => {
    const result = map({ destination: destinationAddress({ address1: null, postal_code: "ABC" }) });
    expect(result).toEqual({
      ok: false,
      reason: "destination_address_incomplete",
      detail: "The delivery address lacks a usable street, ZIP code.",
    });
  });

  it("no enabled pickup location at all", () => {
    expect(map({}, [])).toMatchObject({ ok: false, reason: "no_pickup_location" });
  });

  it("a pickup location whose stored address is incomplete", () => {
    const broken = { ...MAIN, address: { ...PICKUP_ADDRESS, provinceCode: null } };
    expect(map({}, [broken])).toMatchObject({
      ok: false,
      reason: "pickup_address_incomplete",
      detail: "The pickup location Main St lacks a usable US state.",
    });
  });

  it("no window open now", () => {
    expect(map({}, [MAIN], [])).toMatchObject({ ok: false, reason: "no_open_window" });
  });
});

describe("origin → the enabled pickup location at that address", () => {
  const second: PickupCandidate = {
    locationGid: "gid://shopify/Location/2",
    name: "Oakland",
    address: { ...PICKUP_ADDRESS, city: "Oakland" },
  };
  const origin = (overrides: Record<string, string | null>) => request({ origin: originAddress(overrides) }).origin;

  it.each([
    ["the same address spelt the same", {}, "Main St"],
    ["Street vs St, other case and spacing", { address1: "  1  MARKET street " }, "Main St"],
    ["punctuation", { address1: "1 Market St." }, "Main St"],
    ["ZIP+4", { postal_code: "94103-1234" }, "Main St"],
    ["another ZIP", { postal_code: "94104" }, null],
    ["another street number", { address1: "2 Market St" }, null],
    ["another country", { country: "CA" }, null],
    ["no street", { address1: null }, null],
  ])("%s", (_label, overrides, expected) => {
    expect(matchPickupLocation(origin(overrides), [MAIN])?.name ?? null).toBe(expected);
  });

  it("prefers the location whose city matches too", () => {
    expect(matchPickupLocation(origin({ city: "Oakland" }), [MAIN, second])?.name).toBe("Oakland");
    expect(matchPickupLocation(origin({}), [second, MAIN])?.name).toBe("Main St");
  });

  it.each([
    ["Avenue", "ave"],
    ["North Main Street", "n main st"],
    ["Stanford Blvd", "stanford blvd"],
    ["Suite 200, Boulevard", "ste 200 blvd"],
  ])("normalizeStreet(%s)", (text, normalized) => {
    expect(normalizeStreet(text)).toBe(normalized);
  });

  it.each([
    ["94103", "94103"],
    ["94103-1234", "94103"],
    ["941031234", "94103"],
    [" 94103 ", "94103"],
    ["9410", null],
    ["K2P 1L4", null],
  ])("zip5(%s)", (zip, expected) => {
    expect(zip5(zip)).toBe(expected);
  });
});

describe("cache keys: the normalized request", () => {
  const key = (options: RateRequestOptions = {}) => mapped(options).cartKey;
  const base = key();

  it.each([
    [
      "another shopper name, phone and apartment",
      { destination: destinationAddress({ name: "Someone Else", phone: null, address2: "Unit 9" }) },
    ],
    ["the same street spelt differently", { destination: destinationAddress({ address1: "500 valencia street" }) }],
    ["ZIP+4", { destination: destinationAddress({ postal_code: "94110-2233" }) }],
    [
      "another product name and SKU of the same weight and price",
      { items: [cartItem({ name: "Soy candle", sku: "X" })] },
    ],
    ["the line split in two", { items: [cartItem({ quantity: 1 }), cartItem({ quantity: 1 })] }],
    ["other order totals and customer", { orderTotals: { subtotal_price: "1" }, customer: null }],
  ])("same key: %s", (_label, options) => {
    expect(key(options)).toBe(base);
  });

  it.each([
    ["another quantity", { items: [cartItem({ quantity: 3 })] }],
    ["another weight", { items: [cartItem({ grams: 908 })] }],
    ["another unit price", { items: [cartItem({ price: 2099 })] }],
    ["another street", { destination: destinationAddress({ address1: "501 Valencia St" }) }],
    ["another ZIP", { destination: destinationAddress({ postal_code: "94111" }) }],
  ])("another key: %s", (_label, options) => {
    expect(key(options)).not.toBe(base);
  });

  it("has one slot per window, from its exact pickup and delivery times", () => {
    const [a, b] = mapped().estimates;
    expect(a!.windowKey).toBe(`${base}:SAMEDAY_WITHIN-3-HOURS`);
    expect(b!.windowKey).toBe(`${base}:SAMEDAY_TOMORROW-MORNING`);
    expect(a!.slot).toBe("2026-11-20T18:05:00.000Z/2026-11-20T18:05:00.000Z/2026-11-20T21:05:00.000Z");
    const later = openWindow("within-3-hours", "2026-11-20T18:10:00.000Z", 3);
    expect(mapped({}, [MAIN], [later]).estimates[0]!.slot).not.toBe(a!.slot);
  });
});

describe("cartSignature: the same from the rate request and from the paid order", () => {
  const fromRequest = mapped().cartSignature;

  it("matches what dispatch computes from the order's GIDs and shipping address", () => {
    expect(
      cartSignature({
        locationGid: "gid://shopify/Location/1",
        destination: {
          address1: "500 Valencia Street",
          city: "San Francisco",
          provinceCode: "CA",
          zip: "94110-0001",
          countryCode: "US",
        },
        lines: [{ variantId: "gid://shopify/ProductVariant/258644705304", quantity: 2 }],
      }),
    ).toBe(fromRequest);
  });

  it.each([
    ["another quantity", { items: [cartItem({ quantity: 3 })] }],
    ["another variant", { items: [cartItem({ variant_id: 1 })] }],
    ["another street", { destination: destinationAddress({ address1: "9 Mission St" }) }],
  ])("differs for %s", (_label, options) => {
    expect(mapped(options).cartSignature).not.toBe(fromRequest);
  });

  it("ignores items that do not ship", () => {
    expect(mapped({ items: [cartItem(), cartItem({ requires_shipping: false, variant_id: 9 })] }).cartSignature).toBe(
      fromRequest,
    );
  });
});
