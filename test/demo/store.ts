/**
 * The demo's store, as it exists in the Shopify stand-in before the app is installed: a San Francisco
 * bakery with three locations and a few products; and the shopper's cart, checkout and paid orders
 * built from that data the way Shopify would send them.
 */
import {
  addOrder,
  addProduct,
  createShopifyStandIn,
  type LocationState,
  type OrderState,
  type ProductState,
  type ShopifyStandIn,
  type ShopState,
} from "../shopify-stand-in";
import { cartItem, destinationAddress, originAddress, rateRequestBody } from "../app/quote/rate-request-fixture";

export const DEMO_SHOP = "sunset-bakery-demo.myshopify.com";
export const DEMO_TIME_ZONE = "America/Los_Angeles";

/** A time as the merchant reads it (the shop's zone). */
export function shopTime(instant: string | Date, withSeconds = false): string {
  return new Date(instant).toLocaleTimeString("en-US", {
    timeZone: DEMO_TIME_ZONE,
    hour: "numeric",
    minute: "2-digit",
    ...(withSeconds ? { second: "2-digit" } : {}),
  });
}

const SF = {
  city: "San Francisco",
  province: "California",
  provinceCode: "CA",
  country: "United States",
  countryCode: "US",
};

/** The merchant's three locations; the third one's driver notes carry the sandbox's cancel command. */
export const LOCATIONS = {
  market: {
    name: "Market Street Bakery",
    address: { address1: "1 Market St", zip: "94105", latitude: 37.7941, longitude: -122.3951, ...SF },
  },
  mission: {
    name: "Mission Warehouse",
    address: { address1: "2000 Mission St", zip: "94110", latitude: 37.7638, longitude: -122.4194, ...SF },
  },
  dogpatch: {
    name: "Dogpatch Kitchen",
    address: { address1: "900 Illinois St", zip: "94107", latitude: 37.7605, longitude: -122.3873, ...SF },
  },
} as const;

/** Who answers the phone at each location (set on the app's settings page). */
export const PICKUP_CONTACTS: Record<keyof typeof LOCATIONS, { contactName: string; contactPhone: string }> = {
  market: { contactName: "Maria Lopez", contactPhone: "(415) 555-0132" },
  mission: { contactName: "Sam Chen", contactPhone: "(415) 555-0147" },
  dogpatch: { contactName: "Jo Rivera", contactPhone: "(415) 555-0163" },
};

/** The shopper (a made-up person at a made-up address in the courier's area). */
export const SHOPPER = {
  firstName: "Dana",
  lastName: "Buyer",
  email: "dana.buyer@example.com",
  phone: "+14155550199",
  address1: "500 Valencia St",
  address2: "Apt 4",
  city: SF.city,
  province: SF.province,
  provinceCode: SF.provinceCode,
  zip: "94110",
  // Checkout does not geocode; the courier places both ends of a delivery by ZIP code alike.
  latitude: null,
  longitude: null,
};

export type DemoStore = {
  standIn: ShopifyStandIn;
  shop: ShopState;
  locations: Record<keyof typeof LOCATIONS, LocationState>;
  products: { sourdough: ProductState; oliveOil: ProductState; croissants: ProductState };
};

export function createDemoStore(app: {
  apiKey: string;
  apiSecret: string;
  onInvalidOperation: (message: string) => void;
}): DemoStore {
  const standIn = createShopifyStandIn({
    apiKey: app.apiKey,
    apiSecret: app.apiSecret,
    appTitle: "Same-day courier (demo)",
    onInvalidOperation: (problem) =>
      app.onInvalidOperation(
        `${problem.kind} error in ${problem.operationName ?? "an operation"}: ${problem.errors.map((e) => e.message).join("; ")}`,
      ),
  });
  const shop = standIn.addShop({
    myshopifyDomain: DEMO_SHOP,
    name: "Sunset Bakery",
    email: "owner@sunset-bakery.example",
    ianaTimezone: DEMO_TIME_ZONE,
    // English first; the storefront also sells in French and Spanish (German is enabled, not published).
    locales: [
      { locale: "en", primary: true, published: true },
      { locale: "fr", primary: false, published: true },
      { locale: "es", primary: false, published: true },
      { locale: "de", primary: false, published: false },
    ],
    address: { ...LOCATIONS.market.address, phone: "+14155550100" },
    // The Shopify plan with carrier-calculated shipping (yearly billing or the add-on).
    plan: { displayName: "Shopify", partnerDevelopment: false },
    carrierCalculatedShipping: true,
    locations: [LOCATIONS.market, LOCATIONS.mission, LOCATIONS.dogpatch],
  });
  const [market, mission, dogpatch] = shop.locations as [LocationState, LocationState, LocationState];
  const products = {
    sourdough: addProduct(shop, {
      title: "Sourdough loaf",
      variants: [{ sku: "BREAD-SOUR", price: "8.50", weight: { unit: "GRAMS", value: 900 } }],
    }),
    oliveOil: addProduct(shop, {
      title: "Olive oil, 500 ml",
      variants: [{ sku: "OIL-500", price: "14.00", weight: { unit: "GRAMS", value: 700 } }],
    }),
    croissants: addProduct(shop, {
      title: "Almond croissants, box of 6",
      variants: [{ sku: "CROIS-6", price: "18.00", weight: { unit: "GRAMS", value: 600 } }],
    }),
  };
  return { standIn, shop, locations: { market, mission, dogpatch }, products };
}

const legacy = (gid: string) => Number(gid.slice(gid.lastIndexOf("/") + 1));

/** One line of a shopper's cart, with the location Shopify's order routing fulfills it from. */
export type CartLine = { product: ProductState; quantity: number; location: LocationState };

