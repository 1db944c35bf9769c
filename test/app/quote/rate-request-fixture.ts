/**
 * Carrier-service rate requests as Shopify sends them (a `rate` object with origin, destination,
 * items, currency and locale; prices in cents, weights in grams), for the quote tests, the route
 * tests and the benchmark.
 */

/** The pickup location's address as stored on PickupLocation.addressJson (Shopify's location address). */
export const PICKUP_ADDRESS = {
  address1: "1 Market St",
  address2: "",
  city: "San Francisco",
  provinceCode: "CA",
  zip: "94103",
  countryCode: "US",
};

export type CallbackAddressJson = Record<string, string | null>;
export type CallbackItemJson = Record<string, unknown>;

export function originAddress(overrides: CallbackAddressJson = {}): CallbackAddressJson {
  return {
    country: "US",
    postal_code: "94103",
    province: "CA",
    city: "San Francisco",
    name: null,
    address1: "1 Market Street",
    address2: "",
    address3: null,
    phone: null,
    fax: null,
    email: null,
    address_type: null,
    company_name: "Candle Shop",
    ...overrides,
  };
}

export function destinationAddress(overrides: CallbackAddressJson = {}): CallbackAddressJson {
  return {
    country: "US",
    postal_code: "94110",
    province: "CA",
    city: "San Francisco",
    name: "Dana Buyer",
    address1: "500 Valencia St",
    address2: "Apt 4",
    address3: null,
    phone: "+14155550199",
    fax: null,
    email: "dana@example.com",
    address_type: null,
    company_name: null,
    ...overrides,
  };
}

export function cartItem(overrides: CallbackItemJson = {}): CallbackItemJson {
  return {
    name: "Beeswax candle",
    sku: "CANDLE-1",
    quantity: 2,
    grams: 907,
    price: 1999,
    vendor: "Candle Shop",
    requires_shipping: true,
    taxable: true,
    fulfillment_service: "manual",
    properties: null,
    product_id: 48447225880,
    variant_id: 258644705304,
    ...overrides,
  };
}

export type RateRequestOptions = {
  origin?: CallbackAddressJson;
  destination?: CallbackAddressJson;
  items?: CallbackItemJson[];
  currency?: string;
  orderTotals?: Record<string, unknown> | null;
  customer?: Record<string, unknown> | null;
  /** The buyer's locale at checkout (`rate.locale`). */
  locale?: string;
};

export function rateRequestBody(options: RateRequestOptions = {}) {
  const rate: Record<string, unknown> = {
    origin: options.origin ?? originAddress(),
    destination: options.destination ?? destinationAddress(),
    items: options.items ?? [cartItem()],
    currency: options.currency ?? "USD",
    locale: options.locale ?? "en",
  };
  if (options.orderTotals !== null) {
    rate.order_totals = options.orderTotals ?? { subtotal_price: "3998", total_price: "4398", discount_amount: "0" };
  }
  if (options.customer !== null) rate.customer = options.customer ?? { id: 207119551, tags: ["VIP"] };
  return { rate };
}

/** A distinct cart for each n (a different quantity and street number), all in the sandbox's service area. */
export function distinctCart(n: number): ReturnType<typeof rateRequestBody> {
  return rateRequestBody({
    destination: destinationAddress({ address1: `${100 + (n % 9000)} Valencia St` }),
    items: [cartItem({ quantity: 1 + Math.floor(n / 9000) })],
  });
}
