import { z } from "zod";

/** Shopify global ids as the app receives them (webhook payloads, job payloads): `gid://shopify/<Type>/<number>`. */

export const FULFILLMENT_ORDER_GID_PREFIX = "gid://shopify/FulfillmentOrder/";

/** Shopify's numeric ids are unsigned 64-bit: at most 20 digits. */
const globalId = (type: string) =>
  z.string().regex(new RegExp(`^gid://shopify/${type}/\\d{1,20}$`), `Expected a ${type} global id`);

export const OrderGid = globalId("Order");
export const FulfillmentOrderGid = globalId("FulfillmentOrder");
export const CustomerGid = globalId("Customer");
export const ReturnGid = globalId("Return");
export const ReverseFulfillmentOrderGid = globalId("ReverseFulfillmentOrder");

/** The number a global id ends with (`gid://shopify/Order/123` → "123"), as text: ids pass 2^53. */
export function legacyId(gid: string): string {
  return gid.slice(gid.lastIndexOf("/") + 1);
}
