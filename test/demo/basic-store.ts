/**
 * The demo's second store, on Shopify's Basic plan (no calculated rates): a San Francisco florist with
 * one location, in the same Shopify stand-in as the bakery; its shoppers choose Shopify's own "Local
 * delivery" at checkout, and Shopify marks those fulfillment orders LOCAL.
 */
import {
  addLocalDeliveryOrder,
  addProduct,
  type LocationState,
  type OrderState,
  type ProductState,
  type ShopifyStandIn,
  type ShopState,
} from "../shopify-stand-in";
import { DEMO_TIME_ZONE } from "./store";

export const BASIC_SHOP = "mission-florist-demo.myshopify.com";

const SF = { city: "San Francisco", province: "California", provinceCode: "CA", countryCode: "US" };

export const FLORIST_LOCATION = {
  name: "Valencia Florist",
  address: { address1: "900 Valencia St", zip: "94110", latitude: 37.7577, longitude: -122.4214, ...SF },
} as const;

export const FLORIST_CONTACT = { contactName: "Ana Ruiz", contactPhone: "(415) 555-0177" };
/** The delivery area the merchant sets on the settings page: this many miles from the shop. */
export const FLORIST_RADIUS_MILES = 10;

/** A shopper a few blocks away (the courier sandbox places both ends by ZIP: the same ZIP, 0 mi). */
const NEARBY = { address1: "3200 20th St", zip: "94110" };
/** A shopper in Sacramento, some 70 road miles off in the sandbox: outside the 10-mile area. */
const FAR = { address1: "1315 10th St", city: "Sacramento", zip: "95814" };

export type BasicStore = { shop: ShopState; location: LocationState; bouquet: ProductState };

export function createBasicStore(standIn: ShopifyStandIn): BasicStore {
  const shop = standIn.addShop({
    myshopifyDomain: BASIC_SHOP,
    name: "Mission Florist",
    email: "owner@mission-florist.example",
    ianaTimezone: DEMO_TIME_ZONE,
    address: { ...FLORIST_LOCATION.address, phone: "+14155550170" },
    // Basic: Shopify refuses carrier-calculated rates (no add-on).
    plan: { displayName: "Basic", partnerDevelopment: false, shopifyPlus: false },
    carrierCalculatedShipping: false,
    locations: [FLORIST_LOCATION],
  });
  const bouquet = addProduct(shop, {
    title: "Seasonal bouquet",
    variants: [{ sku: "BQ-SEASON", price: "45.00", weight: { unit: "GRAMS", value: 1200 } }],
  });
  return { shop, location: shop.locations[0]!, bouquet };
}

/** An order whose shopper chose the store's "Local delivery" rate (Shopify's own, not the app's). */
export function placeLocalDeliveryOrder(store: BasicStore, where: "nearby" | "far"): OrderState {
  const address = where === "nearby" ? { ...SF, ...NEARBY } : { ...SF, ...FAR };
  return addLocalDeliveryOrder(store.shop, {
    customer: { firstName: "Lee", lastName: "Shopper", email: "lee.shopper@example.com", phone: "+14155550188" },
    shippingAddress: {
      firstName: "Lee",
      lastName: "Shopper",
      address1: address.address1,
      city: address.city,
      provinceCode: address.provinceCode,
      zip: address.zip,
      countryCodeV2: "US",
      phone: "+14155550188",
      latitude: null,
      longitude: null,
    },
    rateName: "Local delivery",
    price: "8.00",
    instructions: "Leave with the front desk",
    lineItems: [{ variant: store.bouquet.variants[0]!, quantity: 1, location: store.location }],
  });
}
