import { z } from "zod";
import { wellFormedString } from "~/text/well-formed";

/** Shopify webhook payloads the app reads (REST resource shapes); unknown fields are kept. */

/**
 * A REST id: a JSON number, or its digits when it is above 2^53 (receive.server.ts reads the body
 * keeping those as text); a number a JavaScript number cannot hold exactly is refused, never rounded.
 */
const numericId = z
  .union([
    z.number().int().nonnegative().refine(Number.isSafeInteger, "Expected an exact id"),
    z.string().regex(/^\d{1,20}$/),
  ])
  .transform((v) => String(v));

/** Longest access scope name accepted (Shopify's are a few dozen ASCII characters). */
export const MAX_SCOPE_LENGTH = 200;
const scope = wellFormedString().max(MAX_SCOPE_LENGTH);

/** The scopes end up in the session row: a lone surrogate would make the write fail, so it is refused here. */
export const ScopesUpdatePayload = z.looseObject({
  previous: z.array(scope).default([]),
  current: z.array(scope),
});

export const CustomersDataRequestPayload = z.looseObject({
  shop_id: numericId.optional(),
  shop_domain: z.string(),
  orders_requested: z.array(numericId).default([]),
  customer: z.looseObject({ id: numericId, email: z.string().nullish(), phone: z.string().nullish() }),
  data_request: z.looseObject({ id: numericId }).optional(),
});

export const CustomersRedactPayload = z.looseObject({
  shop_id: numericId.optional(),
  shop_domain: z.string(),
  customer: z.looseObject({ id: numericId, email: z.string().nullish(), phone: z.string().nullish() }),
  orders_to_redact: z.array(numericId).default([]),
});

export const ShopRedactPayload = z.looseObject({
  shop_id: numericId.optional(),
  shop_domain: z.string(),
});

export function orderGid(legacyId: string): string {
  return `gid://shopify/Order/${legacyId}`;
}

export function customerGid(legacyId: string): string {
  return `gid://shopify/Customer/${legacyId}`;
}