/** The main cart: two loaves and a bottle of oil from Market Street, a box of croissants from Mission Warehouse. */
export function twoLocationCart(store: DemoStore): CartLine[] {
  return [
    { product: store.products.sourdough, quantity: 2, location: store.locations.market },
    { product: store.products.oliveOil, quantity: 1, location: store.locations.market },
    { product: store.products.croissants, quantity: 1, location: store.locations.mission },
  ];
}

/** The cart's lines grouped by fulfilling location, in cart order. */
export function linesByLocation(lines: readonly CartLine[]): { location: LocationState; lines: CartLine[] }[] {
  const groups = new Map<string, { location: LocationState; lines: CartLine[] }>();
  for (const line of lines) {
    const group = groups.get(line.location.id) ?? { location: line.location, lines: [] };
    group.lines.push(line);
    groups.set(line.location.id, group);
  }
  return [...groups.values()];
}

/**
 * Shopify's carrier-service request for the part of a cart that ships from one location (a cart
 * fulfilled from several locations is rated once per location): Shopify's keys, prices in cents,
 * weights in grams.
 */
export function checkoutRateRequest(store: DemoStore, origin: LocationState, lines: readonly CartLine[]) {
  const from = origin.address;
  const subtotal = lines.reduce(
    (sum, l) => sum + Math.round(Number(l.product.variants[0]!.price) * 100) * l.quantity,
    0,
  );
  return rateRequestBody({
    origin: originAddress({
      country: from.countryCode,
      postal_code: from.zip,
      province: from.provinceCode,
      city: from.city,
      address1: from.address1,
      address2: from.address2 ?? "",
      company_name: store.shop.name,
    }),
    destination: destinationAddress({
      country: "US",
      postal_code: SHOPPER.zip,
      province: SHOPPER.provinceCode,
      city: SHOPPER.city,
      name: `${SHOPPER.firstName} ${SHOPPER.lastName}`,
      address1: SHOPPER.address1,
      address2: SHOPPER.address2,
      phone: SHOPPER.phone,
      email: SHOPPER.email,
    }),
    items: lines.map(({ product, quantity }) => {
      const variant = product.variants[0]!;
      return cartItem({
        name: product.title,
        sku: variant.sku,
        quantity,
        grams: variant.weight?.value ?? 0,
        price: Math.round(Number(variant.price) * 100),
        vendor: store.shop.name,
        product_id: legacy(product.id),
        variant_id: legacy(variant.id),
      });
    }),
    orderTotals: { subtotal_price: String(subtotal), total_price: String(subtotal), discount_amount: "0" },
    customer: null,
  });
}

/** A rate as checkout showed it and the shopper chose it. */
export type ChosenRate = { service_name: string; service_code: string; total_price: string; currency: string };

function shippingLineFor(rate: ChosenRate, carrierService: { name: string; id: string }) {
  return {
    title: rate.service_name,
    code: rate.service_code,
    source: carrierService.name,
    carrierIdentifier: String(legacy(carrierService.id)),
    price: (Number(rate.total_price) / 100).toFixed(2),
  };
}

const shippingAddress = () => {
  const { email: _email, ...address } = SHOPPER;
  return { ...address, country: SF.country, countryCodeV2: SF.countryCode };
};
const customer = () => ({
  firstName: SHOPPER.firstName,
  lastName: SHOPPER.lastName,
  email: SHOPPER.email,
  phone: SHOPPER.phone,
});

/** The order Shopify creates from a checkout: order routing gives it one fulfillment order per location. */
export function placeOrder(
  store: DemoStore,
  lines: readonly CartLine[],
  rate: ChosenRate,
  carrierService: { name: string; id: string },
): OrderState {
  return addOrder(store.shop, {
    customer: customer(),
    shippingAddress: shippingAddress(),
    shippingLines: [shippingLineFor(rate, carrierService)],
    lineItems: lines.map(({ product, quantity, location }) => ({ variant: product.variants[0]!, quantity, location })),
  });
}

/** The `orders/paid` webhook body (REST order JSON, the fields a subscriber receives). */
export function ordersPaidPayload(order: OrderState) {
  const total =
    order.lineItems.reduce((sum, l) => sum + Number(l.price) * l.quantity, 0) +
    order.shippingLines.reduce((sum, l) => sum + Number(l.price), 0);
  const address = order.shippingAddress;
  return {
    id: legacy(order.id),
    admin_graphql_api_id: order.id,
    name: order.name,
    order_number: order.number,
    email: order.email,
    created_at: order.createdAt,
    currency: order.currencyCode,
    financial_status: "paid",
    fulfillment_status: null,
    total_price: total.toFixed(2),
    tags: order.tags.join(", "),
    line_items: order.lineItems.map((l) => ({
      id: legacy(l.id),
      admin_graphql_api_id: l.id,
      title: l.title,
      quantity: l.quantity,
      price: l.price,
      sku: l.sku,
      variant_id: l.variantId ? legacy(l.variantId) : null,
      requires_shipping: l.requiresShipping,
    })),
    shipping_lines: order.shippingLines.map((l) => ({
      id: legacy(l.id),
      title: l.title,
      code: l.code,
      source: l.source,
      carrier_identifier: l.carrierIdentifier,
      price: l.price,
    })),
    customer: order.customerId
      ? { id: legacy(order.customerId), admin_graphql_api_id: order.customerId, email: order.email }
      : null,
    shipping_address: address && {
      first_name: address.firstName,
      last_name: address.lastName,
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      province_code: address.provinceCode,
      zip: address.zip,
      country_code: address.countryCodeV2,
      phone: address.phone,
    },
  };
}
