import { describe, expect, it } from "vitest";
import { MAX_RATE_ITEMS, parseRateRequest } from "~/quote/rate-request";
import { cartItem, destinationAddress, rateRequestBody } from "./rate-request-fixture";

const parse = (body: unknown) => parseRateRequest(JSON.stringify(body));

function parsedOk(body: unknown) {
  const result = parse(body);
  if (!result.ok) throw new Error(`expected a usable request, got ${result.problems.join(", ")}`);
  return result.request;
}

describe("parseRateRequest: Shopify's documented example", () => {
  it("reads addresses, items, currency and the newer order totals", () => {
    const request = parsedOk(rateRequestBody());
    expect(request.origin).toEqual({
      countryCode: "US",
      zip: "94103",
      provinceCode: "CA",
      city: "San Francisco",
      address1: "1 Market Street",
      address2: null,
    });
    expect(request.destination).toMatchObject({
      countryCode: "US",
      zip: "94110",
      address1: "500 Valencia St",
      address2: "Apt 4",
    });
    expect(request.items).toEqual([
      {
        name: "Beeswax candle",
        quantity: 2,
        grams: 907,
        priceCents: 1999,
        requiresShipping: true,
        productId: "48447225880",
        variantId: "258644705304",
      },
    ]);
    expect(request.currency).toBe("USD");
    expect(request.subtotalCents).toBe(3998);
  });

  it("keeps no name, phone or email of the shopper", () => {
    const request = parsedOk(rateRequestBody());
    expect(JSON.stringify(request)).not.toMatch(/Dana|4155550199|example\.com/);
  });
});

describe("parseRateRequest: lenient where Shopify's shape varies", () => {
  it.each([
    [
      "order_totals and customer absent (older API versions)",
      rateRequestBody({ orderTotals: null, customer: null }),
      null,
    ],
    ["order_totals malformed: dropped, not fatal", rateRequestBody({ orderTotals: { subtotal_price: "lots" } }), null],
    ["order_totals as a string of cents", rateRequestBody({ orderTotals: { subtotal_price: "12000" } }), 12000],
    ["order_totals as a number", rateRequestBody({ orderTotals: { subtotal_price: 500 } }), 500],
    ["order_totals not an object", { rate: { ...rateRequestBody().rate, order_totals: "x" } }, null],
  ])("%s", (_label, body, subtotal) => {
    expect(parsedOk(body).subtotalCents).toBe(subtotal);
  });

  it.each([
    ["numbers as text", { quantity: "3", grams: "250", price: "1050" }, { quantity: 3, grams: 250, priceCents: 1050 }],
    ["grams and price null", { grams: null, price: null }, { grams: null, priceCents: null }],
    ["negative grams are unusable", { grams: -5 }, { grams: null }],
    ["requires_shipping absent counts as true", { requires_shipping: undefined }, { requiresShipping: true }],
    ["requires_shipping as text", { requires_shipping: "false" }, { requiresShipping: false }],
    ["ids as text", { product_id: "12", variant_id: "34" }, { productId: "12", variantId: "34" }],
    ["custom item without ids", { product_id: null, variant_id: null }, { productId: null, variantId: null }],
    ["unknown keys ignored", { gift_card: true, weight: 5, weightUnit: "kg" }, { quantity: 2 }],
  ])("item: %s", (_label, overrides, expected) => {
    expect(parsedOk(rateRequestBody({ items: [cartItem(overrides)] })).items[0]).toMatchObject(expected);
  });

  it("reads blank and null address fields as absent and upper-cases codes", () => {
    const request = parsedOk(
      rateRequestBody({
        destination: destinationAddress({ address1: "   ", province: "ca", country: "us", city: null }),
      }),
    );
    expect(request.destination).toMatchObject({ address1: null, provinceCode: "CA", countryCode: "US", city: null });
  });

  it("accepts a currency only as a three-letter code", () => {
    expect(parsedOk(rateRequestBody({ currency: "cad" })).currency).toBe("CAD");
    expect(parsedOk(rateRequestBody({ currency: "dollars" })).currency).toBeNull();
  });
});

describe("parseRateRequest: what makes a request unusable (named by field, never by value)", () => {
  it.each([
    ["not JSON", "{rate:", "body is not JSON"],
    ["no rate", JSON.stringify({ other: 1 }), "rate"],
    [
      "no destination",
      JSON.stringify({ rate: { ...rateRequestBody().rate, destination: undefined } }),
      "rate.destination",
    ],
    ["items not a list", JSON.stringify({ rate: { ...rateRequestBody().rate, items: "x" } }), "rate.items"],
    [
      "a quantity that is not a whole number",
      JSON.stringify(rateRequestBody({ items: [cartItem({ quantity: 1.5 })] })),
      "rate.items.0.quantity",
    ],
    [
      "a missing quantity",
      JSON.stringify(rateRequestBody({ items: [cartItem({ quantity: undefined })] })),
      "rate.items.0.quantity",
    ],
    [
      `more than ${MAX_RATE_ITEMS} items`,
      JSON.stringify(rateRequestBody({ items: Array.from({ length: MAX_RATE_ITEMS + 1 }, () => cartItem()) })),
      "rate.items",
    ],
  ])("%s", (_label, raw, field) => {
    const result = parseRateRequest(raw);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.join(" | ")).toContain(field);
    expect(result.problems.join(" | ")).not.toMatch(/Valencia|Dana/);
  });
});
